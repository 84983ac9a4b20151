"""A pause the compiled engine makes now and then, so that Ctrl-C and ``--timeout`` reach it.

Python runs a signal's handler (Ctrl-C's ``KeyboardInterrupt``, the timer of ``--timeout``) only when the
interpreter runs Python code. The engine's compiled build (mypyc, see :mod:`dominosa.native`) runs its loops as C,
so a long count would not see the signal until it returns. Its long loops call :func:`let_signals_in` every so
many nodes: this module is never compiled, so the call enters the interpreter, which handles any pending signal
there and lets its exception rise through the loop, as it would in pure Python. The call does nothing else.
"""

from __future__ import annotations

__all__ = ["let_signals_in"]


def let_signals_in() -> None:
    """Give pending signals their handlers (nothing happens when none is pending)."""
