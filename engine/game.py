"""The game interface shared by every game and every algorithm.

In the spirit of OpenSpiel's Game/State split:

* a :class:`Game` is an immutable description -- which game, ruleset, options and number of players --
  and knows the game's notation;
* a :class:`State` is one position with its history: who decides now and what kind of decision it is,
  the legal actions, applying an action (an illegal one raises and changes nothing), chance events,
  the end and its :class:`Result`, and each seat's :class:`InfoState`;
* an :class:`InfoState` is what one seat knows -- its private cards plus the public history, nothing
  else -- and is all a bot or a search ever receives.  It can be sampled into full states
  (*determinization*) uniformly over the deals consistent with it.

Actions are small integers inside (the kernel's action ids) and notation strings outside
(``"steal 2"``, ``"block contessa"``, ``"draw 1 duke"``); both directions go through the game.
The rules themselves live in a C kernel (:mod:`intrigue.ext`); this layer adds checking, history,
notation and views, and is not on any hot path.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, ClassVar, Dict, Iterable, Iterator, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

from intrigue.engine.errors import (GameOverError, IllegalActionError, IntrigueError, NotationError, NotYourTurnError,
                                    OptionError, PlayerCountError, RecordError, StateError,
                                    UnknownRulesetError)
from intrigue.ext.game_api import KernelState, Rng

from intrigue.engine.flow import CHANCE, TERMINAL
from intrigue.engine.replay import ViewReplay, replay_view

if TYPE_CHECKING:                      # records imports this module
    from intrigue.engine.records import GameRecord

ActionLike = Union[int, str]


# --------------------------------------------------------------------------------------------------
# options
# --------------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class OptionSpec:
    """One rule option: its type, default and allowed values, used to check overrides and to
    describe the game to frontends (the protocol's ``hello``)."""

    name: str
    type: str                       # "int", "bool" or "choice"
    default: Any
    help: str = ""
    min: Optional[int] = None
    max: Optional[int] = None
    choices: Tuple[str, ...] = ()

    def parse(self, value: Any) -> Any:
        """Return ``value`` as this option's type, or raise :class:`OptionError` naming the option."""
        bad = OptionError(f"option {self.name!r}: {value!r} is not {self.describe_range()}", field=self.name)
        if self.type == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, int) and value in (0, 1):
                return bool(value)
            if isinstance(value, str) and value.strip().lower() in ("true", "on", "yes", "1", "false", "off", "no", "0"):
                return value.strip().lower() in ("true", "on", "yes", "1")
            raise bad
        if self.type == "int":
            if isinstance(value, bool):
                raise bad
            if isinstance(value, str):
                try:
                    value = int(value.strip())
                except ValueError:
                    raise bad from None
            if not isinstance(value, int):
                if isinstance(value, float) and value.is_integer():
                    value = int(value)
                else:
                    raise bad
            if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
                raise bad
            return value
        if self.type == "choice":
            if isinstance(value, str) and value.strip().lower() in self.choices:
                return value.strip().lower()
            raise bad
        raise AssertionError(self.type)

    def describe_range(self) -> str:
        if self.type == "bool":
            return "a boolean (true/false)"
        if self.type == "int":
            return f"an integer from {self.min} to {self.max}"
        return "one of " + ", ".join(self.choices)

    def to_dict(self) -> dict:
        out = {"name": self.name, "type": self.type, "default": self.default, "help": self.help}
        if self.type == "int":
            out.update(min=self.min, max=self.max)
        if self.type == "choice":
            out["choices"] = list(self.choices)
        return out


# --------------------------------------------------------------------------------------------------
# events, decisions, results
# --------------------------------------------------------------------------------------------------
class Event(NamedTuple):
    """One step of a game's history.

    ``seat`` is the deciding seat, or :data:`CHANCE`.  ``private_to`` is ``None`` for a public event,
    else the seats that see it in full; every other seat sees ``redacted`` instead (``None``: the
    event is absent from their view).
    """

    seat: int
    action: int
    text: str
    private_to: Optional[Tuple[int, ...]] = None
    redacted: Optional[str] = None

    def seen_by(self, seat: Optional[int]) -> Optional[str]:
        """The event's text as ``seat`` sees it (``None``: not seen); ``seat=None`` is the full view."""
        if seat is None or self.private_to is None or seat in self.private_to:
            return self.text
        return self.redacted


