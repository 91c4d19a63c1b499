"""Checks the commands share on the files they are told to write, made before any work is done."""
from __future__ import annotations

import os

from intrigue.engine.errors import IntrigueError


def check_writable(path: str, option: str) -> None:
    """Refuse an output file (``option`` names it: ``--json``, ``--save``) that cannot be written,
    before any game is played rather than after; ``~`` is expanded."""
    full = os.path.expanduser(path)
    if os.path.isdir(full):
        raise IntrigueError(f"{option}: cannot write {path!r}: it is a folder (give a file name)",
                            field=option.lstrip("-"))
    folder = os.path.dirname(os.path.abspath(full))
    if not os.path.isdir(folder):
        raise IntrigueError(f"{option}: cannot write {path!r}: there is no folder {folder!r}",
                            field=option.lstrip("-"))
    if not os.access(full if os.path.exists(full) else folder, os.W_OK):
        raise IntrigueError(f"{option}: cannot write {path!r}: permission denied", field=option.lstrip("-"))
