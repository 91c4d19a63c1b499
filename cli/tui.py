"""Terminal helpers shared by ``intrigue play`` and ``intrigue replay``: the UI's own words in
English, Thai and Hebrew, event lines, and running a bot in a thread with a progress line.

Game words (roles, actions, decision kinds, the board) come from the game's display hooks
(:meth:`Game.render`, :meth:`Game.describe_action`, :meth:`Game.describe_decision`); nothing here
knows a game's rules.
"""
from __future__ import annotations

import errno
import re
import sys
import threading
import time
from typing import Any, Callable, Dict, List, Optional, TextIO

from intrigue.engine import Game, InfoState
from intrigue.engine.narration import Narrator, narrator_for as make_narrator
from intrigue.search.bot import Analysis, Bot, Limits

UI: Dict[str, Dict[str, str]] = {
    "en": {
        "seat": "seat", "you": "you", "chance": "·",
        "welcome": "{title} ({ruleset}), {players} players. You are seat {seat}. Seed {seed}.\nOpponents: {bots}.",
        "your_decision": "Your decision — {kind}:",
        "input_help": "Type a number or an action, or one of:\nrules, hint, log, board, save FILE, load FILE, back, help, quit.",
        "no_back": "There is no earlier step to go back to: 'back' starts a decision asked in steps again.",
        "not_understood": "Not understood: {text!r}. Type a number from 1 to {n}, an action, or 'help'.",
        "no_choice": "There is no choice {n}: pick 1 to {count}.",
        "not_listed": "'{text}' is not one of these choices: pick 1 to {count}, or type back.",
        "not_possible": "Not possible: {message}",
        "thinking": "{who} is thinking",
        "iterations": "iterations",
        "suggests": "Engine suggests: {move}",
        "visits": "visits", "value": "value",
        "belief": "What the engine believes about face-down cards:",
        "tiebreak": "(The search found its best moves level, so the rule-of-thumb player chose among them.)",
        "more": "{n} more",
        "more_moves": "… and {n} more",
        "saved": "Saved to {path}.",
        "loaded": "Loaded {path}: {title} ({ruleset}), {players} players; you are seat {seat}; {events} events.",
        "needs_file": "'{cmd}' needs a file name, e.g. '{cmd} game.msgpack'.",
        "not_full": "{path} is seat {seat}'s view, not a full record: it cannot be continued.",
        "game_over": "Game over.",
        "bye": "You left the game.",
        "bot_failed": "The bot of seat {seat} failed ({error}); it plays a random legal move.",
        "log": "What you have seen so far:",
        "replay_help": "Enter: next · b: back · a number: go to that step · e: end · q: quit",
        "step": "step", "start": "start of the game",
        "options": "Your options:",
        "save_offer": "Save the game before leaving? Type a file name, or press Enter to leave without saving: ",
        "save_name": "'{text}' is a number, not a file name: type a name such as game.msgpack, or press Enter.",
        "cannot_save": "Could not save to {path}: {reason}",
        "cannot_load": "Could not load {path}: {reason}",
        "not_record": "it is not a game record intrigue can read (damaged, or another kind of file)",
        "rules_none": "No rules summary for this game.",
        "replay_title": "{title} ({ruleset}), {players} players: {events} events",
    },
    "th": {
        "seat": "ที่นั่ง", "you": "คุณ", "chance": "·",
        "welcome": "{title} ({ruleset}) ผู้เล่น {players} คน คุณอยู่ที่นั่ง {seat} seed {seed}\nคู่แข่ง: {bots}",
        "your_decision": "ตาของคุณ — {kind}",
        "input_help": "พิมพ์หมายเลขหรือการกระทำ หรือคำสั่งหนึ่งต่อไปนี้:\nrules (กติกา), hint (คำแนะนำ), log (บันทึก), board (กระดาน),\nsave FILE, load FILE, back (ย้อนขั้น), help, quit",
        "no_back": "ไม่มีขั้นก่อนหน้าให้ย้อนกลับ: 'back' ใช้เริ่มการตัดสินใจที่ถามเป็นขั้น ๆ ใหม่",
        "not_understood": "ไม่เข้าใจ: {text!r} พิมพ์หมายเลข 1 ถึง {n} การกระทำ หรือ 'help'",
        "no_choice": "ไม่มีตัวเลือกที่ {n}: เลือก 1 ถึง {count}",
        "not_listed": "'{text}' ไม่ใช่ตัวเลือกในรายการนี้: เลือก 1 ถึง {count} หรือพิมพ์ back",
        "not_possible": "ทำไม่ได้: {message}",
        "thinking": "{who} กำลังคิด",
        "iterations": "รอบ",
        "suggests": "เอนจินแนะนำ: {move}",
        "visits": "ครั้ง", "value": "ค่า",
        "belief": "สิ่งที่เอนจินเชื่อเกี่ยวกับการ์ดที่คว่ำอยู่:",
        "tiebreak": "(การค้นหาเห็นว่าทางเลือกที่ดีที่สุดพอ ๆ กัน จึงให้ผู้เล่นแบบกฎง่าย ๆ เลือก)",
        "more": "และอีก {n} ใบ",
        "more_moves": "… และอีก {n} ทางเลือก",
        "saved": "บันทึกไว้ที่ {path}",
        "loaded": "โหลด {path}: {title} ({ruleset}) ผู้เล่น {players} คน คุณอยู่ที่นั่ง {seat} {events} เหตุการณ์",
        "needs_file": "'{cmd}' ต้องมีชื่อไฟล์ เช่น '{cmd} game.msgpack'",
        "not_full": "{path} เป็นมุมมองของที่นั่ง {seat} ไม่ใช่บันทึกเต็ม จึงเล่นต่อไม่ได้",
        "game_over": "จบเกม",
        "bye": "คุณออกจากเกมแล้ว",
        "bot_failed": "บอทของที่นั่ง {seat} ขัดข้อง ({error}) จึงเลือกการกระทำแบบสุ่ม",
        "log": "สิ่งที่คุณเห็นมาจนถึงตอนนี้:",
        "replay_help": "Enter: ถัดไป · b: ย้อนกลับ · หมายเลข: ไปยังขั้นนั้น · e: จบ · q: ออก",
        "step": "ขั้น", "start": "เริ่มเกม",
        "options": "ทางเลือกของคุณ:",
        "save_offer": "บันทึกเกมก่อนออกหรือไม่? พิมพ์ชื่อไฟล์ หรือกด Enter เพื่อออกโดยไม่บันทึก: ",
        "save_name": "'{text}' เป็นตัวเลข ไม่ใช่ชื่อไฟล์: พิมพ์ชื่อ เช่น game.msgpack หรือกด Enter",
        "cannot_save": "บันทึกไปที่ {path} ไม่ได้: {reason}",
        "cannot_load": "โหลด {path} ไม่ได้: {reason}",
        "not_record": "ไม่ใช่บันทึกเกมที่ intrigue อ่านได้ (ไฟล์เสียหรือเป็นไฟล์ชนิดอื่น)",
        "rules_none": "ไม่มีสรุปกติกาของเกมนี้",
        "replay_title": "{title} ({ruleset}) ผู้เล่น {players} คน: {events} เหตุการณ์",
    },
    "he": {
        "seat": "מושב", "you": "את/ה", "chance": "·",
        "welcome": "{title} · {ruleset} · {players} שחקנים. את/ה במושב {seat}. seed {seed}.\nיריבים: {bots}.",
        "your_decision": "ההחלטה שלך — {kind}:",
        "input_help": "הקלד/י מספר או פעולה, או אחת מהפקודות:\nrules (חוקים), hint (רמז), log (יומן), board (לוח),\nsave FILE, load FILE, back (חזרה), help, quit.",
        "no_back": "אין שלב קודם לחזור אליו: 'back' מתחיל מחדש החלטה שנשאלת בשלבים.",
        "not_understood": "לא הובן: {text!r}. הקלד/י מספר בין 1 ל-{n}, פעולה, או 'help'.",
        "no_choice": "אין אפשרות {n}: בחר/י בין 1 ל-{count}.",
        "not_listed": "'{text}' אינה אחת מהאפשרויות כאן: בחר/י בין 1 ל-{count}, או הקלד/י back.",
        "not_possible": "לא אפשרי: {message}",
        "thinking": "{who} חושב/ת",
        "iterations": "איטרציות",
        "suggests": "המנוע מציע: {move}",
        "visits": "ביקורים", "value": "ערך",
        "belief": "מה המנוע מעריך לגבי הקלפים הסגורים:",
        "tiebreak": "(החיפוש מצא שהמהלכים הטובים ביותר שקולים, ולכן שחקן כללי האצבע בחר ביניהם.)",
        "more": "ועוד {n}",
        "more_moves": "… ועוד {n}",
        "saved": "נשמר ב-{path}.",
        "loaded": "נטען {path}: {title} · {ruleset} · {players} שחקנים; את/ה במושב {seat}; {events} אירועים.",
        "needs_file": "'{cmd}' צריך שם קובץ, למשל '{cmd} game.msgpack'.",
        "not_full": "{path} הוא מבט של מושב {seat} ולא רשומה מלאה: אי אפשר להמשיך ממנו.",
        "game_over": "המשחק נגמר.",
        "bye": "יצאת מהמשחק.",
        "bot_failed": "הבוט של מושב {seat} נכשל ({error}); הוא משחק מהלך חוקי אקראי.",
        "log": "מה שראית עד כה:",
        "replay_help": "Enter: הבא · b: אחורה · מספר: לעבור לשלב · e: סוף · q: יציאה",
        "step": "שלב", "start": "תחילת המשחק",
        "options": "האפשרויות שלך:",
        "save_offer": "לשמור את המשחק לפני היציאה? הקלד/י שם קובץ, או Enter ליציאה בלי שמירה: ",
        "save_name": "'{text}' הוא מספר ולא שם קובץ: הקלד/י שם כמו game.msgpack, או Enter.",
        "cannot_save": "לא ניתן לשמור ב-{path}: {reason}",
        "cannot_load": "לא ניתן לטעון את {path}: {reason}",
        "not_record": "זו לא רשומת משחק ש-intrigue יכול לקרוא (פגומה, או קובץ מסוג אחר)",
        "rules_none": "אין סיכום חוקים למשחק הזה.",
        "replay_title": "{title} · {ruleset} · {players} שחקנים: {events} אירועים",
    },
}