class Decision(NamedTuple):
    """Who decides now and what kind of decision it is (``kind`` is game-specific, e.g. ``"block"``)."""

    player: int
    kind: str


@dataclasses.dataclass(frozen=True)
class Result:
    """The outcome of a finished game.

    ``placings[s]`` is seat s's place (1 = winner; tied seats share a place), ``rewards[s]`` the
    reward in [0, 1] an algorithm maximises (in most games the winners share 1; in poker it is the
    chips scaled into [0, 1]), ``scores`` game points where the game has them (chips in poker).
    """

    winners: Tuple[int, ...]
    placings: Tuple[int, ...]
    rewards: Tuple[float, ...]
    draw: bool = False
    scores: Optional[Tuple[float, ...]] = None
    reason: str = ""

    def to_dict(self) -> dict:
        out = {"winners": list(self.winners), "placings": list(self.placings),
               "rewards": list(self.rewards), "draw": self.draw, "reason": self.reason}
        if self.scores is not None:
            out["scores"] = list(self.scores)
        return out


# --------------------------------------------------------------------------------------------------
# Game
# --------------------------------------------------------------------------------------------------
#: Plain single-observer ISMCTS as public ISMCTS bots play it (Cowling, Powley and Whitehouse's
#: 2012 algorithm): uniform determinizations (no belief), UCB at every seat's nodes, random playouts,
#: none of the engine's refinements -- a gauntlet opponent (:attr:`Game.gauntlet`).
PLAIN_ISMCTS = ("ismcts:algorithm=uct,iterations=1000,belief=false,opponents=search,observer=single,"
                "playout=random,selfdet=0,rm=0,prior=0,leaf=playout,tree=0,score=0,tiebreak=false")


