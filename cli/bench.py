"""``intrigue bench``: speed figures for the kernels and the search, as a table or as JSON.

Benchmark cases come from each registered game (its ``benchmarks`` plug-in, ``cases(quick)``) and
from the search (:mod:`intrigue.search.benchmarks`); every case is timed on one core in this process,
repeated, and reported by its median with the smallest and largest run and their *spread* (the range
over the median): a figure whose spread is wide says little, and two runs of the suite differ by
about that much.

``--save FILE`` keeps the results (JSON); ``--compare FILE`` prints each case's ratio to that
baseline and warns where the difference is within the noise: smaller than the spread of the case in
either run.  ``--signature`` prints one number in the convention of Stockfish's ``bench``: the nodes
of fixed, seeded searches, which changes only when the search (or a game's rules) does.
"""
from __future__ import annotations

import json
import os
import platform
import statistics
import time
from typing import Any, Dict, List, Optional, Tuple

import click

from intrigue.engine.bench import Case
from intrigue.engine.errors import IntrigueError
from intrigue.engine.registry import game_class, game_names
from intrigue.cli.exact import show_exploit_table
from intrigue.search import benchmarks as search_benchmarks
from intrigue.search.exploit import TABLE_ITERATIONS, TABLE_MAX_NODES, TABLE_SAMPLES

__all__ = ["Case", "collect", "time_case", "compare", "bench"]

FORMAT = "intrigue-bench"          # the "format" of a --save file


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


def summarize(values: List[float]) -> Dict[str, float]:
    """``median``, ``min``, ``max`` and ``spread`` (max - min over the median; 0 for one run)."""
    median = statistics.median(values)
    low, high = min(values), max(values)
    return {"median": median, "min": low, "max": high,
            "spread": (high - low) / abs(median) if median else 0.0}


def time_case(case: Case, seconds: float, repeats: int) -> dict:
    """Time ``case`` ``repeats`` times (a ``run`` case after calibrating its count to about
    ``seconds``); the figure (``per_s`` or ``value``) is the median, with :func:`summarize`'s fields."""
    out: Dict[str, Any] = {"name": case.name, "players": case.players, "unit": case.unit}
    if case.measure is not None:
        values = [case.measure() for _ in range(repeats)]
        out["value"] = statistics.median(values)
        out["runs"] = values
        out.update(summarize(values))
        return out
    run = case.run
    if run is None:
        raise ValueError(f"benchmark case {case.name!r} has neither run nor measure")
    count = case.min_count                      # calibrate: grow until one run takes ~seconds
    while True:
        t0 = time.perf_counter()
        run(count)
        dt = time.perf_counter() - t0
        if dt >= seconds * 0.5 or count > 1 << 30:
            break
        count = max(count * 2, int(count * seconds / max(dt, 1e-6) * 0.6))
    rates = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        run(count)
        rates.append(count / (time.perf_counter() - t0))
    out["per_s"] = statistics.median(rates)
    out["runs"] = rates
    out["count"] = count
    out.update(summarize(rates))
    return out


def _number(x: float) -> str:
    return f"{x:,.0f}" if abs(x) >= 1000 else f"{x:,.2f}"


def _row(r: dict, width: int) -> str:
    players = "" if r["players"] is None else f"{r['players']}p"
    unit = f"{r['unit']}/s" if "per_s" in r else r["unit"]
    figure = r["per_s"] if "per_s" in r else r["value"]
    spread = f"±{100 * r['spread'] / 2:.1f}%"
    return (f"{r['name']:<{width}} {players:>4} {_number(figure):>14}  {_number(r['min']):>12} – "
            f"{_number(r['max']):<12} {spread:>7}  {unit}")


def _key(r: dict) -> Tuple[str, Optional[int]]:
    return r["name"], r["players"]


