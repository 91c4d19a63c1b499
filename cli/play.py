"""``intrigue play``: for now, watch bots play one game (terminal play for people replaces this)."""
from __future__ import annotations

from typing import Optional

import click

from intrigue.engine import new_game
from intrigue.search.bot import make_bot


@click.command()
@click.argument("game", default="coup")
@click.option("--players", type=int, default=None, help="Number of players.")
@click.option("--ruleset", default=None, help="Ruleset name (coup: standard, seed-th, seed-he).")
@click.option("--seed", type=int, default=None, help="Seed for the deal and the bots.")
@click.option("--bots", default="random", help="Bot spec for every seat.")
def play(game: str, players: Optional[int], ruleset: Optional[str], seed: Optional[int], bots: str) -> None:
    """Play a game of GAME between bots and print it."""
    state = new_game(game, ruleset=ruleset, players=players, seed=seed)
    seats = [make_bot(bots, seed=None if seed is None else seed + i) for i in range(state.num_players)]
    while not state.is_terminal():
        seat = state.current_player()
        move = seats[seat].choose(state.information_state(seat)).move
        click.echo(f"seat {seat}: {move}")
        state.apply_action(move)
    click.echo(state.render())
