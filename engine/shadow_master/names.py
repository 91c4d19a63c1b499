"""Display names for Shadow Master in English and Thai (the seed's language).

The notation always writes colours by letter (``R O Y G B P``), cells by name (``K1``), Power card
types, persons and decision words in English ids; these names are for people.  Thai names follow the
seed rulebook's own words where it has them.
"""
from __future__ import annotations

from typing import Dict, List, Optional

LANGUAGES = ("en", "th")

COLOURS: List[str] = ["R", "O", "Y", "G", "B", "P"]
COLOUR_NAMES: Dict[str, List[str]] = {
    "en": ["Red", "Orange", "Yellow", "Green", "Blue", "Purple"],
    "th": ["แดง", "ส้ม", "เหลือง", "เขียว", "น้ำเงิน", "ม่วง"],
}
TYPES: List[str] = ["faith", "tax", "king", "queen", "land", "military"]
TYPE_NAMES: Dict[str, List[str]] = {
    "en": ["Faith", "Tax", "King", "Queen", "Land", "Military"],
    "th": ["ศรัทธา", "ภาษี", "กษัตริย์", "ราชินี", "ที่ดิน", "การทหาร"],
}
PERSONS: List[str] = ["theron", "turncloak", "coin", "envoy"]
PERSON_NAMES: Dict[str, List[str]] = {
    "en": ["Lord Theron", "Turncloak", "Master of Coin", "Shadow Envoy"],
    "th": ["ลอร์ดเธรอน", "เทิร์นโคลก", "มาสเตอร์ออฟคอยน์", "ทูตเงา"],
}
COLUMNS = "ABCDEFGHIJKLMN"

# words of the notation -> names for people
ACTION_NAMES: Dict[str, Dict[str, str]] = {
    "en": {
        "roll": "roll the dice", "military": "use Military of", "shadow": "take the Shadow option",
        "transfer": "transfer money", "black": "place a black token on", "pick": "pick the colour",
        "place": "place a token on", "combo": "place two tokens (X combo) on", "ally": "toggle the alliance",
        "theron": "use Lord Theron", "turncloak": "turn the tokens of", "envoy": "use the Shadow Envoy",
        "decline": "decline and pay the fine", "space": "alliance space", "from": "from", "to": "to",
        "battle": "attack the group at", "siege": "besiege the group at", "capture": "capture the castle on",
        "remove": "remove a token from", "buy": "buy", "pass": "pass", "stop": "stop",
        "none": "nothing", "castle": "build a castle on", "draw": "draw", "take": "take open-row card",
        "end": "end the turn", "discard": "discard", "amount": "amount", "put": "put",
        "keep": "keep every card", "sell": "sell", "deal": "deal", "reveal": "reveal", "show": "cards shown: seat",
        "first": "first player is seat", "dice": "the dice show", "power": "Power card drawn:",
    },
    "th": {
        "roll": "ทอยลูกเต๋า", "military": "ใช้การทหารของ", "shadow": "เลือกตัวเลือกเงา",
        "transfer": "ย้ายเงิน", "black": "วางโทเคนสีดำที่", "pick": "เลือกสี",
        "place": "วางโทเคนที่", "combo": "วางสองโทเคน (คอมโบ X) ที่", "ally": "สลับพันธมิตร",
        "theron": "ใช้ลอร์ดเธรอน", "turncloak": "เปลี่ยนสีโทเคนที่", "envoy": "ใช้ทูตเงา",
        "decline": "ไม่ใช้และจ่ายค่าปรับ", "space": "ช่องพันธมิตร", "from": "จาก", "to": "ไปยัง",
        "battle": "โจมตีกลุ่มที่", "siege": "ล้อมโจมตีกลุ่มที่", "capture": "ยึดปราสาทที่",
        "remove": "เอาโทเคนออกจาก", "buy": "ซื้อ", "pass": "ผ่าน", "stop": "หยุด",
        "none": "ไม่ซื้อ", "castle": "สร้างปราสาทที่", "draw": "จั่ว", "take": "หยิบการ์ดกองเปิดใบที่",
        "end": "จบเทิร์น", "discard": "ทิ้ง", "amount": "จำนวน", "put": "วาง",
        "keep": "ไม่ขาย", "sell": "ขาย", "deal": "แจก", "reveal": "เปิด", "show": "เปิดการ์ดของที่นั่ง",
        "first": "ผู้เล่นคนแรกคือที่นั่ง", "dice": "ลูกเต๋าออก", "power": "จั่วการ์ดอำนาจ:",
    },
}

