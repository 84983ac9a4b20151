"""The ``dominosa`` command's entry point: the console script pip writes, and ``python -m dominosa``.

Ctrl-C must never end the command with a traceback, not even in its first moments. The console script pip
writes imports the module it names and only then calls its function, and the command proper (argparse, every
subcommand's module, matplotlib for some) takes a good part of a second to load: a Ctrl-C while it loads would
be a ``KeyboardInterrupt`` in some import. So this module is the one the script names, and it installs a
handler before anything else of ours is loaded: until the command's own handling takes over
(:mod:`dominosa.cli.interrupts`), Ctrl-C ends the process at once with one line and exit code 130, as
nothing has been done yet that could need cleaning up.

What comes before it cannot be helped by any code of ours: the interpreter's own start-up (``site``) and the
package's ``__init__``, which is therefore kept to almost nothing (its names load on first use).
"""

import os
import signal
import sys

EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report it (dominosa.cli.interrupts says the same)


def _interrupted_while_starting(signum, frame):  # (no annotations: nothing more may be imported here)
    os.write(2, b"dominosa: interrupted\n")
    os._exit(EXIT_INTERRUPTED)


try:  # noqa: SIM105 (contextlib.suppress would be one more import before the handler is in)
    signal.signal(signal.SIGINT, _interrupted_while_starting)
except ValueError:  # imported from another thread than the main one: signals are not ours to handle there
    pass


def main() -> int:
    """Run the ``dominosa`` command on ``sys.argv``; the exit code."""
    from dominosa.cli.main import main as run_command

    return run_command()


if __name__ == "__main__":
    sys.exit(main())
