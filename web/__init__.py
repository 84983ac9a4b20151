"""The studio: ``dominosa serve``, a local web app to set, rate, play and tile puzzles.

:mod:`dominosa.web.app` is the Starlette application (the JSON API and the pages), :mod:`dominosa.web.jobs` the
work behind each endpoint (the commands' own JSON builders), :mod:`dominosa.web.workers` the processes that run
it under a time limit. The pages are plain JavaScript modules and SVG in ``static/``: no build step, no network.
"""

from dominosa.web.app import Settings, create_app

__all__ = ["Settings", "create_app"]
