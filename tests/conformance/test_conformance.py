"""One contract for every game (in the spirit of OpenSpiel's generic game tests).

Each registered game, for several rulesets and player counts, must: play random games to the end
with only legal actions; round-trip its compact state through bytes; clone independently; determinize
consistently with a seat's information state and blindly to the truth; round-trip the notation of
every legal action; save, load and replay records; rebuild a seat's information state from that
seat's view alone; play through the protocol as referee and as advisor; play ``intrigue play`` to the
end; and give a legal decision from every bot type.  A new game passes this with no new test code.
"""
from __future__ import annotations

import os
import subprocess
import sys
from typing import Iterator, List, Optional

import pytest

from intrigue.engine import CHANCE, GameRecord, State, load_game
from intrigue.ext.game_api import Rng
from intrigue.search.bot import BotSpecError, bot_types, make_bot

MAX_STEPS = 20000


def random_game(case, seed: int) -> Iterator[State]:
    """The states of one uniformly random game (chance by its own odds), from the first decision."""
    state = load_game(case.game, case.ruleset, case.players).new_state(seed)
    rng = Rng(seed * 7 + 1)
    yield state
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
        yield state
    raise AssertionError(f"{case} did not end in {MAX_STEPS} steps")


def sample_states(case, seed: int, every: int = 7) -> List[State]:
    """Clones of every ``every``-th state of one random game, and its last state."""
    out: List[State] = []
    last = None
    for i, s in enumerate(random_game(case, seed)):
        last = s
        if i % every == 0:
            out.append(s.clone())
    out.append(last.clone())
    return out


# --------------------------------------------------------------------------------------------------
# the rules face
# --------------------------------------------------------------------------------------------------
def test_random_games_end_with_only_legal_actions_and_a_consistent_result(case):
    for seed in (1, 2):
        steps = 0
        for state in random_game(case, seed):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            assert legal and legal == sorted(set(legal)), "legal actions: non-empty, increasing, distinct"
            assert state.current_player() >= 0, "a state made by new_state resolves chance itself"
            assert all(state.core.is_legal(a) for a in legal)
            steps += 1
        res = state.result()
        n = case.players
        assert len(res.placings) == n and len(res.rewards) == n and res.winners
        assert all(res.placings[w] == 1 for w in res.winners)
        assert all(1 <= p <= n for p in res.placings)
        assert state.legal_actions() == [] and steps > 0


def test_illegal_actions_are_refused_and_change_nothing(case):
    state = load_game(case.game, case.ruleset, case.players).new_state(3)
    legal = set(state.legal_actions())
    illegal = next(a for a in range(state.core.num_actions + 1) if a not in legal)
    before = state.encode(), len(state.history)
    with pytest.raises(Exception) as err:
        state.apply_action(illegal)
    assert "legal" in str(err.value)
    assert (state.encode(), len(state.history)) == before


def test_state_bytes_round_trip_at_every_state(case):
    core_type = type(load_game(case.game, case.ruleset, case.players)._new_core())
    for state in random_game(case, 4):
        data = state.encode()
        back = core_type.decode(data)
        assert back == state.core and back.encode() == data


def test_clones_are_independent(case):
    for state in sample_states(case, 5):
        if state.is_terminal():
            continue
        before = state.encode()
        twin = state.clone()
        twin.apply_action(twin.legal_actions()[-1])
        assert state.encode() == before and len(twin.history) > len(state.history)


def test_notation_round_trips_for_every_legal_action(case):
    for state in sample_states(case, 6, every=3):
        core = state.core
        probe = core.clone()
        outcomes = [a for a, _ in probe.chance_outcomes()] if probe.is_chance_node() else []
        for a in state.legal_actions() + outcomes:
            text = state.game.action_to_string(core, a)
            assert state.game.string_to_action(core, text) == a, text


