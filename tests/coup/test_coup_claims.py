"""Coup's one table of claims and blocks (engine/coup/claims.py, read from the kernel): the rules'
table written out by hand, what each decision claims, and the claims a seat's view shows."""
from support.ismcts_positions import deal, play
from intrigue.engine.coup.claims import (BLOCKERS_OF_WORD, CLAIM_OF_WORD, challenged_role, claimed_role,
                                         claims_in_view)
from intrigue.engine.coup.names import ROLES
from intrigue.ext.coup_core import Phase, Role


def test_the_table_is_the_rules():
    # coup.md section 3, written out by hand
    assert {w: ROLES[r] for w, r in CLAIM_OF_WORD.items()} == {
        "tax": "duke", "exchange": "ambassador", "assassinate": "assassin", "steal": "captain"}
    assert {w: [ROLES[r] for r in rs] for w, rs in BLOCKERS_OF_WORD.items()} == {
        "foreign_aid": ["duke"], "assassinate": ["contessa"], "steal": ["captain", "ambassador"]}


def test_each_turn_action_and_block_claims_its_role():
    state = play(3, deal(("duke", "captain"), ("assassin", "contessa"), ("duke", "ambassador")))
    core = state.core
    got = {state.action_to_string(a): claimed_role(core, a) for a in core.legal_actions()}
    want = {"income": None, "foreign_aid": None, "tax": Role.DUKE, "exchange": Role.AMBASSADOR,
            "steal 1": Role.CAPTAIN, "steal 2": Role.CAPTAIN}
    assert {k: got[k] for k in want} == want
    state = play(3, deal(("duke", "captain"), ("assassin", "contessa"), ("duke", "ambassador")) +
                 ["steal 1", "pass", "pass"])
    core = state.core
    assert core.phase == Phase.BLOCK
    blocks = {state.action_to_string(a): claimed_role(core, a) for a in core.legal_actions()}
    assert blocks == {"pass": None, "block captain": Role.CAPTAIN, "block ambassador": Role.AMBASSADOR}


def test_the_role_at_stake_in_a_challenge():
    steps = deal(("duke", "captain"), ("assassin", "contessa")) + ["steal 1"]
    assert challenged_role(play(2, steps).core) == Role.CAPTAIN                  # the action's claim
    state = play(2, steps + ["pass", "block ambassador"])
    assert state.core.phase == Phase.BCHALLENGE
    assert challenged_role(state.core) == Role.AMBASSADOR                        # the block's claim


def test_claims_in_view_follow_actions_and_blocks():
    state = play(3, deal(("duke", "captain"), ("assassin", "contessa"), ("duke", "ambassador")) +
                 ["tax", "pass", "pass", "foreign_aid", "block duke", "pass", "pass"])
    claims = claims_in_view(state.information_state(0).view, 3)
    assert claims == [{Role.DUKE}, set(), {Role.DUKE}]
