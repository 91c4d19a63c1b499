"""``intrigue web``: a table in the browser (needs the ``web`` extra: ``pip install 'intrigue[web]'``).

It starts a local server (Starlette on uvicorn), sets up one table from the options, prints each
human seat's secret link and opens the first in the browser.  More tables can be started from the
page (``/``).  The server listens on 127.0.0.1 unless ``--host`` says otherwise.
"""
from __future__ import annotations

import errno
import math
import os
import random
import socket
import threading
import webbrowser
from typing import Any, Dict, NoReturn, Optional, Sequence

import click

from intrigue.cli.play import bot_specs
from intrigue.engine import load_game
from intrigue.engine.errors import IntrigueError
from intrigue.engine.registry import DEFAULT_GAME
from intrigue.search.bot import make_bot
from intrigue.web.limits import BudgetError, ServerLimits, check_bot_budget

_LIMITS = ServerLimits()               # the flags' defaults (web/limits.py needs no web extra)


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
@click.option("--max-bot-time", type=float, default=_LIMITS.max_bot_time_ms, show_default=True,
              help="Longest a bot may think a move, in ms (a time budget's time x stretch); longer bots are refused, "
                   "and any move is stopped there.")
@click.option("--max-bot-iterations", type=int, default=_LIMITS.max_bot_iterations, show_default=True,
              help="Most search iterations a bot may take a move.")
@click.option("--max-bot-workers", type=int, default=_LIMITS.max_bot_workers, show_default=True,
              help="Most processes one bot may search with.")
@click.option("--max-bot-memory", type=int, default=_LIMITS.max_bot_memory, show_default=True,
              help="Largest search tree a bot may grow, in MB.")
@click.option("--bot-slots", type=int, default=None,
              help="Bots searching at once, taking turns (default: this machine's cores).")
@click.option("--max-tables", type=int, default=_LIMITS.max_tables, show_default=True, help="Open tables in all.")
@click.option("--max-tables-per-client", type=int, default=_LIMITS.max_tables_per_client, show_default=True,
              help="Open tables one address may have started.")
@click.option("--table-idle", type=float, default=_LIMITS.table_idle / 60, show_default=True,
              help="Minutes a table nobody has open stays open (a game a person played in is saved first).")
@click.option("--max-upload", type=int, default=_LIMITS.max_upload // 1000, show_default=True,
              help="Largest record file a page may upload, in kB.")
@click.option("--max-replays", type=int, default=_LIMITS.max_replays, show_default=True,
              help="Replays kept at once (the least recently used goes first).")
def web(game: str, players: Optional[int], ruleset: Optional[str], options: Sequence[str], humans: str,
        bots: Sequence[str], lang: Optional[str], seed: Optional[int], hint_spec: str, bot_delay: float,
        saves_dir: Optional[str], host: str, port: int, no_browser: bool, max_bot_time: float,
        max_bot_iterations: int, max_bot_workers: int, max_bot_memory: int, bot_slots: Optional[int],
        max_tables: int, max_tables_per_client: int, table_idle: float, max_upload: int, max_replays: int) -> None:
    """Play GAME (default: the first game 'intrigue games' lists) at a table in the browser, against bots or with other people.

    \b
    Each human seat gets its own link with a secret token: share it with the person at that seat.
    The page also starts new tables, saves and loads games and replays records.
    """
    try:
        import uvicorn
        from intrigue.web.app import WebServer, create_app
        from intrigue.web.tables import LANGS, TableConfig, WebError
    except ImportError as err:
        _fail(f"the web table needs the 'web' extra ({err.name} is missing): pip install 'intrigue[web]'")
    # every mistake is refused here, before anything listens, as 'intrigue play' refuses it:
    # one line "error: ...", exit status 2 (intrigue's main prints IntrigueError so)
    opts = {}
    for item in options:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            _fail(f"--option {item!r}: write it as NAME=VALUE, e.g. steal_amount=3")
        opts[key.strip()] = value.strip()
    try:
        g = load_game(game, ruleset, players, opts)
    except IntrigueError as err:
        _fail(err.message)
    if type(g).plugin("web") is None:
        _fail(f"{g.name} has no web table yet (its package has no 'web' plug-in); "
              f"play it in the terminal: intrigue play {g.name}")
    try:
        seats = sorted({int(s) for s in humans.replace(" ", "").split(",") if s})
    except ValueError:
        _fail(f"--humans {humans!r} is not a list of seat numbers, e.g. 0 or 0,2")
    if not seats:
        _fail(f"--humans {humans!r} names no seat: give at least one, e.g. 0")
    for s in seats:
        if not 0 <= s < g.num_players:
            _fail(f"--humans: seat {s} is not in a {g.num_players}-player game (0 to {g.num_players - 1})")
    if lang is not None:
        lang = lang.strip().lower()
        if lang not in LANGS:
            _fail(f"--lang {lang!r} is not one of {', '.join(LANGS)}")
    limits = _limits(max_bot_time=max_bot_time, max_bot_iterations=max_bot_iterations,
                     max_bot_workers=max_bot_workers, max_bot_memory=max_bot_memory, bot_slots=bot_slots,
                     max_tables=max_tables, max_tables_per_client=max_tables_per_client, table_idle=table_idle,
                     max_upload=max_upload, max_replays=max_replays)
    specs = bot_specs(bots) or [_default_bot()]
    for spec in specs:
        _check_bot(spec, "--bots", limits)
    _check_bot(hint_spec, "--hint", limits)
    if not (math.isfinite(bot_delay) and bot_delay >= 0):
        _fail(f"--bot-delay {bot_delay} is not a time: give the shortest time of a bot's move in seconds, e.g. 0.7")
    saves = os.path.expanduser(saves_dir or "~/.intrigue/web-saves")
    _check_saves(saves)
    if not 0 <= port <= 65535:
        _fail(f"--port {port} is not a port number (1 to 65535, or 0 for any free port)")
    sock = _listen(host, port)
    server = WebServer(hint_spec=hint_spec, bot_delay=bot_delay, default_bots=specs, saves_dir=saves, limits=limits)
    try:
        table = server.add_table(TableConfig(game=g.name, ruleset=g.ruleset, players=g.num_players, options=opts,
                                             humans=seats, bots=specs, lang=lang,
                                             seed=seed if seed is not None else random.SystemRandom().getrandbits(31)))
    except WebError as err:
        sock.close()
        _fail(err.message)
    # a socket message larger than the server reads is refused by the WebSocket layer itself
    config = uvicorn.Config(create_app(server), host=host, port=port, log_level="warning", ws="auto",
                            ws_max_size=4 * limits.max_message)
    userver = uvicorn.Server(config)

    def announce() -> None:
        while not userver.started:
            if userver.should_exit:
                return
            threading.Event().wait(0.05)
        bound = userver.servers[0].sockets[0].getsockname()[1] if userver.servers else port
        shown = "127.0.0.1" if host in ("0.0.0.0", "::") else f"[{host}]" if ":" in host else host
        base = f"http://{shown}:{bound}"
        click.echo(f"intrigue web: {g.title} ({g.ruleset}), {g.num_players} players, at {base}/")
        links = server.links(table)
        for s, link in links.items():
            click.echo(f"  seat {s}: {base}{link}")
        click.echo("Ctrl-C stops the server.")
        if not no_browser and links:
            webbrowser.open(base + next(iter(links.values())))

    threading.Thread(target=announce, daemon=True).start()
    try:
        userver.run(sockets=[sock])
    finally:
        sock.close()


