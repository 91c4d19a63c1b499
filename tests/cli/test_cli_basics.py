"""The ``intrigue`` command: version, help, bench output shape, one-line errors."""
from __future__ import annotations

import json

import pytest
import subprocess
import sys

import intrigue
from intrigue.cli.main import main


def run(*args, timeout=120):
    return subprocess.run([sys.executable, "-m", "intrigue.cli.main", *args], capture_output=True, text=True,
                          timeout=timeout)


def test_version_and_help():
    r = run("--version")
    assert r.returncode == 0 and intrigue.__version__ in r.stdout
    r = run("--help")
    assert r.returncode == 0
    for cmd in ("bench", "play"):
        assert cmd in r.stdout


@pytest.mark.slow
def test_bench_json_has_the_coup_cases():
    r = run("bench", "--quick", "--json", "--only", "coup", "--repeats", "1")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    got = {(x["name"], x["players"]) for x in data["results"]}
    for n in (2, 4, 6):
        assert ("coup.random_playout", n) in got
    assert any(name == "coup.clone" for name, _ in got) and any(name == "coup.encode" for name, _ in got)
    for x in data["results"]:
        assert x["per_s"] > 0


@pytest.mark.slow
def test_bench_table_lines_up_long_names_and_large_values():
    # shadow_master.random_decisions (30 characters) pushed its row out of line, with two decimals
    r = run("bench", "--quick", "--only", "shadow_master.state_bytes,coup.clone,shadow_master.random_decisions",
            "--repeats", "1")
    assert r.returncode == 0, r.stderr
    rows = [line for line in r.stdout.splitlines() if line.strip() and not line.startswith("warning")]
    assert len(rows) == 6 and rows[0].split()[:2] == ["case", "median"]
    units = {line.rindex("  ") for line in rows}              # the unit column starts at one place
    assert len(units) == 1, rows
    decisions = [line for line in rows if "random_decisions" in line]
    assert decisions and all("." not in line.split()[2] for line in decisions)


@pytest.mark.slow
def test_bench_shows_the_smallest_largest_and_spread_of_each_case():
    r = run("bench", "--quick", "--json", "--only", "coup.encode,search.bytes_per_node", "--repeats", "3")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    for x in data["results"]:
        runs = x["runs"]
        assert len(runs) == 3
        assert x["min"] == min(runs) and x["max"] == max(runs) and x["median"] == sorted(runs)[1]
        assert x["spread"] == pytest.approx((max(runs) - min(runs)) / x["median"])
    assert data["machine"]["cpus"] >= 1


def test_bench_names_the_cases_when_none_matches():
    r = run("bench", "--quick", "--only", "nosuchcase")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "'nosuchcase'" in r.stderr and "coup" in r.stderr and "search" in r.stderr
    # one line as every command's errors, naming every case (it pointed to '--quick', which runs them)
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1 and "coup.ismcts_belief" in r.stderr
    assert "--quick" not in r.stderr


@pytest.mark.slow
def test_bench_json_has_the_search_and_politics_cases():
    names = "coup.ismcts,search.bytes_per_node,politics.random_playout,politics.ismcts"
    r = run("bench", "--quick", "--json", "--only", names, "--repeats", "1")
    assert r.returncode == 0, r.stderr
    got = {(x["name"], x["players"]): x for x in json.loads(r.stdout)["results"]}
    for n in (2, 4, 6):
        assert got[("coup.ismcts", n)]["per_s"] > 0
    for n in (6, 8):
        assert got[("politics.random_playout", n)]["per_s"] > 0 and got[("politics.ismcts", n)]["per_s"] > 0
    assert any(name == "coup.ismcts_belief" for name, _ in got)          # "coup.ismcts" is a prefix
    assert got[("search.bytes_per_node", None)]["value"] <= 48


@pytest.mark.slow
def test_bench_table_and_unknown_case():
    r = run("bench", "--quick", "--only", "coup.encode", "--repeats", "1")
    assert r.returncode == 0 and "coup.encode" in r.stdout
    r = run("bench", "--quick", "--only", "nothing.like.this")
    assert r.returncode != 0 and "Traceback" not in r.stderr


def test_user_errors_are_one_line_not_tracebacks(capsys):
    code = main(["play", "coup", "--ruleset", "seed-xx", "--bots", "random"])
    err = capsys.readouterr().err
    assert code != 0 and "seed-xx" in err and "Traceback" not in err
