"""``intrigue arena``: pit bots against each other over many seeded games with rotated seats."""
from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from typing import Any, Dict, List, Optional, Tuple

import click

from intrigue.cli.paths import check_writable
from intrigue.engine.errors import IntrigueError, OptionError
from intrigue.engine.registry import DEFAULT_GAME
from intrigue.search.bot import bot_types


def _bots_help() -> str:
    lines = ["\b", "Bots (SPEC is NAME or NAME:key=value,key=value):"]
    for name, cls in bot_types().items():
        lines.append(f"  {name:<10} {getattr(cls, 'summary', '')}")
        for key, (kind, default, help_) in cls.options.items():
            lines.append(f"      {key}={kind.__name__} (default {default}): {help_}")
    lines += ["", "\b", "Examples:",
              "  intrigue arena --game coup --players 4 --bots \"ismcts:time=500\" heuristic heuristic heuristic \\",
              "      --games 400 --seed 1 --workers 2 --json out.json",
              "  intrigue arena --game politics --players 6 --team-bots DARK=ismcts:iterations=2000 HONEST=heuristic \\",
              "      --games 200 --seed 7",
              "  intrigue arena --ladder --bots random heuristic ismcts:iterations=1000 --games 100 --paired --seed 1",
              "  intrigue arena --gauntlet --game coup --players 4 --bots ismcts:iterations=1000 --games 100 --seed 1",
              "  intrigue arena --bots ismcts:iterations=2000 ismcts:iterations=1000 --games 20000 --paired \\",
              "      --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 --workers 2",
              "  intrigue arena --backend ray --address head:6379 --bots ismcts:time=100 heuristic --games 10000"]
    return "\n".join(lines)


def _parse_options(items: Tuple[str, ...]) -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise OptionError(f"--option {item!r} is not KEY=VALUE", field="option")
        out[key.strip()] = value.strip()
    return out


class _Progress:
    """A one-line progress bar on stderr (redrawn in place on a terminal, else every ``step`` percent)."""

    def __init__(self, total: int, quiet: bool, step: int = 10) -> None:
        self.total = total
        self.quiet = quiet
        self.step = step
        self.tty = sys.stderr.isatty()
        self.t0 = time.perf_counter()
        self.last_pct = -1

    def __call__(self, match: Any, outcome: Any) -> None:
        if self.quiet:
            return
        done = len(match.outcomes)
        pct = int(100 * done / self.total)
        finished = done == self.total or getattr(match, "status", {}).get("decision")
        if not self.tty and pct // self.step == self.last_pct // self.step and not finished:
            return
        self.last_pct = pct
        elapsed = time.perf_counter() - self.t0
        eta = elapsed / done * (self.total - done) if done else 0.0
        width = 30
        fill = int(width * done / self.total)
        line = (f"[{'#' * fill}{'.' * (width - fill)}] {done}/{self.total} games  "
                f"{match.progress_text()}  {elapsed:.0f}s, eta {eta:.0f}s")
        if self.tty:
            sys.stderr.write("\r" + line + ("\n" if finished else ""))
        else:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()


def _split_sprt(tokens: Tuple[str, ...]) -> Tuple[List[str], List[str]]:
    """Separate SPRT parameters (elo0=, elo1=, alpha=, beta=) from bot specs among loose arguments.

    A bot spec with options has a ':' before its first '=', so any other KEY=VALUE is an SPRT
    parameter: a mistyped one is then refused by name (``Sprt.parse``), not counted as a third bot."""
    sprt: List[str] = []
    rest: List[str] = []
    for tok in tokens:
        (sprt if "=" in tok and ":" not in tok.partition("=")[0] else rest).append(tok)
    return sprt, rest


@click.command(epilog=_bots_help())
@click.option("--game", default=DEFAULT_GAME, show_default=True, help="Game name.")
@click.option("--ruleset", default=None, help="Ruleset (default: the game's standard one; 'intrigue games' lists them).")
@click.option("--players", type=int, default=None,
              help="Number of players (default: the number of bot specs, or the game's default for one spec; "
                   "2 for --ladder and --sprt).")
@click.option("--bots", "first_bot", metavar="SPEC [SPEC ...]", default=None,
              help="One bot spec per seat (one spec alone fills every seat); with --ladder the ladder's bots; "
                   "with --sprt A (the change) then B (the base).")
@click.option("--team-bots", "first_team", metavar="TEAM=SPEC [TEAM=SPEC ...]", default=None,
              help="Instead of --bots, for games with hidden teams (each game's document names them): one bot spec per "
                   "team; the referee seats them by the dealt roles, and results are per team.")
