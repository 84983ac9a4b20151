"""The command's one error of its own: bad input that is not a puzzle problem.

It sits below every subcommand and below :mod:`~dominosa.cli.main`, which reports it (one line, exit code 2), so
that a subcommand and the helpers it shares (:mod:`~dominosa.cli.common`) raise it without importing the entry
point that loads them.
"""

from __future__ import annotations

__all__ = ["UsageError"]


class UsageError(Exception):
    """Bad input that is not a puzzle problem (a missing file, a bad option value): one line, exit code 2."""
