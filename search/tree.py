"""The whole game tree of a small game, as flat arrays, for exact algorithms (best response, CFR).

OpenSpiel's exact tools walk a game's states; intrigue walks them once, through the game interface,
into arrays that the C routines of :mod:`intrigue.ext.tabular` then sweep without Python:

* **nodes** in an order where every parent comes before its children, and the children of a node are
  consecutive (``first_child``, ``num_children``); a node is a decision, a chance event or the end;
* **information sets**: a decision node belongs to the information set of the seat deciding there,
  which is what that seat has seen -- its *view*, the events of the history as
  :meth:`intrigue.engine.game.State.view` shows them to that seat.  Two histories with the same view
  are indistinguishable to the seat (the view rebuilds its information state,
  :meth:`~intrigue.engine.game.InfoState.from_view`), and a view holds all of the seat's own past
  decisions, so the sets have perfect recall;
* **slots**: each information set owns one slot per legal action (in increasing action order); a
  policy is one probability per slot, and child ``j`` of a decision node is the action of slot ``j``.

A game whose tree is too large is refused before any work is done: :func:`estimate_size` guesses the
number of nodes from random walks (Knuth's estimator: the mean over walks of ``1 + b1 + b1*b2 + ...``
where ``b_k`` are the branching factors met), and :func:`build_tree` also stops at its node limit.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from intrigue.engine.errors import IntrigueError
from intrigue.engine.flow import CHANCE, TERMINAL
from intrigue.engine.game import Game, InfoState, State
from intrigue.ext.game_api import Rng

#: Node kinds (``GameTree.kind``); the same numbers as ``ext/tabular.pxd``.
DECISION, CHANCE_NODE, END = 0, 1, 2

#: The most nodes built by default: about 40 bytes a node plus the Python build time (roughly 10 us a
#: node) keep a tree of this size within a few minutes and a few hundred MB.
DEFAULT_MAX_NODES = 5_000_000
ESTIMATE_WALKS = 400

#: A view: the events a seat has seen, ``((seat, text), ...)`` (chance events with seat -1).
View = Tuple[Tuple[int, str], ...]


class TreeTooLargeError(IntrigueError):
    """The game's tree is larger than the limit of exact work (its estimated size is in the message)."""

    code = "too_large"


@dataclasses.dataclass(frozen=True)
class InfoSetKey:
    """Who decides and what it has seen: the name of an information set, stable across builds."""

    seat: int
    view: View


