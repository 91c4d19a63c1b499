"""``intrigue bench``: speed figures for the kernels and the search, as a table or as JSON.

Benchmark cases come from each registered game (its ``benchmarks`` plug-in, ``cases(quick)``) and
from the search (:mod:`intrigue.search.benchmarks`); every case is timed on one core in this process,
repeated, and reported by its median.
"""
from __future__ import annotations

import json
import statistics
import time
from typing import List, Optional

import click

from intrigue.engine.bench import Case
from intrigue.engine.errors import IntrigueError
from intrigue.engine.registry import game_class, game_names
from intrigue.search import benchmarks as search_benchmarks

__all__ = ["Case", "collect", "time_case", "bench"]


def collect(quick: bool, only: Optional[str] = None) -> List[Case]:
    """Every game's cases, then the search's; a bot-decision case gets its ``run`` from the search."""
    cases: List[Case] = []
    for name in game_names():
        provider = game_class(name).plugin("benchmarks")
        if provider is not None:
            cases.extend(provider(quick))
    cases.extend(search_benchmarks.cases(quick))
    for case in cases:
        if case.bot is not None and case.run is None:
            case.run = search_benchmarks.bot_runner(case)
    if only:
        keys = [k.strip() for k in only.split(",") if k.strip()]
        cases = [c for c in cases if any(c.name == k or c.name.startswith(k + ".") or c.name.startswith(k) for k in keys)]
    return cases


def time_case(case: Case, seconds: float, repeats: int) -> dict:
    out = {"name": case.name, "players": case.players, "unit": case.unit}
    if case.measure is not None:
        values = [case.measure() for _ in range(repeats)]
        out["value"] = statistics.median(values)
        out["runs"] = values
        return out
    count = case.min_count                      # calibrate: grow until one run takes ~seconds
    while True:
        t0 = time.perf_counter()
        case.run(count)
        dt = time.perf_counter() - t0
        if dt >= seconds * 0.5 or count > 1 << 30:
            break
        count = max(count * 2, int(count * seconds / max(dt, 1e-6) * 0.6))
    rates = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        case.run(count)
        rates.append(count / (time.perf_counter() - t0))
    out["per_s"] = statistics.median(rates)
    out["runs"] = rates
    out["count"] = count
    return out


def _fmt(r: dict) -> str:
    if "per_s" in r:
        return f"{r['per_s']:>14,.0f} {r['unit']}/s"
    return f"{r['value']:>14,.{0 if abs(r['value']) >= 1000 else 2}f} {r['unit']}"


@click.command()
@click.option("--quick", is_flag=True, help="Short runs (the whole suite in under 30 seconds).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object {\"results\": [...]} instead of a table.")
@click.option("--only", metavar="NAMES", help="Comma-separated case names or prefixes, e.g. coup.random_playout.")
@click.option("--repeats", type=click.IntRange(1, 50), default=None, help="Timed runs per case (median reported).")
def bench(quick: bool, as_json: bool, only: Optional[str], repeats: Optional[int]) -> None:
    """Measure kernel and search speed on one core; report medians over several runs."""
    cases = collect(quick, only)
    if not cases:
        names = sorted({c.name for c in collect(quick)})
        raise IntrigueError(f"no benchmark matches {only!r} (a case is chosen by the start of its name); "
                            f"the cases: {', '.join(names)}", field="only")
    seconds = 0.25 if quick else 1.0
    repeats = repeats or (3 if quick else 5)
    results = []
    width = max(len(c.name) for c in cases)         # one column for every name, however long
    for case in cases:
        r = time_case(case, seconds, repeats)
        results.append(r)
        if not as_json:
            players = "" if r["players"] is None else f"{r['players']}p"
            click.echo(f"{r['name']:<{width}} {players:>4} {_fmt(r)}")
    if as_json:
        click.echo(json.dumps({"results": results, "quick": quick, "repeats": repeats}))