def test_chance_outcomes_are_a_distribution(case):
    game = load_game(case.game, case.ruleset, case.players)
    state = game.new_initial_state()
    rng = Rng(8)
    seen = 0
    while not state.is_terminal() and seen < 200:
        if state.is_chance_node():
            outs = state.chance_outcomes()
            assert outs and abs(sum(p for _, p in outs) - 1.0) < 1e-9 and all(p > 0 for _, p in outs)
            assert len(outs) <= state.core.max_legal
            state.apply_chance(rng)
        else:
            legal = state.legal_actions()
            assert len(legal) <= state.core.max_legal
            state.apply_action(legal[rng.below(len(legal))])
        seen += 1


# --------------------------------------------------------------------------------------------------
# hidden information
# --------------------------------------------------------------------------------------------------
def test_determinization_keeps_what_the_seat_knows(case):
    for state in sample_states(case, 9):
        for seat in range(case.players):
            info = state.information_state(seat)
            for k in range(3):
                det = info.determinize(Rng(100 + k))
                again = det.core.clone()
                again.canonicalize(seat)
                assert again == info.core, "own private information and everything public unchanged"
                assert det.core.legal_actions() == info.core.legal_actions() or det.current_player() != seat


def test_determinization_is_blind_to_the_truth(case):
    """Two true states the seat cannot tell apart have one information state, so they give the same
    determinizations from one seed: nothing of the truth beyond the seat's information leaks in."""
    for state in sample_states(case, 10):
        for seat in range(case.players):
            info = state.information_state(seat)
            for k in range(2):
                other = info.determinize(Rng(55 + k)).core       # another truth with the same information
                canon = other.clone()
                canon.canonicalize(seat)
                assert canon == info.core
                a, b = info.core.clone(), canon
                a.determinize(seat, Rng(77))
                b.determinize(seat, Rng(77))
                assert a == b


def test_a_seats_view_rebuilds_its_information_state(case):
    for state in sample_states(case, 11, every=11):
        for seat in range(case.players):
            info = state.information_state(seat)
            rebuilt = state.game.info_state_from_view(seat, state.view(seat))
            assert rebuilt == info


def test_a_view_never_holds_another_seats_private_events(case):
    state = None
    for state in random_game(case, 12):
        pass
    for seat in range(case.players):
        view = state.view(seat)
        for ev in state.history:
            if ev.private_to is not None and seat not in ev.private_to and ev.redacted is None:
                assert (ev.seat, ev.text) not in view or ev.seat == CHANCE and any(
                    e.text == ev.text and (e.private_to is None or seat in e.private_to) for e in state.history)


# --------------------------------------------------------------------------------------------------
# records
# --------------------------------------------------------------------------------------------------
def test_records_save_load_and_replay(game_case, tmp_path):
    state = None
    for state in random_game(game_case, 13):
        pass
    path = tmp_path / "game.msgpack"
    state.record(note="conformance").save(str(path))
    loaded = GameRecord.load(str(path))
    final = loaded.replay()
    assert final.encode() == state.encode() and final.result() == state.result()
    for seat in range(game_case.players):
        view = loaded.view(seat)
        vpath = tmp_path / f"seat{seat}.msgpack"
        view.save(str(vpath))
        assert GameRecord.load(str(vpath)).info_state() == state.information_state(seat)


# --------------------------------------------------------------------------------------------------
# protocol, terminal, bots
# --------------------------------------------------------------------------------------------------
def test_refereed_protocol_game_to_the_end(game_case):
    from support.protocol import Conn
    conn = Conn()
    msgs = conn.send({"cmd": "new_game", "game": game_case.game, "ruleset": game_case.ruleset,
                      "players": game_case.players, "seed": 3, "bots": "random", "engine_seats": [1]
                      if game_case.players == 2 else list(range(1, game_case.players))})
    assert msgs[0]["type"] == "game", msgs[0]
    for _ in range(MAX_STEPS):
        if any(m.get("type") == "game_over" for m in msgs):
            break
        legal = conn.server.session.table.state.legal_moves()
        msgs = conn.send({"cmd": "move", "action": legal[0]})
        assert not [m for m in msgs if m.get("type") == "error"], msgs
    over = [m for m in msgs if m.get("type") == "game_over"]
    assert over and over[0]["result"]["winners"]


