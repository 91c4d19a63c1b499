"""``intrigue web``: the games at a table in the browser (needs the ``web`` extra: Starlette, uvicorn).

:mod:`intrigue.web.tables` holds the games (the engine's own referee, seat views, bots, hints,
records); :mod:`intrigue.web.app` is the ASGI application that serves the page and the WebSocket.
Per-game drawing comes from each game's ``web`` plug-in package (``Game.plugin("web")``).
"""
