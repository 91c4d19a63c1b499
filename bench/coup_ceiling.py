"""What the hidden cards are worth: a Coup bot that knows the other seats' face-down cards (a script).

``python bench/coup_ceiling.py --players 4 --bot "ismcts:iterations=3000" --others
"ismcts:iterations=3000" --games 200 --seed 7`` seats ``--bot`` (bot 0) against ``players - 1``
copies of ``--others``, seats rotated game by game, and replaces bot 0's belief with the truth: at
each of its decisions the search's table puts all the weight of every other seat on the hand it
really holds face down (the deck and the Exchange draws stay unknown).  Nothing else changes, so the
win rate against the par of ``1 / players`` measures how far the bot's strength is bounded by what it
does not know, as against what its search makes of what it knows (docs/strength.md).

The referee is this script, not the arena: it is the one place in intrigue where a bot is given
another seat's hidden cards, on purpose, and it is kept out of the product for that reason.
"""
from __future__ import annotations

import argparse
from typing import Any, List, Optional, Sequence, Tuple

from intrigue.engine.coup.belief import HAND_INDEX, HANDS, TABLE_SIZE
from intrigue.engine.registry import load_game
from intrigue.search.arena import seating, wilson
from intrigue.search.bot import make_bot


def true_table(core: Any, seat: int, base: Optional[Sequence[float]]) -> List[float]:
    """``base`` (the bot's own belief table, or None: uniform) with every other seat's row one-hot
    on the face-down hand it holds in ``core``; a seat with no face-down card keeps its row."""
    table = list(base) if base is not None else [1.0] * TABLE_SIZE
    for q in range(core.num_players):
        if q == seat:
            continue
        hand = tuple(sorted(core.face_down(q)))
        if hand:
            row = [0.0] * HANDS
            row[HAND_INDEX[hand]] = 1.0
            table[q * HANDS:(q + 1) * HANDS] = row
    return table


class TrueBelief:
    """A stand-in for a bot's belief model whose table is the truth about the game in :attr:`state`."""

    def __init__(self, inner: Any, seat: int) -> None:
        self.inner = inner
        self.seat = seat
        self.state: Any = None

    def table(self, info: Any, stop: Any = None) -> List[float]:
        return true_table(self.state.core, self.seat, self.inner.table(info, stop=stop))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def play(spec: str, others: str, players: int, games: int, seed: int) -> Tuple[float, int]:
    """Bot 0 (``spec``, told the others' cards) against ``others``; returns (wins, games), a shared
    result at the turn cap counting its share."""
    game = load_game("coup", players=players)
    bots = [make_bot(spec if i == 0 else others, seed=seed * 1000 + i) for i in range(players)]
    wins = 0.0
    for g in range(games):
        seats = seating(g, players)                   # bot index at each seat
        state = game.new_state(seed * 100003 + g)
        me = seats.index(0)
        while not state.is_terminal():
            s = state.current_player()
            info = state.information_state(s)
            bot = bots[seats[s]]
            if seats[s] == 0:
                key = (game.name, bot.belief_opponent(game, info))   # the bot's model cache, replaced
                truth = TrueBelief(bot._model(info), me)
                truth.state = state
                bot._models[key] = truth
            decision = bot.choose(info)
            if seats[s] == 0:
                bot._models[key] = truth.inner
            state.apply_action(decision.action, seat=s)
        r = state.returns()
        winners = sum(x for x in r if x > 0)
        if r[me] > 0 and winners > 0:
            wins += r[me] / winners
    for b in bots:
        b.close()
    return wins, games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="ismcts:iterations=3000", help="the bot told the others' cards (an ismcts spec)")
    ap.add_argument("--others", default="ismcts:iterations=3000", help="the bots at the other seats")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    wins, n = play(args.bot, args.others, args.players, args.games, args.seed)
    lo, hi = wilson(wins, n)
    print(f"{args.bot} (told the cards) won {wins:g} of {n}: {100 * wins / n:.1f}% "
          f"[{100 * lo:.1f}, {100 * hi:.1f}] (par {100 / args.players:.1f}%)")


if __name__ == "__main__":
    main()
