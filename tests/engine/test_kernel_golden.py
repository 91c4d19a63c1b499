"""The Coup, Politics and Shadow Master kernels play exactly the games they played before they were
split by concern: seeded random games (legal actions, chance odds, every state's bytes, every seat's
determinization and canonical form), the C playout and property loops, the policy and heuristic
choices, the belief tables and the search's decisions (tests/support/kernel_golden.py computes them;
tests/data/kernel_golden.json holds what the kernels produced before), and the records they saved
still load and replay to the same states."""
from __future__ import annotations

import json
import os

import pytest

from support import kernel_golden
from support import DATA

GOLDEN = str(DATA / "kernel_golden.json")


@pytest.fixture(scope="module")
def expected():
    with open(GOLDEN, encoding="utf-8") as f:
        return json.load(f)


def _differences(want, got, path=""):
    """The paths at which two nested JSON values differ."""
    if isinstance(want, dict) and isinstance(got, dict):
        out = []
        for k in sorted(set(want) | set(got)):
            out += _differences(want.get(k), got.get(k), f"{path}/{k}")
        return out
    return [] if want == got else [f"{path}: expected {want!r}, got {got!r}"]


def _normalised(value):
    """``value`` as it reads back from JSON (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value, sort_keys=True))


def test_coup_kernel_plays_the_recorded_games(expected):
    """Coup's section is quick (a few seconds), so it runs in the fast lane too."""
    got = _normalised(kernel_golden.coup_golden())
    diff = _differences(expected["coup"], got)
    assert not diff, "the Coup kernel's seeded outputs changed:\n" + "\n".join(diff[:20])


@pytest.mark.slow
@pytest.mark.parametrize("game", ["politics", "shadow_master"])
def test_kernel_plays_the_recorded_games(expected, game):
    got = _normalised(getattr(kernel_golden, f"{game}_golden")())
    diff = _differences(expected[game], got)
    assert not diff, "the kernel's seeded outputs changed:\n" + "\n".join(diff[:20])


@pytest.mark.parametrize("fname", [r[0] for r in kernel_golden.RECORDS])
def test_stored_record_replays_identically(expected, fname):
    """A record saved by the kernels before the split loads, replays to the same final state, and
    each seat's view replays to the same information state."""
    from intrigue.engine.records import GameRecord
    rec = GameRecord.load(os.path.join(kernel_golden.RECORDS_DIR, fname))
    got = _normalised(kernel_golden.record_digests(rec))
    diff = _differences(expected["records"][fname], got)
    assert not diff, "\n".join(diff)
    assert rec.replay().view(None) == [tuple(e) for e in rec.events]
