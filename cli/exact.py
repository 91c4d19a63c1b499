"""``intrigue exploit`` and ``intrigue solve``: exact work on small games (the whole game tree).

``exploit`` scores bots by how much a best response wins against them (NashConv, exploitability);
``solve`` computes a Nash equilibrium by counterfactual regret minimisation and can save it for the
``solved:FILE`` bot.  Both refuse a game whose tree is too large at once, naming its estimated size.
"""
from __future__ import annotations

import json
import sys
import time
from typing import Any, Dict, Optional, Tuple

import click

from intrigue.cli.paths import check_writable
from intrigue.engine.errors import IntrigueError, OptionError
from intrigue.engine.game import Game
from intrigue.engine.registry import load_game
from intrigue.search.bot import Limits, make_bot
from intrigue.search.exploit import (DEFAULT_SAMPLES, TABLE_HEADER, TABLE_ITERATIONS, TABLE_MAX_NODES, ExploitReport,
                                     Score, exploit as exploit_bots, exploit_table, format_row, small_games)
from intrigue.search.ismcts import MAX_ITERATIONS as SEARCH_MAX_ITERATIONS
from intrigue.search.solve import DEFAULT_VARIANT, MAX_ITERATIONS, VARIANTS, Checkpoint, solve as solve_game
from intrigue.search.tree import DEFAULT_MAX_NODES, build_tree, describe_game

PROGRESS_SECONDS = 2.0


def _game(game: str, ruleset: Optional[str], players: Optional[int], option: Tuple[str, ...]) -> Game:
    options: Dict[str, Any] = {}
    for item in option:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise OptionError(f"--option {item!r} is not KEY=VALUE", field="option")
        options[key.strip()] = value.strip()
    return load_game(game, ruleset, players, options)


def _game_options(fn: Any) -> Any:
    for deco in reversed((
        click.option("--game", required=True, help="Game name ('intrigue games' lists them)."),
        click.option("--ruleset", default=None, help="Ruleset (default: the game's standard one)."),
        click.option("--players", type=int, default=None, help="Number of players (default: the game's default)."),
        click.option("--option", "-o", multiple=True, metavar="KEY=VALUE", help="A rule option (repeatable)."),
        click.option("--max-nodes", type=click.IntRange(1), default=DEFAULT_MAX_NODES, show_default=True,
                     help="The largest game tree to work on; a game estimated larger is refused at once."),
        click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text."),
    )):
        fn = deco(fn)
    return fn


def _title(game: Game, tree_infosets: int, payoff: str) -> str:
    unit = "chips" if payoff == "scores" else "reward (0..1)"
    return f"{describe_game(game)}: {tree_infosets:,} information sets, payoff in {unit}"


def _score_lines(score: Score) -> str:
    lines = []
    for seat, (v, br) in enumerate(zip(score.values, score.best_response_values)):
        lines.append(f"  seat {seat}: value {v:+.6f}, best response {br:+.6f} (gains {br - v:.6f})")
    lines.append(f"NashConv {score.nash_conv:.6f}   exploitability {score.exploitability:.6f}")
    return "\n".join(lines)


class _Ticker:
    """Progress on stderr, at most every PROGRESS_SECONDS (nothing with --quiet)."""

    def __init__(self, quiet: bool, what: str) -> None:
        self.quiet = quiet
        self.what = what
        self.t0 = self.last = time.perf_counter()

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if self.quiet or now - self.last < PROGRESS_SECONDS:
            return
        self.last = now
        sys.stderr.write(f"{self.what} {done:,}/{total:,} ({now - self.t0:.0f} s)\n")
        sys.stderr.flush()


@click.command()
@_game_options
@click.option("--bots", "specs", multiple=True, required=True, metavar="SPEC",
              help="The bot to score (one --bots for every seat, or one per seat in seat order).")
@click.option("--samples", type=click.IntRange(1, 100000), default=DEFAULT_SAMPLES, show_default=True,
              help="Answers asked of a bot that cannot give its probabilities (a search), per information set.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the bots' answers.")
@click.option("--iterations", type=click.IntRange(1, SEARCH_MAX_ITERATIONS), default=None,
              help="Iterations per search decision (overrides the bot spec's limit; at most 2x10^9, as a search counts).")
@click.option("--workers", type=click.IntRange(1, 256), default=1, show_default=True,
              help="Processes asking the bots (the result is the same for any number).")
@click.option("--quiet", is_flag=True, help="No progress on stderr.")
def exploit(game: str, ruleset: Optional[str], players: Optional[int], option: Tuple[str, ...], max_nodes: int,
            as_json: bool, specs: Tuple[str, ...], samples: int, seed: int, iterations: Optional[int],
            workers: int, quiet: bool) -> None:
    """Score bots exactly: how much a best response wins against them (NashConv; exploitability is
    NashConv over the number of players; 0 is a Nash equilibrium).

    \b
    Examples:
      intrigue exploit --game kuhn --bots random --json
      intrigue exploit --game leduc --bots ismcts:iterations=1000 --samples 8
      intrigue exploit --game coup --ruleset mini-a --players 2 --bots heuristic
    """
    g = _game(game, ruleset, players, option)
    limits = Limits(iterations=iterations) if iterations else None
    report: ExploitReport = exploit_bots(g, list(specs), samples=samples, seed=seed, limits=limits,
                                         max_nodes=max_nodes, progress=_Ticker(quiet, "information sets"),
                                         workers=workers)
    if as_json:
        click.echo(json.dumps(report.to_dict()))
        return
    click.echo(_title(g, report.infosets, report.payoff))
    how = "exact" if report.exact else f"{samples} samples per information set, seed {seed}"
    click.echo(f"bots: {', '.join(report.bots)}  ({how}; {report.seconds:.2f} s)")
    click.echo(_score_lines(report.score))
    if report.reported is not None:
        click.echo("the mixed policy the bots reported:")
        click.echo(_score_lines(report.reported))


