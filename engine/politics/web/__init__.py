"""The Politics Game at the web table: the page's drawing code (``table.js``, policy and backroom cards
drawn in SVG for this project) and the hooks the server calls.

* :func:`client_data` -- the words the drawing code needs in the page's language, the card types and
  the backroom cards; public, the same for every seat.
* :func:`move_info` -- for a legal move's button: the action word, the cards it names, the seat it
  aims at, and the group it is listed under (moves with many variants, such as invitations, are
  grouped so the page can offer them as a list).
"""
from __future__ import annotations

from typing import Any, Dict

from intrigue.engine.politics import names


def client_data(game: Any, lang: str) -> Dict[str, Any]:
    """Words and constants for ``table.js`` in ``lang``."""
    words = dict(names.NAMES["en"])
    words.update(names.NAMES.get(lang, {}))
    return {"types": list(names.TYPES), "backroom": list(names.BACKROOM), "words": words}


def move_info(game: Any, core: Any, move: str) -> Dict[str, Any]:
    """``"invite 3 offer 1 join 2"`` -> ``{"action": "invite", "target": 3, "group": "invite 3"}``;
    a move naming policy cards lists them (``"propose H0 C1"`` -> ``cards: ["H0", "C1"]``)."""
    words = move.split()
    head = words[0]
    out: Dict[str, Any] = {"action": head, "group": head}
    cards = [w for w in words[1:] if w.upper() in names.TYPES]
    if cards:
        out["cards"] = cards
    if len(words) > 1 and words[1].isdigit():
        out["target"] = int(words[1])
        if head == "invite":
            out["group"] = f"invite {words[1]}"
    if head == "play" and len(words) > 1:
        out["claim"] = words[1]
    return out
