"""Politics' belief trackers are the code base's one replay of a view (issue 9): both are
:class:`~intrigue.engine.replay.ViewReplay` subclasses, they read the same evidence as reading the
view's events directly, continue incrementally, and refuse a bad view like every replay does."""
from __future__ import annotations

import pytest

from intrigue.engine import new_game
from intrigue.engine.errors import RecordError
from intrigue.engine.politics.belief import PoliticsBelief, _Tracker
from intrigue.engine.politics.evidence import PublicEvidence, PublicTracker
from intrigue.engine.politics.heuristic import PoliticsHeuristic
from intrigue.engine.replay import ViewReplay
from intrigue.ext.game_api import Rng


def _heuristic_game(players: int, seed: int, stop_at: str = "vote"):
    s = new_game("politics", players=players, seed=seed)
    bots = [PoliticsHeuristic(Rng(seed * 31 + p)) for p in range(players)]
    while not s.is_terminal() and s.decision().kind != stop_at:
        p = s.current_player()
        s.apply_action(bots[p].choose(s.information_state(p)))
    return s


@pytest.mark.parametrize("players,seed", [(6, 3), (8, 4)])
def test_both_trackers_are_view_replays_reading_the_same_evidence_as_the_view(players, seed):
    s = _heuristic_game(players, seed)
    for seat in range(players):
        info = s.information_state(seat)
        model = PoliticsBelief(s.game)
        tr = model.tracker(info)
        assert isinstance(tr, _Tracker) and isinstance(tr, ViewReplay)
        assert tr.view == [tuple(e) for e in info.view]
        # the replay stands where the game stands (its hidden parts only consistent with the view)
        assert tr.core.current_player() == s.current_player() and tr.core.phase == s.core.phase
        assert [tr.core.coins(p) for p in range(players)] == [s.core.coins(p) for p in range(players)]
        direct = PublicEvidence(players)
        for ev_seat, text in info.view:
            direct.observe(ev_seat, text)
        public = PublicTracker(s.game, seat)
        public.feed(info.view)
        assert isinstance(public, ViewReplay)
        for a in range(players):
            for b in range(a + 1, players):
                assert public.pair_loglik(a, b) == direct.pair_loglik(a, b)
                assert tr.public.pair_loglik(a, b) == direct.pair_loglik(a, b)
        assert public.belief(None) == direct.belief(None)


def test_a_replay_continued_in_pieces_scores_exactly_as_one_read():
    s = _heuristic_game(8, 4)
    info = s.information_state(2)
    whole = PoliticsBelief(s.game)
    ll_whole = whole.loglik(info)
    pieces = PoliticsBelief(s.game, opponent="heuristic")
    tr = pieces.tracker_class(s.game, 2, pieces.params, "heuristic")
    view = list(info.view)
    for i in range(0, len(view), 37):
        assert tr.extends(view)
        tr.feed(view[i:i + 37])
    assert tr.view == whole.tracker(info).view
    assert {(a, b): tr.pair_loglik(a, b) for (a, b) in ll_whole} == ll_whole
    assert tr.decisions == whole.tracker(info).decisions > 100


def test_a_bad_view_is_refused_naming_the_event():
    s = _heuristic_game(6, 3)
    view = list(s.information_state(0).view)
    bad = view[:20] + [(view[20][0], "invite 9 offer 7")] + view[21:]
    model = PoliticsBelief(s.game)
    tr = model.tracker_class(s.game, 0, model.params, "heuristic")
    with pytest.raises(RecordError) as err:
        tr.feed(bad)
    assert err.value.details.get("step") == 20
    assert len(tr.view) == 20                              # what was replayed before it is kept
    with pytest.raises(RecordError):
        PublicTracker(s.game, 0).feed(bad)


def test_the_notation_memo_reads_every_view_as_a_fresh_game_does():
    """PoliticsGame.observed_action remembers readings per (text, phase, asked, own): with the memo
    warm from other games, every seat's view still rebuilds exactly its information state, and bad
    notation is still refused."""
    from intrigue.engine import load_game
    from intrigue.engine.errors import IntrigueError
    from intrigue.engine.game import InfoState

    first = _heuristic_game(6, 3, stop_at="over")
    game = first.game
    for seat in range(6):
        InfoState.from_view(game, seat, first.view(seat))          # warm the memo
    assert len(game.__dict__.get("_observed", {})) > 50
    s = game.new_state(77)
    bots = [PoliticsHeuristic(Rng(700 + p)) for p in range(6)]
    while not s.is_terminal() and s.decision().kind != "vote":
        s.apply_action(bots[s.current_player()].choose(s.information_state(s.current_player())))
    fresh = load_game("politics", None, 6)
    for seat in range(6):
        view = s.view(seat)
        assert InfoState.from_view(game, seat, view) == s.information_state(seat)
        assert InfoState.from_view(fresh, seat, view).core == InfoState.from_view(game, seat, view).core
    core = s.core.clone()
    with pytest.raises(IntrigueError):
        game.observed_action(core, 0, "invite 9")
    with pytest.raises(IntrigueError):
        game.observed_action(core, 0, "accept please")
