"""Every benchmark still starts: ``--help`` of each script in bench/ exits 0.

The benchmarks are not run by the suite (they are slow and their figures belong to a quiet machine), so nothing
else would notice when a change to the engine leaves one importing a name that is gone.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
# bench/old_revision.py is a helper the benchmarks import, not a script.
SCRIPTS = sorted(p.name for p in BENCH.glob("*.py") if p.name != "old_revision.py")


def test_the_scripts_are_found():
    assert "bench_vs_c.py" in SCRIPTS and "bench_uniqueness.py" in SCRIPTS


@pytest.mark.parametrize("script", SCRIPTS)
def test_the_benchmark_starts(script):
    done = subprocess.run(
        [sys.executable, str(BENCH / script), "--help"], capture_output=True, text=True, timeout=120, cwd=BENCH.parent
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "usage:" in done.stdout