def _fail(message: str) -> NoReturn:
    """A bad command line, said as 'intrigue play' says it: one line ``error: ...``, exit status 2."""
    raise IntrigueError(message)


def _check_bot(spec: str, option: str, limits: ServerLimits) -> None:
    """Refuse a bad bot spec, or one over the server's per-move caps, now rather than when its seat
    first moves (or the hint is asked for)."""
    try:
        bot = make_bot(spec, seed=0)
    except IntrigueError as err:
        _fail(f"{option}: {err.message}")
    try:
        check_bot_budget(bot, limits)
    except BudgetError as err:
        _fail(f"{option}: {err.message}")
    finally:
        bot.close()


def _limits(*, max_bot_time: float, max_bot_iterations: int, max_bot_workers: int, max_bot_memory: int,
            bot_slots: Optional[int], max_tables: int, max_tables_per_client: int, table_idle: float,
            max_upload: int, max_replays: int) -> ServerLimits:
    """The server's limits from the flags; a value that is not a positive number is refused."""
    given = {"--max-bot-time": max_bot_time, "--max-bot-iterations": max_bot_iterations,
             "--max-bot-workers": max_bot_workers, "--max-bot-memory": max_bot_memory, "--bot-slots": bot_slots,
             "--max-tables": max_tables, "--max-tables-per-client": max_tables_per_client,
             "--table-idle": table_idle, "--max-upload": max_upload, "--max-replays": max_replays}
    for flag, value in given.items():
        if value is not None and not (math.isfinite(value) and value > 0):
            _fail(f"{flag} {value:g} is not a limit: give a positive number")
    kw: Dict[str, Any] = dict(max_bot_time_ms=max_bot_time, max_bot_iterations=max_bot_iterations, max_bot_workers=max_bot_workers,
              max_bot_memory=max_bot_memory, max_tables=max_tables, max_tables_per_client=max_tables_per_client,
              table_idle=table_idle * 60.0, max_upload=max_upload * 1000, max_replays=max_replays)
    if bot_slots is not None:
        kw["bot_slots"] = bot_slots
    return ServerLimits(**kw)


def _check_saves(path: str) -> None:
    """The saves folder, or the nearest folder above it that exists, must be a writable folder (it is
    made on the first save)."""
    probe = path
    while not os.path.exists(probe):
        parent = os.path.dirname(probe.rstrip(os.sep)) or "."
        if parent == probe:
            break
        probe = parent
    if not os.path.isdir(probe):
        _fail(f"--saves {path!r}: {probe!r} is not a folder")
    if not os.access(probe, os.W_OK | os.X_OK):
        _fail(f"--saves {path!r}: {probe!r} is not writable")


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` (uvicorn serves on it), or a one-line error saying why not."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET        # as uvicorn chooses it
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, family=family, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError) as err:
        _fail(f"--host {host!r} is not an address of this machine ({getattr(err, 'strerror', None) or err})")
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as err:
        sock.close()
        if err.errno == errno.EADDRINUSE:
            _fail(f"port {port} of {host} is in use (another server?): give another --port, or --port 0 "
                  f"for any free one")
        _fail(f"cannot listen on {host} port {port}: {err.strerror or err}")
    return sock


def _default_bot() -> str:
    try:
        from intrigue.protocol.server import strongest_bot_spec
        return strongest_bot_spec()
    except ImportError:       # pragma: no cover - moved by the one-package redesign
        from intrigue.search.bot import strongest_bot_spec
        return strongest_bot_spec()