DECISION_NAMES: Dict[str, Dict[str, str]] = {
    "en": {"phase1": "Phase 1 (fate decides)", "pick_die": "pick a rolled colour", "use": "use of the colour",
           "alliance_space": "alliance space", "theron_from": "Lord Theron: source cell",
           "theron_to": "Lord Theron: destination", "target": "attack target (multi-front)",
           "remove": "token to remove", "buy": "buy a Power card?", "combo_roll": "Military + Faith: roll again?",
           "shadow": "Shadow option", "take": "take a Territory card", "exchange": "Phase 3 (adjust deeds)",
           "transfer_from": "transfer: from", "transfer_to": "transfer: to", "transfer_amount": "transfer: amount",
           "allocate": "place received Silver", "settle_sell": "settlement: sell a card?",
           "forced_sell": "forced sale", "discard": "discard a Territory card", "over": "game over",
           "deal": "deal", "reveal": "open-row reveal", "first_player": "first player", "dice": "dice",
           "power_draw": "Power card draw", "show": "an eliminated player's cards shown"},
    "th": {"phase1": "เฟส 1 (ชะตากำหนด)", "pick_die": "เลือกสีจากลูกเต๋า", "use": "การใช้สี",
           "alliance_space": "ช่องพันธมิตร", "theron_from": "ลอร์ดเธรอน: ช่องต้นทาง",
           "theron_to": "ลอร์ดเธรอน: ช่องปลายทาง", "target": "เป้าหมายการโจมตี (สามแนวดุเดือด)",
           "remove": "โทเคนที่จะเอาออก", "buy": "ซื้อการ์ดอำนาจ?", "combo_roll": "การทหาร + ศรัทธา: ทอยอีก?",
           "shadow": "ตัวเลือกเงา", "take": "หยิบการ์ด Territory", "exchange": "เฟส 3 (ปรับเปลี่ยนโฉนด)",
           "transfer_from": "ย้ายเงิน: จาก", "transfer_to": "ย้ายเงิน: ไปยัง", "transfer_amount": "ย้ายเงิน: จำนวน",
           "allocate": "วางเงินที่ได้รับ", "settle_sell": "จบรอบ: ขายการ์ด?", "forced_sell": "ขายบังคับ",
           "discard": "ทิ้งการ์ด Territory", "over": "จบเกม", "deal": "แจก", "reveal": "เปิดกองเปิด",
           "first_player": "ผู้เล่นคนแรก", "dice": "ลูกเต๋า", "power_draw": "จั่วการ์ดอำนาจ",
           "show": "เปิดการ์ดของผู้เล่นที่ล้มละลาย"},
}

UI: Dict[str, Dict[str, str]] = {
    "en": {"round": "Round", "final": "final round", "first": "First Player", "seat": "Seat", "you": "you",
           "hand": "hand", "deposits": "deposits", "power": "Power", "persons": "persons", "castles": "castles",
           "cards": "Territory cards", "row": "Open row", "draw": "draw pile", "discard": "discard pile",
           "alliance": "Alliance", "ranks": "Rank / income per card", "supply": "supply", "black": "black tokens",
           "to_move": "to decide", "out": "eliminated", "winner": "Winner", "score": "score", "pl": "PL",
           "tl": "TL", "income": "income", "empty": "empty", "none": "none", "end": "end triggered in round",
           "your_hand": "Your hand"},
    "th": {"round": "รอบ", "final": "รอบสุดท้าย", "first": "ผู้เล่นคนแรก", "seat": "ที่นั่ง", "you": "คุณ",
           "hand": "ถือเงิน", "deposits": "ฝากเงิน", "power": "การ์ดอำนาจ", "persons": "บุคคล", "castles": "ปราสาท",
           "cards": "การ์ด Territory", "row": "กองเปิด", "draw": "กองจั่ว", "discard": "กองทิ้ง",
           "alliance": "พันธมิตร", "ranks": "อันดับ / รายได้ต่อใบ", "supply": "คงเหลือ", "black": "โทเคนสีดำ",
           "to_move": "ถึงตา", "out": "ล้มละลาย", "winner": "ผู้ชนะ", "score": "คะแนน", "pl": "PL",
           "tl": "TL", "income": "รายได้", "empty": "ว่าง", "none": "ไม่มี", "end": "เกมจะจบ เริ่มนับจากรอบ",
           "your_hand": "การ์ดในมือคุณ"},
}


def _lang(lang: Optional[str]) -> str:
    return lang if lang in LANGUAGES else "en"


def cell_name(h: int) -> str:
    """Cell id -> ``"K1"``."""
    return f"{COLUMNS[h % 14]}{h // 14 + 1}"


def cell_id(text: str) -> Optional[int]:
    """``"K1"`` -> cell id (None if not a cell name)."""
    t = text.strip().upper()
    if len(t) != 2 or t[0] not in COLUMNS or t[1] not in "12345":
        return None
    return 14 * (int(t[1]) - 1) + COLUMNS.index(t[0])


def card_name(t: int) -> str:
    return "X" if t == 70 else cell_name(t)


def colour_name(c: int, lang: Optional[str] = None) -> str:
    return COLOUR_NAMES[_lang(lang)][c]


def type_name(t: int, lang: Optional[str] = None) -> str:
    return TYPE_NAMES[_lang(lang)][t]


def person_name(i: int, lang: Optional[str] = None) -> str:
    return PERSON_NAMES[_lang(lang)][i]


def ui(key: str, lang: Optional[str] = None) -> str:
    return UI[_lang(lang)].get(key, key)


def decision_name(kind: str, lang: Optional[str] = None) -> str:
    return DECISION_NAMES[_lang(lang)].get(kind, kind.replace("_", " "))


def action_word(word: str, lang: Optional[str] = None) -> str:
    """A notation word (any case) in ``lang``'s words; a word that is none (a card's name) as given."""
    return ACTION_NAMES[_lang(lang)].get(word.lower(), word)