RTL_RANGES = ((0x0590, 0x08FF), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFF))
RTL_LANGS = frozenset({"he", "ar", "fa", "yi"})
"""Display languages read right to left: every line of theirs is laid out from the right."""
_GAPS = re.compile(r"( {2,})")


def has_rtl(text: str) -> bool:
    """True if ``text`` holds a right-to-left letter (Hebrew, Arabic)."""
    return any(lo <= ord(ch) <= hi for ch in text for lo, hi in RTL_RANGES)


def visual(text: str, width: int = 0, rtl: bool = False) -> str:
    """``text`` in visual order, line by line, for terminals that draw characters left to right as
    stored (most do).  A line with a right-to-left letter -- every line, with ``rtl`` (the display
    language is read right to left) -- is laid out as a right-to-left paragraph: its *cells* (the
    parts between runs of two or more spaces: a board's columns) go from the right in their order,
    each put in visual order by the Unicode bidi algorithm with mirrored brackets (python-bidi), the
    spaces between them kept; so a table's columns stay in line whatever mix of Hebrew, Latin names
    and digits its cells hold, where the algorithm run over a whole row let a name and the number
    after it swap places.  With ``width``, such lines are also right-aligned to that many columns,
    where a right-to-left reader starts.  Other lines are returned as they are.  Only for display:
    the logical text is what the program compares and stores."""
    if not rtl and not has_rtl(text):
        return text
    try:
        from bidi.algorithm import get_display
    except ImportError:                 # python-bidi missing: show the logical order
        return text
    out = []
    for line in text.split("\n"):
        if line.strip() and (rtl or has_rtl(line)):
            parts = _GAPS.split(line)           # cell, gap, cell, ... (a leading indent: an empty first cell)
            line = "".join(part if i % 2 else get_display(part, base_dir="R")
                           for i, part in reversed(list(enumerate(parts))))
            if width:
                line = line.rjust(width)
        out.append(line)
    return "\n".join(out)


