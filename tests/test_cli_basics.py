"""The ``intrigue`` command: version, help, bench output shape, one-line errors."""
from __future__ import annotations

import json
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


def test_bench_table_lines_up_long_names_and_large_values():
    # shadow_master.random_decisions (30 characters) pushed its row out of line, with two decimals
    r = run("bench", "--quick", "--only", "shadow_master.state_bytes,coup.clone,shadow_master.random_decisions",
            "--repeats", "1")
    assert r.returncode == 0, r.stderr
    rows = [line for line in r.stdout.splitlines() if line.strip()]
    assert len(rows) == 5
    ends = {len(line) - len(line.split()[-1]) for line in rows}      # where each unit starts
    assert len(ends) == 1, rows
    decisions = [line for line in rows if "random_decisions" in line]
    assert decisions and all("." not in line.split()[-2] for line in decisions)


def test_bench_names_the_cases_when_none_matches():
    r = run("bench", "--quick", "--only", "nosuchcase")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "'nosuchcase'" in r.stderr and "coup" in r.stderr and "search" in r.stderr
    # one line as every command's errors, naming every case (it pointed to '--quick', which runs them)
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1 and "coup.ismcts_belief" in r.stderr
    assert "--quick" not in r.stderr


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


def test_bench_table_and_unknown_case():
    r = run("bench", "--quick", "--only", "coup.encode", "--repeats", "1")
    assert r.returncode == 0 and "coup.encode" in r.stdout
    r = run("bench", "--quick", "--only", "nothing.like.this")
    assert r.returncode != 0 and "Traceback" not in r.stderr


def test_user_errors_are_one_line_not_tracebacks(capsys):
    code = main(["play", "coup", "--ruleset", "seed-xx", "--bots", "random"])
    err = capsys.readouterr().err
    assert code != 0 and "seed-xx" in err and "Traceback" not in err
