"""``intrigue arena``: pit bots against each other over many seeded games with rotated seats."""
from __future__ import annotations

import json
import sys
import time
from typing import Any, Dict, List, Optional, Tuple

import click

from intrigue.engine.errors import IntrigueError, OptionError
from intrigue.engine.registry import DEFAULT_GAME
from intrigue.search.bot import bot_types


def _bots_help() -> str:
    lines = ["\b", "Bots (SPEC is NAME or NAME:key=value,key=value):"]
    for name, cls in bot_types().items():
        lines.append(f"  {name:<10} {getattr(cls, 'summary', '')}")
        for key, (kind, default, help_) in cls.options.items():
            lines.append(f"      {key}={kind.__name__} (default {default}): {help_}")
    lines += ["", "\b", "Examples:",
              "  intrigue arena --game coup --players 4 --bots \"ismcts:time=500\" heuristic heuristic heuristic \\",
              "      --games 400 --seed 1 --workers 2 --json out.json",
              "  intrigue arena --game politics --players 6 --team-bots DARK=ismcts:iterations=2000 HONEST=heuristic \\",
              "      --games 200 --seed 7"]
    return "\n".join(lines)


def _parse_options(items: Tuple[str, ...]) -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise OptionError(f"--option {item!r} is not KEY=VALUE", field="option")
        out[key.strip()] = value.strip()
    return out


class _Progress:
    """A one-line progress bar on stderr (redrawn in place on a terminal, else every 10%)."""

    def __init__(self, total: int, quiet: bool) -> None:
        self.total = total
        self.quiet = quiet
        self.tty = sys.stderr.isatty()
        self.t0 = time.perf_counter()
        self.last_pct = -1

    def __call__(self, arena: Any, outcome: Any) -> None:
        if self.quiet:
            return
        done = len(arena.outcomes)
        pct = int(100 * done / self.total)
        if not self.tty and pct // 10 == self.last_pct // 10 and done != self.total:
            return
        self.last_pct = pct
        elapsed = time.perf_counter() - self.t0
        eta = elapsed / done * (self.total - done)
        width = 30
        fill = int(width * done / self.total)
        first = arena.tallies()[0]
        rate = first.wins / first.games if first.games else 0.0
        line = (f"[{'#' * fill}{'.' * (width - fill)}] {done}/{self.total} games  "
                f"{first.spec}: {100 * rate:.1f}%  {elapsed:.0f}s, eta {eta:.0f}s")
        if self.tty:
            sys.stderr.write("\r" + line + ("\n" if done == self.total else ""))
        else:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()


@click.command(epilog=_bots_help())
@click.option("--game", default=DEFAULT_GAME, show_default=True, help="Game name.")
@click.option("--ruleset", default=None, help="Ruleset (coup: standard, seed-th, seed-he).")
@click.option("--players", type=int, default=None,
              help="Number of players (default: the number of bot specs, or the game's default for one spec).")
@click.option("--bots", "first_bot", metavar="SPEC [SPEC ...]", default=None,
              help="One bot spec per seat (one spec alone fills every seat).")
@click.option("--team-bots", "first_team", metavar="TEAM=SPEC [TEAM=SPEC ...]", default=None,
              help="Instead of --bots, for games with hidden teams (politics: DARK, HONEST): one bot spec per "
                   "team; the referee seats them by the dealt roles, and results are per team.")
