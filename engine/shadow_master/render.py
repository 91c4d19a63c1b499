"""A text picture of a Shadow Master position for the terminal.

The hex board is drawn in its odd-q layout: each board row takes two text lines, the even columns
(A, C, E ...) on the first and the odd columns (B, D, F ...), which sit half a cell lower, on the
second.  A cell shows its colour letter and stack height (``R2``), ``##`` for a black token, ``..``
when empty, and a ``^`` after it when a castle stands there (``R1^``); ``*`` marks a cell that
received a token this round.  Colours are also shown in terminal colour when ``color`` is on.
"""
from __future__ import annotations

from typing import Dict, List, Optional

from intrigue.engine.shadow_master import names
from intrigue.ext.shadow_master_core import Cell, income as income_of

ANSI = ["\033[31m", "\033[38;5;208m", "\033[33m", "\033[32m", "\033[34m", "\033[35m"]
RESET = "\033[0m"


def _cell_text(col: int, cnt: int, castle: int, recv: bool, color: bool) -> str:
    if col < 6:
        t = f"{names.COLOURS[col]}{cnt}"
        if color:
            t = f"{ANSI[col]}{t}{RESET}"
    elif col == Cell.BLACK:
        t = "##"
    else:
        t = ".."
    t += "^" if castle >= 0 else ("*" if recv else " ")
    return t


def board_lines(core, color: bool = False) -> list:
    cells = core.cells()
    recv = core.received()
    cols = [q for q in range(14) if cells[q][0] != Cell.OFF]
    width = 4
    head = "    " + "".join(f"{names.COLUMNS[q]:<{width}}" for q in cols)
    lines = [head]
    for r in range(5):
        for parity in (0, 1):
            parts = []
            for q in cols:
                h = 14 * r + q
                if q % 2 == parity:
                    col, cnt, castle = cells[h]
                    parts.append(_cell_text(col, cnt, castle, recv[h], color))
                else:
                    parts.append("   ")
                parts.append(" ")
            label = f"{r + 1:>2}  " if parity == 0 else "    "
            lines.append((label + "".join(parts)).rstrip())
    return lines


def render(game, core, seat: Optional[int], lang: str, result=None, color: bool = False) -> str:
    t = lambda key: names.ui(key, lang)  # noqa: E731
    f = core.flags()
    out = []
    final = f"  ({t('end')} {f['end_round']}: {t('final')} {f['end_round'] + 1})" if f["end_round"] else ""
    out.append(f"{t('round')} {core.round}   {t('first')}: {t('seat')} {core.first_player}{final}")
    out.extend(board_lines(core, color))
    ranks = core.ranks()
    supply = core.supply()
    out.append(f"{t('ranks')}: " + "  ".join(
        f"{names.COLOURS[c]} {ranks[c]}/{income_of(ranks[c])}" for c in range(6)))
    out.append(f"{t('supply')}: " + "  ".join(f"{names.COLOURS[c]} {supply[c]}" for c in range(6))
               + f"   {t('black')}: {f['black_supply']}")
    spaces = core.alliance()
    allied: Dict[int, List[str]] = {}           # alliance space -> the colours on it
    for c, sp in enumerate(spaces):
        if sp:
            allied.setdefault(sp, []).append(names.COLOURS[c])
    out.append(f"{t('alliance')}: " + ("  ".join(f"X{sp}: {' '.join(v)}" for sp, v in sorted(allied.items()))
                                      or t("empty")))
    row = core.row()
    out.append(f"{t('row')}: " + ("  ".join(
        f"{i + 1}:{names.card_name(card)}" + (f"(+{silver})" if silver else "") for i, (card, silver) in enumerate(row))
        or t("empty")) + f"   {t('draw')}: {core.draw_size()}   {t('discard')}: {len(core.discard_pile())}")
    persons = core.persons()
    castles = core.castles()
    cp = core.current_player()
    for p in range(core.num_players):
        hand, deps, pend, debt = core.money(p)
        dep = " ".join(f"{names.COLOURS[c]}:{deps[c]}" for c in range(6) if deps[c]) or "-"
        power = " ".join(f"{names.COLOURS[c]}-{names.type_name(ty, lang)}" + (f"x{k}" if k > 1 else "")
                         for (c, ty), k in sorted(core.power(p).items())) or "-"
        extra = [names.person_name(i, lang) for i, o in enumerate(persons) if o == p]
        extra += [f"{t('castles')} {names.cell_name(cell)}" for o, cell in castles if o == p and cell is not None]
        you = f" ({t('you')})" if seat == p else ""
        mark = f"  <- {t('to_move')}" if cp == p else ""
        status = f"  ({t('out')})" if not core.alive(p) else ""
        out.append(f"{t('seat')} {p}{you}: {t('hand')} {hand}  {t('deposits')} {dep}  {t('power')} {power}  "
                   f"{t('cards')} {core.hand_size(p)}  {t('pl')} {core.power_limit(p)}  {t('tl')} "
                   f"{core.territory_limit(p)}  {t('income')} {core.income(p)}  {t('score')} {core.score(p)}"
                   + (f"  [{', '.join(extra)}]" if extra else "") + status + mark)
        if seat is None or seat == p:
            cards = " ".join(names.card_name(c) for c in core.hand_cards(p)) or "-"
            out.append(f"    {t('your_hand') if seat == p else t('cards')}: {cards}")
        else:
            known = core.known_cards(p)
            if known:
                out.append(f"    {t('cards')} (known): {' '.join(names.card_name(c) for c in known)}")
    if cp >= 0:
        out.append(f"{t('to_move')}: {t('seat')} {cp} - {game.describe_decision(game.decision_kind(core), lang)}")
    if result is not None:
        out.append(f"{t('winner')}: " + ", ".join(f"{t('seat')} {w}" for w in result.winners)
                   + "   " + t("score") + ": " + " ".join(str(int(s)) for s in (result.scores or ())))
    return "\n".join(out)