def test_advisor_mode_follows_one_seat_and_decides_legally(game_case):
    from support.protocol import Conn
    state = load_game(game_case.game, game_case.ruleset, game_case.players).new_state(21)
    rng = Rng(21)
    seat = game_case.players - 1
    conn = Conn()
    view = state.view(seat)
    conn.send({"cmd": "position", "id": 0, "game": game_case.game, "ruleset": game_case.ruleset,
               "players": game_case.players, "seat": seat, "events": [list(e) for e in view]})
    known, decisions = len(view), 0
    while not state.is_terminal() and decisions < 3:
        if state.current_player() == seat:
            dec = [m for m in conn.send({"cmd": "go", "id": decisions, "iterations": 30}) if m.get("type") == "decision"]
            assert dec and dec[0]["move"] in state.legal_moves()
            state.apply_action(dec[0]["move"])
            decisions += 1
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
        new = state.view(seat)[known:]
        known += len(new)
        if new:
            pos = [m for m in conn.send({"cmd": "observe", "id": "o", "events": [list(e) for e in new]})
                   if m.get("type") in ("position", "error")]
            assert pos and pos[0]["type"] == "position", pos
    assert conn.server.session.info == state.information_state(seat)


def test_intrigue_play_to_the_end(game_case):
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    answers = "1\n" * 5000
    proc = subprocess.run([sys.executable, "-m", "intrigue.cli.main", "play", game_case.game,
                           "--ruleset", game_case.ruleset, "--players", str(game_case.players),
                           "--bots", "random", "--seed", "5"],
                          input=answers, capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Traceback" not in proc.stdout + proc.stderr and len(proc.stdout) > 200


def _solved_spec(case, folder) -> Optional[str]:
    """``solved:FILE`` for a game small enough to solve (a few CFR iterations will do), else None
    after checking that solving it is refused as too large."""
    from intrigue.search.solve import solve
    from intrigue.search.tree import TreeTooLargeError, check_size
    game = load_game(case.game, case.ruleset, case.players)
    try:
        check_size(game)
    except TreeTooLargeError as err:
        assert "too large for exact work" in str(err)
        return None
    path = os.path.join(folder, "policy.msgpack")
    solve(game, 20).policy.save(path)
    return f"solved:{path}"


@pytest.mark.parametrize("bot", sorted(bot_types()))
def test_every_bot_type_decides_legally(game_case, bot, tmp_path):
    spec = {"ismcts": "ismcts:iterations=200"}.get(bot, bot)
    if bot == "solved":
        spec = _solved_spec(game_case, str(tmp_path))
        if spec is None:
            return                     # a game too large to solve has no solved bot (refused above)
    for state in sample_states(game_case, 14, every=15)[:4]:
        if state.is_terminal():
            continue
        seat = state.current_player()
        try:
            b = make_bot(spec, seed=1)
            ans = b.choose(state.information_state(seat))
        except BotSpecError as err:            # a game without that bot's plug-in says so clearly
            assert game_case.game in str(err) or "does not play" in str(err)
            return
        finally:
            pass
        b.close()
        assert ans.action in state.legal_actions() and ans.move == state.action_to_string(ans.action)



def test_an_unknown_option_is_refused_naming_it_and_what_the_game_takes(case):
    from intrigue.engine.errors import OptionError
    with pytest.raises(OptionError) as err:
        load_game(case.game, case.ruleset, case.players, {"no_such_option": 1})
    message = str(err.value)
    assert "no_such_option" in message and "known: )" not in message
