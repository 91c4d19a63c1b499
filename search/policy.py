"""Tabular policies: a probability for every legal action at every information set of a small game.

A :class:`TabularPolicy` is tied to a :class:`~intrigue.search.tree.GameTree` while it is computed
and scored (one probability per slot, an array the C routines read), and is saved and read by
*information set keys* -- a seat and its view of the history (:class:`~intrigue.search.tree.InfoSetKey`)
-- with actions in notation, so a file does not depend on the order a tree was built in, and a bot
can play it knowing only what its seat knows (:class:`intrigue.search.solved.SolvedBot`).

A policy file is msgpack: ``{"format": "intrigue-policy", "version": 1, "game": {...}, "meta": {...},
"infosets": [[seat, [[event seat, event text], ...], [[move, probability], ...]], ...]}``.
"""
from __future__ import annotations

import math
import os
from typing import Any, Dict, Iterable, List, Mapping, Optional, Tuple, Union

import numpy as np

from intrigue.engine.errors import IntrigueError
from intrigue.engine.game import Game, InfoState
from intrigue.search.tree import GameTree, InfoSetKey, key_of

FORMAT = "intrigue-policy"
VERSION = 1
#: The largest policy file read (bytes): a tree at the exact-work limit has a few million slots.
MAX_FILE_BYTES = 1 << 30


class PolicyFileError(IntrigueError):
    """A policy file that cannot be read, or is for another game, ruleset or player count."""

    code = "bad_policy"


class TabularPolicy:
    """One probability per slot of ``tree`` (``probs``: a float array of ``tree.num_slots``)."""

    def __init__(self, tree: GameTree, probs: Any) -> None:
        arr = np.array(probs, dtype=np.float64)
        if arr.shape != (tree.num_slots,):
            raise ValueError(f"a policy of this tree has {tree.num_slots} slots, not {arr.shape}")
        self.tree = tree
        self.probs = arr

    @classmethod
    def uniform(cls, tree: GameTree) -> "TabularPolicy":
        return cls(tree, np.repeat(1.0 / tree.iset_actions, tree.iset_actions))

    @classmethod
    def from_function(cls, tree: GameTree, probs_at: Any) -> "TabularPolicy":
        """A policy from ``probs_at(infoset) -> {action: probability}`` (missing actions: 0)."""
        out = np.zeros(tree.num_slots)
        for i in range(tree.num_infosets):
            given = probs_at(i)
            for slot, a in zip(tree.slots(i), tree.actions(i)):
                out[slot] = float(given.get(a, 0.0))
        return cls(tree, out).normalised()

    def normalised(self) -> "TabularPolicy":
        """The same policy with every information set summing to 1 (uniform where it sums to 0)."""
        out = self.probs.copy()
        for i in range(self.tree.num_infosets):
            s = self.tree.slots(i)
            total = out[s.start:s.stop].sum()
            out[s.start:s.stop] = out[s.start:s.stop] / total if total > 0 else 1.0 / len(s)
        return TabularPolicy(self.tree, out)

    def at(self, infoset: int) -> Dict[int, float]:
        """``{action: probability}`` at one information set."""
        return {a: float(self.probs[s]) for s, a in zip(self.tree.slots(infoset), self.tree.actions(infoset))}

    def moves(self, infoset: int) -> List[Tuple[str, float]]:
        """``[(move in notation, probability)]`` at one information set."""
        return [(m, float(self.probs[s])) for s, m in zip(self.tree.slots(infoset), self.tree.moves[infoset])]

    # --- files ------------------------------------------------------------------------------------
    def to_dict(self, **meta: Any) -> Dict[str, Any]:
        rows = [[key.seat, [list(e) for e in key.view], [list(m) for m in self.moves(i)]]
                for i, key in enumerate(self.tree.keys)]
        return {"format": FORMAT, "version": VERSION, "game": self.tree.game.to_dict(), "meta": meta,
                "infosets": rows}

    def save(self, path: Union[str, os.PathLike], **meta: Any) -> None:
        """Write the policy to ``path`` (written to a temporary file first, so a failure leaves no half file)."""
        import msgpack
        data = msgpack.packb(self.to_dict(**meta), use_bin_type=True)
        tmp = f"{os.fspath(path)}.part"
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)