class Game:
    """A game with its ruleset, options and number of players.

    Subclasses (one per game, in ``intrigue.engine.<game>``) declare the class attributes and
    implement the hooks marked *game hook*; everything else is shared.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    #: The title in other display languages, as the game's guide in that language names it (e.g.
    #: Coup in Thai: "เกมโค่นอำนาจ"); :meth:`title_in` falls back to :attr:`title`.
    titles: ClassVar[Mapping[str, str]] = {}
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    option_specs: ClassVar[Mapping[str, OptionSpec]]
    rulesets: ClassVar[Mapping[str, Mapping[str, Any]]]   # ruleset -> option values over the defaults
    default_ruleset: ClassVar[str]
    languages: ClassVar[Tuple[str, ...]] = ("en",)
    #: The game's plug-ins, by kind, as ``"module:attribute"`` (or ``"module"``) strings imported only
    #: when asked for (:meth:`plugin`), so that the engine never imports the layers above it.  Kinds
    #: in use: ``heuristic`` (the heuristic bot's policy class), ``belief`` (the ismcts belief model
    #: class), ``benchmarks`` (a function ``cases(quick)`` for ``intrigue bench``), ``narrator``
    #: (sentences for people), ``web`` (the web table's assets), ``openspiel`` (how the game maps onto
    #: OpenSpiel's, for cross-checks: :mod:`intrigue.search.openspiel`).  A game without one leaves it out.
    plugins: ClassVar[Mapping[str, str]] = {}
    #: What exact tools (``intrigue exploit``, ``intrigue solve``) measure a finished game by:
    #: ``"rewards"`` (:attr:`Result.rewards`) or ``"scores"`` (:attr:`Result.scores`, e.g. chips in
    #: poker, the unit in which the field reports exploitability).
    payoff: ClassVar[str] = "rewards"
    #: What the ismcts bot's ``auto`` settings mean for this game (the best measured settings).
    search_defaults: ClassVar[Mapping[str, Any]] = {"opponents": "search", "playout": "random"}
    #: The opponents of ``intrigue arena --gauntlet`` for this game: ``(name, bot spec, what it plays
    #: like)`` per opponent, each of a distinct style.  By default: uniformly random play, the
    #: game's heuristic bot, and plain single-observer ISMCTS (no belief inference, the opponents'
    #: decisions searched, random playouts) as public ISMCTS bots play it.
    gauntlet: ClassVar[Tuple[Tuple[str, str, str], ...]] = (
        ("random", "random", "a uniformly random legal move"),
        ("heuristic", "heuristic", "the game's rule-based bot"),
        ("ismcts-plain", PLAIN_ISMCTS, "plain single-observer ISMCTS, 1,000 iterations, no belief"),
    )

    def seat_search_defaults(self, info: "InfoState") -> Mapping[str, Any]:
        """Settings of :attr:`search_defaults` that differ for the seat deciding in ``info`` (e.g. by
        its own role), read only from what that seat knows; empty by default.  A hidden-role game
        may find that a setting helps one side and hurts the other (its document gives the figures)."""
        return {}

    def __init__(self, ruleset: Optional[str] = None, players: Optional[int] = None,
                 options: Optional[Mapping[str, Any]] = None) -> None:
        ruleset = self.default_ruleset if ruleset is None else str(ruleset).strip().lower()
        if ruleset not in self.rulesets:
            raise UnknownRulesetError(
                f"{self.name} has no ruleset {ruleset!r} (known: {', '.join(self.rulesets)})", field="ruleset")
        values = {name: spec.default for name, spec in self.option_specs.items()}
        values.update(self.rulesets[ruleset])
        lo, hi = self.player_range(ruleset)
        if players is None:                       # the game's usual count, where the ruleset allows it
            players = min(max(self.default_players, lo), hi)
        if isinstance(players, bool) or not isinstance(players, int):
            try:
                players = int(str(players).strip())
            except ValueError:
                raise PlayerCountError(f"players must be a number, not {players!r}", field="players") from None
        if not lo <= players <= hi:
            raise PlayerCountError(f"{self.name} ({ruleset}) is for {lo} to {hi} players, not {players}",
                                   field="players")
        for key, value in dict(options or {}).items():
            spec = self.option_specs.get(str(key).strip().lower().replace("-", "_"))
            if spec is None:
                known = f"known: {', '.join(self.option_specs)}" if self.option_specs else "it has no options"
                raise OptionError(f"{self.name} has no option {key!r} ({known})",
                                  field=str(key))
            values[spec.name] = spec.parse(value)
        self.ruleset: str = ruleset
        self.num_players: int = players
        self.options: Dict[str, Any] = values
        self._check_options()

    # --- plug-ins -------------------------------------------------------------------------------
    @classmethod
    def title_in(cls, lang: Optional[str]) -> str:
        """The game's title for people reading ``lang`` (:attr:`title` where it has none of its own)."""
        return cls.titles.get(str(lang or "").strip().lower(), cls.title)

    @classmethod
    def plugin(cls, kind: str) -> Optional[Any]:
        """The game's plug-in of ``kind`` (see :attr:`plugins`), imported now; ``None`` if the game
        has none.  An installed game whose plug-in fails to import is a bug and raises."""
        target = cls.plugins.get(kind)
        if target is None:
            return None
        import importlib
        module, _, attr = target.partition(":")
        mod = importlib.import_module(module)
        return getattr(mod, attr) if attr else mod

    # --- description ----------------------------------------------------------------------------
    @classmethod
    def player_range(cls, ruleset: Optional[str] = None) -> Tuple[int, int]:
        return cls.min_players, cls.max_players

    @classmethod
    def describe(cls) -> dict:
        """The game for a frontend: rulesets, player ranges and options with types and ranges."""
        return {
            "name": cls.name,
            "title": cls.title,
            "rulesets": {r: {"players": list(cls.player_range(r)), "options": dict(v)} for r, v in cls.rulesets.items()},
            "default_ruleset": cls.default_ruleset,
            "default_players": cls.default_players,
            "options": [spec.to_dict() for spec in cls.option_specs.values()],
            "languages": list(cls.languages),
        }

    def overrides(self) -> Dict[str, Any]:
        """The options that differ from the ruleset's values."""
        base = {name: spec.default for name, spec in self.option_specs.items()}
        base.update(self.rulesets[self.ruleset])
        return {k: v for k, v in self.options.items() if base.get(k) != v}

    def to_dict(self) -> dict:
        return {"game": self.name, "ruleset": self.ruleset, "players": self.num_players,
                "options": dict(self.options)}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash((self.name, self.ruleset, self.num_players, tuple(sorted(self.options.items()))))

    def __repr__(self) -> str:
        extra = "".join(f", {k}={v!r}" for k, v in self.overrides().items())
        return f"{type(self).__name__}(ruleset={self.ruleset!r}, players={self.num_players}{extra})"

    # --- states ---------------------------------------------------------------------------------
    def new_initial_state(self) -> "State":
        """The state before any chance event: chance nodes are explicit (records, advisors)."""
        return State(self, self._new_core(), rng=None)

    def new_state(self, seed: Optional[int] = None) -> "State":
        """A state that resolves chance events itself from ``seed`` (and records them), so that only
        decisions are left to the caller.  The same seed and decisions give the same game."""
        if seed is None:
            import random
            seed = random.SystemRandom().getrandbits(63)
        state = State(self, self._new_core(), rng=Rng(seed))
        state._resolve_chance()
        return state

    # --- length ---------------------------------------------------------------------------------
    def max_events(self) -> Optional[int]:
        """An upper bound on the events (chance events and decisions) of one game under these rules and
        player count, from the game's own limits (a turn or round cap), or ``None`` where the game
        declares none (game hook).  Records are read and written up to it (engine/records.py), so a
        game played to its limits always saves and loads."""
        return None

    @classmethod
    def most_events(cls) -> Optional[int]:
        """The largest :meth:`max_events` over every ruleset, rule option and player count (``None``
        where the game declares no bound): each ruleset at its most players with every integer
        option at its maximum, under every combination of the choice and yes/no options."""
        import itertools
        best: Optional[int] = None
        free = [spec for spec in cls.option_specs.values() if spec.type in ("choice", "bool")]
        ints = {spec.name: spec.max for spec in cls.option_specs.values() if spec.type == "int" and spec.max is not None}
        for ruleset in cls.rulesets:
            for combo in itertools.product(*[spec.choices if spec.type == "choice" else (False, True) for spec in free]):
                options = dict(ints, **{spec.name: value for spec, value in zip(free, combo)})
                try:
                    game = cls(ruleset=ruleset, players=cls.player_range(ruleset)[1], options=options)
                except IntrigueError:         # a combination the game refuses (its cross-option checks)
                    continue
                bound = game.max_events()
                if bound is not None:
                    best = bound if best is None else max(best, bound)
        return best

    # --- game hooks -----------------------------------------------------------------------------
    def _check_options(self) -> None:
        """Cross-option checks (game hook; default: none)."""

    def _new_core(self) -> KernelState:  # pragma: no cover - game hook
        raise NotImplementedError

    def action_to_string(self, core: KernelState, action: int) -> str:  # pragma: no cover - game hook
        """The notation of ``action`` in the position ``core`` (before it is applied)."""
        raise NotImplementedError

    def string_to_action(self, core: KernelState, text: str) -> int:  # pragma: no cover - game hook
        """Parse notation in the position ``core``; raise :class:`NotationError` on bad text."""
        raise NotImplementedError

    def visibility(self, core: KernelState, action: int) -> Tuple[Optional[Tuple[int, ...]], Optional[str]]:
        """``(private_to, redacted)`` of ``action`` about to be applied in ``core`` (game hook).

        Default: decisions are public and chance events private to nobody but are dropped."""
        if core.current_player() == CHANCE:
            return (), None
        return None, None

    def chance_visible_to(self, core: KernelState, seat: int) -> bool:
        """Whether ``seat`` sees the outcome of the chance event due in ``core`` (game hook)."""
        return False

    def redacted_action(self, core: KernelState, text: str) -> Optional[int]:
        """For a redacted event (what an observer sees of another seat's private decision), any
        action consistent with it, or ``None`` if ``text`` is not a redacted form (game hook)."""
        return None

    def observed_action(self, core: KernelState, seat: int, text: str) -> int:
        """The action that an event ``text`` of ``seat``'s view stands for in ``core``: for another
        seat's decision its redacted form if it is one, else the notation (raises on bad text)."""
        a = self.redacted_action(core, text) if core.current_player() != seat else None
        return self.string_to_action(core, text) if a is None else a

    def decision_kind(self, core: KernelState) -> str:  # pragma: no cover - game hook
        raise NotImplementedError

    def result(self, core: KernelState) -> Result:  # pragma: no cover - game hook
        raise NotImplementedError

    def render(self, state: "State", seat: Optional[int] = None, lang: str = "en") -> str:
        """A text picture of the position as ``seat`` sees it (``None``: everything) (game hook)."""
        return repr(state)

    def info_state_from_view(self, seat: int, view: Iterable[Sequence[Any]]) -> "InfoState":
        """A seat's information state rebuilt from its view alone (:meth:`InfoState.from_view`)."""
        return InfoState.from_view(self, seat, view)

    def info_states_from_view(self, seat: int, view: Iterable[Sequence[Any]]) -> Iterator["InfoState"]:
        """The seat's information state before its view's first event, then after each.

        Each equals ``info_state_from_view(seat, view[:i])``, but the view is replayed once: linear in
        its length, where rebuilding every prefix would be quadratic.  Raises :class:`RecordError` at
        the first bad event (the states before it have been yielded)."""
        replay = ViewReplay(self, seat)

        def snapshot() -> "InfoState":
            shown = replay.core.clone()
            shown.canonicalize(seat)
            return InfoState(self, seat, shown, replay.view)

        replay.feed(())                                # past the chance events the seat cannot see
        yield snapshot()
        for item in view:
            replay.feed([item])
            yield snapshot()

    def private_info(self, core: KernelState, seat: int) -> dict:
        """What ``seat`` privately knows now, as plain data (game hook)."""
        return {}

    def revealed_at_end(self, core: KernelState, seat: int) -> dict:
        """What every seat is shown of ``seat``'s private information once the game is over, as plain
        data of :meth:`private_info`'s shape (game hook; default: all of it, every card turned face
        up).  A game whose rules keep some cards hidden to the end (a poker hand won by a fold) gives
        those as ``None``."""
        return self.private_info(core, seat)

    def teams(self, core: KernelState) -> Optional[Dict[str, Tuple[int, ...]]]:
        """The teams in ``core``, as a referee who knows every role sees them: team name -> seats
        (game hook; default ``None``: the game has no teams, or they are not dealt yet).

        Hidden information: it is for referees (the arena seats bots by team), never for bots."""
        return None

    # --- words for people (terminal play, replay) -------------------------------------------------
    @property
    def language(self) -> str:
        """The display language this game and ruleset default to (game hook; default: the first of
        ``languages``)."""
        return self.languages[0]

    def describe_action(self, text: str, lang: Optional[str] = None) -> str:
        """Notation (an action or event) in words for people in ``lang`` (game hook; default: the
        notation itself)."""
        return text

    def describe_decision(self, kind: str, lang: Optional[str] = None) -> str:
        """The name of a decision kind (:meth:`State.decision`) for people in ``lang`` (game hook;
        default: the kind with spaces)."""
        return kind.replace("_", " ")

    def public_info(self, core: KernelState) -> dict:
        """The public part of the position, as plain data (game hook)."""
        return {}


