"""Whatever ``save`` writes, ``load`` reads: a record's size limits come from its game's own limits
(:meth:`Game.max_events`: Coup's turn cap, the rounds of the Politics Game and Shadow Master), so a
game played to them saves, loads and replays; and a record no reader would accept is refused when
written, with the reason, instead of being written."""
from __future__ import annotations

import random

import pytest

from intrigue.engine import GameRecord, RecordError, game_class, game_names, load_game, new_game
from intrigue.engine.records import (DEFAULT_MAX_EVENTS, EVENT_BYTES, max_record_bytes, max_record_events)


def steal_and_block_forever(players: int, max_turns: int, seed: int = 1):
    """A Coup game that only the turn cap ends: every turn a steal from the next seat, blocked with
    a Captain, the block let stand (no card is ever lost, no coin ever moves)."""
    state = new_game("coup", players=players, options={"max_turns": max_turns}, seed=seed)
    while not state.is_terminal():
        legal = state.legal_moves()
        steal = f"steal {(state.current_player() + 1) % players}"
        state.apply_action(next((m for m in (steal, "block captain", "pass") if m in legal), legal[0]))
    return state


def round_trip(state, tmp_path):
    path = tmp_path / "long.msgpack"
    state.record().save(path)
    back = GameRecord.load(path)
    assert back.events == [tuple(e) for e in state.view(None)]
    final = back.replay()
    assert final.is_terminal() and final.result().to_dict() == state.result().to_dict()
    return back


@pytest.mark.slow
def test_a_two_player_coup_game_played_to_26000_turns_saves_loads_and_replays(tmp_path):
    # the report's game: 104,002 events, over the reader's old cap of 100,000
    state = steal_and_block_forever(2, 26_000)
    assert len(state.view(None)) == 104_002 > DEFAULT_MAX_EVENTS
    assert state.core.turn == 26_000
    round_trip(state, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("players", [6])
def test_coup_at_its_largest_turn_cap_saves_loads_and_replays(tmp_path, players):
    cap = game_class("coup").option_specs["max_turns"].max
    state = steal_and_block_forever(players, cap)
    assert len(state.view(None)) <= load_game("coup", players=players, options={"max_turns": cap}).max_events()
    round_trip(state, tmp_path)


def longest_turn(start) -> int:
    """The most events one Coup turn can take from ``start`` (every decision tried; a chance event is
    one event whatever its outcome)."""
    turn = start.core.turn

    def longest(state) -> int:
        if state.is_terminal() or state.core.turn != turn:
            return 0
        if state.is_chance_node():
            nxt = state.clone()
            nxt.apply_action(state.chance_outcomes()[0][0])
            return 1 + longest(nxt)
        best = 0
        for a in state.legal_actions():
            nxt = state.clone()
            nxt.apply_action(a)
            best = max(best, 1 + longest(nxt))
        return best

    return longest(start)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_coup_turn_takes_at_most_2n_plus_6_events_and_can_take_that_many(players):
    # the worst turn needs the actor to hold a Captain (the steal's challenge is proved) and the
    # target a Captain or an Ambassador (so is the block's): found by the deal, tried exhaustively
    game = load_game("coup", players=players)
    per_turn = (game.max_events() - players) // game.options["max_turns"]
    assert per_turn == 2 * players + 6
    reached = False
    for seed in range(200):
        dealt = new_game("coup", players=players, seed=seed)
        hands = [dealt.information_state(s).private_info().get("cards", []) for s in (0, 1)]
        if "captain" not in hands[0] or not {"captain", "ambassador"} & set(hands[1]):
            continue
        state = game.new_initial_state()          # chance nodes explicit: each draw counts as an event
        for _, text in dealt.view(None):
            state.apply_action(text)
        longest = longest_turn(state)
        assert longest <= per_turn
        reached = longest == per_turn
        break
    assert reached


@pytest.mark.parametrize("players", [2, 3])
def test_a_kuhn_game_takes_at_most_its_bound_and_can_take_that_many(players):
    game = load_game("kuhn", players=players)

    def longest(state):
        if state.is_terminal():
            return 0
        if state.is_chance_node():
            nxt = state.clone()
            nxt.apply_action(state.chance_outcomes()[0][0])
            return 1 + longest(nxt)
        out = 0
        for a in state.legal_actions():
            nxt = state.clone()
            nxt.apply_action(a)
            out = max(out, 1 + longest(nxt))
        return out

    assert longest(game.new_initial_state()) == game.max_events()


EVENT_SEEKING = ("inspect", "withdraw", "deal", "play", "media", "invite", "decline", "probe", "hold", "buy", "break")


def _longest_games(name: str, players: int, options: dict, games: int):
    """Random and event-seeking games (they prefer decisions that open windows, draw cards or
    decline), the longest first."""
    out = []
    for g in range(games):
        for bias in (0.0, 0.9):
            rng = random.Random(1000 * g + int(10 * bias))
            state = new_game(name, players=players, options=options, seed=g)
            while not state.is_terminal():
                legal = state.legal_moves()
                seek = [m for m in legal if m.split()[0] in EVENT_SEEKING]
                state.apply_action(rng.choice(seek) if seek and rng.random() < bias else rng.choice(legal))
            out.append(state)
    return sorted(out, key=lambda s: -len(s.history))


@pytest.mark.parametrize("name, players, options, games", [
    ("politics", 8, {"length": "full", "max_invitations": 7}, 12),
    ("shadow_master", 6, {"max_rounds": 250}, 2),
])
def test_round_games_at_their_largest_settings_stay_well_inside_their_bound_and_round_trip(
        tmp_path, name, players, options, games):
    game = load_game(name, players=players, options=options)
    assert game.max_events() == game_class(name).most_events()      # these are the game's largest settings
    longest = _longest_games(name, players, options, games)
    # the bound claims about three times the longest rounds found: the games stay under half of it
    assert len(longest[0].history) <= game.max_events() // 2
    round_trip(longest[0], tmp_path)


def test_the_readers_limits_cover_every_games_largest_setting():
    for name in game_names():
        most = game_class(name).most_events()
        assert most is None or most <= max_record_events()
    assert max_record_bytes() >= EVENT_BYTES * max_record_events()


def test_a_record_longer_than_its_game_allows_is_refused_when_written_and_when_read(tmp_path):
    state = new_game("coup", players=2, options={"max_turns": 5}, seed=3)
    bound = state.game.max_events()
    record = state.record()
    record.events = [(-1, "deal 0 duke duke")] * (bound + 1)
    path = tmp_path / "too_long.msgpack"
    with pytest.raises(RecordError, match=f"more than {bound:,}.*2-player coup") as err:
        record.save(path)
    assert "cannot be written" in err.value.message
    assert not path.exists() and not (tmp_path / "too_long.msgpack.tmp").exists()
    # a reader given such bytes by another writer refuses them with the same reason
    import msgpack
    data = msgpack.packb(record.to_dict(), use_bin_type=True)
    with pytest.raises(RecordError, match=f"more than {bound:,}"):
        GameRecord.from_bytes(data)


def test_a_record_of_a_game_without_a_bound_keeps_the_default_limit():
    from intrigue.engine.records import event_limit
    assert event_limit("nosuchgame", "standard", 2, {})[0] == max_record_events()
    limit, why = event_limit("coup", "standard", 2, {"max_turns": 300})
    assert limit == 2 + 300 * 10 and "2-player coup" in why
