"""The Politics Game under the search: the belief chain and the belief model against exact
enumeration, team rewards, and the ismcts bot (legal, blind to what its seat cannot see, reporting
its belief)."""
import json
import math
import re
from collections import Counter
from itertools import combinations

import pexpect
import pytest

from intrigue.engine import load_game
from intrigue.engine.game import CHANCE
from intrigue.ext.game_api import Rng
from intrigue.ext.politics_core import BELIEF_PAIRS, BELIEF_TABLE_SIZE, belief_pair_counts, pair_index
from intrigue.search.belief import belief_model
from intrigue.engine.politics.belief import PoliticsBelief
from intrigue.search.bot import make_bot
from intrigue.search.ismcts import search_defaults
from intrigue.engine.politics.evidence import PublicEvidence
from intrigue.engine.politics.heuristic import PoliticsHeuristic
from support.politics import dealt, form, play

PAIRS = BELIEF_PAIRS


def _heuristic_game(players, seed, ruleset=None, **opts):
    s = load_game("politics", ruleset, players, opts or None).new_state(seed)
    bots = [PoliticsHeuristic(Rng(seed * 31 + p)) for p in range(players)]
    while not s.is_terminal():
        p = s.current_player()
        s.apply_action(bots[p].choose(s.information_state(p)))
    return s


def _cut(final, upto):
    """The game of ``final`` after its first ``upto`` events (chance explicit)."""
    s = final.game.new_initial_state()
    for ev in final.history[:upto]:
        s.apply_action(ev.action)
    return s


def _index(final, kind):
    probe = final.game.new_initial_state()
    for i, ev in enumerate(final.history):
        if probe.decision().kind == kind:
            return i
        probe.apply_action(ev.action)
    raise AssertionError(kind)


# --- the kernel's belief chain ----------------------------------------------------------------------
def test_belief_chain_draws_the_weighted_pair_exactly():
    for seed in range(40):                          # a game in which vote 1 exposes a player
        final = _heuristic_game(7, seed)
        shown = [i for i, ev in enumerate(final.history) if ev.text.startswith("exposed")]
        if shown and not final.core.crisis:
            break
    s = _cut(final, shown[0] + 1)
    core = s.core
    dark = core.dark_seats()
    honest = next(p for p in range(7) if p not in dark)
    table = [0.2 + (k * 7 % 11) / 5.0 for k in range(2 * PAIRS)] + [0.0] * (BELIEF_TABLE_SIZE - 2 * PAIRS)
    revealed = [p for p in range(7) if core.is_revealed(p)]
    assert len(revealed) == 1
    n = 60000
    for seat, offset in ((honest, 0), (-1, PAIRS)):
        info_core = s.information_state(honest).core if seat >= 0 else core
        possible = {}
        for a, b in combinations(range(7), 2):
            if seat in (a, b) or any(core.is_dark(p) != (p in (a, b)) for p in revealed):
                continue
            possible[pair_index(a, b)] = table[offset + pair_index(a, b)]
        z = sum(possible.values())
        counts = belief_pair_counts(info_core, seat, table, n, seed=5)
        assert sum(counts) == n
        for k in range(PAIRS):
            assert counts[k] / n == pytest.approx(possible.get(k, 0.0) / z, abs=0.008), (seat, k)
    # a DARK seat knows the pair: the chain keeps it
    counts = belief_pair_counts(s.information_state(dark[0]).core, dark[0], table, 500, seed=1)
    assert counts[pair_index(*dark)] == 500


def test_belief_step_deals_the_cards_like_determinize():
    s = load_game("politics", None, 6).new_state(4)
    rng = Rng(2)
    while s.decision().kind != "opposition_action":
        legal = s.legal_actions()
        s.apply_action(legal[rng.below(len(legal))])
    seat = s.current_player()
    info = s.information_state(seat)
    stat = {"det": Counter(), "step": Counter()}
    for i in range(4000):
        world = info.core.clone()
        if i % 2:
            world.determinize(seat, rng)
            key = "det"
        else:
            world.belief_step(seat, [1.0] * BELIEF_TABLE_SIZE, rng)
            key = "step"
        assert world.hand(seat) == s.core.hand(seat) and world.legal_actions() == s.core.legal_actions()
        stat[key][(seat + 1) % 6, tuple(world.hand((seat + 1) % 6))] += 1
        stat[key]["c3_in_pile", world.pile[5]] += 1
    for k in set(stat["det"]) | set(stat["step"]):
        assert stat["det"][k] / 2000 == pytest.approx(stat["step"][k] / 2000, abs=0.04), k


