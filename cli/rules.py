"""``intrigue rules``: a game's rules guide for players, in the terminal.

The guides are the repository's ``docs/rules/<game>.<lang>.md``, installed with the package as the
data package ``intrigue.rules`` (setup.py), so an installed intrigue has them without a clone.
"""
from __future__ import annotations

import shutil
import sys
from importlib import resources
from typing import Dict, List, Optional

import click

from intrigue.cli.tui import RTL_LANGS, visual
from intrigue.engine import IntrigueError, game_class, game_names

GUIDES = "intrigue.rules"


def guide_languages(game: str) -> List[str]:
    """The languages a game's guide is installed in (English first), ``[]`` if it has none."""
    try:
        names = [entry.name for entry in resources.files(GUIDES).iterdir()]
    except (ModuleNotFoundError, FileNotFoundError):
        return []
    langs = sorted(n[len(game) + 1:-3] for n in names if n.startswith(game + ".") and n.endswith(".md"))
    return sorted(langs, key=lambda lang: (lang != "en", lang))


def read_guide(game: str, lang: str) -> str:
    """The text of ``game``'s guide in ``lang`` (a ``FileNotFoundError`` if there is none)."""
    return resources.files(GUIDES).joinpath(f"{game}.{lang}.md").read_text(encoding="utf-8")


def all_guides() -> Dict[str, List[str]]:
    """``{game: languages}`` for every installed game that has a guide."""
    return {name: langs for name in game_names() if (langs := guide_languages(name))}


@click.command()
@click.argument("game", required=False)
@click.option("--lang", default=None, help="Language of the guide, e.g. en, th, he (default: en, else the first there is).")
@click.option("--bidi/--no-bidi", default=True, show_default=True,
              help="In a terminal, put right-to-left text (Hebrew) in visual order, as 'intrigue play' does.")
def rules(game: Optional[str], lang: Optional[str], bidi: bool) -> None:
    """Print the rules guide of GAME (without GAME: the games that have one, and their languages).

    \b
    intrigue rules coup
    intrigue rules coup --lang he
    """
    if game is None:
        for name, langs in all_guides().items():
            click.echo(f"{name}: {', '.join(langs)}   (intrigue rules {name}"
                       f"{'' if langs[0] == 'en' else ' --lang ' + langs[0]})")
        return
    name = game_class(game).name           # an unknown game is refused naming the known ones
    langs = guide_languages(name)
    if not langs:
        with_guides = ", ".join(all_guides()) or "none"
        raise IntrigueError(f"{name} has no rules guide installed (games with one: {with_guides})")
    lang = (lang or ("en" if "en" in langs else langs[0])).strip().lower()
    if lang not in langs:
        raise IntrigueError(f"the {name} guide is not written in {lang!r}: --lang {' or '.join(langs)}")
    text = read_guide(name, lang)
    if bidi and sys.stdout.isatty():
        text = visual(text, min(shutil.get_terminal_size().columns, 100), rtl=lang in RTL_LANGS)
    click.echo(text.rstrip("\n"))
