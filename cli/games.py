"""``intrigue games``: the registered games, their rulesets, player counts and rule options."""
from __future__ import annotations

import json

import click

from intrigue.engine import game_class, game_names


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print the descriptions as JSON (as the protocol's hello does).")
def games(as_json: bool) -> None:
    """List the games intrigue plays: rulesets, player counts and each rule option."""
    descs = [game_class(name).describe() for name in game_names()]
    if as_json:
        click.echo(json.dumps({"games": descs}))
        return
    for d in descs:
        click.echo(f"{d['name']}: {d['title']}  (default ruleset {d['default_ruleset']}, "
                   f"{d['default_players']} players)")
        for name, r in d["rulesets"].items():
            over = ", ".join(f"{k}={v}" for k, v in r["options"].items())
            lo, hi = r["players"]
            count = f"{lo}" if lo == hi else f"{lo}-{hi}"
            click.echo(f"  ruleset {name}: {count} players" + (f"; {over}" if over else ""))
        for o in d["options"]:
            rng = (f" {o['min']}..{o['max']}" if o["type"] == "int" else
                   f" {'/'.join(o['choices'])}" if o["type"] == "choice" else "")
            click.echo(f"  option {o['name']} ({o['type']}{rng}, default {o['default']}): {o['help']}")
        click.echo("")