@click.argument("more_bots", nargs=-1, metavar="")
@click.option("--games", type=click.IntRange(1), default=100, show_default=True,
              help="Games to play (--ladder: per pair; --sprt: at most).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of every deal and bot.")
@click.option("--workers", type=click.IntRange(1, 4096), default=1, show_default=True,
              help="Games played in parallel processes (--backend ray without --address: the local Ray's CPUs).")
@click.option("--ladder", is_flag=True,
              help="A round robin between the --bots (every pair plays --games games, seats alternating) "
                   "with Elo ratings and 95% error bars (mean rating 0).")
@click.option("--gauntlet", is_flag=True,
              help="The one --bots against each of the game's gauntlet opponents (bots of distinct styles, "
                   "each game's document lists them), one at a time: heads-up, or with --players N against N-1 "
                   "of the opponent; each deal played once per seat; win rates with 95% intervals and the worst.")
@click.option("--sprt", "sprt_text", metavar="KEY=VALUE ...", default=None,
              help="A/B test of the two --bots: 'elo0=0 elo1=5 alpha=0.05 beta=0.05' (Fishtest's GSPRT; logistic "
                   "Elo, or model=normalized); stops as soon as it decides, --games at most.")
@click.option("--paired", is_flag=True,
              help="With --ladder or --sprt: each deal is played twice with the seats swapped (pentanomial SPRT).")
@click.option("--anchor", default="mean", show_default=True, metavar="mean|SPEC",
              help="--ladder: ratings average 0 ('mean'), or this bot is rated 0.")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="Where games run: local processes, or Ray tasks (pip install 'intrigue[ray]').")
@click.option("--address", default=None, metavar="HOST:PORT",
              help="--backend ray: an existing cluster's head (default: start a local Ray).")
@click.option("--max-retries", type=click.IntRange(0, 100), default=3, show_default=True,
              help="Times a game whose worker died is run again (ray), or the local pool restarted.")
@click.option("--json", "json_path", metavar="FILE", default=None, help="Write the results as JSON ('-': stdout, with the table on stderr).")
@click.option("--records", metavar="DIR", default=None,
              help="Save every game record (msgpack) in DIR (written by this process, whatever the backend).")
