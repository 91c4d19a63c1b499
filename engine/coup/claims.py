"""Which role each Coup action claims and which roles block it (``coup.md`` section 3), for Python.

The table itself lives in the kernel (``coup_core``'s ``CLAIM_OF_KIND`` and ``BLOCKERS_OF_KIND``, which
its rules read); :func:`~intrigue.ext.coup_core.claim_table` hands it here once, and every part of the
engine that asks what a decision claims -- the display, the narration, the web table, the belief,
the reports -- asks this module.

By action kind (``K_*``), by the notation's action word, and by decision:

* :data:`CLAIM_OF_KIND`, :data:`CLAIM_OF_WORD` -- the role an action claims (Tax: Duke, ...);
* :data:`BLOCKERS_OF_KIND`, :data:`BLOCKERS_OF_WORD` -- the roles that block an action;
* :func:`claimed_role` -- the role a decision claims (a turn action's or a block's), if any;
* :func:`challenged_role` -- the role at stake in a challenge or a defence;
* :func:`claims_in_view` -- the roles each seat has claimed since it last exchanged, from a view.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Set, Tuple

from intrigue.engine.coup.names import ROLES
from intrigue.ext.coup_core import Action, Kind, Phase, claim_table

#: action kind (K_*) -> the notation's word for it
KIND_WORDS: Dict[int, str] = {Kind.INCOME: "income", Kind.FOREIGN_AID: "foreign_aid", Kind.TAX: "tax",
                              Kind.EXCHANGE: "exchange", Kind.COUP: "coup",
                              Kind.ASSASSINATE: "assassinate", Kind.STEAL: "steal"}

_claims, _blockers = claim_table()
#: action kind -> the role it claims (kinds that claim nothing are absent)
CLAIM_OF_KIND: Dict[int, int] = dict(_claims)
#: action kind -> the roles that block it, in role order (kinds that cannot be blocked are absent)
BLOCKERS_OF_KIND: Dict[int, Tuple[int, ...]] = dict(_blockers)
#: the notation's action word -> the role it claims ("tax" -> Duke)
CLAIM_OF_WORD: Dict[str, int] = {KIND_WORDS[k]: r for k, r in CLAIM_OF_KIND.items()}
#: the notation's action word -> the roles that block it ("steal" -> Captain, Ambassador)
BLOCKERS_OF_WORD: Dict[str, Tuple[int, ...]] = {KIND_WORDS[k]: rs for k, rs in BLOCKERS_OF_KIND.items()}

# a turn action id's kind (the targeted ones: the first id of their block of seats)
_KIND_OF_SIMPLE = {Action.INCOME: Kind.INCOME, Action.FOREIGN_AID: Kind.FOREIGN_AID, Action.TAX: Kind.TAX,
                   Action.EXCHANGE: Kind.EXCHANGE}
_TARGETED = ((Action.COUP, Action.ASSASSINATE, Kind.COUP), (Action.ASSASSINATE, Action.STEAL, Kind.ASSASSINATE),
             (Action.STEAL, Action.PASS, Kind.STEAL))


def kind_of_action(action: int) -> Optional[int]:
    """The kind (K_*) of a turn action id (``steal 2`` -> K_STEAL), None for any other id."""
    if action in _KIND_OF_SIMPLE:
        return _KIND_OF_SIMPLE[action]
    for lo, hi, kind in _TARGETED:
        if lo <= action < hi:
            return kind
    return None


def claimed_role(core: Any, action: int) -> Optional[int]:
    """The role that decision ``action`` claims in ``core`` (a turn action's role or a block's), else None."""
    ph = core.phase
    if ph == Phase.ACTION:
        kind = kind_of_action(action)
        return CLAIM_OF_KIND.get(kind) if kind is not None else None
    if ph == Phase.BLOCK and Action.BLOCK <= action < Action.REVEAL:
        return action - Action.BLOCK
    return None


def challenged_role(core: Any) -> int:
    """The role at stake in ``core``'s challenge or defence: the action's claim (a challenge of the
    action, its defence) or the block's role (a challenge of a block, its defence)."""
    if core.phase in (Phase.BCHALLENGE, Phase.BDEFEND):
        return core.block_role
    return CLAIM_OF_KIND[core.kind]


def claims_in_view(view: Sequence[Tuple[int, str]], n: int) -> List[Set[int]]:
    """Roles each of ``n`` seats has claimed (by an action or a block) since it last exchanged, read
    from a seat's view of the history -- what the heuristic's model context holds
    (``coup_core``'s ``model_observe`` keeps the same along a search path)."""
    claims: List[Set[int]] = [set() for _ in range(n)]
    for seat, text in view:
        if seat < 0:
            continue
        word, _, rest = text.partition(" ")
        if word in CLAIM_OF_WORD:
            claims[seat].add(CLAIM_OF_WORD[word])
        elif word == "block":
            if rest in ROLES:
                claims[seat].add(ROLES.index(rest))
        elif word == "keep":
            claims[seat].clear()
    return claims
