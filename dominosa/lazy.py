"""Names a package offers that live in modules it does not import until they are first asked for.

A package's ``__init__`` that imported everything it offers would make every import of one small module pay for
all of them: importing the counting engine would load networkx, importing the layouts would load DEAP. Instead a
package lists where each name lives and gets a module ``__getattr__`` (PEP 562) that imports on first use:

    _LAZY = {"count_solutions": "dominosa.deductions.counting", ...}
    __getattr__, __dir__ = lazy_attributes(__name__, _LAZY, globals())

The table is a plain dict literal named ``_LAZY`` so that ``tests/test_layers.py`` reads these imports as it
reads ``import`` statements.
"""

from __future__ import annotations

from importlib import import_module

TYPE_CHECKING = False  # (typing itself is not imported at run time: ``import dominosa`` must stay this light)
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any


def lazy_attributes(
    package: str, where: Mapping[str, str], namespace: dict[str, Any]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: each name in ``where`` imported from its module once.

    ``namespace`` is the package's ``globals()``: a name, once imported, is stored there, so the next lookup is
    an ordinary attribute and ``__getattr__`` is not called again.
    """

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(where))

    return __getattr__, __dir__
