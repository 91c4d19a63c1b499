"""Leduc hold'em's display names: ranks, decisions and notation in words, in English, Thai and Hebrew.

The notation itself (``fold``, ``deal 0 K`` ...) is English in every language; these are the words
people read.  Thai uses the card names and betting words of Thai poker tables (หมอบ, เช็ค, ตาม,
ลงเดิมพัน, เพิ่มเดิมพัน); Hebrew the Hebrew card names (נסיך, מלכה, מלך) and betting words (פרישה,
צ'ק, השוואה, הימור, העלאה).
"""
from __future__ import annotations

from typing import Dict

LANGUAGES = ("en", "th", "he")
RANKS = ("J", "Q", "K")
TITLES = {"th": "เลอดุก โฮลเด็ม", "he": "לדוק הולדם"}

RANK_NAMES: Dict[str, tuple] = {
    "en": ("Jack", "Queen", "King"),
    "th": ("แจ็ค", "ควีน", "คิง"),
    "he": ("נסיך", "מלכה", "מלך"),
}

# the decision kinds (Game.decision_kind) in words
DECISIONS: Dict[str, Dict[str, str]] = {
    "en": {"bet": "check or bet", "call": "fold, call or raise", "deal": "a card is dealt",
           "public": "the public card is turned up", "show": "a card is shown", "over": "the hand is over"},
    "th": {"bet": "เช็คหรือลงเดิมพัน", "call": "หมอบ ตาม หรือเพิ่มเดิมพัน", "deal": "แจกไพ่",
           "public": "เปิดไพ่กลาง", "show": "เปิดไพ่ในมือ", "over": "จบมือแล้ว"},
    "he": {"bet": "צ'ק או הימור", "call": "פרישה, השוואה או העלאה", "deal": "חלוקת קלף",
           "public": "הקלף הפתוח נחשף", "show": "קלף נחשף", "over": "היד הסתיימה"},
}

# notation words in words for people (the fallback where no narrator sentence is wanted)
WORDS: Dict[str, Dict[str, str]] = {
    "en": {"fold": "fold", "check": "check", "call": "call", "bet": "bet", "raise": "raise",
           "deal": "deal to seat", "public": "public card", "show": "seat {n} shows"},
    "th": {"fold": "หมอบ", "check": "เช็ค", "call": "ตาม", "bet": "ลงเดิมพัน", "raise": "เพิ่มเดิมพัน",
           "deal": "แจกให้ที่นั่ง", "public": "ไพ่กลาง", "show": "ที่นั่ง {n} เปิดไพ่"},
    "he": {"fold": "פרישה", "check": "צ'ק", "call": "השוואה", "bet": "הימור", "raise": "העלאה",
           "deal": "חלוקה למושב", "public": "הקלף הפתוח", "show": "מושב {n} חושף"},
}


def lang_of(lang: str) -> str:
    return lang if lang in LANGUAGES else "en"


def rank_name(rank: int, lang: str = "en") -> str:
    """``2`` -> ``"King"`` (``"คิง"``, ``"מלך"``)."""
    return RANK_NAMES[lang_of(lang)][rank]


def decision_name(kind: str, lang: str = "en") -> str:
    return DECISIONS[lang_of(lang)].get(kind, kind.replace("_", " "))


def describe(text: str, lang: str = "en") -> str:
    """Notation in words: ``"deal 1 K"`` -> ``"deal to seat 1: King"``, ``"raise"`` -> ``"raise"``."""
    w = WORDS[lang_of(lang)]
    words = str(text).split()
    if not words:
        return text
    head = words[0].lower()
    rank = words[-1].upper()
    named = rank_name(RANKS.index(rank), lang) if rank in RANKS else None
    if head == "deal" and len(words) == 3 and named:
        return f"{w['deal']} {words[1]}: {named}"
    if head == "public" and len(words) == 2 and named:
        return f"{w['public']}: {named}"
    if head == "show" and len(words) == 3 and named:
        return f"{w['show'].format(n=words[1])}: {named}"
    if len(words) == 1 and head in w:
        return w[head]
    return text
