"""Game records (coup.md section 10): save/load with msgpack, replay, seat views, refusals."""
from __future__ import annotations

import random

import msgpack
import pytest

from intrigue.engine import CHANCE, GameRecord, RecordError, new_game


def random_game(seed: int, players: int = 4, ruleset: str = "standard"):
    s = new_game("coup", ruleset=ruleset, players=players, seed=seed)
    rnd = random.Random(seed)
    while not s.is_terminal():
        s.apply_action(rnd.choice(s.legal_actions()))
    return s


def test_record_holds_ruleset_options_players_and_every_event():
    s = random_game(1, ruleset="seed-he")
    rec = s.record(seed=1)
    assert rec.game == "coup" and rec.ruleset == "seed-he" and rec.players == 4
    assert rec.options["steal_amount"] == 3 and rec.options["exchange"] == "swap_one"
    assert len(rec.events) == len(s.history)
    assert [t for _, t in rec.events[:4]] == [e.text for e in s.history[:4]]
    assert all(t.startswith("deal ") for _, t in rec.events[:4])
    assert rec.meta["result"]["winners"] == list(s.result().winners)


def test_save_load_replay_reproduces_every_state(tmp_path):
    for seed in range(25):
        s = random_game(seed, players=2 + seed % 5, ruleset=["standard", "seed-th", "seed-he"][seed % 3])
        path = tmp_path / f"g{seed}.msgpack"
        s.record(seed=seed).save(path)
        rec = GameRecord.load(path)
        states = list(rec.states())
        assert len(states) == len(s.history) + 1
        # replaying the live game step by step gives the same states
        live = s.game.new_initial_state()
        assert states[0].core == live.core
        for e, st in zip(s.history, states[1:]):
            live.apply_action(e.action)
            assert st.core == live.core
        assert rec.replay().result() == s.result()


def test_seat_view_omits_what_the_seat_did_not_see():
    s = random_game(3, players=4)
    full = s.record()
    for seat in range(4):
        v = full.view(seat)
        assert v.seat == seat and "seed" not in v.meta
        for ev_seat, text in v.events:
            words = text.split()
            if ev_seat == CHANCE:
                assert int(words[1]) == seat                     # only its own deals and draws
            if words[0] == "keep" and ev_seat != seat:
                assert text == "keep"                            # others' exchanges: no cards
        hidden = [e for e in s.history if e.private_to is not None and seat not in e.private_to]
        assert len(v.events) == len(s.history) - sum(1 for e in hidden if e.redacted is None)
        assert v.info_state() == s.information_state(seat)


def test_view_round_trips_through_bytes():
    v = random_game(4).record().view(2)
    back = GameRecord.from_bytes(v.to_bytes())
    assert back == v and back.info_state().seat == 2


@pytest.mark.parametrize("cut", [1, 10, 57, -1])
def test_truncated_record_is_refused(cut):
    data = random_game(5).record().to_bytes()
    with pytest.raises(RecordError) as err:
        GameRecord.from_bytes(data[:cut])
    assert "truncated or corrupt" in str(err.value) or "not a game record" in str(err.value)


@pytest.mark.parametrize("data", [b"", b"\x00\x01garbage", msgpack.packb([1, 2, 3]), msgpack.packb({"format": "x"})])
def test_garbage_is_refused(data):
    with pytest.raises(RecordError):
        GameRecord.from_bytes(data)


@pytest.mark.parametrize("key, value, words", [("players", "four", "not a whole number"),
                                                ("options", [1], "not a map of options"),
                                                ("events", None, "missing or not a list of events")])
def test_a_field_of_the_wrong_kind_is_named_in_plain_words(key, value, words):
    d = random_game(5).record().to_dict()
    d[key] = value
    with pytest.raises(RecordError) as err:
        GameRecord.from_dict(d)
    assert words in str(err.value) and "int" not in str(err.value).split(":")[-1] and err.value.field == key


def test_illegal_step_is_refused_naming_the_step():
    rec = random_game(6).record()
    events = list(rec.events)
    i = next(k for k, (seat, text) in enumerate(events) if seat >= 0 and text == "income")
    events[i] = (events[i][0], "coup 1")                          # not affordable at that point
    bad = GameRecord(rec.game, rec.ruleset, rec.players, rec.options, events)
    with pytest.raises(RecordError) as err:
        bad.replay()
    assert err.value.step == i and f"step {i}" in str(err.value)


def test_wrong_seat_and_malformed_events_are_refused():
    rec = random_game(7).record()
    events = list(rec.events)
    seat, text = events[6]
    events[6] = ((seat + 1) % 4, text)
    with pytest.raises(RecordError) as err:
        GameRecord(rec.game, rec.ruleset, rec.players, rec.options, events).replay()
    assert err.value.step == 6
    d = rec.to_dict()
    d["events"][3] = ["zero", "income"]
    with pytest.raises(RecordError) as err:
        GameRecord.from_dict(d)
    assert err.value.step == 3
    d = rec.to_dict()
    d["events"][5][1] = "dance"
    with pytest.raises(RecordError) as err:
        GameRecord.from_dict(d).replay()
    assert err.value.step == 5 and "dance" in str(err.value)


def test_record_with_bad_setup_is_refused():
    rec = random_game(8).record()
    for key, value in (("ruleset", "seed-xx"), ("players", 9), ("game", "chess")):
        d = rec.to_dict()
        d[key] = value
        with pytest.raises(RecordError):
            GameRecord.from_dict(d).replay()
    d = rec.to_dict()
    d["options"]["steal_amount"] = 99
    with pytest.raises(RecordError) as err:
        GameRecord.from_dict(d).replay()
    assert "steal_amount" in str(err.value)


def test_a_view_with_an_impossible_observation_is_refused():
    s = new_game("coup", players=3, seed=11)
    opts = dict(s.game.options)
    # seat 0 holds both dukes it can see; seat 1 proves a duke: that is the third and last one
    events = [(-1, "deal 0 duke duke"), (0, "income"), (1, "tax"), (2, "challenge"), (1, "reveal duke")]
    GameRecord("coup", "standard", 3, opts, events, seat=0).info_state()       # possible so far
    with pytest.raises(RecordError) as err:                                      # a fourth duke is not
        GameRecord("coup", "standard", 3, opts, events + [(2, "reveal duke")], seat=0).info_state()
    assert err.value.step == 5
    # seat 0 proves a duke, seat 1 turns the third one face up: one duke is left unseen (in the
    # deck), so seat 0 cannot draw two in an exchange
    events = [(-1, "deal 0 duke duke"), (0, "tax"), (1, "challenge"), (0, "reveal duke"), (1, "reveal duke"),
              (-1, "draw 0 captain"), (1, "income"), (2, "income"), (0, "exchange"), (1, "pass"), (2, "pass")]
    GameRecord("coup", "standard", 3, opts, events + [(-1, "draw 0 duke contessa")], seat=0).info_state()
    with pytest.raises(RecordError) as err:
        GameRecord("coup", "standard", 3, opts, events + [(-1, "draw 0 duke duke")], seat=0).info_state()
    assert err.value.step == 11
