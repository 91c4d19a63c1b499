"""The Politics Game at the web table: the page's drawing code (``table.js``, policy and backroom cards
drawn in SVG for this project) and the hooks the server calls.

* :func:`client_data` -- the words the drawing code needs in the page's language, the card types and
  the backroom cards; public, the same for every seat.
* :func:`move_info` -- for a legal move's button: the action word, the cards it names, the seat it
  aims at, and the group it is listed under (moves with many variants, such as invitations, are
  grouped so the page can offer them as a list).
"""
from __future__ import annotations

from typing import Any, Dict, List, Tuple

from intrigue.engine.politics import names


# what the table's short words and symbols mean, beside the coins' own names (the page's legend)
_LEGEND = {
    "en": [("H0–H2", "an honest policy card, worth 0 to 2 money bags"),
           ("C1–C3", "a corrupt policy card, worth 1 to 3 money bags"),
           ("§", "a face-down policy card"), ("✦", "backroom cards held")],
    "th": [("H0–H2", "การ์ดนโยบายสุจริต มูลค่า 0 ถึง 2 ถุงเงิน"),
           ("C1–C3", "การ์ดนโยบายทุจริต มูลค่า 1 ถึง 3 ถุงเงิน"),
           ("§", "การ์ดนโยบายที่คว่ำอยู่"), ("✦", "จำนวนการ์ดเกมหลังฉากที่ถือ")],
}


def legend(lang: str) -> List[Tuple[str, str]]:
    """``[(short, meaning), ...]``: every abbreviation and symbol the table draws, in ``lang``."""
    words = dict(names.NAMES["en"])
    words.update(names.NAMES.get(lang, {}))
    coins = [(t, words[t]) for t in ("INF", "LEG", "UND", "HON", "BET")]
    return coins + _LEGEND.get(lang, _LEGEND["en"])


def client_data(game: Any, lang: str) -> Dict[str, Any]:
    """Words and constants for ``table.js`` in ``lang``, and the table's legend."""
    words = dict(names.NAMES["en"])
    words.update(names.NAMES.get(lang, {}))
    return {"types": list(names.TYPES), "backroom": list(names.BACKROOM), "words": words, "legend": legend(lang)}


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
