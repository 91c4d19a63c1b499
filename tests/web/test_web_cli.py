"""``intrigue web`` refuses a bad command line as ``intrigue play`` does: one line ``error: ...`` on
stderr, exit status 2, no usage block and no traceback, and before anything listens.  (A click usage
error, such as an unknown option, is click's own in both commands: its usage block and status 2.)"""
from __future__ import annotations

import socket
import subprocess
import sys

import pytest


from intrigue.cli.main import main  # noqa: E402


def said(capsys, argv):
    """Run ``intrigue ARGV`` in this process: (exit status, stderr)."""
    status = main(argv)
    return status, capsys.readouterr().err


@pytest.mark.parametrize("args", [
    ["--bots", "nosuchbot"],
    ["--bots", "ismcts:iterations=abc"],
    ["--lang", "xx"],
    ["-o", "steal_amount"],
    ["-o", "nosuchoption=1"],
    ["--players", "9"],
    ["--ruleset", "nosuchruleset"],
])
def test_the_same_mistake_is_said_as_play_says_it(capsys, args):
    play_status, play_err = said(capsys, ["play", "coup", *args])
    web_status, web_err = said(capsys, ["web", "coup", "--no-browser", "--port", "0", *args])
    assert play_status == 2 and play_err.startswith("error: "), play_err
    assert (web_status, web_err[:7]) == (play_status, play_err[:7]), web_err
    assert web_err.count("\n") == 1 and "Usage" not in web_err and "Traceback" not in web_err


@pytest.mark.parametrize("args,words", [
    (["--humans", "a,b"], "--humans"),
    (["--humans", ","], "--humans"),
    (["--humans", "0,7"], "seat 7"),
    (["--hint", "nosuchbot"], "--hint"),
    (["--bot-delay", "-1"], "--bot-delay"),
    (["--bot-delay", "nan"], "--bot-delay"),
    (["--port", "99999"], "--port 99999"),
    (["--port", "-1"], "--port -1"),
    (["--host", "999.1.1.1"], "--host"),
    (["nosuchgame"], "unknown game"),
    (["--bots", "ismcts:time=60000"], "--max-bot-time"),
    (["--bots", "ismcts:workers=4"], "--max-bot-workers"),
    (["--hint", "ismcts:iterations=2000000"], "--max-bot-iterations"),
    (["--bots", "ismcts:time=3000", "--max-bot-time", "5000"], "--max-bot-time"),
    (["--max-tables", "0"], "--max-tables"),
    (["--table-idle", "nan"], "--table-idle"),
    (["--bot-slots", "-2"], "--bot-slots"),
])
def test_bad_values_are_one_line_errors(capsys, args, words):
    status, err = said(capsys, ["web", "--no-browser", "--port", "0", *args] if args[0] != "nosuchgame"
                       else ["web", *args, "--no-browser"])
    assert status == 2 and err.startswith("error: ") and words in err, err
    assert err.count("\n") == 1 and "Usage" not in err


def test_a_port_in_use_is_said_plainly(capsys):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        status, err = said(capsys, ["web", "--no-browser", "--bots", "random", "--port", str(port)])
    assert status == 2 and err.startswith("error: ") and f"port {port}" in err and "in use" in err, err
    assert "--port 0" in err                       # and what to do about it


def test_a_saves_folder_that_cannot_be_one_is_refused(capsys, tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("")
    status, err = said(capsys, ["web", "--no-browser", "--bots", "random", "--port", "0",
                                "--saves", str(afile / "saves")])
    assert status == 2 and err.startswith("error: --saves") and "not a folder" in err, err


def test_an_unknown_option_is_clicks_usage_error_as_in_play():
    run = [sys.executable, "-m", "intrigue.cli.main"]
    web = subprocess.run(run + ["web", "--nosuchoption"], capture_output=True, text=True, timeout=60)
    play = subprocess.run(run + ["play", "--nosuchoption"], capture_output=True, text=True, timeout=60)
    assert web.returncode == play.returncode == 2
    assert "No such option" in web.stderr and "No such option" in play.stderr


@pytest.mark.slow
def test_an_ipv6_address_is_bracketed_in_the_links(tmp_path):
    if not socket.has_ipv6:
        pytest.skip("no IPv6")
    try:
        with socket.socket(socket.AF_INET6) as s:
            s.bind(("::1", 0))
    except OSError:
        pytest.skip("no IPv6 loopback")
    proc = subprocess.Popen([sys.executable, "-m", "intrigue.cli.main", "web", "--host", "::1", "--port", "0",
                             "--no-browser", "--bots", "random", "--seed", "1", "--saves", str(tmp_path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first, link = proc.stdout.readline(), proc.stdout.readline()
    finally:
        proc.terminate()
        proc.wait(10)
    assert "http://[::1]:" in first and "http://[::1]:" in link, (first, link, proc.stderr.read())