@click.argument("more_bots", nargs=-1, metavar="")
@click.option("--games", type=click.IntRange(1), default=100, show_default=True, help="Games to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of every deal and bot.")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Games played in parallel processes.")
@click.option("--json", "json_path", metavar="FILE", default=None, help="Write the results as JSON ('-': stdout).")
@click.option("--records", metavar="DIR", default=None, help="Save every game record (msgpack) in DIR.")
@click.option("--option", "-o", "game_options", multiple=True, metavar="KEY=VALUE", help="A game option override.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
def arena(game: str, ruleset: Optional[str], players: Optional[int], first_bot: Optional[str],
          first_team: Optional[str], more_bots: Tuple[str, ...], games: int, seed: int, workers: int,
          json_path: Optional[str], records: Optional[str], game_options: Tuple[str, ...], quiet: bool) -> None:
    """Play GAMES seeded games between bots, seats rotated, and report win rates with 95% CIs.

    In game g the i-th bot sits at seat (i + g) mod players, so every bot plays every seat equally
    often over any multiple of players games; the games of one rotation share the same deal.
    With --team-bots the bots are seated by team and every game has its own deal; two team matches
    with the same seed play the same deals and roles.
    """
    from intrigue.engine.registry import load_game
    from intrigue.search.arena import Arena

    if (first_bot is None) == (first_team is None):
        raise click.UsageError("give either --bots (one spec per seat) or --team-bots (one spec per team)")
    team_bots: Optional[Dict[str, str]] = None
    specs: Optional[List[str]] = None
    if first_team is not None:
        team_bots = {}
        for item in (first_team, *more_bots):
            name, eq, spec = item.partition("=")
            if not eq or not name.strip() or not spec.strip():
                raise OptionError(f"--team-bots {item!r} is not TEAM=SPEC", field="team_bots")
            if name.strip().lower() in {k.lower() for k in team_bots}:
                raise OptionError(f"--team-bots names team {name.strip()!r} twice", field="team_bots")
            team_bots[name.strip()] = spec.strip()
        if players is None:
            players = load_game(game, ruleset, None).num_players
    else:
        specs = [first_bot, *more_bots]
        if players is None:
            players = len(specs) if len(specs) > 1 else load_game(game, ruleset, None).num_players
        if len(specs) == 1:
            specs = specs * players
    ar = Arena(game, ruleset, players, specs, games, seed=seed, options=_parse_options(game_options),
               workers=workers, records=records, team_bots=team_bots)
    try:
        summary = ar.run(_Progress(games, quiet))
    except KeyboardInterrupt:
        if not ar.outcomes:
            raise
        click.echo(f"interrupted after {len(ar.outcomes)} games", err=True)
        summary = ar.summary()
    _print_table(summary)
    if json_path:
        text = json.dumps(summary, indent=2)
        if json_path == "-":
            click.echo(text)
        else:
            try:
                with open(json_path, "w", encoding="utf-8") as f:
                    f.write(text + "\n")
            except OSError as err:
                raise IntrigueError(f"cannot write {json_path!r}: {err.strerror or err}", field="json") from None


def _print_table(summary: Dict[str, Any]) -> None:
    click.echo(f"{summary['game']} ({summary['ruleset']}), {summary['players']} players, "
               f"{summary['games']} games, seed {summary['seed']}")
    labels = [(f"{b['team']}: {b['spec']}" if "team" in b else b["spec"]) for b in summary["bots"]]
    width = max(12, max(len(x) for x in labels))
    head = "team: bot" if any("team" in b for b in summary["bots"]) else "bot"
    click.echo(f"{head:<{width}}  {'wins':>5}  {'win rate':>8}  {'95% CI':>15}  {'place':>5}  {'ms/move':>8}")
    for label, b in zip(labels, summary["bots"]):
        lo, hi = b["ci95"]
        ms = "" if b["ms_per_decision"] is None else f"{b['ms_per_decision']:.1f}"
        click.echo(f"{label:<{width}}  {b['wins']:>5}  {100 * b['win_rate']:>7.1f}%  "
                   f"[{100 * lo:5.1f}, {100 * hi:5.1f}]  {b['mean_placing']:>5.2f}  {ms:>8}")
    click.echo(f"mean game length {summary['mean_turns']} turns ({summary['mean_decisions']} decisions); "
               f"draws {summary['draws']}; {summary['seconds']:.1f} s")
