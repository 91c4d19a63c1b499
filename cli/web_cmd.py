"""``intrigue web``: a table in the browser (needs the ``web`` extra: ``pip install 'intrigue[web]'``).

It starts a local server (Starlette on uvicorn), sets up one table from the options, prints each
human seat's secret link and opens the first in the browser.  More tables can be started from the
page (``/``).  The server listens on 127.0.0.1 unless ``--host`` says otherwise.
"""
from __future__ import annotations

import os
import random
import threading
import webbrowser
from typing import Optional, Sequence

import click

from intrigue.cli.play import bot_specs
from intrigue.engine import load_game
from intrigue.engine.registry import DEFAULT_GAME


@click.command()
@click.argument("game", default=DEFAULT_GAME)
@click.option("--players", type=int, default=None, help="Number of players (default: the game's usual count; 'intrigue games' lists each game's range).")
@click.option("--ruleset", default=None, help="Ruleset (default: the game's standard one; 'intrigue games' lists them).")
@click.option("--option", "-o", "options", multiple=True, metavar="NAME=VALUE", help="A rule option, e.g. steal_amount=3.")
@click.option("--humans", default="0", show_default=True, help="Seats played by people, e.g. '0' or '0,2'.")
@click.option("--bots", "bots", multiple=True, help="Bot specs of the other seats, separated by commas or --bots repeated, taken in turn "
                   "(cycled), e.g. 'ismcts:time=1000' or 'heuristic,random'.")
@click.option("--lang", default=None, help="Display language: en, th, he (default: the ruleset's).")
@click.option("--seed", type=int, default=None, help="Seed of the deal and the bots (default: random).")
@click.option("--hint", "hint_spec", default="ismcts:iterations=3000", show_default=True,
              help="Bot spec of the hint panel's analysis.")
@click.option("--bot-delay", type=float, default=0.7, show_default=True,
              help="Shortest time a bot's move takes, in seconds, so people can follow the play.")
@click.option("--saves", "saves_dir", default=None, help="Folder for saved games (default: ~/.intrigue/web-saves).")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=int, default=8765, show_default=True, help="Port to listen on (0: any free port).")
@click.option("--no-browser", is_flag=True, help="Do not open a browser.")
def web(game: str, players: Optional[int], ruleset: Optional[str], options: Sequence[str], humans: str,
        bots: Sequence[str], lang: Optional[str], seed: Optional[int], hint_spec: str, bot_delay: float,
        saves_dir: Optional[str], host: str, port: int, no_browser: bool) -> None:
    """Play GAME (default: the first game 'intrigue games' lists) at a table in the browser, against bots or with other people.

    \b
    Each human seat gets its own link with a secret token: share it with the person at that seat.
    The page also starts new tables, saves and loads games and replays records.
    """
    try:
        import uvicorn
        from intrigue.web.app import WebServer, create_app
        from intrigue.web.tables import TableConfig, WebError
    except ImportError as err:
        raise click.ClickException(f"the web table needs the 'web' extra ({err.name} is missing): "
                                   f"pip install 'intrigue[web]'") from None
    opts = {}
    for item in options:
        key, eq, value = item.partition("=")
        if not eq:
            raise click.BadParameter(f"{item!r} is not NAME=VALUE", param_hint="--option")
        opts[key.strip()] = value.strip()
    try:
        seats = [int(s) for s in humans.replace(" ", "").split(",") if s]
    except ValueError:
        raise click.BadParameter(f"{humans!r} is not a list of seat numbers", param_hint="--humans") from None
    g = load_game(game, ruleset, players, opts)           # a bad game or option is refused here
    if type(g).plugin("web") is None:
        raise click.ClickException(f"{g.name} has no web table yet (its package has no 'web' plug-in); "
                                   f"play it in the terminal: intrigue play {g.name}")
    specs = bot_specs(bots) or [_default_bot()]
    server = WebServer(hint_spec=hint_spec, bot_delay=bot_delay, default_bots=specs,
                       saves_dir=os.path.expanduser(saves_dir or "~/.intrigue/web-saves"))
    try:
        table = server.add_table(TableConfig(game=g.name, ruleset=g.ruleset, players=g.num_players, options=opts,
                                             humans=seats, bots=specs, lang=lang,
                                             seed=seed if seed is not None else random.SystemRandom().getrandbits(31)))
    except WebError as err:
        raise click.ClickException(err.message) from None
    config = uvicorn.Config(create_app(server), host=host, port=port, log_level="warning", ws="auto")
    userver = uvicorn.Server(config)

    def announce() -> None:
        while not userver.started:
            if userver.should_exit:
                return
            threading.Event().wait(0.05)
        bound = userver.servers[0].sockets[0].getsockname()[1] if userver.servers else port
        base = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{bound}"
        click.echo(f"intrigue web: {g.title} ({g.ruleset}), {g.num_players} players, at {base}/")
        links = server.links(table)
        for s, link in links.items():
            click.echo(f"  seat {s}: {base}{link}")
        click.echo("Ctrl-C stops the server.")
        if not no_browser and links:
            webbrowser.open(base + next(iter(links.values())))

    threading.Thread(target=announce, daemon=True).start()
    userver.run()


def _default_bot() -> str:
    try:
        from intrigue.protocol.server import strongest_bot_spec
        return strongest_bot_spec()
    except ImportError:       # pragma: no cover - moved by the one-package redesign
        from intrigue.search.bot import strongest_bot_spec  # type: ignore
        return strongest_bot_spec()
