"""Coup kernel benchmark cases for ``intrigue bench`` (see :mod:`intrigue.cli.bench`)."""
from __future__ import annotations

from typing import List

from intrigue.ext import coup_core


def cases(quick: bool) -> List["Case"]:
    from intrigue.cli.bench import Case
    from intrigue.engine import new_game

    out = []
    for n in (2, 4, 6):
        out.append(Case("coup.random_playout", n, lambda count, n=n: coup_core.playouts(n, count, seed=n),
                        unit="playouts", min_count=1000))
    mid = new_game("coup", players=6, seed=1)
    for move in ("income", "income", "income"):
        mid.apply_action(move)
    core = mid.core
    out.append(Case("coup.clone", 6, lambda count: coup_core.clone_loop(core, count), unit="clones", min_count=100000))

    def encode(count: int) -> None:
        enc = core.encode
        for _ in range(count):
            enc()

    def decode(count: int) -> None:
        data = core.encode()
        dec = type(core).decode
        for _ in range(count):
            dec(data)

    out.append(Case("coup.encode", 6, encode, unit="encodes", min_count=1000))
    out.append(Case("coup.decode", 6, decode, unit="decodes", min_count=1000))
    return out
