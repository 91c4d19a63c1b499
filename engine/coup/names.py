"""Display names for Coup in English, Thai and Hebrew (``coup.md`` section 1).

The notation always writes roles by id (``duke`` ...); these names are for people.  Thai names are
seed 000's rules-text names; its component-list names (ท่านขุน, โหรหลวง) are accepted as aliases on
input.  Action names come from the seeds' own wording (seed 000 Thai, seed 002 Hebrew).
"""
from __future__ import annotations

from typing import Dict, List, Optional

ROLES: List[str] = ["duke", "assassin", "captain", "ambassador", "contessa"]
LANGUAGES = ("en", "th", "he")

ROLE_NAMES: Dict[str, List[str]] = {
    "en": ["Duke", "Assassin", "Captain", "Ambassador", "Contessa"],
    "th": ["เจ้าพระยา", "มือสังหาร", "ขุนโจร", "ราชทูต", "รัชทายาท"],
    "he": ["דוכס", "מתנקש", "קפטן", "שגריר", "רוזנת"],
}

# a role that claims and blocks nothing in a ruleset (mini-a's third card) is shown as a blank card; the
# notation still writes its role id, and "blank" (or these names) is accepted for it on input
BLANK_NAMES: Dict[str, str] = {"en": "Blank card", "th": "การ์ดเปล่า", "he": "קלף ריק"}
BLANK_WORDS = frozenset({"blank", "การ์ดเปล่า", "เปล่า", "ריק"})

# seed 000's component list (rules text wins for display; these are accepted on input)
ROLE_ALIASES: Dict[str, str] = {
    "ท่านขุน": "duke",
    "โหรหลวง": "contessa",
}

ACTION_NAMES: Dict[str, Dict[str, str]] = {
    "en": {
        "income": "Income", "foreign_aid": "Foreign Aid", "coup": "Coup", "tax": "Tax",
        "assassinate": "Assassinate", "steal": "Steal", "exchange": "Exchange",
        "challenge": "Challenge", "pass": "Pass", "block": "Block", "reveal": "Reveal", "keep": "Keep",
        "deal": "Deal", "draw": "Draw",
    },
    "th": {
        "income": "เก็บทอง", "foreign_aid": "ขอเงินหนุน", "coup": "โค่นอำนาจ", "tax": "เก็บอากร",
        "assassinate": "สังหาร", "steal": "ปล้น", "exchange": "สับเปลี่ยนการ์ด",
        "challenge": "ตรวจสอบ", "pass": "ผ่าน", "block": "ขัดขวาง", "reveal": "เปิดการ์ด", "keep": "เก็บการ์ด",
        "deal": "แจก", "draw": "จั่ว",
    },
    "he": {
        "income": "הכנסה", "foreign_aid": "מימון חוץ", "coup": "הפיכה", "tax": "מס",
        "assassinate": "התנקשות", "steal": "גניבה", "exchange": "החלפה",
        "challenge": "ערעור", "pass": "ויתור", "block": "ביטול", "reveal": "חשיפה", "keep": "שמירה",
        "deal": "חלוקה", "draw": "משיכה",
    },
}

UI: Dict[str, Dict[str, str]] = {
    "en": {"seat": "Seat", "coins": "coins", "treasury": "Treasury", "deck": "Court deck",
           "out": "out", "turn": "Turn", "to_move": "to decide", "you": "you", "winner": "Winner",
           "draw": "Draw", "hidden": "??", "coin": "coin",
           "legend": "(?? = a face-down card you cannot see; [Card] = face up: an influence lost)"},
    "th": {"seat": "ที่นั่ง", "coins": "ทอง", "treasury": "กองกลาง", "deck": "กองการ์ด",
           "out": "ออกจากเกม", "turn": "เทิร์น", "to_move": "ถึงตา", "you": "คุณ", "winner": "ผู้ชนะ",
           "draw": "เสมอ", "hidden": "??", "coin": "ทอง",
           "legend": "(?? = การ์ดคว่ำที่คุณมองไม่เห็น; [การ์ด] = หงายแล้ว: เสียอิทธิพลไป)"},
    "he": {"seat": "מושב", "coins": "מטבעות", "treasury": "בנק", "deck": "ערימה",
           "out": "בחוץ", "turn": "תור", "to_move": "להחליט", "you": "את/ה", "winner": "מנצח",
           "draw": "תיקו", "hidden": "??", "coin": "מטבע",
           "legend": "(?? = קלף סגור שאינך רואה; [קלף] = גלוי: השפעה שאבדה)"},
}

