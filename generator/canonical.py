"""The canonical form the puzzle store deduplicates on: :mod:`dominosa.canonical`, the model's (the engine rates
puzzles in that form too), under the name the generator's modules import it by."""

from dominosa.canonical import (
    CANONICAL_VERSION,
    SYMMETRY_COUNT,
    canonical_key,
    canonical_layout,
    canonical_puzzle,
    symmetry_squares,
)

__all__ = [
    "canonical_key",
    "canonical_puzzle",
    "canonical_layout",
    "symmetry_squares",
    "CANONICAL_VERSION",
    "SYMMETRY_COUNT",
]
