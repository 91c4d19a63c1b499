"""The table of a game in progress (search/table.py): its steps, and each view's text of an event."""
import pytest

from intrigue.engine.registry import load_game
from intrigue.search.table import Table, seen


def test_steps_number_the_events_of_the_full_history():
    table = Table(load_game("kuhn"), seed=1)
    steps = table.start() + table.apply("check", seat=0)
    assert [s.number for s in steps] == list(range(len(table.state.history)))
    assert [s.event for s in steps] == list(table.state.history)
    assert [s.kind for s in steps][:2] == ["deal", "deal"]


def test_each_view_sees_an_event_as_its_seat_does():
    table = Table(load_game("kuhn"), seed=1)
    deal0, deal1 = (step.event for step in table.start())       # each card seen by its seat only
    assert seen(deal0, "full") == deal0.text and seen(deal1, "full") == deal1.text
    assert seen(deal0, 0) == deal0.text and seen(deal0, 1) is None
    assert seen(deal1, 1) == deal1.text and seen(deal1, 0) is None
    assert seen(deal0, "public") is None
    with pytest.raises(ValueError, match="unknown view 'Full'"):
        seen(deal0, "Full")                       # not read as a seat that sees nothing private
