"""Coup at the web table: the page's drawing code (``table.js``, card pictures drawn in SVG for this
project) and two hooks the server calls.

* :func:`client_data` -- the words the drawing code needs (role, action and table words in the page's
  language), which card each action claims or blocks with, and the ruleset's blank cards (mini-a's
  third card, drawn plain); public, the same for every seat.
* :func:`move_info` -- for a legal move's button: the action, the card it claims and its target seat.
"""
from __future__ import annotations

from typing import Any, Dict

from intrigue.engine.coup import names
from intrigue.engine.coup.claims import BLOCKERS_OF_WORD, CLAIM_OF_WORD

# the card an action claims and the cards that may block it, in the notation's words (engine/coup/claims.py)
CLAIMS = {word: names.ROLES[r] for word, r in CLAIM_OF_WORD.items()}
BLOCKED_BY = {word: [names.ROLES[r] for r in roles] for word, roles in BLOCKERS_OF_WORD.items()}


# what the table's symbols mean (the page's legend; Coup's table has no abbreviations)
_LEGEND = {
    "en": [("?", "a face-down card: a player's hidden influence, or the court deck; a grey, tilted card "
                 "is an influence lost, face up for good")],
    "th": [("?", "การ์ดที่คว่ำอยู่: อิทธิพลที่ซ่อนไว้ของผู้เล่น หรือกองการ์ดกลาง การ์ดสีเทาที่เอียงคืออิทธิพลที่เสียไปแล้ว "
                 "หงายไว้ตลอดเกม")],
    "he": [("?", "קלף הפוך: השפעה נסתרת של שחקן, או חפיסת החצר; קלף אפור ומוטה הוא השפעה שאבדה, גלויה עד סוף "
                 "המשחק")],
}


def client_data(game: Any, lang: str) -> Dict[str, Any]:
    """Words and constants for ``table.js`` in ``lang``, and the table's legend."""
    return {
        "legend": _LEGEND.get(lang, _LEGEND["en"]),
        "roles": list(names.ROLES),
        "role_names": {r: game.role_name(i, lang) for i, r in enumerate(names.ROLES)},
        "blank": [names.ROLES[i] for i in game.blank_roles],       # drawn as a plain card
        "action_names": dict(names.ACTION_NAMES.get(lang, names.ACTION_NAMES["en"])),
        "ui": dict(names.UI.get(lang, names.UI["en"])),
        "claims": CLAIMS,
        "blocked_by": BLOCKED_BY,
    }


def move_info(game: Any, core: Any, move: str) -> Dict[str, Any]:
    """``"steal 2"`` -> ``{"action": "steal", "claim": "captain", "target": 2}``; a block or reveal
    names its card; ``keep`` its cards."""
    words = move.split()
    head = words[0]
    out: Dict[str, Any] = {"action": head}
    if head in CLAIMS:
        out["claim"] = CLAIMS[head]
    if head in ("coup", "assassinate", "steal") and len(words) == 2:
        out["target"] = int(words[1])
    if head in ("block", "reveal") and len(words) == 2:
        out["card"] = words[1]
        if head == "block":
            out["claim"] = words[1]
    if head == "keep":
        out["cards"] = words[1:]
    return out
