"""The bot interface: a bot sees one seat's :class:`~intrigue.engine.game.InfoState` and returns an
:class:`Analysis` whose ``action`` is its decision.

Bots are named by spec strings -- ``random``, ``heuristic``, ``ismcts:iterations=20000,workers=2``,
``ismcts:time=1000`` -- and made by :func:`make_bot`.  The referee (arena, terminal play, the protocol)
hands a bot ``state.information_state(seat)`` and nothing else, so no bot can see another seat's cards.
"""
from __future__ import annotations

import dataclasses
import functools
import math
import time
from typing import Any, Callable, ClassVar, Dict, List, Mapping, Optional, Protocol, Tuple, Type

from intrigue.engine.errors import IntrigueError
from intrigue.engine.game import InfoState
from intrigue.ext.game_api import Rng


class BotSpecError(IntrigueError):
    """A bot spec that names no bot, or an option the bot does not have or cannot take."""

    code = "bad_bot"


@dataclasses.dataclass
class Limits:
    """How long a search may run.  With ``iterations`` and a seed a search is reproducible; with
    ``time_ms`` it stops by the clock; ``infinite`` runs until the caller's ``stop`` event is set."""

    iterations: Optional[int] = None
    time_ms: Optional[float] = None
    workers: Optional[int] = None
    infinite: bool = False

    def to_dict(self) -> dict:
        return {k: v for k, v in dataclasses.asdict(self).items() if v not in (None, False)}


@dataclasses.dataclass
class ActionStat:
    """Search statistics of one legal action, for the searching seat."""

    action: int
    move: str
    visits: int
    value: float          # mean reward of the searching seat after this action (0..1)

    def to_dict(self) -> dict:
        return {"move": self.move, "action": self.action, "visits": self.visits, "value": round(self.value, 6)}


@dataclasses.dataclass
class Analysis:
    """A bot's answer: the chosen action, plus whatever it learned on the way.

    ``belief`` maps an opponent seat to a distribution over its hidden cards, in the game's terms
    (for Coup: ``{seat: {role: probability that a face-down card is this role}}``).  ``policy``, from a
    bot that mixes, is the probability of each legal action that ``action`` was drawn from.
    """

    seat: int
    action: int
    move: str
    stats: List[ActionStat] = dataclasses.field(default_factory=list)
    iterations: int = 0
    elapsed_ms: float = 0.0
    belief: Optional[Dict[int, Dict[str, float]]] = None
    policy: Optional[Dict[int, float]] = None       # the mixed policy the move was drawn from, if the bot has one
    extra: Dict[str, Any] = dataclasses.field(default_factory=dict)

    def to_dict(self) -> dict:
        out = {"seat": self.seat, "move": self.move, "action": self.action, "iterations": self.iterations,
               "elapsed_ms": round(self.elapsed_ms, 3),
               "stats": [s.to_dict() for s in self.stats]}
        if self.elapsed_ms > 0 and self.iterations:
            out["per_s"] = round(self.iterations / (self.elapsed_ms / 1000.0), 1)
        if self.policy is not None:
            names = {s.action: s.move for s in self.stats}
            out["policy"] = {names.get(a, str(a)): round(p, 6) for a, p in self.policy.items()}
        if self.belief is not None:
            out["belief"] = {str(k): {r: round(p, 6) for r, p in v.items()} for k, v in self.belief.items()}
        out.update(self.extra)
        return out


InfoCallback = Callable[[Dict[str, Any]], None]


class StopEvent(Protocol):
    """What a search is given as its ``stop``: a :class:`threading.Event`, or anything with its two
    reading methods -- a web table's pool hands a gate (``web/pool.py``) that also makes the search
    wait there while other tables' bots have the cores.  The search polls :meth:`is_set` between
    chunks of work and answers with what it has once it reads True."""

    def is_set(self) -> bool:
        """Whether the search should stop now (may block first, as a pool's gate does)."""
        ...

    def wait(self, timeout: Optional[float] = None) -> bool:
        """Block until the event is set or ``timeout`` seconds pass; whether it is set."""
        ...


