"""``intrigue rules GAME [--lang LANG]``: the players' guides are installed with the package and shown
in the terminal; the in-game ``rules`` names that command, never a path of the repository."""
from __future__ import annotations

import pathlib
import re

import pytest

from intrigue.cli.main import main
from intrigue.cli.rules import guide_languages
from intrigue.cli.tui import narrator_for
from intrigue.engine import game_names, load_game
import support

DOCS = support.DOCS / "rules"
GUIDES = sorted(DOCS.glob("*.md"))


def intrigue(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_repository_has_guides():
    assert len(GUIDES) >= 3


@pytest.mark.parametrize("path", GUIDES, ids=lambda p: p.name)
def test_every_guide_is_installed_and_printed_as_written(capsys, path):
    game, lang, _ = path.name.split(".")
    code, out, err = intrigue(capsys, "rules", game, "--lang", lang)
    assert code == 0, err
    assert out == path.read_text(encoding="utf-8").rstrip("\n") + "\n"      # piped: logical order, as written


def test_without_a_game_it_lists_the_games_and_their_languages(capsys):
    code, out, _ = intrigue(capsys, "rules")
    assert code == 0
    for path in GUIDES:
        game, lang, _ = path.name.split(".")
        line = next(line for line in out.splitlines() if line.startswith(game + ":"))
        assert lang in line
    assert guide_languages("coup")[0] == "en"


def test_english_is_the_default_and_a_game_may_be_named_as_play_takes_it(capsys):
    code, out, _ = intrigue(capsys, "rules", "shadow-master")
    assert code == 0 and out == (DOCS / "shadow_master.en.md").read_text(encoding="utf-8").rstrip("\n") + "\n"


@pytest.mark.parametrize("args, words", [
    (("rules", "politics", "--lang", "he"), ["politics", "'he'", "en", "th"]),
    (("rules", "nosuchgame"), ["unknown game", "coup"]),
    (("rules", "kuhn"), ["kuhn has no rules guide", "coup"]),
])
def test_a_wrong_game_or_language_is_refused_in_one_line_naming_what_there_is(capsys, args, words):
    code, out, err = intrigue(capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1
    for w in words:
        assert w in err


@pytest.mark.parametrize("game", [g for g in game_names() if guide_languages(g)])
def test_the_in_game_rules_name_a_command_that_prints_the_guide(capsys, game):
    g = load_game(game)
    for lang in g.languages:
        narrator = narrator_for(g, lang)
        text = narrator.rules(g.new_initial_state().core, 0)
        assert "docs/" not in text and ".md" not in text
        named = re.search(r"intrigue rules (\S+)(?: --lang (\w+))?", text)
        assert named, text
        code, out, err = intrigue(capsys, *named.group(0).split()[1:])
        assert code == 0, err
        assert out.startswith("# ")
        if named.group(2):
            assert named.group(2) in guide_languages(game)
