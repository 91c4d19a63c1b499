"""``intrigue games`` lists every registered game from the registry alone."""
import json
import subprocess
import sys

from intrigue.engine import game_class, game_names


def test_games_lists_every_registered_game_with_its_rulesets():
    out = subprocess.run([sys.executable, "-m", "intrigue.cli.main", "games", "--json"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    listed = {g["name"]: g for g in json.loads(out.stdout)["games"]}
    assert sorted(listed) == sorted(game_names())
    for name, desc in listed.items():
        assert set(desc["rulesets"]) == set(game_class(name).rulesets)
    text = subprocess.run([sys.executable, "-m", "intrigue.cli.main", "games"],
                          capture_output=True, text=True, timeout=60).stdout
    assert all(f"{name}: " in text for name in game_names())