def t(key: str, lang: str, **kw: Any) -> str:
    """The UI text ``key`` in ``lang`` (English if missing), formatted with ``kw``."""
    text = UI.get(lang, UI["en"]).get(key) or UI["en"][key]
    return text.format(**kw) if kw else text


# the reasons a file cannot be saved or loaded, in the display language (the system's own are English)
OS_REASONS = {
    "th": {errno.ENOENT: "ไม่มีไฟล์หรือโฟลเดอร์นี้", errno.EACCES: "ไม่มีสิทธิ์เข้าถึง",
           errno.EPERM: "ไม่มีสิทธิ์เข้าถึง", errno.EISDIR: "เป็นโฟลเดอร์ ไม่ใช่ไฟล์",
           errno.ENOTDIR: "ส่วนหนึ่งของเส้นทางไม่ใช่โฟลเดอร์", errno.ENOSPC: "ดิสก์เต็ม",
           errno.EROFS: "ระบบไฟล์อ่านได้อย่างเดียว", errno.ENAMETOOLONG: "ชื่อไฟล์ยาวเกินไป"},
    "he": {errno.ENOENT: "אין קובץ או תיקייה כאלה", errno.EACCES: "אין הרשאה",
           errno.EPERM: "אין הרשאה", errno.EISDIR: "זו תיקייה, לא קובץ",
           errno.ENOTDIR: "חלק מהנתיב אינו תיקייה", errno.ENOSPC: "הדיסק מלא",
           errno.EROFS: "מערכת קבצים לקריאה בלבד", errno.ENAMETOOLONG: "שם הקובץ ארוך מדי"},
}


