"""Shadow Master at the web table: the page's drawing code (``table.js``, an SVG hex board drawn for
this project from the game's public view) and the two hooks the server calls.

* :func:`client_data` -- the words the drawing code needs in the page's language (colours, Power card
  types, persons, table words), the board's columns, the colour of each kingdom and the income per
  card at each rank; public, the same
  for every seat.
* :func:`move_info` -- for a legal move's button: its verb, the board cell it names (so the page can
  mark the cell on the board and draw a small hex on the button) and the group it is listed under.
"""
from __future__ import annotations

from typing import Any, Dict, List, Tuple

from intrigue.engine.shadow_master import names
from intrigue.ext.shadow_master_core import income

# what each kingdom looks like on the page (the cells' fill)
COLOUR_HEX = {"R": "#c0392b", "O": "#e67e22", "Y": "#f1c40f", "G": "#27ae60", "B": "#2e6fbb", "P": "#8e44ad"}
# verbs whose argument is a board cell (docs/shadow_master.md, "Notation")
CELL_VERBS = ("place", "combo", "black", "turncloak", "battle", "siege", "capture", "remove", "castle",
              "from", "to")


# what the table's short words and symbols mean (the page's legend)
_LEGEND = {
    "en": [("PL", "Power Limit: the most Power cards the player may hold"),
           ("TL", "Territory Limit: the most Territory cards the player may hold"),
           ("7/15", "a kingdom's rank / the Silver each of its Territory cards earns at that rank"),
           ("X1, X2", "the alliance space(s): colours in one fight as one side"),
           ("X", "an X card: with a cell's card, a second token (the combo); or a colour in or out of the alliance"),
           ("K1", "a board cell: its column letter and row")],
    "th": [("PL", "Power Limit: จำนวนการ์ดอำนาจสูงสุดที่ผู้เล่นถือได้"),
           ("TL", "Territory Limit: จำนวนการ์ด Territory สูงสุดที่ผู้เล่นถือได้"),
           ("7/15", "อันดับของอาณาจักร / เงิน Silver ที่การ์ด Territory แต่ละใบของอาณาจักรนั้นได้ที่อันดับนั้น"),
           ("X1, X2", "ช่องพันธมิตร: สีที่อยู่ช่องเดียวกันสู้เป็นฝ่ายเดียวกัน"),
           ("X", "การ์ด X: ใช้คู่กับการ์ดของช่องเพื่อวางโทเคนที่สอง (คอมโบ) หรือพาสีเข้าหรือออกจากพันธมิตร"),
           ("K1", "ช่องบนกระดาน: อักษรคอลัมน์และเลขแถว")],
}


def legend(lang: str) -> List[Tuple[str, str]]:
    """``[(short, meaning), ...]``: every abbreviation and symbol the table draws, in ``lang``."""
    lang = lang if lang in names.LANGUAGES else "en"
    colours = ("R O Y G B P", ", ".join(names.COLOUR_NAMES[lang]))
    return _LEGEND.get(lang, _LEGEND["en"])[:2] + [colours] + _LEGEND.get(lang, _LEGEND["en"])[2:]


def client_data(game: Any, lang: str) -> Dict[str, Any]:
    """Words and constants for ``table.js`` in ``lang``, and the table's legend."""
    lang = lang if lang in names.LANGUAGES else "en"
    return {
        "legend": legend(lang),
        "colours": list(names.COLOURS),
        "colour_hex": dict(COLOUR_HEX),
        "colour_names": dict(zip(names.COLOURS, names.COLOUR_NAMES[lang])),
        "type_names": dict(zip(names.TYPES, names.TYPE_NAMES[lang])),
        "person_names": dict(zip(names.PERSONS, names.PERSON_NAMES[lang])),
        "columns": names.COLUMNS,
        "ui": dict(names.UI[lang]),
        "income": [income(r) for r in range(71)],    # Silver per Territory card at each rank
    }


def move_info(game: Any, core: Any, move: str) -> Dict[str, Any]:
    """``"place K1"`` -> ``{"action": "place", "group": "place", "cell": "K1"}``; a Theron move
    ``"to K1 2"`` names its cell too; ``"take 2"`` names the open-row place; others just the verb."""
    words = move.split()
    head = words[0]
    out: Dict[str, Any] = {"action": head, "group": head}
    if head in CELL_VERBS and len(words) >= 2 and names.cell_id(words[1]) is not None:
        out["cell"] = words[1].upper()
    if head == "take" and len(words) == 2 and words[1].isdigit():
        out["row"] = int(words[1])
    return out
