"""Entry point of the ``intrigue`` console script."""
from __future__ import annotations

import importlib
import sys
from typing import Dict, List, Optional

import click

from intrigue import __version__

# command name -> "module:attribute"; a module that is not installed simply does not show up
COMMANDS: Dict[str, str] = {
    "play": "intrigue.cli.play:play",
    "engine": "intrigue.cli.engine_cmd:engine",
    "arena": "intrigue.cli.arena:arena",
    "bench": "intrigue.cli.bench:bench",
    "replay": "intrigue.cli.replay:replay",
    "games": "intrigue.cli.games:games",
    "rules": "intrigue.cli.rules:rules",
    "web": "intrigue.cli.web_cmd:web",
    "exploit": "intrigue.cli.exact:exploit",
    "solve": "intrigue.cli.exact:solve",
}


class LazyGroup(click.Group):
    """A group whose subcommands are imported on first use, so ``intrigue --help`` stays quick."""

    def list_commands(self, ctx: click.Context) -> List[str]:
        return [name for name in COMMANDS if self.get_command(ctx, name) is not None]

    def get_command(self, ctx: click.Context, name: str) -> Optional[click.Command]:
        target = COMMANDS.get(name)
        if target is None:
            return None
        module, _, attr = target.partition(":")
        try:
            return getattr(importlib.import_module(module), attr)
        except ImportError as err:
            if (module + ".").startswith((getattr(err, "name", None) or "?") + "."):
                return None
            raise


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="intrigue")
def cli() -> None:
    """intrigue: strong AI opponents for hidden-role games.

    \b
    The games, rulesets, options:  intrigue games
    A game's rules guide:          intrigue rules GAME [--lang LANG]
    Start a game against bots:     intrigue play
    Drive it from a frontend:      intrigue engine      (see docs/protocol.md)
    Pit bots against each other:   intrigue arena --help
    Measure speed:                 intrigue bench --quick
    Exact play quality (small games): intrigue exploit, intrigue solve
    Play in the browser:           intrigue web          (needs intrigue[web])
    """


def main(argv: Optional[List[str]] = None) -> int:
    """Run the CLI; errors a user can cause are printed as one line, never as a traceback."""
    from intrigue.engine.errors import IntrigueError

    try:
        rv = cli.main(args=argv, prog_name="intrigue", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("", err=True)
        return 130
    except click.ClickException as err:
        err.show()
        return err.exit_code
    except click.exceptions.Exit as err:
        return err.exit_code
    except IntrigueError as err:
        click.echo(f"error: {err}", err=True)
        return 2
    except KeyboardInterrupt:
        click.echo("", err=True)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as err:       # a file or folder that cannot be made or written (--records FILE, a full disk)
        where = f": {err.filename}" if err.filename is not None else ""
        click.echo(f"error: {err.strerror or err}{where}", err=True)
        return 1
    return rv if isinstance(rv, int) else 0     # a command may return its exit status


if __name__ == "__main__":
    sys.exit(main())
