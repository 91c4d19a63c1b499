"""The Politics opponent model (``ismcts:opponents=model``): the kernel's rollout policy as
probabilities. They must be what the policy actually plays, read only what the deciding seat may
know, and drive the search to legal decisions."""
import pytest

from intrigue.engine import load_game
from intrigue.ext.ismcts import has_model_hook, model_probs
from intrigue.ext.politics_core import policy_action_counts
from intrigue.search.arena import Arena, MatchConfig
from intrigue.search.bot import make_bot
from support.politics import dealt, play


def _decisions(players, seed, every=7):
    """Every ``every``-th decision state of a seeded random game."""
    import random
    rnd = random.Random(seed)
    s = load_game("politics", None, players, {"length": "half"}).new_state(seed)
    k = 0
    while not s.is_terminal():
        if s.current_player() >= 0:
            k += 1
            if k % every == 0:
                yield s.clone()
        s.apply_action(rnd.choice(s.legal_actions()))


def test_the_model_is_the_rollout_policy():
    checked, kinds = 0, set()
    for seed in (1, 2, 3):
        for s in _decisions(6, seed, every=9):
            legal = s.legal_actions()
            probs = model_probs(s.core)
            assert len(probs) == len(legal) and sum(probs) == pytest.approx(1.0)
            assert min(probs) > 0                              # the 15% noise reaches every action
            n = 4000
            counts = policy_action_counts(s.core, n, seed=checked)
            for a, p in zip(legal, probs):
                sd = (p * (1 - p) / n) ** 0.5
                assert abs(counts.get(a, 0) / n - p) < 5 * sd + 1e-9, (s.decision().kind, a, p)
            checked += 1
            kinds.add(s.decision().kind)
    assert checked > 40 and len(kinds) >= 5, kinds


def test_the_model_reads_only_the_deciding_seats_knowledge():
    # seat 0 (HONEST in both deals, same hand) decides; the others' roles and cards differ
    public = ["leader 0", "pass", "pass", "pass", "pass", "pass"]
    a = dealt(6, roles=(1, 4), hands=["H0 H1 C1", "H2 C2 C3", "H0 H1 H2", "C1 C1 C2", "H0 C3 C3", "H2 C1 C2"])
    b = dealt(6, roles=(3, 5), hands=["H0 H1 C1", "C1 C2 C3", "H2 H2 H1", "H0 C1 C2", "H1 C3 C3", "H0 C1 C2"])
    for s in (a, b):
        play(s, *public)
    assert a.current_player() == 0 and a.core != b.core
    assert has_model_hook(a.core)
    assert model_probs(a.core) == model_probs(b.core)
    # the same seat DARK prefers to invite its partner: the role matters
    c = dealt(6, roles=(0, 3), hands=["H0 H1 C1", "H2 C2 C3", "H0 H1 H2", "C1 C1 C2", "H0 C3 C3", "H2 C1 C2"])
    play(c, *public)
    assert model_probs(c.core) != model_probs(a.core)


def test_ismcts_with_the_model_is_legal_and_reproducible():
    arena = Arena(MatchConfig(game="politics", players=6, options={"length": "half"}, seed=3),
                  games=1, team_bots={"dark": "ismcts:iterations=150,opponents=model",
                             "honest": "ismcts:iterations=150,opponents=model,playout=policy"})
    assert arena.run()["games"] == 1 and sum(arena.outcomes[0].moves) > 50
    s = next(_decisions(6, 4, every=11))
    info = s.information_state(s.current_player())
    one, two = (make_bot("ismcts:iterations=600,opponents=model", seed=5).choose(info) for _ in range(2))
    assert one.action in info.legal_actions() and one.action == two.action and one.stats == two.stats


def test_auto_settings_are_per_game():
    bot = make_bot("ismcts", seed=1)
    assert bot.settings("coup") == {"opponents": "model", "playout": "random"}
    assert bot.settings("politics") == {"opponents": "model", "playout": "policy"}
    assert make_bot("ismcts:playout=mixed").settings("coup") == {"opponents": "model", "playout": "mixed"}
    assert make_bot("ismcts:opponents=search,playout=random").settings("politics") == \
        {"opponents": "search", "playout": "random"}
    s = next(d for d in _decisions(6, 4, every=3) if len(d.legal_actions()) > 2)
    info = s.information_state(s.current_player())
    out = make_bot("ismcts:iterations=300", seed=2).choose(info)
    assert (out.extra["opponents"], out.extra["playout"]) == ("model", "policy")
    # the same search as the explicit settings
    explicit = make_bot("ismcts:iterations=300,opponents=model,playout=policy", seed=2).choose(info)
    assert explicit.stats == out.stats
