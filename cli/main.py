"""The ``dominosa`` command: one subcommand per user job, each in its own module of this package.

A subcommand module offers ``register(subparsers)``, which adds its parser and sets ``run`` to a function
taking the parsed arguments and returning an exit code. This module holds no logic of its own: it parses,
dispatches, and turns bad input into one line on standard error with exit code 2.
"""

from __future__ import annotations

import argparse
import difflib
import os
import sys
from importlib import import_module

from dominosa import __version__
from dominosa.cli.usage import UsageError
from dominosa.errors import PuzzleError

__all__ = ["main", "build_parser", "EXIT_BAD_INPUT"]

EXIT_BAD_INPUT = 2

# Subcommand modules in the order --help lists them; each module name is the subcommand's name.
SUBCOMMANDS = (
    "show", "solve", "rate", "hint", "explain", "fix", "generate", "store", "render", "book", "tile", "serve",
    "site",
)  # fmt: skip


class _Version(argparse.Action):
    """``--version``: the version and the build (compiled or pure Python), looked up only when asked for, since
    finding out imports the counting engine."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):  # noqa: A002
        super().__init__(option_strings, dest, nargs=0, default=default, help="show the version and build and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        from dominosa.native import build_description

        print(f"dominosa {__version__}, {build_description()}")
        parser.exit()


# How alike a mistyped name and ours must be to be offered (difflib's ratio): 'sovle' and 'lsit' are, and
# '--limit' is not '--timeout'.
NEAR = 0.7

EPILOG = """\
examples:
  dominosa show --example
      the double-6 puzzle that comes with dominosa
  dominosa solve 3:22223101012330103310 --all
      count every solution of a game ID
  dominosa rate --example
      grade, score and shortest deduction path of the double-6 puzzle that
      comes with dominosa, with a chart of the techniques the path uses
  dominosa explain --example
      the double-6 puzzle that comes with dominosa, solved step by step
  dominosa generate --order 6 --grade hard
      one hard double-6 puzzle, drawn with its grade and score
  dominosa book
      generate 40 double-6 puzzles (trivial, basic, hard, extreme) and build
      output/book.pdf with their solutions
  dominosa serve --open
      start the studio on http://127.0.0.1:8000/ and open it in the browser

Run 'dominosa COMMAND --help' for a command's options and more examples.
"""


class _Parser(argparse.ArgumentParser):
    """argparse's parser with our manners: its errors are one line and exit code 2, a mistyped command, action,
    choice or option gets a "did you mean", and a command kept only under an old name is not offered."""

    def error(self, message: str):  # argparse's own errors: keep them to one line and exit code 2
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")

    def _check_value(self, action: argparse.Action, value: object) -> None:
        """A value outside an option's choices (or an unknown command): the choices offered, the closest first
        when one is near. A command's old name (``cover``) is accepted but not offered: only the listed ones."""
        if action.choices is None or value in action.choices:
            return
        offered = [str(choice) for choice in action.choices]
        if isinstance(action, argparse._SubParsersAction):
            offered = [choice.dest for choice in action._choices_actions]  # the commands --help lists
        near = difflib.get_close_matches(str(value), offered, n=1, cutoff=NEAR)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        raise argparse.ArgumentError(action, f"invalid choice: {value!r}{hint}; the choices: {', '.join(offered)}")

    def parse_known_args(self, args=None, namespace=None):  # noqa: ANN001, ANN201 (argparse's own signature)
        """A command's parser (one with no commands below it) refuses what it does not know itself, naming the
        option meant when one is near; left to the top parser, the error would name no command and no option."""
        namespace, extras = super().parse_known_args(args, namespace)
        if extras and self._subparsers is None:
            self.error(f"unrecognized arguments: {' '.join(extras)}{self._nearest_option(extras)}")
        return namespace, extras

    def _nearest_option(self, extras: list[str]) -> str:
        """' (did you mean --example?)' for the first unknown option near one of ours, else ''."""
        options = [name for name in self._option_string_actions if name.startswith("--")]
        for extra in extras:
            if extra.startswith("--"):
                near = difflib.get_close_matches(extra.split("=", 1)[0], options, n=1, cutoff=NEAR)
                if near:
                    return f" (did you mean {near[0]}?)"
        return ""


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The ``dominosa`` parser with every command, or, when ``argv`` starts with a command's name, that command
    alone: ``dominosa show`` then loads the reading modules and not the generator's DEAP, networkx and numpy,
    which every other command would have pulled in (a start-up of 0.2 s instead of 0.8 s). ``--help``, a typo or
    an alias still gets every command, so the lists and messages are the same as ever."""
    names = (argv[0],) if argv and argv[0] in SUBCOMMANDS else SUBCOMMANDS
    parser = _Parser(
        prog="dominosa",
        description="Solve, rate, generate and print Dominosa puzzles.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action=_Version)
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND", parser_class=_Parser)
    for name in names:
        import_module(f"dominosa.cli.{name}").register(subparsers)
    return parser


# The commands whose work on one puzzle may search for minutes on a big board: they show the search's progress.
_SEARCHING = frozenset({"rate", "solve", "explain", "hint", "fix"})


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
        if args.run.__module__.rsplit(".", 1)[-1] not in _SEARCHING:
            return int(args.run(args) or 0)
        from dominosa.cli.search_progress import showing_search_progress

        with showing_search_progress():
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