# --- the belief model -------------------------------------------------------------------------------
DIRECT_KINDS = {"invite", "answer_invite", "offer_contract", "answer_contract", "opposition_action",
                "failed_leader_draw", "resolve_contract"}


def _reference_loglik(final, upto, eps=0.1):
    """For every dark pair still possible at ``upto``: the log likelihood of the history's public
    decisions had that pair been dark, replayed in real states of that world (each deciding seat's
    true state, the kernel's policy probabilities ``model_probs``; at the votes the table's belief
    as the model computes it), plus the card evidence."""
    from intrigue.ext.ismcts import model_probs
    game = final.game
    n = game.num_players
    out = {}
    focal = {}                                                    # vote index -> the table's belief
    for a, b in combinations(range(n), 2):
        s = game.new_initial_state()
        ll, votes, ok = 0.0, {}, True
        for i, ev in enumerate(final.history[:upto]):
            kind = s.decision().kind
            if kind == "roles":
                s.apply_action(f"roles {a} {b}")
                continue
            if kind in ("role", "role_reveal"):
                legal = s.legal_actions()
                if kind == "role_reveal" and s.action_to_string(legal[0]) != ev.text:
                    ok = False                                    # a shown role rules the pair out
                    break
                s.apply_action(legal[0])
                continue
            q = ev.seat
            if q >= 0:
                legal = s.legal_actions()
                if len(legal) > 1 and kind in DIRECT_KINDS | {"leader_discard", "vote"}:
                    core = s.core.clone()
                    if kind == "vote":
                        if i not in focal:                        # the same for every world
                            cut = _cut(final, i)
                            model = PoliticsBelief(game)
                            focal[i] = model.tracker(cut.information_state(0)).focal()
                        core.set_focal(focal[i])
                    p = dict(zip(legal, model_probs(core)))[ev.action]
                    x = math.log((1 - eps) * p + eps / len(legal))
                    if kind == "vote":
                        votes[q] = x
                    elif kind != "leader_discard" or ev.text == "no_discard":
                        ll += x
            elif kind == "vote_reveal" and s.core.asked in votes:
                ll += votes.pop(s.core.asked)
            s.apply_action(ev.action)
        if ok:
            tr = PublicEvidence(n)
            for seat, text in final.view(None)[:upto]:
                tr.observe(seat, text)
            out[(a, b)] = ll + tr.pair_loglik(a, b) - tr.seat_llr[a] - tr.seat_llr[b]
    return out


@pytest.mark.parametrize("players,seed,when", [(6, 11, "vote"), (7, 2, "final_roles")])
def test_heuristic_model_matches_a_replay_in_every_world(players, seed, when):
    final = _heuristic_game(players, seed, "core")
    upto = _index(final, when)
    ref = _reference_loglik(final, upto)
    cut = _cut(final, upto)
    for observer in range(players):
        model = PoliticsBelief(cut.game)
        info = cut.information_state(observer)
        got = model.loglik(info)
        for pair, v in ref.items():
            assert got[pair] == pytest.approx(v, abs=1e-7), (observer, pair)
    assert model.tracker(info).decisions > 30


