"""Display names for the Politics Game in English and Thai (``politics.md`` section 1).

The notation always writes cards and roles by id (``H0`` ... ``C3``, ``media`` ... ``block``,
``honest`` / ``dark``), whatever language the display uses; these names are for people.  The Thai
names are the source rulebook's (seed 001).
"""
from __future__ import annotations

from typing import Dict

LANGUAGES = ("en", "th")

TYPES = ("H0", "H1", "H2", "C1", "C2", "C3")
BACKROOM = ("media", "coup", "dealbreak", "block")

NAMES: Dict[str, Dict[str, str]] = {
    "en": {
        "INF": "influence", "LEG": "legitimacy", "UND": "underground", "HON": "honour", "BET": "betrayal",
        "dark": "Dark power", "honest": "Honest",
        "H": "honest policy", "C": "corrupt policy", "bag": "money bag",
        "leader": "leader", "partner": "partner", "government": "government", "opposition": "opposition",
        "right": "right", "round": "Round", "failed": "Failed governments", "crisis": "crisis of faith",
        "liecatch": "Lie-catch", "contract": "contract", "backroom": "backroom",
        "media": "Media power", "coup": "Coup", "dealbreak": "Deal-break", "block": "Block",
        "inspect": "Inspect", "withdraw": "Withdraw", "deal": "Backroom deal", "pass": "Pass",
        "join": "JOIN", "hold": "HOLD", "probe": "PROBE",
        "seat": "Seat", "you": "you", "to_move": "to decide", "hidden": "??", "pile": "Policy pile",
        "discard": "Discard pile", "br_pile": "Backroom pile", "table": "Table", "face_down": "face down",
        "inspected": "inspected", "flipped": "flipped", "passed": "passed", "policy": "policy",
        "cards": "cards", "vote": "Vote", "winner": "Winner", "winners": "Winners", "total": "Total",
        "tried": "tried", "barred": "barred", "acted": "acted", "forming": "forming",
        "GOLDEN_GOV": "Golden government", "HAWK_EYE": "Hawk-eyed opposition", "SPLIT_GOV": "Split government",
        "SURVIVOR": "Survivor", "PROMISER": "Promiser", "IDEALIST_HON": "Idealist (honour)",
        "IDEALIST_BET": "Idealist (betrayal)",
        # action words that share a notation word with something else
        "deal_card": "Deal", "discard_cards": "Discard",
        # a contract's state on the board
        "st_active": "active", "st_cancelled": "cancelled", "st_lapsed": "lapsed", "st_done": "done",
    },
    "th": {
        "INF": "อิทธิพลทางการเมือง", "LEG": "ความชอบธรรม", "UND": "อำนาจใต้ดิน", "HON": "ทำตามสัญญา",
        "BET": "บิดสัญญา", "dark": "ฝ่ายอำนาจมืด", "honest": "ฝ่ายสุจริต",
        "H": "นโยบายสุจริต", "C": "นโยบายทุจริต", "bag": "ถุงเงิน",
        "leader": "ผู้เล่นแกนนำจัดตั้งรัฐบาล", "partner": "แนวร่วม", "government": "ฝ่ายรัฐบาล",
        "opposition": "ฝ่ายค้าน", "right": "สิทธิ์", "round": "วัฏจักรอำนาจ", "failed": "รัฐบาลล้มเหลว",
        "crisis": "วิกฤตศรัทธา", "liecatch": "เฟสจับโกหก", "contract": "สัญญาอำนาจ",
        "backroom": "การ์ดเกมหลังฉาก",
        "media": "อำนาจสื่อ", "coup": "ยึดอำนาจ", "dealbreak": "ล้มดีล", "block": "ขัดขวาง",
        "inspect": "ตรวจสอบนโยบาย", "withdraw": "ถอนตัวเชิงกลยุทธ์", "deal": "ดีลใต้โต๊ะ", "pass": "ผ่าน",
        "join": "JOIN", "hold": "HOLD", "probe": "PROBE",
        "seat": "ที่นั่ง", "you": "คุณ", "to_move": "ถึงตา", "hidden": "??", "pile": "กองนโยบาย",
        "discard": "กองทิ้ง", "br_pile": "กองการ์ดเกมหลังฉาก", "table": "บนโต๊ะ", "face_down": "คว่ำ",
        "inspected": "ตรวจสอบแล้ว", "flipped": "พลิก", "passed": "ผ่าน", "policy": "นโยบาย",
        "cards": "ใบ", "vote": "โหวต", "winner": "ผู้ชนะ", "winners": "ผู้ชนะ", "total": "คะแนนรวม",
        "tried": "ลองแล้ว", "barred": "ถูกตัดสิทธิ์", "acted": "เล่นแล้ว", "forming": "กำลังจัดตั้ง",
        "GOLDEN_GOV": "รัฐบาลมือทอง", "HAWK_EYE": "ฝ่ายค้านตาเหยี่ยว", "SPLIT_GOV": "รัฐบาลเสียงแตก",
        "SURVIVOR": "นักการเมืองอยู่เป็น", "PROMISER": "นักการเมืองสัญญาไม่อั้น",
        "IDEALIST_HON": "นักการเมืองอุดมการณ์ลอยฟ้า", "IDEALIST_BET": "นักการเมืองอุดมการณ์ลอยฟ้า",
        "deal_card": "แจกไพ่", "discard_cards": "ทิ้ง",
        "st_active": "มีผล", "st_cancelled": "ถูกยกเลิก", "st_lapsed": "ตกไป", "st_done": "จบแล้ว",
    },
}


def name(key: str, lang: str = "en") -> str:
    """The display name of ``key`` in ``lang`` (English when the language or key is missing)."""
    return NAMES.get(lang, NAMES["en"]).get(key, NAMES["en"].get(key, key))

