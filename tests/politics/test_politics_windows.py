"""Reaction windows as a person meets them in ``intrigue play`` (issue 12, point 5).

The kernel asks every player who *could* hold the window's card by public information (so that
being asked, or passing, says nothing; docs/politics.md section 6, choice 1).  A person must not be
prompted for a window they cannot act in: the terminal plays the forced ``pass`` for them with a
line that says why, and prompts only a player who holds the card (§7.1).  The answer then has the
effect §7 gives it (COUP takes the leadership, BLOCK cancels it)."""
from __future__ import annotations

import io
import random

import pytest

from intrigue.cli.play import TerminalGame
from intrigue.ext.politics_core import Backroom
from intrigue.search.table import Table
from support.politics import WINDOWS, dealt

CARD_OF_WINDOW = {"coup_window": Backroom.COUP, "dealbreak_window": Backroom.DEALBREAK,
                  "block_window": Backroom.BLOCK, "media_window": Backroom.MEDIA}


class Person:
    """A TerminalGame at ``seat`` on ``table`` whose input is scripted: ``answer(lines)`` picks the
    reply from what was just shown; every prompt and every line shown is kept."""

    def __init__(self, table: Table, seat: int, answer) -> None:
        self.out = io.StringIO()
        self.tg = TerminalGame(table, seat, ["random"], "en", 1, out=self.out, status=io.StringIO())
        self.prompts = []
        self._answer = answer
        self.tg.ask = self._ask

    def _ask(self, prompt: str) -> str:
        self.prompts.append(prompt)
        return self._answer(self.out.getvalue().splitlines())

    def turn(self) -> str:
        """Let the person take the decision due; returns what was shown during it."""
        start = len(self.out.getvalue())
        assert self.tg.human_turn()
        return self.out.getvalue()[start:]


def option(label: str):
    """An answer: the number of the option whose label is ``label``."""
    def pick(lines):
        for line in reversed(lines):
            head, _, rest = line.strip().partition(". ")
            if head.isdigit() and rest == label:
                return head
        raise AssertionError(f"no option {label!r} in {lines[-6:]}")
    return pick


def test_coup_is_offered_to_its_holder_only_and_a_block_cancels_it():
    s = dealt(6, backroom=["coup", "block", "media", "block", "media", "block"])
    table = Table(s.game, state=s)
    state = table.state
    state.apply_action("leader 2")
    inf_before = [state.core.coins(p)["INF"] for p in range(6)]
    # COUP window, clockwise from the drawn leader's left: seats 3, 4, 5 hold no COUP
    for seat in (3, 4, 5):
        assert state.decision().kind == "coup_window" and state.current_player() == seat
        person = Person(table, seat, option("Pass"))
        shown = person.turn()
        assert person.prompts == []                          # not prompted ...
        assert "You have no Coup card to play here: you pass." in shown   # ... and told why
    assert state.current_player() == 0 and state.decision().kind == "coup_window"
    holder = Person(table, 0, option("Play Coup"))
    shown = holder.turn()
    assert len(holder.prompts) == 1 and "1. Pass" in shown and "2. Play Coup" in shown
    # the COUP opens a BLOCK window for everyone else, from the COUP player's left (seat 1)
    assert state.decision().kind == "block_window" and state.current_player() == 1
    first = Person(table, 1, option("Pass"))
    assert "Play Block" in first.turn() and len(first.prompts) == 1
    assert state.current_player() == 2                      # seat 2 holds MEDIA only
    media_only = Person(table, 2, option("Pass"))
    assert "You have no Block card" in media_only.turn() and media_only.prompts == []
    blocker = Person(table, 3, option("Play Block"))
    blocker.turn()
    assert len(blocker.prompts) == 1
    # BLOCK cancels the whole COUP (§7.5): seat 2 stays the leader, seat 0 pays nothing and gains
    # no UND; the BLOCK took effect: seat 3 gains UND 1; both cards are gone
    core = state.core
    assert state.decision().kind == "invite" and state.current_player() == 2 and core.leader == 2
    assert core.coins(0)["INF"] == inf_before[0] and core.coins(0)["UND"] == 0
    assert core.coins(3)["UND"] == 1
    assert core.backroom(0)[Backroom.COUP] == 0 and core.backroom(3)[Backroom.BLOCK] == 0


def test_an_unblocked_coup_makes_its_player_the_leader():
    s = dealt(6, backroom=["coup", "media", "media", "media", "media", "media"])
    table = Table(s.game, state=s)
    state = table.state
    state.apply_action("leader 2")
    inf0 = state.core.coins(0)["INF"]
    while state.current_player() != 0:
        Person(table, state.current_player(), option("Pass")).turn()
    Person(table, 0, option("Play Coup")).turn()
    # the BLOCK window asks those who could hold a BLOCK by the public counts; none does
    while state.decision().kind == "block_window":
        person = Person(table, state.current_player(), option("Pass"))
        person.turn()
        assert person.prompts == []                          # none of them holds a BLOCK
    core = state.core
    assert state.decision().kind == "invite" and state.current_player() == 0 and core.leader == 0
    assert core.coins(0)["INF"] == inf0 - 1 and core.coins(0)["UND"] == 1   # paid the fee; took effect


@pytest.mark.parametrize("players,seed", [(6, 3), (8, 5)])
def test_in_whole_games_a_person_is_prompted_in_a_window_only_when_holding_its_card(players, seed):
    """Every seat a scripted person answering at random: over whole games, a window decision
    prompts exactly when the seat holds the window's card (and then offers passing and playing)."""
    from intrigue.engine import new_game

    state = new_game("politics", players=players, seed=seed)
    table = Table(state.game, state=state)
    rnd = random.Random(seed)

    def any_option(lines):
        numbers = [line.strip().partition(". ")[0] for line in lines[-12:]]
        return rnd.choice([n for n in numbers if n.isdigit()])

    people = {p: Person(table, p, any_option) for p in range(players)}
    prompted, unprompted = set(), set()
    while not table.state.is_terminal():
        st = table.state
        p = st.current_player()
        if p < 0:
            table.apply(st.legal_actions()[0])
            continue
        kind = st.decision().kind
        if kind not in WINDOWS:
            table.apply(rnd.choice(st.legal_actions()), seat=p)
            continue
        holds = st.core.backroom(p)[CARD_OF_WINDOW[kind]] > 0
        person = people[p]
        asked_before = len(person.prompts)
        shown = person.turn()
        asked = len(person.prompts) > asked_before
        assert asked == holds, (kind, p, shown)
        if asked:
            prompted.add(kind)
            assert "Pass" in shown
        else:
            unprompted.add(kind)
            assert "card to play here: you pass." in shown
    assert prompted == unprompted == set(WINDOWS)          # all four windows, both ways
