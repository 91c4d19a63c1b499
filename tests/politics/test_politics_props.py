"""Property tests over seeded random games: every game ends, scores follow section 11, chance and
determinization are what they claim, no view holds another seat's secrets, records round-trip."""
import math
import re
from collections import Counter

import pytest

from intrigue.engine import load_game
from intrigue.engine.errors import IllegalActionError, NotationError, StateError
from intrigue.engine.game import CHANCE, InfoState, decode_state
from intrigue.engine.records import GameRecord
from intrigue.ext import politics_core as pc
from intrigue.ext.politics_check import check_random_games
from intrigue.ext.politics_core import Phase
from intrigue.ext.game_api import Rng
from support.politics import dealt, form, play, propose_all

OPTION_SETS = [
    dict(),
    dict(length="half", max_invitations=2),
    dict(backroom=False),
    dict(contracts=False),
    dict(awards=False, max_invitations=5),
]


# --- the kernel over thousands of games (checks run in C) -------------------------------------------
@pytest.mark.parametrize("players,opts", [(6, {}), (8, {}), (7, dict(nrounds=6, backroom=False)),
                                          (6, dict(contracts=False, awards=False, max_inv=2)),
                                          (8, dict(max_inv=7))])
def test_kernel_random_games(players, opts):
    """Every game ends; at every step the state validates, chance odds sum to 1, sampling returns
    legal outcomes, and determinizing / canonicalizing for the seat to act keeps its hand and its
    legal actions."""
    r = check_random_games(players, 700, seed=players * 7 + len(opts), **opts)
    assert r["games"] == 700 and r["max_steps"] < 20000
    assert r["steps"] > 700 * 100


@pytest.mark.slow
def test_crises_happen_and_end_the_game():
    """Random 8-player games sometimes reach five failed governments: the crisis path is exercised."""
    r = check_random_games(8, 1500, seed=11)
    assert r["crises"] > 0