class Bot:
    """Base class.  Subclasses set ``name`` and ``options`` and implement :meth:`choose`.

    ``options`` maps an option name to ``(type, default, help)``; :func:`make_bot` checks spec
    options against it, and ``intrigue arena --help`` lists them.
    """

    name: ClassVar[str]
    summary: ClassVar[str] = ""
    options: ClassVar[Mapping[str, Tuple[type, Any, str]]] = {}
    #: The option a spec may give without its name, first (``solved:FILE`` is ``solved:file=FILE``).
    positional_option: ClassVar[Optional[str]] = None
    #: The named strength (search/levels.py) this bot was made from, if any (:func:`make_bot` sets it).
    level: Optional[str] = None

    def __init__(self, seed: Optional[int] = None, **options: Any) -> None:
        self.seed = seed
        self.rng = Rng(seed if seed is not None else time.time_ns())
        self.config = {k: v[1] for k, v in self.options.items()}
        self.config.update(options)

    @property
    def spec(self) -> str:
        changed = {k: v for k, v in self.config.items() if self.options.get(k, (None, v))[1] != v}
        if not changed:
            return self.name
        return self.name + ":" + ",".join(f"{k}={_spec_value(v)}" for k, v in changed.items())

    @property
    def label(self) -> str:
        """The spec as a player reads it: the level's name first when the bot was made from one
        (``max (ismcts:time=1000)``), else the spec."""
        return f"{self.level} ({self.spec})" if self.level else self.spec

    def choose(self, info: InfoState, *, limits: Optional[Limits] = None,
               on_info: Optional[InfoCallback] = None, stop: Optional[StopEvent] = None) -> Analysis:
        """Decide for ``info.seat``, which must be the seat to decide."""
        raise NotImplementedError

    def action_probs(self, info: InfoState) -> Optional[Dict[int, float]]:
        """The bot's exact probability of each legal action at ``info``, when it knows them (a
        random, heuristic or solved bot); None when its choice can only be sampled (a search).
        Exact tools (``intrigue exploit``) read it instead of asking :meth:`choose` many times."""
        return None

    def analyze(self, info: InfoState, *, limits: Optional[Limits] = None,
                on_info: Optional[InfoCallback] = None, stop: Optional[StopEvent] = None) -> Analysis:
        """Like :meth:`choose`, for hints: the analysis of the decision without committing to it."""
        return self.choose(info, limits=limits, on_info=on_info, stop=stop)

    def prepare(self, info: InfoState, stop: Optional[StopEvent] = None) -> None:
        """Do the work a decision at ``info`` pays before it searches (a search bot: read the history
        into its belief), without deciding anything (default: nothing).  A table timing a decoy search
        calls it on the seat's real information first, so the decoy takes as long as a real first
        choice would (search/pacing.py)."""

    def close(self) -> None:
        """Release worker processes or other resources (default: none)."""

    def reseed(self, seed: int) -> None:
        """Restart the bot's random generator from ``seed`` (in place: helpers holding it follow).

        The arena reseeds its bots before every game, so a game's outcome depends only on its seed."""
        self.seed = seed
        self.rng.setstate(seed)

    def __repr__(self) -> str:
        return f"<bot {self.spec}>"


class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    name = "random"
    summary = "a uniformly random legal action"

    def choose(self, info: InfoState, *, limits: Optional[Limits] = None,
               on_info: Optional[InfoCallback] = None, stop: Optional[StopEvent] = None) -> Analysis:
        legal = info.legal_actions()
        if not legal:
            raise IntrigueError(f"seat {info.seat} has no decision to make now")
        a = legal[self.rng.below(len(legal))]
        return Analysis(info.seat, a, info.action_to_string(a))

    def action_probs(self, info: InfoState) -> Optional[Dict[int, float]]:
        legal = info.legal_actions()
        return {a: 1.0 / len(legal) for a in legal}


_BOTS: Dict[str, str] = {
    "random": "intrigue.search.bot:RandomBot",
    "heuristic": "intrigue.search.heuristic:HeuristicBot",
    "ismcts": "intrigue.search.ismcts:IsmctsBot",
    "solved": "intrigue.search.solved:SolvedBot",
}


def bot_types() -> Dict[str, Type[Bot]]:
    """The installed bot classes by name."""
    import importlib
    out = {}
    for name, target in _BOTS.items():
        module, _, attr = target.partition(":")
        try:
            out[name] = getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError):
            continue
    return out