def os_reason(err: OSError, lang: str) -> str:
    """Why a file operation failed, in ``lang`` where the reason is a common one, else the system's."""
    known = OS_REASONS.get(lang, {}).get(err.errno) if err.errno is not None else None
    return known or err.strerror or str(err)


def narrator_for(game: Game, lang: str, names=None, color: bool = False) -> Narrator:
    """The game's narrator (:func:`intrigue.engine.narration.narrator_for`: its plug-in, or plain
    notation words).  ``color``: let it use ANSI colours (a narrator without colours ignores it)."""
    narrator = make_narrator(game, lang, names)
    narrator.color = color
    return narrator


def wants_color(stream) -> bool:
    """Whether ``stream`` is a terminal that should get ANSI colours: never a pipe or a file, and
    not with ``NO_COLOR`` set or ``TERM=dumb``."""
    import os
    try:
        tty = bool(stream.isatty())
    except Exception:
        return False
    return tty and "NO_COLOR" not in os.environ and os.environ.get("TERM", "") != "dumb"


def narrate_history(game: Game, narrator, history, viewer: Optional[int], core=None,
                    indent: str = "  ") -> List[List[str]]:
    """The events of ``history`` as ``viewer`` reads them, grouped by turn: a list of blocks, each
    starting with its turn header (when the game has one).  ``core`` is the position the history
    starts from (default: the game's initial state); it is advanced in place."""
    core = core if core is not None else game.new_initial_state().core
    blocks: List[List[str]] = [[]]
    last = None
    for event in history:
        header = narrator.turn_header(core, viewer)
        if header and header != last:
            last = header
            blocks.append([header])
        blocks[-1].extend(indent + line for line in narrator.event(core, event, viewer))
        core.apply(event.action)
    return [b for b in blocks if b]


def event_line(game: Game, seat: int, text: str, lang: str, me: Optional[int] = None) -> str:
    """One event of the log for people: ``seat 2: Steal 0`` (chance events without a seat)."""
    words = game.describe_action(text, lang)
    if seat < 0:
        return f"  {t('chance', lang)} {words}"
    who = f"{t('seat', lang)} {seat}" + (f" ({t('you', lang)})" if me is not None and seat == me else "")
    return f"  {who}: {words}"


def move_label(game: Game, move: str, lang: str) -> str:
    """``Foreign Aid  [foreign_aid]``: words, and the notation when it differs."""
    words = game.describe_action(move, lang)
    return words if words.strip().lower() == move.lower() else f"{words}  [{move}]"