@click.command()
@_game_options
@click.option("--iterations", type=click.IntRange(1, MAX_ITERATIONS), default=1000, show_default=True,
              help="CFR iterations at most.")
@click.option("--target", type=float, default=None, help="Stop once NashConv is at or below this.")
@click.option("--solver", type=click.Choice(VARIANTS), default=DEFAULT_VARIANT, show_default=True,
              help="The CFR variant: discounted CFR, CFR+, linear CFR or plain CFR.")
@click.option("--save", "save_path", default=None, metavar="FILE",
              help="Write the average policy here; the bot 'solved:FILE' plays it.")
def solve(game: str, ruleset: Optional[str], players: Optional[int], option: Tuple[str, ...], max_nodes: int,
          as_json: bool, iterations: int, target: Optional[float], solver: str, save_path: Optional[str]) -> None:
    """Solve a small game: counterfactual regret minimisation over its whole tree, printing NashConv as it
    converges and the game's value per seat.

    \b
    Examples:
      intrigue solve --game kuhn --iterations 2000 --json
      intrigue solve --game leduc --target 0.01 --save leduc.policy
      intrigue play leduc --bots solved:leduc.policy
    """
    if target is not None and not target >= 0:
        raise IntrigueError("--target must be a number >= 0", field="target")
    if save_path:
        check_writable(save_path, "--save")
    g = _game(game, ruleset, players, option)

    def show(point: Checkpoint) -> None:
        if not as_json:
            values = "  ".join(f"{v:+.6f}" for v in point.score.values)
            click.echo(f"{point.iteration:>10,}  {point.score.nash_conv:>12.6f}  {point.seconds:>9.3f}  {values}")

    def built(nodes: int) -> None:
        if not as_json:
            sys.stderr.write(f"building the tree: {nodes:,} nodes\n")

    t0 = time.perf_counter()
    tree = build_tree(g, max_nodes, progress=built)
    if not as_json:
        click.echo(f"{describe_game(g)}: {tree.num_nodes:,} nodes, {tree.num_infosets:,} information sets "
                   f"(built in {time.perf_counter() - t0:.2f} s); {solver}")
        click.echo(f"{'iteration':>10}  {'NashConv':>12}  {'seconds':>9}  values per seat")
    solution = solve_game(g, iterations, solver, target, tree=tree, on_checkpoint=show)
    out = solution.to_dict()
    if save_path:
        solution.policy.save(save_path, solver=solver, iterations=solution.last.iteration,
                             nash_conv=solution.last.score.nash_conv)
        out["saved"] = save_path
    if as_json:
        click.echo(json.dumps(out))
        return
    unit = "chips" if solution.tree.payoff == "scores" else "reward"
    click.echo("game value per seat (" + unit + "): " +
               ", ".join(f"seat {s} {v:+.6f}" for s, v in enumerate(solution.last.score.values)))
    if save_path:
        click.echo(f"saved to {save_path} (play it with the bot solved:{save_path})")


def parse_budgets(text: str) -> Tuple[int, ...]:
    """``"100,1000"`` -> (100, 1000): the tuners' table's iterations per decision, each from 1 to the most
    a search counts (:data:`SEARCH_MAX_ITERATIONS`)."""
    try:
        budgets = tuple(int(x.replace("_", "")) for x in text.split(",") if x.strip())
    except ValueError:
        budgets = ()
    if not budgets or min(budgets) < 1 or max(budgets) > SEARCH_MAX_ITERATIONS:
        raise OptionError(f"--iterations {text!r} must be whole numbers from 1 to {SEARCH_MAX_ITERATIONS} "
                          "separated by commas", field="iterations")
    return budgets


def show_exploit_table(specs: Tuple[str, ...], iterations: str, samples: int, seed: int, max_nodes: int,
                       workers: int, as_json: bool) -> None:
    """``intrigue bench --exploit``: the tuners' table (:func:`intrigue.search.exploit.exploit_table`),
    printed a row at a time as each point is measured (with ``as_json``, one JSON object at the end and
    the rows on stderr as they come)."""
    if not specs:
        raise OptionError("--exploit needs the bots to score: --bots SPEC (repeatable)", field="bots")
    budgets = parse_budgets(iterations)
    for spec in specs:                       # a bad spec: one line now, not after minutes of others' rows
        make_bot(spec, seed=0).close()
    games = small_games(max_nodes)
    click.echo(TABLE_HEADER, err=as_json)
    rows = exploit_table(list(specs), games=games, iterations=budgets, samples=samples, seed=seed,
                         on_row=lambda row: click.echo(format_row(row), err=as_json), workers=workers)
    if as_json:
        click.echo(json.dumps({"samples": samples, "seed": seed, "iterations": list(budgets),
                               "rows": [r.to_dict() for r in rows]}))
