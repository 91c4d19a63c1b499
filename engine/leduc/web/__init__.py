"""Leduc hold'em at the web table: the page's drawing code (``table.js``: the felt, the two seats,
the public card and the pot, card faces drawn in SVG for this project) and the two hooks the server
calls.

* :func:`client_data` -- the words the drawing code needs in the page's language (rank names, table
  words); public, the same for every seat.
* :func:`move_info` -- for a legal move's button: the move and the chips it puts in.
"""
from __future__ import annotations

from typing import Any, Dict

from intrigue.engine.leduc import names
from intrigue.engine.leduc.game import facing_bet

UI: Dict[str, Dict[str, str]] = {
    "en": {"round": "Round", "of": "of", "pot": "Pot", "public": "Public card", "not_yet": "not turned up yet",
           "in": "in", "folded": "folded", "to_call": "to call", "raises_left": "raises left",
           "shown": "shown", "hidden": "not shown", "your_card": "Your card", "chips": "chips", "pair": "pair"},
    "th": {"round": "รอบ", "of": "จาก", "pot": "กองกลาง", "public": "ไพ่กลาง", "not_yet": "ยังไม่เปิด",
           "in": "ในกองกลาง", "folded": "หมอบ", "to_call": "ต้องตาม", "raises_left": "เพิ่มเดิมพันได้อีก",
           "shown": "เปิดแล้ว", "hidden": "ไม่เปิด", "your_card": "ไพ่ของคุณ", "chips": "ชิป", "pair": "คู่"},
    "he": {"round": "סבב", "of": "מתוך", "pot": "קופה", "public": "הקלף הפתוח", "not_yet": "עוד לא נחשף",
           "in": "בקופה", "folded": "פרש", "to_call": "להשוואה", "raises_left": "העלאות שנותרו",
           "shown": "נחשף", "hidden": "לא נחשף", "your_card": "הקלף שלך", "chips": "אסימונים", "pair": "זוג"},
}


def client_data(game: Any, lang: str) -> Dict[str, Any]:
    """Words and constants for ``table.js`` in ``lang``."""
    lang = names.lang_of(lang)
    return {"ranks": list(names.RANKS), "rank_names": dict(zip(names.RANKS, names.RANK_NAMES[lang])),
            "ui": dict(UI[lang])}


def move_info(game: Any, core: Any, move: str) -> Dict[str, Any]:
    """``"raise"`` -> ``{"action": "raise", "chips": 6}`` (what the move puts in: the call and the
    raise); ``"check"`` and ``"fold"`` put in nothing."""
    out: Dict[str, Any] = {"action": move}
    if move in ("call", "bet", "raise"):
        out["chips"] = core.to_call + (core.raise_amount if move != "call" else 0)
    return out
