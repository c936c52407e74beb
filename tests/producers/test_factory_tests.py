"""A project's own decorator factory testing its argument (docs/producers.md, the thirty-sixth round;
roles.py `_tests`). By principle 5, decorator or call: `@_availability_warning(Stability.STABLE)`,
where the factory's wrapper tests `if stability == Stability.BETA: warn(…)` at each call of the
decorated function, holds the member as a value, as the same function called plainly does — produced.
A factory keying a registry by its argument, and a decorator from outside the project (`@on(Kind.A)` of
a framework), keep the decorator's argument a key: dispatch, consumed."""

from __future__ import annotations

from tests.harness import producer_case

STABILITY = """
from enum import Enum


class Stability(Enum):
    STABLE = "stable"
    BETA = "beta"
    EXPERIMENTAL = "experimental"
"""

# elasticsearch-py's `_availability_warning` (elasticsearch/_sync/client/utils.py), in short
FACTORY = """
import warnings
from functools import wraps

from pkg.stability import Stability


def _availability_warning(stability: Stability, message: str = ""):
    def wrapper(api):
        @wraps(api)
        def wrapped(*args, **kwargs):
            if stability == Stability.BETA:
                warnings.warn("This API is in beta" + message)
            elif stability == Stability.EXPERIMENTAL:
                warnings.warn("This API is in technical preview" + message)
            return api(*args, **kwargs)

        return wrapped

    return wrapper
"""


def verdicts(files: dict[str, str]) -> dict[str, str]:
    """`Stability`'s verdicts in a real temporary project holding it beside `files`."""
    source = {"pkg/__init__.py": "", "pkg/stability.py": STABILITY, **files}
    return dict(producer_case(source=source, symbol="pkg.stability.Stability").verdicts)


def test_a_member_a_factory_tests_inside_its_wrapper_is_produced_as_decorator_or_call() -> None:
    decorated = verdicts({
        "pkg/utils.py": FACTORY,
        "pkg/client.py": """
            from pkg.stability import Stability
            from pkg.utils import _availability_warning


            class Client:
                @_availability_warning(Stability.STABLE)
                def search(self, query: str) -> str:
                    return query
        """,
    })
    called = verdicts({  # the same factory applied by a call: the same meaning, the same verdict
        "pkg/utils.py": FACTORY,
        "pkg/client.py": """
            from pkg.stability import Stability
            from pkg.utils import _availability_warning


            def _search(query: str) -> str:
                return query


            search = _availability_warning(Stability.STABLE)(_search)
        """,
    })
    assert decorated == called == {"STABLE": "producer", "BETA": "consumer", "EXPERIMENTAL": "consumer"}


def test_a_member_a_factory_matches_or_tests_is_produced() -> None:
    # `match stability:` in the wrapper, and `is not` testing it
    assert verdicts({
        "pkg/utils.py": """
            import warnings
            from functools import wraps

            from pkg.stability import Stability


            def availability(stability: Stability):
                def wrapper(api):
                    @wraps(api)
                    def wrapped(*args, **kwargs):
                        match stability:
                            case Stability.BETA:
                                warnings.warn("beta")
                        if stability is not Stability.EXPERIMENTAL:
                            warnings.warn("preview")
                        return api(*args, **kwargs)

                    return wrapped

                return wrapper
        """,
        "pkg/client.py": """
            from pkg.stability import Stability
            from pkg.utils import availability


            @availability(Stability.BETA)
            def search(query: str) -> str:
                return query
        """,
    }) == {"STABLE": "none", "BETA": "producer", "EXPERIMENTAL": "consumer"}


def test_a_factory_keying_a_registry_by_its_argument_stays_consumed() -> None:
    # tested too (`if kind == Stability.BETA`), but registered under (`handlers.setdefault(kind, …)`): a key
    assert verdicts({
        "pkg/registry.py": """
            from pkg.stability import Stability

            handlers = {}


            def on(kind: Stability):
                def register(func):
                    if kind == Stability.BETA:
                        print("beta handler")
                    handlers.setdefault(kind, []).append(func)
                    return func

                return register
        """,
        "pkg/app.py": """
            from pkg.registry import on
            from pkg.stability import Stability


            @on(Stability.STABLE)
            def stable() -> None:
                print("stable")
        """,
    }) == {"STABLE": "consumer", "BETA": "consumer", "EXPERIMENTAL": "none"}


def test_a_framework_decorator_argument_stays_a_key() -> None:
    # `@bus.on(Stability.STABLE)` of a library outside the project: what it does is not read, a key
    assert verdicts({
        "pkg/utils.py": FACTORY,
        "pkg/app.py": """
            from eventbus import bus

            from pkg.stability import Stability


            @bus.on(Stability.STABLE)
            def stable() -> None:
                print("stable")
        """,
    }) == {"STABLE": "consumer", "BETA": "consumer", "EXPERIMENTAL": "consumer"}
