"""A new user's walk through ``intrigue replay``, game records and Kuhn poker in ``intrigue play``:
each test is a problem found that way (what was typed, what went wrong), seeded."""
from __future__ import annotations

import os
import subprocess
import sys

import pexpect
import pytest

from intrigue.engine import GameRecord

INTRIGUE = [sys.executable, "-m", "intrigue.cli.main"]
ENV = dict(os.environ, PYTHONIOENCODING="utf-8", LANG="C.UTF-8")


def run(*args, stdin=None):
    proc = subprocess.run(INTRIGUE + [str(a) for a in args], input=stdin, capture_output=True, timeout=60,
                          env=ENV, text=True, encoding="utf-8")
    return proc.returncode, proc.stdout, proc.stderr


def kuhn(events, players=2):
    return GameRecord("kuhn", "standard", players, {}, [tuple(e) for e in events])


# seat 0 checks, seat 1 bets, seat 0 folds: seat 1's K is never shown
FOLD = [(-1, "deal 0 Q"), (-1, "deal 1 K"), (0, "pass"), (1, "bet"), (0, "pass")]
# both bet: a showdown the K wins, but no event shows either card to the other seat
SHOWDOWN = [(-1, "deal 0 Q"), (-1, "deal 1 K"), (0, "bet"), (1, "bet")]


def test_kuhn_replay_as_one_seat_never_shows_the_other_card(tmp_path):
    # `intrigue replay kfold.msgpack --seat 0` printed "seat 1: K" after seat 0 folded
    path = tmp_path / "kfold.msgpack"
    kuhn(FOLD).save(path)
    rc, out, err = run("replay", path, "--seat", "0", "--all")
    assert rc == 0 and err == ""
    assert "seat 1: ??" in out and "K" not in out.replace("Kuhn", "") and "Winner: seat 1" in out
    rc, out, _ = run("replay", path, "--all")                    # the full record shows everything
    assert rc == 0 and "seat 1: K" in out


@pytest.mark.parametrize("events", [FOLD, SHOWDOWN], ids=["fold", "showdown"])
@pytest.mark.slow
def test_kuhn_seat_view_record_shows_what_the_full_record_shows_as_that_seat(tmp_path, events):
    # a view record's end showed an invented card for the other seat ("seat 0: J" where it was a K)
    # and, at a showdown, a winner computed from it (Q against K: "Winner: seat 0")
    full = kuhn(events)
    full.save(tmp_path / "full.msgpack")
    for seat in (0, 1):
        full.view(seat).save(tmp_path / f"v{seat}.msgpack")
        a = run("replay", tmp_path / "full.msgpack", "--seat", seat, "--all")
        b = run("replay", tmp_path / f"v{seat}.msgpack", "--all")
        assert a[0] == b[0] == 0 and a[1] == b[1], (a, b)
        assert f"seat {1 - seat}: ??" in a[1]
        assert "Winner: seat 0" not in a[1]                   # seat 1 won both hands


def test_kuhn_render_keeps_the_winner_where_it_is_public():
    state = kuhn(SHOWDOWN).replay()
    assert "Winner: seat 1" in state.render(None) and "seat 0: Q" in state.render(None)
    assert "Showdown between seats 0, 1" in state.render(0) and "??" in state.render(0)
    assert "Winner: seat 1" in kuhn(FOLD).replay().render(0)


def test_kuhn_play_asks_in_words_not_with_a_bare_move_name():
    # the prompt was "bet" (then "call") over the choices "1. pass  2. bet"
    rc, out, err = run("play", "kuhn", "--bots", "heuristic", "--seed", "3", stdin="1\n2\n")
    assert rc == 0, err
    assert "check (pass) or bet\n   1. pass\n   2. bet" in out
    assert "fold (pass) or call (bet)\n" in out


@pytest.mark.parametrize("typed, step", [("\u00b3", 0), ("\u0e53", 3)], ids=["superscript", "thai digit"])
def test_stepping_to_a_strange_number_does_not_crash(tmp_path, typed, step):
    # typing '³' (a digit to str.isdigit, not to int) ended in a traceback; a Thai digit is a number
    path = tmp_path / "game.msgpack"
    kuhn(FOLD).save(path)
    child = pexpect.spawn(sys.executable, INTRIGUE[1:] + ["replay", str(path)], encoding="utf-8", timeout=30,
                          env=ENV)
    child.delaybeforesend = None
    child.expect("step 0/5")
    child.expect(r"\r\n> $")
    child.sendline(typed)
    child.expect(r"\r\n> $")
    assert "Traceback" not in child.before and f"step {step}/5" in child.before
    child.sendline("2")
    child.expect("step 2/5")
    child.expect(r"\r\n> $")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_save_onto_a_folder_leaves_no_tmp_file(tmp_path):
    # `save adir` in intrigue play said "Could not save to adir: Is a directory" but left adir.tmp
    (tmp_path / "adir").mkdir()
    record = kuhn(FOLD)
    with pytest.raises(OSError):
        record.save(tmp_path / "adir")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["adir"]
    record.save(tmp_path / "ok.msgpack")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["adir", "ok.msgpack"]
    assert GameRecord.load(tmp_path / "ok.msgpack") == record


def test_arena_records_into_a_file_is_one_line_not_a_traceback(tmp_path):
    # `intrigue arena --records afile` (afile an existing file) ended in FileExistsError's traceback
    (tmp_path / "afile").write_text("")
    rc, out, err = run("arena", "--game", "kuhn", "--bots", "heuristic", "random", "--games", "1", "--seed", "1",
                       "--records", tmp_path / "afile")
    assert rc == 2 and "Traceback" not in err                     # a usage mistake, found before any game
    assert err.strip().splitlines() == [f"error: --records '{tmp_path / 'afile'}' is a file: give a folder "
                                        f"(it is made if it is missing)"]


def test_output_to_a_full_disk_is_one_line_not_a_traceback(tmp_path):
    # `intrigue replay game.msgpack > /dev/full` ended in OSError's traceback
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    path = tmp_path / "game.msgpack"
    kuhn(FOLD).save(path)
    with open("/dev/full", "w") as full:
        proc = subprocess.run(INTRIGUE + ["replay", str(path), "--all"], stdout=full, stderr=subprocess.PIPE,
                              text=True, timeout=60, env=ENV)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.strip() == "error: No space left on device"
