"""The engine protocol: ``intrigue engine`` speaks it on stdin/stdout (docs/protocol.md).

* :mod:`~intrigue.protocol.framing` -- JSON lines, msgpack and plain text on the wire;
* :mod:`~intrigue.protocol.commands` -- the commands, their fields and types;
* :mod:`~intrigue.protocol.sessions` -- referee and advisor mode;
* :mod:`~intrigue.protocol.server` -- the loop: reader, dispatcher and search threads.

The refereed game itself is :class:`intrigue.search.table.Table`, shared with terminal play.
"""
from intrigue.protocol.server import PROTOCOL_VERSION, Server, serve, strongest_bot_spec

__all__ = ["PROTOCOL_VERSION", "Server", "serve", "strongest_bot_spec"]