def compare(results: List[dict], baseline: List[dict]) -> List[dict]:
    """Each case of ``results`` that the ``baseline`` has: ``ratio`` (median over the baseline's
    median) and ``noise`` (True when the difference is smaller than the spread of the case in either
    run: it may be nothing but noise)."""
    old = {_key(r): r for r in baseline}
    out = []
    for r in results:
        b = old.get(_key(r))
        if b is None:
            continue
        new_f = r.get("per_s", r.get("value"))
        old_f = b.get("per_s", b.get("value"))
        if not old_f:
            continue
        ratio = new_f / old_f
        spread = max(r.get("spread", 0.0), b.get("spread", 0.0))
        out.append({"name": r["name"], "players": r["players"], "ratio": ratio, "before": old_f, "after": new_f,
                    "spread": spread, "noise": abs(ratio - 1.0) <= spread})
    return out


def _load_baseline(path: str) -> List[dict]:
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as err:
        raise IntrigueError(f"--compare {path}: {err.strerror or err}", field="compare") from None
    except ValueError:
        raise IntrigueError(f"--compare {path}: not a file written by 'intrigue bench --save'", field="compare") from None
    results = data.get("results") if isinstance(data, dict) else None
    if not isinstance(results, list) or not all(isinstance(r, dict) and "name" in r for r in results):
        raise IntrigueError(f"--compare {path}: not a file written by 'intrigue bench --save'", field="compare")
    return results


def _machine() -> dict:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    return {"python": platform.python_version(), "platform": platform.platform(), "cpus": os.cpu_count(),
            "load": load}


@click.command()
@click.option("--quick", is_flag=True, help="Short runs (the whole suite in under 30 seconds).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object {\"results\": [...]} instead of a table.")
@click.option("--only", metavar="NAMES", help="Comma-separated case names or prefixes, e.g. coup.random_playout.")
@click.option("--repeats", type=click.IntRange(1, 50), default=None,
              help="Timed runs per case (default 3 with --quick, else 5): the median is reported, with the "
                   "smallest, the largest and their spread.")
@click.option("--save", "save_path", metavar="FILE", default=None,
              help="Also write the results to FILE (JSON), a baseline for a later --compare.")
@click.option("--compare", "compare_path", metavar="FILE", default=None,
              help="Print each case's ratio to the results saved in FILE, and warn where the difference is "
                   "within the noise (smaller than the case's spread in either run).")
@click.option("--signature", is_flag=True,
              help="Print one number only: the nodes of fixed seeded searches of every game (Stockfish's "
                   "'bench' convention); it changes only when the search or a game's rules do.")
@click.option("--exploit", is_flag=True,
              help="Instead of speed, the tuners' table: the exploitability of each --bots on every game small "
                   "enough for exact work (a tree of at most --max-nodes) at each of --iterations, with the "
                   "time each point took (docs/exploitability.md).")
@click.option("--bots", "specs", multiple=True, metavar="SPEC", help="With --exploit: a bot to score (repeatable).")
@click.option("--iterations", default=",".join(str(n) for n in TABLE_ITERATIONS), show_default=True,
              metavar="N,N,...", help="With --exploit: iterations per search decision.")
@click.option("--samples", type=click.IntRange(1, 100000), default=TABLE_SAMPLES, show_default=True,
              help="With --exploit: answers asked of a search bot per information set.")
@click.option("--seed", type=int, default=0, show_default=True, help="With --exploit: seed of the bots' answers.")
@click.option("--max-nodes", type=click.IntRange(1), default=TABLE_MAX_NODES, show_default=True,
              help="With --exploit: the largest game tree taken.")
@click.option("--workers", type=click.IntRange(1, 256), default=1, show_default=True,
              help="With --exploit: processes asking the bots (the table is the same for any number).")