def test_models_tables_and_marginals():
    final = _heuristic_game(6, 5)
    s = _cut(final, _index(final, "vote"))
    dark = s.core.dark_seats()
    honest = [p for p in range(6) if p not in dark]
    for opponent in ("heuristic", "parametric"):
        model = belief_model(s.game, opponent=opponent)
        assert isinstance(model, PoliticsBelief)
        info = s.information_state(honest[0])
        table = model.table(info)
        assert len(table) == BELIEF_TABLE_SIZE
        for a, b in combinations(range(6), 2):
            k = pair_index(a, b)
            assert (table[k] == 0) == (honest[0] in (a, b))          # an honest seat is not dark
            assert table[PAIRS + k] == table[k]                      # selfdet keeps its own role
        belief = model.marginals(info, table, 0)
        assert set(belief) == set(range(6)) - {honest[0]}
        pairs = model.pair_belief(info, table)
        assert sum(pairs.values()) == pytest.approx(1.0)
        for q, d in belief.items():
            assert d["dark"] + d["honest"] == pytest.approx(1.0)
            assert d["dark"] == pytest.approx(sum(p for pr, p in pairs.items() if q in pr))
        # the search's chain draws the pairs the model says
        counts = belief_pair_counts(info.core, honest[0], table, 40000, seed=3)
        for pr, p in pairs.items():
            assert counts[pair_index(*pr)] / 40000 == pytest.approx(p, abs=0.01)
        # a DARK seat: its partner is dark for sure, and selfdet keeps the true pair
        info = s.information_state(dark[0])
        table = model.table(info)
        assert model.marginals(info, table, 0)[dark[1]]["dark"] == 1.0
        assert [k for k in range(PAIRS) if table[PAIRS + k]] == [pair_index(*dark)]
    # the parametric model is the heuristic's own belief
    info = s.information_state(honest[0])
    model = PoliticsBelief(s.game, opponent="parametric")
    want = PoliticsHeuristic(Rng(0)).parametric_belief(info)
    for pr, p in model.pair_belief(info, model.table(info)).items():
        assert p == pytest.approx(want[pr])
    # each section is normalised on its own: a pair the seat rules out cannot drown the others
    model = PoliticsBelief(s.game)
    model.loglik = lambda info, stop=None: {pr: (0.0 if honest[0] in pr else -5000.0 - sum(pr))
                                            for pr in combinations(range(6), 2)}
    table = model.table(info)
    assert max(table[:PAIRS]) == 1.0 and sum(1 for x in table[:PAIRS] if x > 0) == 10
    # evidence helps: against heuristic players the true pair is far above the prior
    assert PoliticsBelief(s.game).pair_belief(info, PoliticsBelief(s.game).table(info))[tuple(dark)] > 0.5


def test_incremental_replay_equals_a_fresh_one():
    final = _heuristic_game(6, 8)
    end = _index(final, "vote")
    model = PoliticsBelief(final.game)
    for upto in (40, 150, end):
        info = _cut(final, upto).information_state(2)
        assert model.loglik(info) == PoliticsBelief(final.game).loglik(info)


# --- the ismcts bot -----------------------------------------------------------------------------------
def _timeless(analysis):
    d = analysis.to_dict()
    d.pop("elapsed_ms"), d.pop("per_s", None)
    return d


def test_search_is_blind_to_roles_and_cards_its_seat_cannot_see():
    public = ["leader 0", "pass", "pass", "pass", "pass", "pass", "invite 2 offer 1", "accept"]
    a = dealt(6, roles=(1, 4), hands=["H0 H1 C1", "H2 C2 C3", "H0 H1 H2", "C1 C1 C2", "H0 C3 C3", "H2 C1 C2"])
    b = dealt(6, roles=(3, 5), hands=["H0 H1 C1", "C1 C2 C3", "H2 H2 H1", "H0 C1 C2", "H1 C3 C3", "H0 C1 C2"],
              backroom=["block", "coup", "media", "block", "block", "dealbreak"])
    for s in (a, b):
        play(s, *public)
    assert a.core != b.core and a.current_player() == 0
    ia, ib = a.information_state(0), b.information_state(0)
    assert ia == ib
    for spec in ("ismcts:iterations=1500", "ismcts:iterations=1500,belief=false,selfdet=0",
                 "ismcts:iterations=1500,opponent=parametric"):
        assert _timeless(make_bot(spec, seed=4).choose(ia)) == _timeless(make_bot(spec, seed=4).choose(ib))
    # a DARK seat: same partner, different honest hands
    c = dealt(6, roles=(0, 4), hands=["H0 H1 C1", "H2 C2 C3", "H0 H1 H2", "C1 C1 C2", "H0 C3 C3", "H2 C1 C2"])
    d = dealt(6, roles=(0, 4), hands=["H0 H1 C1", "H2 H2 H1", "C2 C3 C3", "C1 C1 C2", "H0 C2 C3", "H0 C1 C1"])
    for s in (c, d):
        play(s, *public)
    ic, id_ = c.information_state(0), d.information_state(0)
    assert ic == id_ and ic != ia
    assert _timeless(make_bot("ismcts:iterations=1500", seed=4).choose(ic)) == \
        _timeless(make_bot("ismcts:iterations=1500", seed=4).choose(id_))