# --- scores (section 11) computed independently ------------------------------------------------------
def expected_totals(core):
    """S2-S6 of section 11.1 from the counters before the final reveal (S1 happened in the votes)."""
    n = core.num_players
    c = [dict(core.coins(p)) for p in range(n)]
    st = [core.stats(p) for p in range(n)]
    dark = [core.is_dark(p) for p in range(n)]
    if core.crisis:
        return [c[p]["INF"] + (c[p]["UND"] if dark[p] else c[p]["LEG"]) for p in range(n)]
    for p in range(n):
        c[p]["LEG"] += 2
    most = max(x["UND"] for x in c)
    if most >= 1:
        for p in range(n):
            if c[p]["UND"] == most:
                c[p]["INF"] += 2
    for p in range(n):
        opp = c[p]["LEG"] if dark[p] else c[p]["UND"]
        c[p]["INF"] = max(0, c[p]["INF"] - opp // 5)
    if core.rules["awards"]:
        measures = [
            ([s["gov_ok"] for s in st], "LEG", 3), ([s["caught"] for s in st], "LEG", 3),
            ([s["gov_failed"] for s in st], "UND", 3), ([s["joined"] for s in st], "INF", 2),
            ([x["HON"] + x["BET"] for x in c], "INF", 5), ([x["HON"] for x in c], "LEG", 3),
            ([x["BET"] for x in c], "UND", 4),
        ]
        prizes = []
        for values, coin, amount in measures:
            best = max(values)
            if best >= 1:
                prizes += [(p, coin, amount) for p in range(n) if values[p] == best]
        for p, coin, amount in prizes:
            c[p][coin] += amount
    return [c[p]["INF"] + (c[p]["UND"] if dark[p] else c[p]["LEG"]) for p in range(n)]   # D39: no token value


def test_final_scores_follow_section_11():
    g = {}
    shared = broken = crises = 0
    rng = Rng(2024)
    for i in range(400):
        players = 6 + i % 3
        opts = dict(OPTION_SETS[i % len(OPTION_SETS)])
        game = load_game("politics", None, players, opts)
        core = game._new_core()
        while core.phase != Phase.FINAL_ROLES:
            if core.is_chance_node():
                core.sample_chance(rng)
            else:
                legal = core.legal_actions()
                core.apply(legal[rng.below(len(legal))])
        want = expected_totals(core)
        core.apply(core.legal_actions()[0])
        assert core.is_terminal()
        got = [core.score(p) for p in range(players)]
        assert got == want
        inf = [core.coins(p)["INF"] for p in range(players)]
        rewards = list(game.result(core).rewards)           # the spec's outcome
        team = core.returns()                               # the search's team rewards
        if core.crisis:
            crises += 1
            honest_won = all(core.is_revealed(p) for p in core.dark_seats())
            assert rewards == [1.0 if core.is_dark(p) != honest_won else 0.0 for p in range(players)]
            assert team == rewards
        else:
            key = list(zip(got, inf))                       # D40: a tie on the total goes to INF
            best = max(key)
            k = key.count(best)
            shared += k > 1
            broken += k == 1 and got.count(best[0]) > 1
            assert rewards == pytest.approx([1 / k if x == best else 0.0 for x in key])
            dark = sum(r for p, r in enumerate(rewards) if core.is_dark(p))
            assert team == pytest.approx([dark if core.is_dark(p) else 1 - dark for p in range(players)])
    assert shared > 0 and broken > 0


# --- chance and determinization ---------------------------------------------------------------------
def test_sampling_follows_the_stated_odds():
    s = dealt(6)
    form(s, 0, 1, 2)
    propose_all(s, "propose H0 H1", "propose H0 C1", "propose H1 C2")
    play(s, "no_contract", "inspect")
    odds = dict(s.chance_outcomes())
    counts = Counter()
    rng = Rng(5)
    for _ in range(6000):
        counts[s.core.clone().sample_chance(rng)] += 1
    for a, p in odds.items():
        assert abs(counts[a] / 6000 - p) < 0.03
    assert set(counts) == set(odds)


def test_determinization_is_uniform_over_the_dark_pair():
    s = load_game("politics", None, 7).new_state(3)
    while s.current_player() < 0 or s.decision().kind != "opposition_action":
        legal = s.legal_actions()
        s.apply_action(legal[0] if s.decision().kind != "invite" else legal[-1])
    honest = next(p for p in range(7) if not s.core.is_dark(p))
    dark = s.core.dark_seats()[0]
    info_h, info_d = s.information_state(honest), s.information_state(dark)
    rng = Rng(9)
    pairs = Counter()
    for _ in range(3000):
        d = info_h.determinize(rng)
        pairs[tuple(d.core.dark_seats())] += 1
        assert d.core.hand(honest) == s.core.hand(honest)
    assert len(pairs) == 15 and all(honest not in pr for pr in pairs)     # C(6, 2) pairs among the others
    assert max(pairs.values()) / min(pairs.values()) < 1.6
    for _ in range(20):
        assert info_d.determinize(rng).core.dark_seats() == s.core.dark_seats()   # a DARK seat knows


def test_determinization_respects_what_a_member_knows():
    s = dealt(6, "core")
    form(s, 0, 1, 2)
    propose_all(s, "propose H0 H1", "propose H0 C1", "propose H1 C2")
    info_leader = s.information_state(0)
    info_p1 = s.information_state(1)
    rng = Rng(1)
    for _ in range(200):
        d0 = info_leader.determinize(rng).core
        assert d0.table_down == s.core.table_down                          # the leader saw all six
        d1 = info_p1.determinize(rng).core
        assert d1.table_down[0] >= 1 and d1.table_down[3] >= 1             # partner 1's own H0 and C1
        assert d1.hand(1) == s.core.hand(1)


# --- hidden information in views --------------------------------------------------------------------
def _random_game(seed, players=6, **opts):
    s = load_game("politics", None, players, opts or None).new_state(seed)
    rng = Rng(seed + 1)
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply_action(legal[rng.below(len(legal))])
    return s


PRIVATE = [re.compile(p) for p in (r"^role (\d)", r"^deal (\d)", r"^draw (\d)", r"^backroom (\d)")]


def test_no_view_holds_another_seats_secrets():
    for seed in range(12):
        players = 6 + seed % 3
        s = _random_game(seed, players, length="half")
        leaders = {}
        for seat in range(players):
            view = s.view(seat)
            for who, text in view:
                for pat in PRIVATE:
                    m = pat.match(text)
                    if m:
                        assert int(m.group(1)) == seat, (seat, text)
                if who >= 0 and who != seat:
                    assert not re.match(r"^propose \S", text)          # others' proposals: 'propose' only
                    assert not re.match(r"^discard \S", text)          # others' discards: 'discard' only
                    assert not re.match(r"^vote \d", text)             # others' votes until shown
            assert not any(t.startswith("roles") for _, t in view[:-1])   # only the final public reveal
        # the full history holds each hidden fact; the views keep exactly their own
        for e in s.history:
            if e.private_to is not None:
                for seat in range(players):
                    assert (e.seen_by(seat) == e.text) == (seat in e.private_to)


def test_information_state_depends_only_on_what_the_seat_knows():
    """Two worlds that differ only in what a seat cannot see give it the same information state."""
    rng = Rng(77)
    for seed in range(6):
        s = load_game("politics", None, 6 + seed % 3).new_state(seed)
        steps = 0
        while not s.is_terminal() and steps < 400:
            if steps % 23 == 0:
                for seat in range(s.num_players):
                    info = s.information_state(seat)
                    world = info.determinize(rng)
                    other = world.core.clone()
                    other.canonicalize(seat)
                    assert other == info.core
            legal = s.legal_actions()
            s.apply_action(legal[rng.below(len(legal))])
            steps += 1


@pytest.mark.parametrize("seed,players,opts", [(1, 6, {}), (2, 8, dict(length="half")),
                                               (3, 7, dict(backroom=False, length="half")),
                                               (4, 6, dict(contracts=False, length="half"))])
def test_information_state_is_rebuilt_from_the_view(seed, players, opts):
    """Advisor mode: a seat's observations alone rebuild exactly its information state."""
    s = load_game("politics", None, players, opts).new_state(seed)
    rng = Rng(seed)
    step = 0
    while not s.is_terminal():
        if step % 9 == 0 or (s.current_player() >= 0 and s.decision().kind in ("vote", "leader_discard")):
            seat = step % players if s.current_player() < 0 else s.current_player()
            assert s.information_state(seat) == InfoState.from_view(s.game, seat, s.view(seat))
        legal = s.legal_actions()
        s.apply_action(legal[rng.below(len(legal))])
        step += 1
    for seat in range(players):
        assert s.information_state(seat) == InfoState.from_view(s.game, seat, s.view(seat))


def test_from_view_refuses_an_impossible_observation():
    s = dealt(6, "core")
    view = s.view(2)
    view.append((-1, "leader 9"))
    with pytest.raises(Exception) as err:
        InfoState.from_view(s.game, 2, view)
    assert getattr(err.value, "code", None) == "bad_record"
    form(s, 0, 1, 2)
    propose_all(s, "propose H0 H1", "propose H0 C1", "propose H1 C2")
    view = s.view(0)
    view.append((3, "inspect"))
    view.append((-1, "reveal C3"))                  # the leader saw the table: no C3 on it
    with pytest.raises(Exception) as err:
        InfoState.from_view(s.game, 0, view)
    assert getattr(err.value, "code", None) == "bad_record" and err.value.step == len(view) - 1


# --- notation, errors, records, bytes ---------------------------------------------------------------
def test_every_legal_move_round_trips_through_notation():
    rng = Rng(3)
    seen = set()
    for seed in range(6):
        s = load_game("politics", None, 6 + seed % 3, OPTION_SETS[seed % 5]).new_initial_state()
        while not s.is_terminal():
            for a in s.legal_actions():
                text = s.action_to_string(a)
                assert s.string_to_action(text) == a, (text, a)
                assert s.string_to_action(text.upper()) == a
            seen.add(s.decision().kind)
            if s.is_chance_node():
                s.apply_chance(rng)
            else:
                legal = s.legal_actions()
                s.apply_action(legal[rng.below(len(legal))])
    assert len(seen) >= 25


@pytest.mark.parametrize("text,error", [
    ("", NotationError), ("flip", NotationError), ("invite", IllegalActionError), ("vote 3", IllegalActionError),
    ("propose H0", IllegalActionError), ("play media", IllegalActionError), ("leader 9", NotationError),
    ("leader two", NotationError), ("inspect now", NotationError), ("reveal X9", IllegalActionError),
    ("leader 0", None),
])
def test_bad_input_is_refused_and_changes_nothing(text, error):
    s = dealt(6)
    before = s.encode()
    if error is None:
        s.apply_action(text)
        return
    with pytest.raises(error) as err:
        s.apply_action(text)
    assert err.value.field == "action" and err.value.code in ("bad_notation", "illegal_action")
    assert s.encode() == before


def test_illegal_move_in_position():
    s = dealt(6)
    play(s, "leader 0")
    while s.decision().kind == "coup_window":
        play(s, "pass")
    before = s.encode()
    for bad in ("invite 0", "invite 1 offer 4", "accept", "inspect", "deal"):
        with pytest.raises((IllegalActionError, NotationError)):
            s.apply_action(bad)
        assert s.encode() == before
    with pytest.raises(IllegalActionError) as err:
        s.apply_action("invite 1", seat=3)
    assert err.value.code == "not_your_turn"


def test_records_round_trip_and_views_replay(tmp_path):
    s = _random_game(5, 7, length="half")
    rec = s.record(seed=5)
    path = tmp_path / "game.msgpack"
    rec.save(path)
    back = GameRecord.load(path)
    final = back.replay()
    assert final.result() == s.result() and final.encode() == s.encode()
    for seat in range(7):
        v = back.view(seat)
        assert "seed" not in v.meta
        assert v.info_state() == s.information_state(seat)


def test_encode_decode_and_corruption():
    s = _random_game(8, 6, length="half")
    data = s.encode()
    assert len(data) == pc.PoliticsCore.state_size() + 1
    again = decode_state(s.game, data)
    assert again.core == s.core and again.result() == s.result()
    layout = pc.struct_layout()
    for field, delta in (("pile", 1), ("hand", 1), ("n", 3), ("phase", 100), ("br_pile", 1), ("flags", 64)):
        bad = bytearray(data)
        off = 1 + layout[field]
        bad[off] = (bad[off] + delta) % 256           # a card appears, a dark player too many, ...
        with pytest.raises(StateError):
            decode_state(s.game, bytes(bad))
    with pytest.raises(StateError):
        decode_state(s.game, data[:-1])
    with pytest.raises(StateError):
        decode_state(load_game("politics", None, 8), data)


def test_a_belief_hypothesis_can_be_imposed_on_a_determinization():
    s = dealt(6, roles=(1, 4))
    info = s.information_state(0)
    world = info.determinize(Rng(3)).core
    world.set_dark_pair(2, 5, seat=0)
    assert world.dark_seats() == [2, 5] and world.hand(0) == s.core.hand(0)
    with pytest.raises(ValueError):
        world.set_dark_pair(0, 5, seat=0)              # seat 0 knows it is honest
    dark_world = s.information_state(1).determinize(Rng(3)).core
    with pytest.raises(ValueError):
        dark_world.set_dark_pair(2, 5, seat=1)         # a DARK seat knows the pair
    assert dark_world.dark_seats() == [1, 4]


def test_display_shows_a_seat_only_its_own_secrets():
    s = dealt(6, roles=(1, 4), hands=["H0 H1 C1", "H2 C2 C3", "H0 H1 H2", "C1 C1 C2", "H0 C3 C3", "H2 C1 C2"],
              backroom=["block", "media", "coup", "dealbreak", "block", "media"])
    honest = s.render(seat=0).splitlines()
    assert "[Honest]" in honest[1] and "H0 H1 C1" in honest[1]
    assert all("[" not in line and "cards" in line for line in honest[2:7])     # no role, no cards
    dark = s.render(seat=1).splitlines()
    assert "[Dark power]" in dark[2] and "[Dark power]" in dark[5] and "[Honest]" in dark[1]
    assert "H2 C2 C3" in dark[2] and "C3 C3" not in dark[5]                     # the partner's hand stays hidden
    thai = s.render(seat=0, lang="th")
    assert "ฝ่ายสุจริต" in thai and "ฝ่ายอำนาจมืด" not in thai
    full = s.render()
    assert full.count("[Dark power]") == 2