# --------------------------------------------------------------------------------------------------
# State
# --------------------------------------------------------------------------------------------------
class State:
    """One position of a game, with its full history.

    >>> from intrigue.engine import new_game
    >>> s = new_game("coup", players=3, seed=1)
    >>> s.current_player(), s.decision().kind
    (0, 'action')
    >>> s.apply_action("income"); s.current_player()
    1
    """

    __slots__ = ("game", "core", "history", "_rng")

    def __init__(self, game: Game, core: KernelState, rng: Optional[Rng] = None,
                 history: Optional[List[Event]] = None) -> None:
        self.game = game
        self.core = core
        self.history: List[Event] = history if history is not None else []
        self._rng = rng

    # --- who and what ---------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.game.num_players

    def current_player(self) -> int:
        """The seat to decide, :data:`CHANCE` or :data:`TERMINAL`."""
        return self.core.current_player()

    def is_chance_node(self) -> bool:
        return self.core.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.core.current_player() == TERMINAL

    def decision(self) -> Decision:
        """Who decides now and what kind of decision it is."""
        return Decision(self.core.current_player(), self.game.decision_kind(self.core))

    def legal_actions(self) -> List[int]:
        """Legal action ids in increasing order (chance outcomes at a chance node)."""
        if self.is_terminal():
            return []
        return self.core.legal_actions()

    def legal_moves(self) -> List[str]:
        """The legal actions in notation, in the order of :meth:`legal_actions`."""
        return [self.game.action_to_string(self.core, a) for a in self.legal_actions()]

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        """``[(outcome, probability)]`` at a chance node, else ``[]``."""
        return self.core.chance_outcomes()

    # --- notation ---------------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        return self.game.action_to_string(self.core, action)

    def string_to_action(self, text: str) -> int:
        return self.game.string_to_action(self.core, text)

    def to_action(self, action: ActionLike) -> int:
        """An action id from an id or notation (no legality check)."""
        if isinstance(action, str):
            return self.game.string_to_action(self.core, action)
        if isinstance(action, bool) or not isinstance(action, int):
            raise NotationError(f"an action is an integer id or notation text, not {action!r}", field="action")
        return action

    # --- changing the position --------------------------------------------------------------------
    def apply_action(self, action: ActionLike, seat: Optional[int] = None) -> None:
        """Apply a decision or chance outcome, given as an id or in notation.

        Raises :class:`IllegalActionError` (or a subclass) and leaves the state unchanged if the
        game is over, ``seat`` is given and is not the one to decide, or the action is not legal.
        A state made by :meth:`Game.new_state` then resolves any chance event that follows.
        """
        player = self.core.current_player()
        if player == TERMINAL:
            raise GameOverError("the game is over: no more actions", field="action")
        a = self.to_action(action)
        if seat is not None and seat != player:
            who = "a chance event" if player == CHANCE else f"seat {player}"
            raise NotYourTurnError(f"it is {who}'s decision, not seat {seat}'s", field="seat",
                                   legal=self.legal_moves())
        if not self.core.is_legal(a):
            shown = action if isinstance(action, str) else (self._try_text(a) or str(a))
            raise IllegalActionError(f"{shown!r} is not legal now; legal: {', '.join(self.legal_moves())}",
                                     field="action", legal=self.legal_moves())
        self._apply_checked(a)
        if self._rng is not None:
            self._resolve_chance()

    def _try_text(self, a: int) -> Optional[str]:
        try:
            return self.game.action_to_string(self.core, a)
        except Exception:
            return None

    def _apply_checked(self, a: int) -> None:
        player = self.core.current_player()
        text = self.game.action_to_string(self.core, a)
        private_to, redacted = self.game.visibility(self.core, a)
        self.core.apply(a)
        self.history.append(Event(player, a, text, private_to, redacted))

    def apply_chance(self, rng: Optional[Rng] = None) -> int:
        """Sample the due chance event (from ``rng``, else the state's own seed), apply and return it."""
        if not self.is_chance_node():
            raise IllegalActionError("no chance event is due", field="action")
        rng = rng if rng is not None else self._rng
        if rng is None:
            raise IllegalActionError("this state has no random generator: pass rng or apply an outcome")
        probe = self.core.clone()
        a = probe.sample_chance(rng)
        self._apply_checked(a)
        return a

    def _resolve_chance(self) -> None:
        while self.core.current_player() == CHANCE:
            self.apply_chance(self._rng)

    @property
    def auto_chance(self) -> bool:
        """True if the state draws its own chance events (see :meth:`Game.new_state`)."""
        return self._rng is not None

    def clone(self) -> "State":
        return State(self.game, self.core.clone(),
                     Rng(self._rng.getstate()) if self._rng is not None else None, list(self.history))

    __copy__ = clone

    # --- the end ----------------------------------------------------------------------------------
    def returns(self) -> List[float]:
        """Per-seat rewards: zeros until the end."""
        return self.core.returns()

    def result(self) -> Optional[Result]:
        """The :class:`Result` once the game is over, else ``None``."""
        if not self.is_terminal():
            return None
        return self.game.result(self.core)

    # --- hidden information -----------------------------------------------------------------------
    def information_state(self, seat: int) -> "InfoState":
        """Everything ``seat`` knows: its private cards and the public history, nothing else."""
        self._check_seat(seat)
        core = self.core.clone()
        core.canonicalize(seat)
        view = [(e.seat, t) for e in self.history if (t := e.seen_by(seat)) is not None]
        return InfoState(self.game, seat, core, view)

    def determinize(self, seat: int, rng: Rng) -> "State":
        """A full state sampled uniformly from those consistent with ``seat``'s information."""
        return self.information_state(seat).determinize(rng)

    def view(self, seat: Optional[int]) -> List[Tuple[int, str]]:
        """The history as ``seat`` saw it (``None``: the full history)."""
        return [(e.seat, t) for e in self.history if (t := e.seen_by(seat)) is not None]

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.num_players:
            raise IllegalActionError(f"seat {seat!r} is not in this game (0..{self.num_players - 1})", field="seat")

    # --- records and bytes ------------------------------------------------------------------------
    def record(self, **meta: Any) -> "GameRecord":
        from intrigue.engine.records import GameRecord
        return GameRecord.from_state(self, **meta)

    def encode(self) -> bytes:
        """The compact position (no history) as bytes; see :meth:`decode`."""
        return self.core.encode()

    def render(self, seat: Optional[int] = None, lang: str = "en") -> str:
        return self.game.render(self, seat, lang)

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        cp = self.current_player()
        who = {CHANCE: "chance", TERMINAL: "over"}.get(cp, f"seat {cp}")
        return f"<{type(self.game).__name__} state: {len(self.history)} events, {who}>"