def test_analysis_reports_who_is_dark():
    final = _heuristic_game(6, 5)
    s = _cut(final, _index(final, "vote"))
    dark = s.core.dark_seats()
    honest = next(p for p in range(6) if p not in dark)
    while s.current_player() != honest:           # the honest seat's vote
        s.apply_action(s.legal_actions()[0])
    out = make_bot("ismcts:iterations=800", seed=1).choose(s.information_state(honest))
    assert out.action in s.legal_actions() and out.extra["belief_model"] == "politics:heuristic"
    assert set(out.belief) == set(range(6)) - {honest}
    assert all(set(d) == {"dark", "honest"} for d in out.belief.values())
    assert sum(d["dark"] for d in out.belief.values()) == pytest.approx(2.0)
    assert min(out.belief[p]["dark"] for p in dark) > 0.5
    json.dumps(out.to_dict())


def test_team_rewards_in_the_search():
    # the kernel's returns give each seat its team's share; Result keeps the spec's
    s = _heuristic_game(6, 1)
    res = s.result()
    dark = s.core.dark_seats()
    share = sum(res.rewards[p] for p in dark)
    assert s.returns() == pytest.approx([share if p in dark else 1 - share for p in range(6)])
    assert sum(res.rewards) == pytest.approx(1.0) and set(res.winners) == {p for p in range(6) if res.rewards[p]}


@pytest.mark.parametrize("players,seed", [(6, 1), (6, 2), (8, 3)])
def test_score_utility_is_the_team_margin(players, seed):
    # the search's optional score utility (vt.scores): zeros before the end; at the end each team
    # gets (1 + tanh(margin / 8)) / 2 of the mean-Total margin, the two teams' utilities summing to 1
    from intrigue.ext.ismcts import score_utility
    s = _heuristic_game(players, seed)
    assert score_utility(_cut(s, len(s.history) - 1).core) == [0.0] * players
    dark = s.core.dark_seats()
    mean = lambda seats: sum(s.core.score(p) for p in seats) / len(seats)
    margin = mean(dark) - mean([p for p in range(players) if p not in dark])
    u = 0.5 * (1 + math.tanh(margin / 8))
    assert score_utility(s.core) == pytest.approx([u if p in dark else 1 - u for p in range(players)])


def test_score_option_is_checked_and_reported():
    from intrigue.search.bot import BotSpecError
    for bad in ("-0.1", "1.5", "much"):
        with pytest.raises(BotSpecError, match="score"):
            make_bot(f"ismcts:iterations=50,score={bad}", seed=1)
    s = _heuristic_game(6, 4)
    s = _cut(s, next(i for i, ev in enumerate(s.history) if ev.seat >= 0 and
                     len(_cut(s, i).legal_actions()) > 2))
    p = s.current_player()
    for w in ("0", "0.3", "auto"):
        out = make_bot(f"ismcts:iterations=200,score={w}", seed=2).choose(s.information_state(p))
        assert out.action in s.legal_actions()
        want = search_defaults(s.game).get("score", 0.0) if w == "auto" else float(w)
        assert out.extra["score"] == pytest.approx(want)


@pytest.mark.parametrize("players,ruleset,opts", [(6, None, {"length": "half"}),
                                                  (8, "core", {"length": "half"}),
                                                  (7, None, {"length": "half", "contracts": False})])
def test_ismcts_plays_only_legal_actions(players, ruleset, opts):
    from intrigue.search.arena import Arena, MatchConfig
    # the referee applies every decision with the rules' check and stops on an illegal one
    arena = Arena(MatchConfig(game="politics", ruleset=ruleset, players=players, options=opts, seed=players),
                  games=1, team_bots={"dark": "ismcts:iterations=120", "honest": "ismcts:iterations=120,opponent=parametric"})
    summary = arena.run()
    assert summary["games"] == 1 and arena.outcomes[0].moves and sum(arena.outcomes[0].moves) > 50


