"""The ``dominosa`` command: one subcommand per user job, each in its own module of this package.

A subcommand module offers ``register(subparsers)``, which adds its parser and sets ``run`` to a function
taking the parsed arguments and returning an exit code. This module holds no logic of its own: it parses,
dispatches, and turns bad input into one line on standard error with exit code 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from importlib import import_module

from dominosa import __version__
from dominosa.errors import PuzzleError

__all__ = ["main", "build_parser", "UsageError", "EXIT_BAD_INPUT"]

EXIT_BAD_INPUT = 2

# Subcommand modules in the order --help lists them; each module name is the subcommand's name.
SUBCOMMANDS = (
    "show", "solve", "rate", "hint", "explain", "fix", "generate", "store", "render", "book", "tile", "serve",
    "site",
)  # fmt: skip


class UsageError(Exception):
    """Bad input that is not a puzzle problem (a missing file, a bad option value): one line, exit code 2."""


class _Version(argparse.Action):
    """``--version``: the version and the build (compiled or pure Python), looked up only when asked for, since
    finding out imports the counting engine."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):  # noqa: A002
        super().__init__(option_strings, dest, nargs=0, default=default, help="show the version and build and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        from dominosa.native import build_description

        print(f"dominosa {__version__}, {build_description()}")
        parser.exit()


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's own errors: keep them to one line and exit code 2
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The ``dominosa`` parser with every command, or, when ``argv`` starts with a command's name, that command
    alone: ``dominosa show`` then loads the reading modules and not the generator's DEAP, networkx and numpy,
    which every other command would have pulled in (a start-up of 0.2 s instead of 0.8 s). ``--help``, a typo or
    an alias still gets every command, so the lists and messages are the same as ever."""
    names = (argv[0],) if argv and argv[0] in SUBCOMMANDS else SUBCOMMANDS
    parser = _Parser(
        prog="dominosa",
        description="Solve, rate, generate and print Dominosa puzzles.",
        epilog="Run 'dominosa COMMAND --help' for a command's options and an example.",
    )
    parser.add_argument("--version", action=_Version)
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND", parser_class=_Parser)
    for name in names:
        import_module(f"dominosa.cli.{name}").register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    from dominosa.cli.interrupts import EXIT_INTERRUPTED, handling_interrupts, interrupted_message

    try:
        with handling_interrupts():
            return _main(argv)
    except KeyboardInterrupt:  # in the instant between our handler going in and _main's own ``try``
        print(interrupted_message(), file=sys.stderr)
        return EXIT_INTERRUPTED


def _main(argv: list[str] | None) -> int:
    from dominosa.cli.interrupts import EXIT_INTERRUPTED, interrupted_message

    try:
        parser = build_parser(sys.argv[1:] if argv is None else argv)  # (Ctrl-C while it loads is quiet too)
        args = parser.parse_args(argv)
        if not hasattr(args, "run"):
            parser.print_help()
            return EXIT_BAD_INPUT
        return int(args.run(args) or 0)
    except (PuzzleError, UsageError) as error:
        print(f"dominosa: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # e.g. piped into head; before OSError, of which it is a kind
        # Point stdout at devnull so the interpreter's final flush does not complain about the pipe again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as error:
        where = f" {error.filename}" if error.filename else ""
        print(f"dominosa: cannot use{where}: {error.strerror or error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print(interrupted_message(), file=sys.stderr)
        return EXIT_INTERRUPTED


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