# --------------------------------------------------------------------------------------------------
# InfoState
# --------------------------------------------------------------------------------------------------
class InfoState:
    """What one seat knows: private cards plus the public history, nothing else.

    ``core`` is a kernel state whose hidden parts are in one canonical arrangement that depends only
    on what the seat knows; ``view`` is the seat's view of the history.  Two positions that differ
    only in cards this seat cannot see have equal information states.
    """

    __slots__ = ("game", "seat", "core", "view")

    def __init__(self, game: Game, seat: int, core: KernelState, view: Sequence[Tuple[int, str]]) -> None:
        self.game = game
        self.seat = seat
        self.core = core
        self.view: List[Tuple[int, str]] = [(who, text) for who, text in view]

    @classmethod
    def from_view(cls, game: Game, seat: int, view: Iterable[Sequence[Any]]) -> "InfoState":
        """Rebuild a seat's information state from its observations alone (advisor mode).

        ``view`` is the seat's view of the history: ``(seat, text)`` pairs, chance events as
        ``(-1, text)``, other seats' private decisions in their redacted form.  Chance events the
        seat cannot see are left out.  Raises :class:`RecordError` naming the first event that is
        malformed, illegal, or inconsistent with what came before.
        """
        core, steps = replay_view(game, seat, view)
        core.canonicalize(seat)
        return cls(game, seat, core, steps)

    def current_player(self) -> int:
        return self.core.current_player()

    def is_terminal(self) -> bool:
        return self.core.current_player() == TERMINAL

    def decision(self) -> Decision:
        return Decision(self.core.current_player(), self.game.decision_kind(self.core))

    def legal_actions(self) -> List[int]:
        """The seat's legal actions when it is the seat's decision; otherwise ``[]`` (another
        seat's options may depend on cards this seat cannot see)."""
        if self.core.current_player() != self.seat:
            return []
        return self.core.legal_actions()

    def legal_moves(self) -> List[str]:
        return [self.game.action_to_string(self.core, a) for a in self.legal_actions()]

    def action_to_string(self, action: int) -> str:
        return self.game.action_to_string(self.core, action)

    def string_to_action(self, text: str) -> int:
        return self.game.string_to_action(self.core, text)

    def determinize(self, rng: Rng) -> State:
        """A full state, sampled uniformly from those consistent with this information state.

        It has no history (it is a hypothesis, not a game that happened); its chance events are
        drawn from a generator spawned from ``rng``."""
        core = self.core.clone()
        core.determinize(self.seat, rng)
        return State(self.game, core, rng=rng.spawn())

    def private_info(self) -> dict:
        return self.game.private_info(self.core, self.seat)

    def public_info(self) -> dict:
        return self.game.public_info(self.core)

    def key(self) -> bytes:
        """A compact key: equal keys mean equal information states."""
        import msgpack
        return msgpack.packb([self.game.to_dict(), self.seat, self.core.encode(), self.view])

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, InfoState) and self.game == other.game and self.seat == other.seat
                and self.core == other.core and self.view == other.view)

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"<InfoState of seat {self.seat}: {len(self.view)} events seen>"


def decode_state(game: Game, data: bytes) -> State:
    """A :class:`State` (without history) from :meth:`State.encode` bytes, checked to match ``game``."""
    core_type = type(game._new_core())
    try:
        core = core_type.decode(data)
    except ValueError as err:
        raise StateError(str(err), field="state") from None
    if core.num_players != game.num_players:
        raise StateError(f"the state is for {core.num_players} players, the game for {game.num_players}",
                         field="state")
    return State(game, core)