def think(bot: Bot, info: InfoState, *, who: str, lang: str, analyze: bool = False,
          limits: Optional[Limits] = None, status: Optional[TextIO] = None, delay: float = 0.4,
          at_least: float = 0.0, bidi: bool = True,
          work: Optional[Callable[[Callable[[Any], None], threading.Event], Any]] = None) -> Any:
    """Run ``bot`` on ``info`` in a worker thread (or ``work(on_info, stop)`` instead, when given: a
    seat's turn through search/turn.py, whose result is returned) and return after at least ``at_least`` seconds
    (a table's pause for a move forced by hidden cards: search/pacing.py); while that takes longer
    than ``delay`` seconds, show a progress line on ``status`` if that is a terminal: the elapsed time,
    and for an analysis (the person's hint) the iterations.  A seat's line shows no count, which
    would tell a search from a paced forced move.  Ctrl-C stops the bot and is passed on."""
    status = status if status is not None else sys.stderr
    live = bool(getattr(status, "isatty", lambda: False)())
    box: Dict[str, Any] = {}
    progress: Dict[str, Any] = {}
    stop = threading.Event()

    def on_info(data: Any) -> None:
        if isinstance(data, dict):
            progress.update(data)

    def run() -> None:
        try:
            if work is not None:
                box["result"] = work(on_info, stop)
                return
            method = bot.analyze if analyze else bot.choose
            box["result"] = method(info, limits=limits, on_info=on_info, stop=stop)
        except BaseException as err:  # noqa: BLE001 - handed to the caller
            box["error"] = err

    worker = threading.Thread(target=run, name="intrigue-bot", daemon=True)
    start = time.monotonic()
    worker.start()
    shown = False
    try:
        while True:
            elapsed = time.monotonic() - start
            if worker.is_alive():
                worker.join(0.1)
            elif elapsed < at_least:
                time.sleep(min(0.1, at_least - elapsed))
            else:
                break
            elapsed = time.monotonic() - start
            if live and (worker.is_alive() or elapsed < at_least) and elapsed >= delay:
                line = f"  {t('thinking', lang, who=who)}… {elapsed:4.1f} s"
                if analyze and progress.get("iterations"):
                    line += f"  {int(progress['iterations']):,} {t('iterations', lang)}"
                status.write("\r" + (visual(line) if bidi else line) + "\033[K")   # Hebrew in visual order
                status.flush()
                shown = True
    except KeyboardInterrupt:
        stop.set()
        worker.join(2.0)
        raise
    finally:
        if shown:
            status.write("\r\033[K")
            status.flush()
    if "error" in box:
        raise box["error"]
    return box["result"]


def analysis_lines(game: Game, analysis: Analysis, lang: str, top: int = 6, narrator=None, core=None,
                   viewer: Optional[int] = None, belief_top: int = 10) -> List[str]:
    """A bot's analysis for people: the suggestion, the best actions, and the belief if any (per
    seat its ``belief_top`` likeliest cards).
    With a ``narrator`` and the position ``core``, moves are labelled as in the prompt."""

    def label(move: str) -> str:
        if narrator is not None and core is not None:
            try:
                return narrator.action_label(core, game.string_to_action(core, move), viewer)
            except Exception:
                pass
        return game.describe_action(move, lang)

    lines = [t("suggests", lang, move=label(analysis.move))]
    if analysis.iterations:
        took = (f"{analysis.elapsed_ms:.0f} ms" if analysis.elapsed_ms < 1000
                else f"{analysis.elapsed_ms / 1000:.1f} s")
        lines[0] += f"   ({analysis.iterations:,} {t('iterations', lang)}, {took})"
    if analysis.extra.get("tiebreak"):      # the search scored its best moves the same: a rule of thumb chose
        lines.append("  " + t("tiebreak", lang))
    stats = sorted(analysis.stats, key=lambda s: -s.visits)[:top]
    if stats:
        width = max(len(label(s.move)) for s in stats)
        for s in stats:
            lines.append(f"    {label(s.move):<{width}}  {t('visits', lang)} {s.visits:>7,}"
                         f"   {t('value', lang)} {s.value:5.3f}")
        if len(analysis.stats) > top:          # the others, searched as much at most: say they are there
            lines.append("    " + t("more_moves", lang, n=len(analysis.stats) - top))
    if analysis.belief:
        lines.append("  " + t("belief", lang))
        for seat, dist in sorted(analysis.belief.items(), key=lambda kv: int(kv[0])):
            likely = [(k, p) for k, p in sorted(dist.items(), key=lambda kv: -kv[1]) if p >= 0.005]
            parts = ", ".join(f"{game.describe_action(k, lang)} {p:.0%}" for k, p in likely[:belief_top])
            if len(likely) > belief_top:        # a game with many cards (Shadow Master): the likeliest only
                parts += ", " + t("more", lang, n=len(likely) - belief_top)
            who = narrator.seat(int(seat), viewer) if narrator is not None else f"{t('seat', lang)} {seat}"
            lines.append(f"    {who}: {parts}")
    return lines
