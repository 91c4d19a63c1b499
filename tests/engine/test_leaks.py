"""No seat-facing channel tells a seat more than its information state.

Pair comparison: a position and positions sampled from one seat's information state
(``InfoState.determinize``: other seats' hidden cards and roles dealt again) must read the same,
byte for byte and in the same order, on every channel that seat is shown -- the board and render,
``public_info`` / its ``private_info``, the prompts, turn header, rules, end screen, the labels and
web button data of its legal moves, and the wording of each event it saw (from the position before
the event).  Canonicalization may reorder the seat's own hand, which is the seat's own knowledge: lines
naming the viewer ("(you)") are left out, and so are Coup's prompts to the seat, between the true
position and the samples (the samples are compared in full with each other)."""
import json
import random

import pytest

from intrigue.engine import Event, State, load_game
from intrigue.engine.flow import TERMINAL
from intrigue.ext.game_api import Rng
from intrigue.web.tables import move_info
from intrigue.web.words import Narration


def _play(game, seed, policy=None):
    state = game.new_state(seed)
    rnd = random.Random(seed)
    states = [state.clone()]
    while not state.is_terminal():
        if policy is not None and rnd.random() < 0.85:
            state.apply_action(policy(state.core, rnd.getrandbits(32)))
        else:
            state.apply_action(rnd.choice(state.legal_actions()))
        states.append(state.clone())
    return states


def _channels(game, core, history, v, narr, texts):
    state = State(game, core, history=list(history))
    out = {}

    def put(key, fn):
        try:
            value = fn()
        except Exception as err:             # an error must not differ either
            value = f"error {type(err).__name__}"
        if isinstance(value, str):
            value = "\n".join(line for line in value.split("\n") if "(you)" not in line.lower())
        out[key] = value

    put("render", lambda: game.render(state, v, "en"))
    put("public", lambda: json.dumps(game.public_info(core), default=str))
    put("private", lambda: json.dumps(game.private_info(core, v), default=str))
    cp = core.current_player()
    put("prompt", lambda: narr.prompt(core, v) if cp >= 0 else None)
    put("header", lambda: narr.turn_header(core, v))
    put("rules", lambda: narr.rules(core, v))
    if narr.narrator is not None and hasattr(narr.narrator, "board"):
        put("board", lambda: narr.narrator.board(state, v))
    if cp == TERMINAL:
        put("end_text", lambda: narr.end_text(core, v))
        if narr.narrator is not None:
            put("end_screen", lambda: narr.narrator.end_screen(core, v))
    for text in texts:
        put("why " + text, lambda: narr.why_illegal(core, text, v, "-"))
    if cp == v:
        put("legal", lambda: [(game.action_to_string(core, a), narr.action_label(core, a, v),
                               narr.auto_line(core, a, v),
                               json.dumps(move_info(game, core, game.action_to_string(core, a)), default=str))
                              for a in core.legal_actions()])
    return out


def _policy(name):
    if name == "shadow_master":
        from intrigue.ext.shadow_master_core import policy_choice
        return policy_choice
    return None


#: channels that word the seat's own hand in its slot order (its own knowledge: no leak)
OWN_ORDER = {"coup": ("prompt", "legal", "why ")}

CASES = [("coup", "standard", 3, range(4), 1), ("coup", "seed-th", 2, range(3), 1),
         ("politics", None, 6, range(1), 7), ("shadow_master", None, 4, range(1), 40),
         ("kuhn", None, 3, range(4), 1)]


@pytest.mark.parametrize("name,ruleset,players,seeds,every", CASES)
def test_every_seat_channel_reads_the_same_for_positions_the_seat_cannot_tell_apart(name, ruleset, players,
                                                                                      seeds, every):
    game = load_game(name, ruleset, players)
    narr = Narration(game, "en")
    for seed in seeds:
        states = _play(game, seed, _policy(name))
        texts = sorted({e.text for e in states[-1].history})[:30] + ["keep", "vote", "zzz"]
        for k, state in enumerate(states):
            if k % every and not state.is_terminal():
                continue
            for v in range(players):
                info = state.information_state(v)
                # samples of the seat's information state differ from each other only in what the
                # seat cannot see; the true position also in the slot order of the seat's own hand
                # (canonicalization sorts it), which only the seat's own lines and prompts show
                alts = [info.determinize(Rng(seed * 7919 + 31 * j + k)).core for j in range(3)]
                base = _channels(game, alts[0], state.history, v, narr, texts)
                true = _channels(game, state.core, state.history, v, narr, texts)
                true = {c: x for c, x in true.items() if not c.startswith(OWN_ORDER.get(name, ()) or "\0")}
                for other in [_channels(game, alt, state.history, v, narr, texts) for alt in alts[1:]] + [true]:
                    diff = {c: (base[c], other[c]) for c in other if base[c] != other[c]}
                    assert not diff, (name, seed, k, v, diff)


@pytest.mark.parametrize("name,ruleset,players,seeds,every", CASES)
def test_every_event_reads_the_same_for_positions_the_seat_cannot_tell_apart(name, ruleset, players, seeds, every):
    game = load_game(name, ruleset, players)
    narr = Narration(game, "en")
    step = max(1, every // 3)
    for seed in seeds:
        states = _play(game, seed, _policy(name))
        history = states[-1].history
        replay = game.new_initial_state()
        for i, event in enumerate(history):
            if i % step == 0:
                for v in range(players):
                    seen = event.seen_by(v)
                    if seen is None:
                        continue
                    base = narr.event(replay.core, event, v)
                    info = replay.information_state(v)
                    for j in range(2):
                        alt = info.determinize(Rng(seed * 13 + 7 * i + j)).core
                        a = game.observed_action(alt, v, seen)
                        if not alt.make_consistent(v, a):
                            continue
                        private_to, redacted = game.visibility(alt, a)
                        other = Event(event.seat, a, game.action_to_string(alt, a), private_to, redacted)
                        assert other.seen_by(v) == seen
                        assert narr.event(alt, other, v) == base, (name, seed, i, v, event.text)
            replay.apply_action(event.action)


def test_the_pair_comparison_sees_the_slot_order_of_a_coup_hand(monkeypatch):
    """The check above does catch the leak it guards against: Coup's hands in slot order."""
    import intrigue.engine.coup.game as coup_game
    import intrigue.engine.coup.narrate as coup_narrate
    in_slot_order = lambda core, p, viewer: core.hand(p)  # noqa: E731
    monkeypatch.setattr(coup_game, "hand_as_seen", in_slot_order)
    monkeypatch.setattr(coup_narrate, "hand_as_seen", in_slot_order)
    with pytest.raises(AssertionError):
        test_every_seat_channel_reads_the_same_for_positions_the_seat_cannot_tell_apart(*CASES[0])
