"""The search's options: one SearchOptions per search, where each option has its one default and is
checked; an options object and keywords build the same search; a decision's seeds all come from its
one seed."""
import dataclasses

import pytest

from intrigue.engine import new_game
from intrigue.ext.ismcts import Search, SearchOptions
from intrigue.search.bot import make_bot
from intrigue.search.ismcts import IsmctsBot


def _root():
    return new_game("coup", players=3, seed=4).information_state(0)


def test_each_option_has_one_default_and_the_bot_uses_it():
    assert SearchOptions().c == 2.0
    for spec_name, field in (("c", "c"), ("observer", "observer"), ("smooth", "smooth"), ("prior", "prior")):
        assert IsmctsBot.options[spec_name][1] == getattr(SearchOptions(), field)
    search = Search(_root().core, 0, 1)                      # no options: the defaults
    assert search.options == SearchOptions()


@pytest.mark.parametrize("bad", [
    {"c": -0.1}, {"c": float("nan")}, {"self_p": 1.5}, {"smooth": -1.0}, {"rm": 2.0}, {"model_share": 1.01},
    {"prior": -1.0}, {"score": 1.5}, {"max_nodes": 1}, {"burn_in": -1}, {"playout": "psychic"},
    {"opponents": "oracle"}, {"observer": "both"}, {"opp_worlds": "some"}, {"leaf": "guess"},
    {"root_worlds": "some"}, {"playout": "model"}, {"rm": 0.1, "smooth": 0.5},
])
def test_a_bad_option_is_refused_where_the_options_are_made(bad):
    with pytest.raises(ValueError):
        SearchOptions(**bad)
    with pytest.raises(ValueError):
        Search(_root().core, 0, 1, **bad)


def test_an_options_object_and_its_keywords_build_the_same_search():
    info = _root()
    opts = SearchOptions(c=1.3, observer="multi", self_p=0.4, rm=0.2, max_nodes=5000, initial_nodes=64)
    one = Search(info.core, 0, 7, opts)
    two = Search(info.core, 0, 7, **opts.kwargs())
    one.run(1500)
    two.run(1500)
    assert one.options == two.options == opts
    assert one.root_stats() == two.root_stats()
    assert (one.node_count, one.rng_state()) == (two.node_count, two.rng_state())
    # keywords replace the object's fields (and are checked like them)
    assert Search(info.core, 0, 7, opts, observer="single").options == dataclasses.replace(opts, observer="single")
    with pytest.raises(ValueError):
        Search(info.core, 0, 7, opts, smooth=0.5)            # rm is set: two rules for the same decisions
    with pytest.raises(TypeError):
        Search(info.core, 0, 7, {"c": 1.0})


def test_an_option_the_game_cannot_serve_is_refused_or_off():
    kuhn = new_game("kuhn", players=2, seed=1).information_state(0)
    with pytest.raises(ValueError, match="opponent model"):
        Search(kuhn.core, 0, 1, opponents="model")
    with pytest.raises(ValueError, match="belief"):
        Search(kuhn.core, 0, 1, self_p=0.5)
    # a prior or a score without the game's hook is off: the same tree as without it
    plain, biased = Search(kuhn.core, 0, 3), Search(kuhn.core, 0, 3, prior=1.0, score=0.5, leaf="eval")
    plain.run(500)
    biased.run(500)
    assert plain.root_stats() == biased.root_stats()


def test_a_decision_draws_every_seed_from_its_one_seed():
    # an ensemble's trees after the first and the reported belief are seeded from the decision's seed
    # (derive_seed): the same bot seed gives the same answer, another seed another one
    info = new_game("coup", players=3, seed=9).information_state(0)

    def answer(seed):
        d = make_bot("ismcts:iterations=1500,tree=500,vote=0", seed=seed).choose(info).to_dict()
        d.pop("elapsed_ms"), d.pop("per_s", None)
        return d

    one, two, other = answer(3), answer(3), answer(4)
    assert one["trees"] == 3
    assert one == two
    assert one["stats"] != other["stats"]