# decision kinds (CoupGame.decision_kind) for the terminal's prompt
DECISION_NAMES: Dict[str, Dict[str, str]] = {
    "en": {"action": "your action", "challenge": "challenge the claim?", "defend": "you are challenged: reveal",
           "block": "block?", "challenge_block": "challenge the block?", "defend_block": "your block is "
           "challenged: reveal", "lose_influence": "lose an influence: reveal", "exchange": "exchange: keep",
           "deal": "deal", "draw": "draw", "exchange_draw": "exchange draw", "over": "game over"},
    "th": {"action": "เลือกการกระทำ", "challenge": "ตรวจสอบการอ้างหรือไม่?", "defend": "ถูกตรวจสอบ: เปิดการ์ด",
           "block": "ขัดขวางหรือไม่?", "challenge_block": "ตรวจสอบการขัดขวางหรือไม่?",
           "defend_block": "การขัดขวางถูกตรวจสอบ: เปิดการ์ด", "lose_influence": "เสียอิทธิพล: เปิดการ์ด",
           "exchange": "สับเปลี่ยน: เลือกการ์ดที่เก็บ", "deal": "แจก", "draw": "จั่ว", "exchange_draw": "จั่วเพื่อสับเปลี่ยน",
           "over": "จบเกม"},
    "he": {"action": "בחר פעולה", "challenge": "לערער על הטענה?", "defend": "ערערו עליך: חשוף קלף",
           "block": "לבטל?", "challenge_block": "לערער על הביטול?", "defend_block": "ערערו על הביטול שלך: חשוף קלף",
           "lose_influence": "אבד השפעה: חשוף קלף", "exchange": "החלפה: בחר קלפים לשמור", "deal": "חלוקה",
           "draw": "משיכה", "exchange_draw": "משיכה להחלפה", "over": "המשחק נגמר"},
}

_LOOKUP: Dict[str, int] = {}
for _lang, _names in ROLE_NAMES.items():
    for _i, _name in enumerate(_names):
        _LOOKUP[_name.lower()] = _i
for _i, _rid in enumerate(ROLES):
    _LOOKUP[_rid] = _i
for _alias, _rid in ROLE_ALIASES.items():
    _LOOKUP[_alias] = ROLES.index(_rid)


def role_index(word: str) -> Optional[int]:
    """The role id (0-4) named by ``word`` in any language, by an alias, or by an unambiguous
    prefix of at least 3 letters of a role id; ``None`` if it names no role."""
    w = word.strip().lower()
    if w in _LOOKUP:
        return _LOOKUP[w]
    if len(w) >= 3:
        hits = {i for i, rid in enumerate(ROLES) if rid.startswith(w)}
        if len(hits) == 1:
            return hits.pop()
    return None


def role_name(role: int, lang: str = "en", blank: bool = False) -> str:
    """The role's name in ``lang``; ``blank=True``: the blank card's name (the role has no use in the
    ruleset)."""
    if blank:
        return BLANK_NAMES.get(lang, BLANK_NAMES["en"])
    return ROLE_NAMES.get(lang, ROLE_NAMES["en"])[role]


def is_blank_word(word: str) -> bool:
    """Whether ``word`` names the blank card (in any display language)."""
    return word.strip().lower() in BLANK_WORDS


def action_name(word: str, lang: str = "en") -> str:
    return ACTION_NAMES.get(lang, ACTION_NAMES["en"]).get(word, word)


def ui(key: str, lang: str = "en") -> str:
    return UI.get(lang, UI["en"]).get(key, UI["en"][key])


def decision_name(kind: str, lang: str = "en") -> str:
    return DECISION_NAMES.get(lang, DECISION_NAMES["en"]).get(kind, kind.replace("_", " "))