def parse_spec(spec: str) -> Tuple[str, Dict[str, str]]:
    """``"ismcts:iterations=20000,workers=2"`` -> ``("ismcts", {"iterations": "20000", "workers": "2"})``."""
    if not isinstance(spec, str) or not spec.strip():
        raise BotSpecError("a bot spec is a name with optional options, e.g. 'ismcts:time=1000'", field="bot")
    name, _, rest = spec.strip().partition(":")
    opts: Dict[str, str] = {}
    for n, part in enumerate(filter(None, (p.strip() for p in rest.split(",")))):
        key, eq, value = part.partition("=")
        if not eq and n == 0:
            opts[POSITIONAL] = part              # a bot's main option given bare: solved:FILE
            continue
        if not eq or not key.strip():
            raise BotSpecError(f"bot option {part!r} in {spec!r} is not key=value", field="bot")
        opts[key.strip().lower()] = value.strip()
    return name.strip().lower(), opts


#: The key :func:`parse_spec` gives a bare first option (``solved:FILE``); the bot class's
#: ``positional_option`` names what it is.
POSITIONAL = ""


def _spec_value(value: Any) -> str:
    """An option's value as a spec writes it: ``1000``, not ``1000.0``, for a whole-number float."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def make_bot(spec: str, seed: Optional[int] = None) -> Bot:
    """A bot from its spec string (a bot name or a level such as ``max``, with options); unknown bots
    and options are refused with a message naming them."""
    name, raw = parse_spec(spec)
    types = bot_types()
    cls = types.get(name)
    level_name = None
    if cls is None:                       # a named strength (search/levels.py): its spec, then the options given
        from intrigue.search.levels import level_spec
        level = level_spec(name)
        if level is not None:
            level_name = name.strip().lower()
            name, base = parse_spec(level)
            raw = {**base, **raw}
            cls = types.get(name)
    if cls is None:
        raise BotSpecError(f"unknown bot {name!r} (known: {', '.join(types)})", field="bot")
    options: Dict[str, Any] = {}
    if POSITIONAL in raw:
        if cls.positional_option is None:
            raise BotSpecError(f"bot option {raw[POSITIONAL]!r} in {spec!r} is not key=value", field="bot")
        raw = {cls.positional_option: raw.pop(POSITIONAL), **raw}
    for key, value in raw.items():
        if key not in cls.options:
            known = ", ".join(cls.options) or "none"
            raise BotSpecError(f"bot {name!r} has no option {key!r} (options: {known})", field="bot")
        options[key] = _option_value(name, key, cls.options[key][0], value)
    bot = cls(seed=seed, **options)
    if level_name is not None:
        bot.level = level_name
    return bot


@functools.lru_cache(maxsize=None)
def strongest_bot_spec(game: Optional[str] = None) -> str:
    """The strongest bot installed, as the default spec of play and the protocol: the ``max`` level
    (search/levels.py) once the search is there, else ``heuristic``, else ``random``.  (``game``: the
    same answer for every game today.)"""
    types = bot_types()
    for spec in ("max", "ismcts:time=1000", "ismcts", "heuristic", "random"):
        if spec.split(":")[0] in types or spec == "max":
            try:
                make_bot(spec, seed=0).close()
            except Exception:          # an option the installed bot does not take: try the next
                continue
            return spec
    return "random"


INT_OPTION_MAX = 2 ** 63 - 1      # spec integers fit a C int64 (the kernels take them as such)
MAX_TIME_MS = 1e9                 # the longest time limit of a search, in a spec or a request (about 11.6 days)
MAX_SPEC_VALUE = 256              # characters in one option value


def _option_value(bot: str, key: str, kind: type, value: str) -> Any:
    """One spec option's text as its type, checked for every bot alike: integers fit 64 bits, numbers
    are finite (``c=inf``, ``time=nan`` are refused here, before any bot sees them)."""
    shown = value if len(value) <= 40 else value[:40] + "..."
    bad = BotSpecError(f"bot option {key}={shown!r} is not a valid {kind.__name__}", field="bot")
    if len(value) > MAX_SPEC_VALUE:
        raise bad
    if kind is bool:
        if value.lower() not in ("1", "0", "true", "false", "on", "off", "yes", "no"):
            raise bad
        return value.lower() in ("1", "true", "on", "yes")
    try:
        out = kind(value)
    except (ValueError, OverflowError):
        raise bad from None
    if isinstance(out, float) and not math.isfinite(out):
        raise BotSpecError(f"bot option {key}={shown!r} must be a finite number", field="bot")
    if isinstance(out, int) and not isinstance(out, bool) and not -INT_OPTION_MAX - 1 <= out <= INT_OPTION_MAX:
        raise BotSpecError(f"bot option {key}={shown!r} is out of range (at most {INT_OPTION_MAX})", field="bot")
    return out