@click.option("--option", "-o", "game_options", multiple=True, metavar="KEY=VALUE", help="A game option override.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
def arena(game: str, ruleset: Optional[str], players: Optional[int], first_bot: Optional[str],
          first_team: Optional[str], more_bots: Tuple[str, ...], games: int, seed: int, workers: int,
          ladder: bool, gauntlet: bool, sprt_text: Optional[str], paired: bool, anchor: str, backend: str,
          address: Optional[str], max_retries: int, json_path: Optional[str], records: Optional[str],
          game_options: Tuple[str, ...], quiet: bool) -> int:
    """Play GAMES seeded games between bots, seats rotated, and report win rates with 95% CIs.

    In game g the i-th bot sits at seat (i + g) mod players, so every bot plays every seat equally
    often over any multiple of players games; the games of one rotation share the same deal.
    With --team-bots the bots are seated by team and every game has its own deal; two team matches
    with the same seed play the same deals and roles.

    --ladder and --sprt play two bots at a time, taking the seats alternately; game k has a deal of
    its own (--paired: games 2m and 2m+1 share a deal, seats swapped). Results are the same, game for
    game, on any backend and any number of workers.
    """
    from intrigue.engine.registry import load_game
    from intrigue.search.arena import Arena, Ladder, MatchConfig, SprtMatch
    from intrigue.search.ratings import Sprt

    if (first_bot is None) == (first_team is None):
        raise click.UsageError("give either --bots (one spec per seat) or --team-bots (one spec per team)")
    if sum((ladder, gauntlet, sprt_text is not None)) > 1:
        raise click.UsageError("--ladder, --gauntlet and --sprt are separate runs: give one of them")
    if paired and not (ladder or sprt_text is not None):
        raise click.UsageError("--paired is for --ladder and --sprt (the plain arena already plays each deal "
                               "in every seat rotation)")
    if anchor != "mean" and not ladder:
        raise click.UsageError("--anchor is for --ladder")
    if json_path and json_path != "-":
        check_writable(json_path, "--json")
    if records and os.path.exists(records) and not os.path.isdir(records):
        raise IntrigueError(f"--records {records!r} is a file: give a folder (it is made if it is missing)",
                            field="records")
    options = _parse_options(game_options)

    def config(players: int) -> MatchConfig:
        return MatchConfig(game=game, ruleset=ruleset, players=players, options=options, seed=seed, workers=workers,
                           records=records, backend=backend, address=address, max_retries=max_retries)

    if gauntlet:
        from intrigue.search.arena import Gauntlet
        if first_bot is None or more_bots:             # (--team-bots given instead: see above)
            raise click.UsageError("--gauntlet takes one bot (--bots SPEC): the game names its opponents")
        ar: Any = Gauntlet(config(players or 2), bot=first_bot, games=games)
    elif ladder or sprt_text is not None:
        if first_bot is None:                          # --team-bots given instead (see above)
            raise click.UsageError("--ladder and --sprt take --bots, not --team-bots")
        sprt_items, rest = _split_sprt(more_bots)
        if ladder and sprt_items:
            raise click.UsageError(f"--ladder takes bot specs, not {sprt_items[0]!r}")
        specs = [first_bot, *rest]
        players = players or 2
        if ladder:
            anchor_at: Any = "mean"
            if anchor != "mean":
                if anchor not in specs:
                    raise OptionError(f"--anchor {anchor!r} is not one of the ladder's bots", field="anchor")
                anchor_at = specs.index(anchor)
            ar = Ladder(config(players), specs=specs, games=games, paired=paired, anchor=anchor_at)
        else:
            sprt = Sprt.parse([sprt_text or "", *sprt_items])
            ar = SprtMatch(config(players), specs=specs, games=games, sprt=sprt, paired=paired)
    else:
        team_bots: Optional[Dict[str, str]] = None
        specs_: Optional[List[str]] = None
        if first_team is not None:
            team_bots = {}
            for item in (first_team, *more_bots):
                name, eq, spec = item.partition("=")
                if not eq or not name.strip() or not spec.strip():
                    raise OptionError(f"--team-bots {item!r} is not TEAM=SPEC", field="team_bots")
                if name.strip().lower() in {k.lower() for k in team_bots}:
                    raise OptionError(f"--team-bots names team {name.strip()!r} twice", field="team_bots")
                team_bots[name.strip()] = spec.strip()
            if players is None:
                players = load_game(game, ruleset, None).num_players
        else:
            assert first_bot is not None                   # one of --bots and --team-bots (see above)
            specs_ = [first_bot, *more_bots]
            if players is None:
                players = len(specs_) if len(specs_) > 1 else load_game(game, ruleset, None).num_players
            if len(specs_) == 1:
                specs_ = specs_ * players
        ar = Arena(config(players), specs=specs_, games=games, team_bots=team_bots)
    step = 2 if sprt_text is not None else 10
    interrupted = False
    try:
        summary = ar.run(_Progress(ar.planned, quiet, step))
    except KeyboardInterrupt:
        click.echo(f"interrupted after {len(ar.outcomes)} games", err=True)
        summary = ar.summary()
        summary["interrupted"] = interrupted = True
    if not summary["games"]:
        click.echo("no game finished", err=True)
    if json_path == "-":
        with contextlib.redirect_stdout(sys.stderr):   # stdout carries the JSON alone
            _print(summary)
    else:
        _print(summary)
    if json_path:
        text = json.dumps(summary, indent=2)
        if json_path == "-":
            click.echo(text)
        else:
            try:
                with open(json_path, "w", encoding="utf-8") as f:
                    f.write(text + "\n")
            except OSError as err:
                raise IntrigueError(f"cannot write {json_path!r}: {err.strerror or err}", field="json") from None
    # Ctrl-C ends the command as it ends every other: status 130, so a script or a loop of runs stops
    # too (and `intrigue arena ... && next-step` does not take a partial run for a finished one)
    return 130 if interrupted else 0


def _print(summary: Dict[str, Any]) -> None:
    mode = summary.get("mode")
    click.echo(f"{summary['game']} ({summary['ruleset']}), {summary['players']} players, "
               f"{summary['games']} {'game' if summary['games'] == 1 else 'games'}, seed {summary['seed']}, {summary.get('backend', 'local')} backend")
    if mode == "ladder":
        _print_ladder(summary)
    elif mode == "gauntlet":
        _print_gauntlet(summary)
    elif mode == "sprt":
        _print_table(summary)
        _print_sprt(summary)
    else:
        _print_table(summary)
        _print_ratings(summary)
    _print_kinds(summary)
    if summary["games"]:
        unit = summary.get("length_unit", "turns")
        click.echo(f"mean game length {summary['mean_turns']} {unit} ({summary['mean_decisions']} decisions); "
                   f"draws {summary['draws']}; {summary['seconds']:.1f} s")
    else:
        click.echo(f"{summary['seconds']:.1f} s")


def _print_table(summary: Dict[str, Any]) -> None:
    if not summary["bots"]:
        return
    labels = [(f"{b['team']}: {b['spec']}" if "team" in b else b["spec"]) for b in summary["bots"]]
    width = max(12, max(len(x) for x in labels))
    head = "team: bot" if any("team" in b for b in summary["bots"]) else "bot"
    paid = all("mean_payoff" in b for b in summary["bots"])
    extra = f"  {'payoff/game':>11}  {'95% CI':>17}" if paid else ""
    click.echo(f"{head:<{width}}  {'wins':>5}  {'win rate':>8}  {'95% CI':>15}  {'place':>5}  {'ms/move':>8}{extra}")
    for label, b in zip(labels, summary["bots"]):
        lo, hi = b["ci95"]
        ms = "" if b["ms_per_decision"] is None else f"{b['ms_per_decision']:.1f}"
        place = "" if b["mean_placing"] is None else f"{b['mean_placing']:.2f}"
        if paid:
            plo, phi = b["payoff_ci95"]
            extra = f"  {b['mean_payoff']:>+11.3f}  [{plo:+7.3f}, {phi:+7.3f}]"
        click.echo(f"{label:<{width}}  {b['wins']:>5}  {100 * b['win_rate']:>7.1f}%  "
                   f"[{100 * lo:5.1f}, {100 * hi:5.1f}]  {place:>5}  {ms:>8}{extra}")
    if paid:
        click.echo("(payoff: the game's scores, e.g. chips in poker; a pot won is counted as a win)")


def _print_ratings(summary: Dict[str, Any]) -> None:
    """The multi-player Elo ratings (``Arena.ratings``): from the winners and from the finishing order."""
    r = summary.get("ratings")
    if not r:
        return
    bots = r["bots"]
    width = max(12, max(len(b) for b in bots))

    def cell(part: Dict[str, Any], i: int) -> str:
        if "error" in part:
            return "-"
        return f"{part['elo'][i]:+.1f} ± {part['error95'][i]:.1f}"

    click.echo(f"{'Elo (mean 0, 95%)':<{width}}  {'from the winners':>17}  {'from the finishing order':>24}")
    for i, b in enumerate(bots):
        click.echo(f"{b:<{width}}  {cell(r['winners'], i):>17}  {cell(r['order'], i):>24}")
    for name in ("winners", "order"):
        if "error" in r[name]:
            click.echo(f"no ratings from the {'winners' if name == 'winners' else 'finishing order'}: "
                       f"{r[name]['error']}")
    if len(bots) == 2 and all("difference" in r[n] for n in ("winners", "order")):
        w, o = r["winners"]["difference"], r["order"]["difference"]
        click.echo(f"Elo {bots[0]} - {bots[1]}: {w['elo']:+.1f} ± {w['error95']:.1f} from the winners, "
                   f"{o['elo']:+.1f} ± {o['error95']:.1f} from the finishing order")
    click.echo("(Luce's model from the winners; Plackett-Luce from the whole order, every place as a choice "
               "among the seats still in; a deal's games clustered)")


def _print_ladder(summary: Dict[str, Any]) -> None:
    fit = summary.get("ladder") or {}
    bots = summary["bots"]
    paired = "paired deals" if summary.get("paired") else "a deal per game"
    click.echo(f"ladder: {len(bots)} bots, {summary['games_per_pair']} games per pair ({paired})")
    if "error" in fit:
        click.echo(f"no ratings: {fit['error']}")
        return
    if not fit:
        return
    width = max(12, max(len(b["spec"]) for b in bots))
    click.echo(f"{'rank':>4}  {'bot':<{width}}  {'Elo':>7}  {'95%':>7}  {'games':>6}  {'score':>6}  {'ms/move':>8}")
    order = sorted(range(len(bots)), key=lambda i: -bots[i]["elo"])
    for rank, i in enumerate(order, 1):
        b = bots[i]
        ms = "" if b["ms_per_decision"] is None else f"{b['ms_per_decision']:.1f}"
        score = "" if b["score"] is None else f"{100 * b['score']:.1f}%"
        click.echo(f"{rank:>4}  {b['spec']:<{width}}  {b['elo']:>+7.1f}  {'±' + format(b['elo_error95'], '.1f'):>7}  "
                   f"{b['games']:>6}  {score:>6}  {ms:>8}")
    click.echo(f"Elo: maximum-likelihood fit, {fit['anchor']}, 95% intervals; "
               f"{fit['virtual_draws_per_pair']:g} virtual draw per pair")
    for d, p in zip(fit.get("differences", []), summary["pairs"]):
        a, b = d["bots"]
        click.echo(f"  {a} - {b}: +{p['wins']} ={p['draws']} -{p['losses']}, "
                   f"Elo difference {d['elo']:+.1f} ± {d['error95']:.1f}")


def _print_gauntlet(summary: Dict[str, Any]) -> None:
    click.echo(f"gauntlet of {summary['bot']}: {summary['games_per_opponent']} games per opponent, "
               f"each deal in every seat")
    rows = summary["gauntlet"]
    width = max(10, max(len(r["opponent"]) for r in rows))
    click.echo(f"{'opponent':<{width}}  {'games':>5}  {'wins':>5}  {'win rate':>8}  {'95% CI':>15}  {'par':>5}  style")
    for r in rows:
        rate = "" if r["win_rate"] is None else f"{100 * r['win_rate']:.1f}%"
        lo, hi = r["ci95"]
        click.echo(f"{r['opponent']:<{width}}  {r['games']:>5}  {r['wins']:>5}  {rate:>8}  "
                   f"[{100 * lo:5.1f}, {100 * hi:5.1f}]  {100 * r['par']:4.0f}%  {r['style']}")
    if "worst" in summary:
        w, o = summary["worst"], summary["overall"]
        click.echo(f"worst case: {w['opponent']} {100 * w['win_rate']:.1f}% [{100 * w['ci95'][0]:.1f}, "
                   f"{100 * w['ci95'][1]:.1f}]; over the gauntlet {100 * o['win_rate']:.1f}% of {o['games']} games")


def _print_sprt(summary: Dict[str, Any]) -> None:
    s = summary["sprt"]
    a, b = (x["spec"] for x in summary["bots"])
    verdict = {"H1": f"H1 accepted: {a} is stronger than {b} by elo1={s['elo1']:g} rather than elo0={s['elo0']:g}",
               "H0": f"H0 accepted: {a} is not stronger than {b} by elo1={s['elo1']:g} (elo0={s['elo0']:g} is "
                     f"more likely)",
               None: f"no decision after {summary['games']} games"}[s["decision"]]
    c = s["results"]
    counts = (f"pentanomial {c}" if s["results_kind"] == "pentanomial"
              else f"W-L-D {c[2]}-{c[0]}-{c[1]}")
    click.echo(f"SPRT elo0={s['elo0']:g} elo1={s['elo1']:g} alpha={s['alpha']:g} beta={s['beta']:g} "
               f"({s['model']} Elo): {counts}")
    click.echo(f"LLR {s['llr']:+.3f} (bounds {s['lower']:+.3f}, {s['upper']:+.3f}) -> {verdict}")
    lo, hi = s["elo_ci95"]
    if s["elo"] is not None and lo is not None and hi is not None:
        click.echo(f"Elo {a} - {b}: {s['elo']:+.1f} [{lo:+.1f}, {hi:+.1f}] (normalized {s['nelo']:+.1f}), "
                   f"LOS {100 * s['los']:.1f}%")


def _print_kinds(summary: Dict[str, Any]) -> None:
    """Thinking time per decision kind (mean / max ms of decisions with a choice; forced ones apart),
    for the bots that think (0.5 ms a decision or more; --json has every bot's)."""
    rows = [b for b in summary["bots"] if b.get("think_by_kind") and (b["ms_per_decision"] or 0) >= 0.5]
    if not rows:
        return
    click.echo("thinking per decision kind (ms mean/max over decisions with a choice; forced decisions):")
    for b in rows:
        label = f"{b['team']}: {b['spec']}" if "team" in b else b["spec"]
        if b.get("iterations_per_decision"):
            label += f" [{b['iterations_per_decision']:.0f} iterations a decision]"
        parts = []
        for kind, k in b["think_by_kind"].items():
            text = f"{kind} {k['mean_ms']:.1f}/{k['max_ms']:.1f} ({k['decisions']})" if k["decisions"] else f"{kind} -"
            if k["forced"]:
                text += f" forced {k['forced']} max {k['forced_max_ms']:.1f}"
            parts.append(text)
        click.echo(f"  {label}: " + "; ".join(parts))
