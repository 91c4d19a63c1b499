"""``intrigue engine``: the stdin/stdout protocol for frontends (docs/protocol.md)."""
from __future__ import annotations

import click


@click.command()
def engine() -> None:
    """Speak the engine protocol on stdin/stdout (JSON lines; msgpack after 'hello format=msgpack').

    \b
    Try it by hand (plain text works too):
      hello
      new_game coup players=3 seed=7 bots=random
      move income
      quit
    Stdout carries protocol messages only; logs go to stderr.  See docs/protocol.md.
    """
    from intrigue.protocol import serve

    serve()
