"""``intrigue replay FILE``: a saved game shown whole or step by step, in full or as one seat saw it."""
from __future__ import annotations

import os
import random
import subprocess
import sys

import pexpect
import pytest

from intrigue.engine import new_game

REPLAY = [sys.executable, "-m", "intrigue.cli.main", "replay"]


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    state = new_game("coup", players=3, seed=9)
    rng = random.Random(9)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_moves()))
    folder = tmp_path_factory.mktemp("replay")
    full, view = folder / "full.msgpack", folder / "seat2.msgpack"
    record = state.record()
    record.save(full)
    record.view(2).save(view)
    return state, full, view


def run(*args):
    proc = subprocess.run(REPLAY + [str(a) for a in args], capture_output=True, timeout=60,
                          env=dict(os.environ, PYTHONIOENCODING="utf-8"))
    return proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")


def test_whole_game_in_full(saved):
    state, full, _ = saved
    rc, out, err = run(full, "--all")
    assert rc == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].endswith(f": {len(state.history)} events")
    deals = [line for line in lines if " dealt " in line]
    assert len(deals) == 3                                  # every seat's deal is shown
    assert any("challenge" in line for line in lines)       # told in sentences, not notation
    winner = state.result().winners[0]
    assert f"Winner: Seat {winner}" in out and "Placings:" in out


def test_as_one_seat_saw_it_hides_the_others_cards(saved):
    state, full, view = saved
    for args in ((full, "--seat", 2), (view,)):
        rc, out, _ = run(*args, "--all")
        assert rc == 0
        assert out.splitlines()[0].endswith(f": {len(state.view(2))} events")
        assert [line for line in out.splitlines() if " dealt " in line][0].split()[1:3] == ["You", "are"]
        assert "Seat 0 is dealt" not in out and "Seat 1 is dealt" not in out
        assert "(you)" in out


@pytest.mark.slow
def test_errors_are_one_line(saved, tmp_path):
    _, _, view = saved
    bad = tmp_path / "bad.msgpack"
    bad.write_bytes(b"\x93\x01")
    for args, message in (((tmp_path / "nothing",), "cannot read"), ((bad,), "not a readable game record"),
                          ((view, "--seat", 1), "seat 2's view"), ((view, "--lang", "fr"), "not one of")):
        rc, out, err = run(*args, "--all")
        assert rc == 2 and message in err and "Traceback" not in err, err


def test_stepping_interactively(saved):
    state, full, _ = saved
    child = pexpect.spawn(sys.executable, REPLAY[1:] + [str(full), "--lang", "th"], encoding="utf-8", timeout=30,
                          env=dict(os.environ, PYTHONIOENCODING="utf-8", LANG="C.UTF-8"))
    child.delaybeforesend = None
    child.expect("ขั้น 0/")
    child.expect("> ")
    child.sendline("")
    child.expect("ขั้น 1/")
    child.expect("> ")
    child.sendline("e")
    child.expect(f"ขั้น {len(state.history)}/{len(state.history)}")
    child.expect("> ")
    child.sendline("b")
    child.expect(f"ขั้น {len(state.history) - 1}/")
    child.expect("> ")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_a_pass_the_narrator_leaves_unsaid_is_a_line_naming_the_seat_and_the_window(tmp_path):
    """Politics window passes have no sentence in play; in a replay each is a step of its own, worded
    with the seat as the narrator names it and the window ("Seat 2 passes (Coup window).", "You pass
    (Coup window)."; it read "seat 2: Pass" and "seat 0 (you): Pass", in notation, then "Seat 2: Pass")."""
    state = new_game("politics", players=6, seed=3)
    rng = random.Random(3)
    for _ in range(60):
        state.apply_action(rng.choice(state.legal_moves()))
    path = tmp_path / "seat0.msgpack"
    state.record().view(0).save(path)
    code, out, err = run(path, "--all")
    assert code == 0, err
    passes = [line.split(None, 1)[1] for line in out.splitlines() if " window)." in line]
    assert any(p.startswith("You pass (Coup window)") for p in passes), passes
    assert any(p.startswith("Seat 1 passes (Coup window)") for p in passes), passes
    assert not any(line.rstrip().endswith(": Pass") for line in out.splitlines())
    assert "seat " not in " ".join(passes) and "(you)" not in " ".join(passes)
    code, out, err = run(path, "--all", "--lang", "th")
    assert code == 0 and "คุณผ่าน (ช่วงเล่นการ์ดยึดอำนาจ)" in out