def bench(quick: bool, as_json: bool, only: Optional[str], repeats: Optional[int], save_path: Optional[str],
          compare_path: Optional[str], signature: bool, exploit: bool, specs: Tuple[str, ...], iterations: str,
          samples: int, seed: int, max_nodes: int, workers: int) -> None:
    """Measure kernel and search speed on one core: the median of several runs, the smallest and
    largest, and their spread (± half the range, as a share of the median).  With --exploit, the
    exploitability of bots on the small games instead.

    \b
    Examples:
      intrigue bench --quick
      intrigue bench --save base.json   (later: intrigue bench --compare base.json)
      intrigue bench --exploit --bots random --bots ismcts --iterations 100,1000
    """
    if exploit:
        show_exploit_table(specs, iterations, samples, seed, max_nodes, workers, as_json)
        return
    if specs:
        raise IntrigueError("--bots is for --exploit (the speed benchmark runs fixed cases)", field="bots")
    if signature:
        t0 = time.perf_counter()
        sig = search_benchmarks.signature()
        if as_json:
            click.echo(json.dumps({"signature": sig.nodes, "positions": sig.positions,
                                   "seconds": round(time.perf_counter() - t0, 3)}))
        else:
            click.echo(sig.nodes)
            click.echo(f"({sig.positions} positions, {sig.nodes:,} nodes, {time.perf_counter() - t0:.1f} s)",
                       err=True)
        return
    baseline = _load_baseline(compare_path) if compare_path else None
    cases = collect(quick, only)
    if not cases:
        names = sorted({c.name for c in collect(quick)})
        raise IntrigueError(f"no benchmark matches {only!r} (a case is chosen by the start of its name); "
                            f"the cases: {', '.join(names)}", field="only")
    seconds = 0.25 if quick else 1.0
    repeats = repeats or (3 if quick else 5)
    results = []
    width = max(len(c.name) for c in cases)         # one column for every name, however long
    if not as_json:
        click.echo(f"{'case':<{width}} {'':>4} {'median':>14}  {'min':>12} – {'max':<12} {'spread':>7}  unit")
    for case in cases:
        r = time_case(case, seconds, repeats)
        results.append(r)
        if not as_json:
            click.echo(_row(r, width))
    report: Dict[str, Any] = {"format": FORMAT, "results": results, "quick": quick, "repeats": repeats, "machine": _machine()}
    if save_path:
        try:
            with open(save_path, "w", encoding="utf-8") as f:
                json.dump(report, f, indent=1)
        except OSError as err:
            raise IntrigueError(f"--save {save_path}: {err.strerror or err}", field="save") from None
    comparison = compare(results, baseline) if baseline is not None else None
    if as_json:
        if comparison is not None:
            report["compare"] = comparison
        click.echo(json.dumps(report))
        return
    if save_path:
        click.echo(f"saved to {save_path}")
    load = report["machine"]["load"]
    if load is not None and load > 0.5 * (os.cpu_count() or 1):
        click.echo(f"warning: load average {load:.1f} on {os.cpu_count()} cores: other work was running, so "
                   "the figures are low and their spread wide")
    if comparison is not None and compare_path is not None:
        _print_comparison(comparison, width, compare_path, len(results))


def _print_comparison(comparison: List[dict], width: int, path: str, total: int) -> None:
    click.echo("")
    click.echo(f"against {path} (ratio > 1: more per second, or a larger value, now):")
    for c in comparison:
        players = "" if c["players"] is None else f"{c['players']}p"
        warn = f"   within the noise (spread ±{100 * c['spread'] / 2:.1f}%)" if c["noise"] else ""
        click.echo(f"{c['name']:<{width}} {players:>4} {c['ratio']:>7.3f}x  "
                   f"({_number(c['before'])} -> {_number(c['after'])}){warn}")
    if len(comparison) < total:
        click.echo(f"({total - len(comparison)} of this run's cases are not in {path})")
    noisy = sum(c["noise"] for c in comparison)
    if noisy:
        click.echo(f"warning: {noisy} of {len(comparison)} differences are within the noise of their runs; "
                   "repeat on a quiet machine (--repeats) before reading them")
