"""What every test gets: Hypothesis settings that a busy machine cannot fail.

The suite runs in parallel (pytest-xdist, one worker per core) beside whatever else the machine does, so an
example may take many times its quiet-machine time: Hypothesis's default per-example deadline and its too-slow
health check would then fail a correct test. The profile below drops both for every property test, including
those whose own ``settings(...)`` name neither (they inherit from it). The rules a test follows to be safe in
parallel are in tests/README.md.
"""

from hypothesis import HealthCheck, settings

settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")
