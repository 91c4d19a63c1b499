"""``intrigue bench``: a saved baseline, the ratios against it with a warning where a difference is
within the noise, and the deterministic signature (Stockfish's ``bench`` convention)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from intrigue.cli.bench import compare, summarize
from intrigue.cli.main import main
from intrigue.search.benchmarks import SIGNATURE_SPEC, signature


def case(name, median, low, high, players=4):
    return {"name": name, "players": players, "unit": "ops", "per_s": median, **summarize([low, median, high])}


def test_a_difference_smaller_than_the_spread_is_marked_as_noise():
    before = [case("a", 100, 95, 105), case("b", 100, 60, 140), case("c", 100, 99, 101), case("gone", 1, 1, 1)]
    after = [case("a", 150, 148, 152), case("b", 120, 118, 122), case("c", 99, 98.5, 99.5), case("new", 5, 5, 5)]
    got = {c["name"]: c for c in compare(after, before)}
    assert set(got) == {"a", "b", "c"}                       # only the cases both runs have
    assert got["a"]["ratio"] == pytest.approx(1.5) and not got["a"]["noise"]
    assert got["b"]["ratio"] == pytest.approx(1.2) and got["b"]["noise"]     # the baseline ran 60-140
    assert got["c"]["ratio"] == pytest.approx(0.99) and got["c"]["noise"]    # 1% apart, 2% spread
    # the same name at another player count is another case
    assert compare([case("a", 100, 100, 100, players=6)], before) == []


def test_save_then_compare_prints_each_ratio(tmp_path, capsys):
    path = tmp_path / "base.json"
    assert main(["bench", "--quick", "--only", "search.bytes_per_node", "--repeats", "2", "--save", str(path)]) == 0
    saved = json.loads(path.read_text())
    assert saved["format"] == "intrigue-bench" and saved["results"][0]["name"] == "search.bytes_per_node"
    capsys.readouterr()
    assert main(["bench", "--quick", "--only", "search.bytes_per_node", "--repeats", "2", "--compare", str(path)]) == 0
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if line.startswith("search.bytes_per_node") and "x  (" in line)
    assert "1.000x" in line                            # the node size is what it was


def test_compare_with_a_file_that_is_no_baseline_is_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"results": 5}')
    assert main(["bench", "--compare", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "intrigue bench --save" in err
    assert main(["bench", "--compare", str(tmp_path / "none.json")]) != 0


@pytest.mark.slow
def test_the_signature_is_one_number_the_same_every_run():
    # another process with another string hash seed, and this one: the same number
    r = subprocess.run([sys.executable, "-m", "intrigue.cli.main", "bench", "--signature"], capture_output=True,
                       text=True, timeout=300, env=dict(os.environ, PYTHONHASHSEED="1"))
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().isdigit() and r.stdout.count("\n") == 1
    here = signature()
    assert int(r.stdout) == here.nodes and here.positions >= 6


@pytest.mark.slow
def test_the_signature_changes_when_the_search_does():
    base = signature()
    assert signature(SIGNATURE_SPEC + ",c=1.4").nodes != base.nodes
    assert signature(SIGNATURE_SPEC.replace("2000", "1000")).nodes != base.nodes
