"""What every test gets: Hypothesis settings that a busy machine cannot fail.

The suite runs in parallel (pytest-xdist, one worker per core) beside whatever else the machine does, so an
example may take many times its quiet-machine time: Hypothesis's default per-example deadline and its too-slow
health check would then fail a correct test. The profile below drops both for every property test, including
those whose own ``settings(...)`` name neither (they inherit from it). The rules a test follows to be safe in
parallel are in tests/README.md.

It also gives the puzzle store's tests, split one module per part of the store, their one fixture: ``store``, an
empty store in the test's own folder; and the studio's browser tests (test_web_browser*.py, split by subject) their
fixtures (browser_session.py), the studio and the static site set up once per worker for the whole session.
"""

import pytest
from browser_session import browser, contexts, kept_contexts, site, studio  # noqa: F401  (fixtures, see that module)
from hypothesis import HealthCheck, settings

settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")

# Playwright's assertions (``expect(...).to_have_text`` and the like) wait 5 s by default for what they check: on a
# loaded machine a page's answer from the studio (a rate or a hint in a worker process) can take longer, and the
# browser tests failed now and then under load although nothing was wrong. They wait up to the suite's PATIENCE
# instead, which a working page never reaches (an assertion returns as soon as it holds).
try:
    from playwright.sync_api import expect as _expect
except ImportError:  # the browser tests skip themselves without Playwright
    pass
else:
    from waiting import PATIENCE

    _expect.set_options(timeout=PATIENCE * 1000)


@pytest.fixture
def store(tmp_path):
    """An empty puzzle store in the test's folder, closed after the test."""
    from dominosa.generator.store import PuzzleStore

    with PuzzleStore(tmp_path / "puzzles.sqlite") as opened:
        yield opened

