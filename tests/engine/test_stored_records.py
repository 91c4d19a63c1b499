"""Game records saved by earlier builds load and replay to the same game.

Every registered game has stored records under tests/data/: Coup's (tests/data/coup_records/, checked in
tests/coup/test_coup_mini.py), Politics' and Shadow Master's (tests/data/records/, checked bit for bit
by tests/engine/test_kernel_golden.py), and Kuhn poker's and Leduc hold'em's, checked here against
``<game>-expected.json``: the events, each seat's view, the result and the board.  The Kuhn records were
made by the build of commit 8b8d693, before Kuhn paid chips: their search rewards are now the chip
rule's, (chips + 2) / (2n), and everything else is as it was."""
from __future__ import annotations

import json

import pytest

from intrigue.engine import game_names
from intrigue.engine.records import GameRecord
from support import DATA

RECORDS = DATA / "records"
CHECKED_HERE = ("kuhn", "leduc")


def _expected(game: str) -> dict:
    return json.loads((RECORDS / f"{game}-expected.json").read_text(encoding="utf-8"))


def test_every_game_has_stored_records():
    stored = {p.name.split("-")[0] for p in RECORDS.glob("*.msgpack")}
    stored |= {"coup"} if any((DATA / "coup_records").glob("*.msgpack")) else set()
    assert set(game_names()) <= stored, set(game_names()) - stored


@pytest.mark.parametrize("game", CHECKED_HERE)
def test_stored_records_replay_as_they_did(game):
    expected = _expected(game)
    assert len(expected) >= 4
    for name, want in expected.items():
        record = GameRecord.load(str(RECORDS / name))
        final = record.replay()
        players = final.game.num_players
        assert [[e.seat, e.text] for e in final.history] == want["history"], name
        assert [[list(x) for x in final.view(s)] for s in range(players)] == want["views"], name
        assert final.game.render(final, None) == want["board"], name
        result = final.result().to_dict()
        if game == "kuhn":                          # the chip rule replaced win/lose rewards
            assert result["rewards"] == pytest.approx([(c + 2) / (2 * players) for c in want["result"]["scores"]])
            result["rewards"] = want["result"]["rewards"]
        assert result == want["result"], name