@dataclasses.dataclass
class GameTree:
    """The explicit tree of one :class:`~intrigue.engine.game.Game` (see the module docstring)."""

    game: Game
    num_players: int
    kind: np.ndarray            # int8 per node: DECISION, CHANCE_NODE or END
    player: np.ndarray          # int8 per node: the seat deciding (-1 elsewhere)
    infoset: np.ndarray         # int32 per node: its information set (-1 off decisions)
    parent: np.ndarray          # int32 per node: its parent (-1 at the root)
    action: np.ndarray          # int32 per node: the action or chance outcome that led to it (-1 at the root)
    first_child: np.ndarray     # int32 per node: its first child (children are consecutive)
    num_children: np.ndarray    # int32 per node
    prob: np.ndarray            # float64 per node: the chance probability of the edge into it (1 after a decision)
    utility: np.ndarray         # float64 (node, seat): the payoff at an end node (0 elsewhere)
    iset_player: np.ndarray     # int8 per information set: the seat deciding
    iset_slot: np.ndarray       # int32 per information set: its first slot
    iset_actions: np.ndarray    # int32 per information set: its number of actions (slots)
    iset_node_start: np.ndarray  # int32 per information set + 1: its nodes are iset_nodes[start[i]:start[i+1]]
    iset_nodes: np.ndarray      # int32: the decision nodes, grouped by information set
    slot_action: np.ndarray     # int32 per slot: the action id
    keys: List[InfoSetKey]      # per information set
    moves: List[Tuple[str, ...]]  # per information set: its actions in notation, in slot order
    payoff: str                 # "rewards" or "scores": what ``utility`` holds
    payoff_range: float         # the largest minus the smallest payoff of any seat at any end

    @property
    def num_nodes(self) -> int:
        return int(self.kind.shape[0])

    @property
    def num_infosets(self) -> int:
        return int(self.iset_player.shape[0])

    @property
    def num_slots(self) -> int:
        return int(self.slot_action.shape[0])

    def index(self) -> Dict[InfoSetKey, int]:
        """Information set number by key."""
        return {k: i for i, k in enumerate(self.keys)}

    def slots(self, infoset: int) -> range:
        start = int(self.iset_slot[infoset])
        return range(start, start + int(self.iset_actions[infoset]))

    def actions(self, infoset: int) -> List[int]:
        """The legal action ids of an information set, in slot order."""
        return [int(self.slot_action[s]) for s in self.slots(infoset)]

    def path(self, node: int) -> List[int]:
        """The actions and chance outcomes from the root to ``node``."""
        out = []
        while self.parent[node] >= 0:
            out.append(int(self.action[node]))
            node = int(self.parent[node])
        return out[::-1]

    def state_at(self, node: int) -> State:
        """The :class:`~intrigue.engine.game.State` (with its history) at ``node``."""
        state = self.game.new_initial_state()
        for a in self.path(node):
            state.apply_action(a)
        return state

    def info_state(self, infoset: int) -> InfoState:
        """What the seat deciding in ``infoset`` knows, rebuilt from one of its histories."""
        node = int(self.iset_nodes[self.iset_node_start[infoset]])
        return self.state_at(node).information_state(int(self.iset_player[infoset]))

    def describe(self) -> Dict[str, Any]:
        return {"nodes": self.num_nodes, "decision_nodes": int(self.iset_nodes.shape[0]),
                "infosets": self.num_infosets, "slots": self.num_slots}


def key_of(info: InfoState) -> InfoSetKey:
    """The :class:`InfoSetKey` of an information state (its seat and view)."""
    return InfoSetKey(info.seat, tuple((int(s), str(t)) for s, t in info.view))


# --------------------------------------------------------------------------------------------------
# size
# --------------------------------------------------------------------------------------------------
def estimate_size(game: Game, walks: int = ESTIMATE_WALKS, seed: int = 0, cap: float = 1e15) -> float:
    """An unbiased estimate of the number of nodes of ``game``'s tree (Knuth 1975): the mean over
    random walks from the root of ``1 + b1 + b1*b2 + ...``.  A walk stops adding once its product
    passes ``cap`` (the answer is then "at least this large")."""
    rng = Rng(seed)
    total = 0.0
    root = game.new_initial_state().core
    for _ in range(walks):
        core = root.clone()
        size, width = 1.0, 1.0
        while core.current_player() != TERMINAL and width < cap:
            legal = core.legal_actions()
            width *= len(legal)
            size += width
            core.apply(legal[rng.below(len(legal))])
        total += size
    return total / walks


def check_size(game: Game, max_nodes: int = DEFAULT_MAX_NODES) -> float:
    """The estimated size of ``game``'s tree; :class:`TreeTooLargeError` (naming the estimate and the
    limit) when it is over ``max_nodes``."""
    estimate = estimate_size(game)
    if estimate > max_nodes:
        raise TreeTooLargeError(
            f"{describe_game(game)} is too large for exact work: its tree has {_human(estimate)} nodes "
            f"(estimated from {ESTIMATE_WALKS} random walks); the limit is {max_nodes:,}",
            field="game", estimate=estimate, limit=max_nodes)
    return estimate


def describe_game(game: Game) -> str:
    """``Coup (mini-a, 2 players, income=2)``: the game as a person names it."""
    extra = "".join(f", {k}={v}" for k, v in game.overrides().items())
    return f"{game.title} ({game.ruleset}, {game.num_players} players{extra})"