@pytest.mark.parametrize("seed,dark", [(3, True), (7, False)])
@pytest.mark.slow
def test_terminal_play_shows_a_role_and_partner_only_to_its_seat(seed, dark):
    # seed 3: seats 0 and 2 are dark; seed 7: seats 2 and 3 (the person at seat 0 is honest)
    from support.terminal import PROMPT, spawn
    child = spawn("play", "politics", "--players", "6", "--bots", "ismcts:iterations=100", "--seed", str(seed),
                  columns=200, rows=50, timeout=30)
    child.expect(PROMPT)
    seen = child.before
    for turn in range(40):                         # a few decisions, the ismcts bots playing in between,
        child.sendline("1")                        # at least until the person is dealt new cards
        child.expect(PROMPT)
        seen += child.before
        if turn >= 5 and "You are dealt " in seen:
            break
    child.sendline("quit")
    child.sendline("")                             # leave without saving
    child.expect(pexpect.EOF)
    assert ("You are a Dark power; your partner is seat 2." in seen) == dark and ("You are Honest." in seen) != dark
    assert not re.search(r"role [1-5] ", seen) and not re.search(r"Seat [1-5] is (Honest|a Dark)", seen)
    shown = seen.split("help, quit.", 1)[1]         # after the welcome (its list of opponents names seats too)
    board = [line for line in shown.splitlines() if re.match(r"(> )?(you|seat \d)[*+]? ", line.strip())][:6]
    roles = [("Dark power" in line, "Honest" in line) for line in board]
    if dark:
        assert roles == [(True, False), (False, True), (True, False), (False, True), (False, True), (False, True)]
    else:
        assert roles[0] == (False, True) and not any(any(r) for r in roles[1:])
    # the card deal is not told as the DEAL action (which may be offered in a menu line "4. Backroom deal")
    told = [line for line in seen.splitlines() if not re.match(r"\s*\d+\. ", line)]
    assert "You are dealt " in seen and not any("Backroom deal" in line for line in told)


def test_protocol_referee_and_advisor_with_ismcts():
    from support.protocol import Conn
    conn = Conn()
    msgs = conn.send({"cmd": "new_game", "id": 1, "game": "politics", "players": 6, "seed": 5,
                      "bots": "ismcts:iterations=60", "engine_seats": [1, 2, 3, 4, 5], "options": {"length": "half"}})
    assert msgs[0]["type"] == "game" and msgs[0]["views"] == [0]
    rng = Rng(3)
    for _ in range(3000):
        if any(m["type"] == "game_over" for m in msgs):
            break
        ask = [m for m in msgs if m["type"] == "ask"][-1]
        got = conn.send({"cmd": "move", "action": ask["legal"][rng.below(len(ask["legal"]))]})
        assert got[0]["type"] == "ok", got
        msgs += got
    assert not [m for m in msgs if m["type"] == "error"]
    state = conn.server.session.table.state
    events = [m for m in msgs if m["type"] == "event"]
    assert [[e["seat"], e["text"]] for e in events] == [list(v) for v in state.view(0)]
    assert not [e for e in events if re.match(r"role [1-5] ", e["text"])]
    # advisor mode: seat 2 of a heuristic game, from its observations alone
    final = _heuristic_game(6, 9)
    s = _cut(final, _index(final, "vote"))
    while s.current_player() != 2:
        s.apply_action(s.legal_actions()[0])
    pos = [m for m in conn.send({"cmd": "position", "game": "politics", "players": 6, "seat": 2,
                                 "events": [list(e) for e in s.view(2)]}) if m["type"] == "position"]
    assert pos and pos[0]["private"]["role"] == ("dark" if s.core.is_dark(2) else "honest")
    ans = [m for m in conn.send({"cmd": "analyze", "id": "a", "iterations": 300, "bot": "ismcts"})
           if m["type"] == "analysis"][0]
    assert ans["move"] in s.legal_moves() and set(ans["belief"]) == {"0", "1", "3", "4", "5"}


def test_a_dark_seat_breaks_only_exact_ties():
    # Politics' seat_search_defaults: honest seats hand statistical ties (2 standard errors) to the
    # heuristic, dark seats keep exact ties; read from the seat's own information state
    for seed in range(3):
        s = load_game("politics", None, 6, None).new_state(seed)
        while s.current_player() < 0:
            s.apply_action(s.legal_actions()[0])
        dark = s.core.dark_seats()
        for p in range(6):
            info = s.information_state(p)
            assert make_bot("ismcts:iterations=10", seed=1).tie_band(info) == (0.0 if p in dark else 2.0)
            assert make_bot("ismcts:iterations=10,tieband=3", seed=1).tie_band(info) == 3.0