class PolicyTable:
    """A policy read from a file: ``{InfoSetKey: [(move, probability), ...]}`` for one game."""

    def __init__(self, game: Dict[str, Any], table: Dict[InfoSetKey, List[Tuple[str, float]]],
                 meta: Optional[Mapping[str, Any]] = None) -> None:
        self.game = game
        self.table = table
        self.meta = dict(meta or {})

    @classmethod
    def load(cls, path: Union[str, os.PathLike]) -> "PolicyTable":
        """Read a policy file; :class:`PolicyFileError` saying what is wrong with it otherwise."""
        import msgpack
        try:
            size = os.path.getsize(path)
            if size > MAX_FILE_BYTES:
                raise PolicyFileError(f"{path}: {size:,} bytes is more than a policy file holds "
                                      f"(at most {MAX_FILE_BYTES:,})", field="policy")
            with open(path, "rb") as f:
                data = msgpack.unpackb(f.read(), raw=False, strict_map_key=False)
        except PolicyFileError:
            raise
        except OSError as err:
            raise PolicyFileError(f"cannot read the policy file {path}: {err.strerror or err}", field="policy") from None
        except Exception:
            raise PolicyFileError(f"{path} is not a policy file (it is not msgpack data)", field="policy") from None
        return cls.from_dict(data, str(path))

    @classmethod
    def from_dict(cls, data: Any, where: str = "the policy") -> "PolicyTable":
        bad = lambda why: PolicyFileError(f"{where} is not a valid policy file: {why}", field="policy")  # noqa: E731
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise bad(f"it does not say format {FORMAT!r}")
        if data.get("version") != VERSION:
            raise bad(f"version {data.get('version')!r} (this intrigue reads version {VERSION})")
        game = data.get("game")
        if not isinstance(game, dict) or not isinstance(game.get("game"), str):
            raise bad("it names no game")
        rows = data.get("infosets")
        if not isinstance(rows, list):
            raise bad("it has no information sets")
        table: Dict[InfoSetKey, List[Tuple[str, float]]] = {}
        for n, row in enumerate(rows):
            try:
                seat, view, moves = row
                key = InfoSetKey(int(seat), tuple((int(s), str(t)) for s, t in view))
                entries = [(str(m), float(p)) for m, p in moves]
            except (TypeError, ValueError):
                raise bad(f"information set {n} is malformed") from None
            total = sum(p for _, p in entries)
            if not entries or any(not (0.0 <= p <= 1.0) for _, p in entries) or not math.isclose(total, 1.0, abs_tol=1e-6):
                raise bad(f"the probabilities of information set {n} are not a distribution")
            table[key] = entries
        meta = data.get("meta")
        return cls(game, table, meta if isinstance(meta, dict) else {})

    def check_game(self, game: Game, where: str = "the policy") -> None:
        """Refuse (:class:`PolicyFileError`) unless the file is for exactly this game, ruleset,
        player count and options."""
        mine = game.to_dict()
        theirs = self.game
        for field, what in (("game", "game"), ("ruleset", "ruleset"), ("players", "player count")):
            if theirs.get(field) != mine[field]:
                raise PolicyFileError(f"{where} is for {what} {theirs.get(field)!r}, not {mine[field]!r}",
                                      field="policy")
        if dict(theirs.get("options") or {}) != dict(mine["options"]):
            diff = sorted(k for k in set(mine["options"]) | set(theirs.get("options") or {})
                          if (theirs.get("options") or {}).get(k) != mine["options"].get(k))
            raise PolicyFileError(f"{where} is for other options of {mine['game']} ({', '.join(diff)} differ)",
                                  field="policy")

    def probs(self, info: InfoState) -> Optional[Dict[int, float]]:
        """``{action: probability}`` at ``info``'s information set, or None if the file has none for it."""
        entries = self.table.get(key_of(info))
        if entries is None:
            return None
        return {info.string_to_action(m): p for m, p in entries}

    def to_policy(self, tree: GameTree) -> TabularPolicy:
        """This table on ``tree``'s slots (an information set it lacks: :class:`PolicyFileError`)."""
        out = np.zeros(tree.num_slots)
        for i, key in enumerate(tree.keys):
            entries = self.table.get(key)
            if entries is None:
                raise PolicyFileError(f"the policy has no entry for an information set of seat {key.seat}",
                                      field="policy")
            given = dict(entries)
            unknown = set(given) - set(tree.moves[i])
            if unknown:
                raise PolicyFileError(f"the policy plays {', '.join(sorted(unknown))} where seat {key.seat} "
                                      "cannot (not a legal move there)", field="policy")
            for slot, move in zip(tree.slots(i), tree.moves[i]):
                out[slot] = given.get(move, 0.0)
        return TabularPolicy(tree, out)