def _human(x: float) -> str:
    if x >= 1e15:
        return "more than 1e15"
    if x >= 1e6:
        return "about " + f"{x:.3g}".replace("e+0", "e").replace("e+", "e")
    return f"about {int(round(x)):,}"


# --------------------------------------------------------------------------------------------------
# building
# --------------------------------------------------------------------------------------------------
class _Builder:
    """Walks the game depth-first, allocating each node's children together (so they are consecutive
    and come after their parent), and names information sets by interned views."""

    def __init__(self, game: Game, max_nodes: int, progress: Optional[Callable[[int], None]]) -> None:
        self.game = game
        self.n = game.num_players
        self.max_nodes = max_nodes
        self.progress = progress
        self.kind: List[int] = []
        self.player: List[int] = []
        self.infoset: List[int] = []
        self.parent: List[int] = []
        self.action: List[int] = []
        self.first_child: List[int] = []
        self.num_children: List[int] = []
        self.prob: List[float] = []
        self.utility: Dict[int, Sequence[float]] = {}
        # views, interned: a view is a number; (view number, event seen) -> the longer view's number
        self.views: Dict[Tuple[int, Tuple[int, str]], int] = {}
        self.view_parent: List[Tuple[int, Tuple[int, str]]] = [(-1, (0, ""))]    # number 0: the empty view
        self.isets: Dict[Tuple[int, int], int] = {}        # (seat, view number) -> information set
        self.iset_player: List[int] = []
        self.iset_view: List[int] = []
        self.iset_legal: List[Tuple[int, ...]] = []
        self.iset_moves: List[Tuple[str, ...]] = []

    def _new_node(self, parent: int, action: int, prob: float) -> int:
        if len(self.kind) >= self.max_nodes:
            raise TreeTooLargeError(f"{describe_game(self.game)} has more than {self.max_nodes:,} nodes (the limit of exact work)",
                                    field="game", limit=self.max_nodes)
        self.kind.append(END)
        self.player.append(-1)
        self.infoset.append(-1)
        self.parent.append(parent)
        self.action.append(action)
        self.first_child.append(-1)
        self.num_children.append(0)
        self.prob.append(prob)
        if self.progress is not None and len(self.kind) % 100_000 == 0:
            self.progress(len(self.kind))
        return len(self.kind) - 1

    def _seen(self, views: Tuple[int, ...], core: Any, a: int) -> Tuple[int, ...]:
        """Each seat's view number after ``a`` is applied in ``core`` (as ``State`` records events)."""
        private_to, redacted = self.game.visibility(core, a)
        who = core.current_player()
        text = self.game.action_to_string(core, a)
        out = []
        for seat, v in enumerate(views):
            seen = text if private_to is None or seat in private_to else redacted
            if seen is None:
                out.append(v)
                continue
            step = (v, (who, seen))
            number = self.views.get(step)
            if number is None:
                number = self.views[step] = len(self.view_parent)
                self.view_parent.append(step)
            out.append(number)
        return tuple(out)

    def _infoset(self, seat: int, view: int, legal: Tuple[int, ...], core: Any) -> int:
        i = self.isets.get((seat, view))
        if i is None:
            i = self.isets[(seat, view)] = len(self.iset_player)
            self.iset_player.append(seat)
            self.iset_view.append(view)
            self.iset_legal.append(legal)
            self.iset_moves.append(tuple(self.game.action_to_string(core, a) for a in legal))
        elif self.iset_legal[i] != legal:
            raise IntrigueError(f"{describe_game(self.game)}: two histories that seat {seat} cannot tell apart have different "
                                "legal actions (the game's views do not say everything its rules use)")
        return i

    def build(self) -> None:
        payoff = getattr(self.game, "payoff", "rewards")
        root = self._new_node(-1, -1, 1.0)
        stack = [(root, self.game.new_initial_state().core, (0,) * self.n)]
        while stack:
            node, core, views = stack.pop()
            who = core.current_player()
            if who == TERMINAL:
                result = self.game.result(core)
                values = result.scores if payoff == "scores" else result.rewards
                if values is None:
                    raise IntrigueError(f"{describe_game(self.game)} gives no {payoff} at the end of a game")
                self.utility[node] = tuple(float(x) for x in values)
                continue
            if who == CHANCE:
                edges = core.chance_outcomes()
                self.kind[node] = CHANCE_NODE
            else:
                legal = tuple(core.legal_actions())
                edges = [(a, 1.0) for a in legal]
                self.kind[node] = DECISION
                self.player[node] = who
                self.infoset[node] = self._infoset(who, views[who], legal, core)
            self.first_child[node] = len(self.kind)
            self.num_children[node] = len(edges)
            children = [self._new_node(node, a, p) for a, p in edges]
            for child, (a, _) in reversed(list(zip(children, edges))):
                nxt = core.clone()
                seen = self._seen(views, core, a)
                nxt.apply(a)
                stack.append((child, nxt, seen))

    def view(self, number: int) -> View:
        out = []
        while number > 0:
            number, event = self.view_parent[number]
            out.append(event)
        return tuple(out[::-1])

    def tree(self) -> GameTree:
        n_nodes = len(self.kind)
        kind = np.asarray(self.kind, dtype=np.int8)
        infoset = np.asarray(self.infoset, dtype=np.int32)
        utility = np.zeros((n_nodes, self.n), dtype=np.float64)
        for node, values in self.utility.items():
            utility[node] = values
        ends = utility[kind == END]
        payoff_range = float(ends.max() - ends.min()) if ends.size else 0.0
        n_isets = len(self.iset_player)
        iset_actions = np.asarray([len(legal) for legal in self.iset_legal], dtype=np.int32)
        iset_slot = np.zeros(n_isets, dtype=np.int32)
        if n_isets:
            iset_slot[1:] = np.cumsum(iset_actions)[:-1]
        decisions = np.flatnonzero(kind == DECISION).astype(np.int32)
        order = np.argsort(infoset[decisions], kind="stable")
        iset_nodes = decisions[order]
        counts = np.bincount(infoset[decisions], minlength=n_isets)
        iset_node_start = np.zeros(n_isets + 1, dtype=np.int32)
        iset_node_start[1:] = np.cumsum(counts)
        return GameTree(
            game=self.game, num_players=self.n, kind=kind,
            player=np.asarray(self.player, dtype=np.int8), infoset=infoset,
            parent=np.asarray(self.parent, dtype=np.int32), action=np.asarray(self.action, dtype=np.int32),
            first_child=np.asarray(self.first_child, dtype=np.int32),
            num_children=np.asarray(self.num_children, dtype=np.int32),
            prob=np.asarray(self.prob, dtype=np.float64), utility=utility,
            iset_player=np.asarray(self.iset_player, dtype=np.int8), iset_slot=iset_slot, iset_actions=iset_actions,
            iset_node_start=iset_node_start, iset_nodes=iset_nodes.astype(np.int32),
            slot_action=np.asarray([a for legal in self.iset_legal for a in legal], dtype=np.int32),
            keys=[InfoSetKey(s, self.view(v)) for s, v in zip(self.iset_player, self.iset_view)],
            moves=self.iset_moves,
            payoff=getattr(self.game, "payoff", "rewards"), payoff_range=payoff_range)


def build_tree(game: Game, max_nodes: int = DEFAULT_MAX_NODES, *, check: bool = True,
               progress: Optional[Callable[[int], None]] = None) -> GameTree:
    """The explicit tree of ``game``.

    With ``check`` the size is first estimated and a game over ``max_nodes`` is refused at once
    (:class:`TreeTooLargeError`, naming the estimate and the limit); the build itself also stops at
    ``max_nodes``.  ``progress(nodes)`` is called every 100,000 nodes."""
    if check:
        check_size(game, max_nodes)
    builder = _Builder(game, max_nodes, progress)
    builder.build()
    return builder.tree()
