"""What a function does with the parameter a member is handed to (docs/producers.md, What produces;
roles.py). A decorator's argument is a key of what it registers (`@on(Kind.A)`: dispatch) unless the
project's own decorator factory only keeps it as a value — stores it under another key, or returns
it — then it is a value the program holds, handed out as any argument (`@permission(Perms.ADD)`
storing `perm_map[f.__name__] = bits`). A call's argument is a value handed out unless the callee only
keys by it — a registration (`register(Kind.A, fn)` storing `handlers[kind] = fn`, `@on(Kind.A)` spelled
as a call) or a lookup (`fire(Kind.A)` reading `handlers[kind]`, `handlers[Kind.A]` spelled as a call)."""

from __future__ import annotations

from tests.harness import producer_case

PERMS = """
from enum import IntFlag


class Perms(IntFlag):
    ADD = 1
    DELETE = 2
    LIST = 4
"""


def perms_verdicts(files: dict[str, str]) -> dict[str, str]:
    """`Perms`'s verdicts in a real temporary project holding it beside `files`."""
    source = {"pkg/__init__.py": "", "pkg/perms.py": PERMS, **files}
    return dict(producer_case(source=source, symbol="pkg.perms.Perms").verdicts)


def test_an_argument_its_own_decorator_keeps_as_a_value_is_produced() -> None:
    assert perms_verdicts({
        "pkg/auth.py": """
            from pkg.perms import Perms

            perm_map = {}


            def permission(bits: Perms):
                class Wrapper:
                    def __new__(cls, func):
                        perm_map[func.__name__] = bits
                        return func

                return Wrapper


            def allowed(user_bits: int, name: str) -> bool:
                return bool(user_bits & perm_map[name])
        """,
        "pkg/api.py": """
            from pkg.auth import permission
            from pkg.perms import Perms


            class Api:
                @permission(Perms.ADD)
                def add(self, item: str) -> None:
                    print(item)

                @permission(Perms.LIST)
                def list(self) -> list[str]:
                    return []
        """,
    }) == {"ADD": "producer", "LIST": "producer", "DELETE": "none"}


def test_an_argument_a_decorator_registers_under_stays_a_key() -> None:
    assert perms_verdicts({
        "pkg/bus.py": """
            from pkg.perms import Perms

            handlers = {}


            def on(kind: Perms):
                def register(func):
                    handlers[kind] = func
                    return func

                return register


            def fire(kind: Perms) -> None:
                handlers[kind]()
        """,
        "pkg/app.py": """
            from pkg.bus import on
            from pkg.perms import Perms


            @on(Perms.ADD)
            def added() -> None:
                print("added")


            def main() -> None:
                from pkg.bus import fire
                fire(Perms.LIST)
        """,
    }) == {"ADD": "consumer", "LIST": "consumer", "DELETE": "none"}


def test_a_call_registering_or_looking_up_under_its_argument_consumes_it() -> None:
    assert perms_verdicts({
        "pkg/registry.py": """
            from pkg.perms import Perms


            class Registry:
                handlers: dict = {}

                @classmethod
                def register(cls, kind: Perms, handler) -> None:
                    cls.handlers[kind] = handler


            def lookup(kind: Perms):
                return Registry.handlers.get(kind)


            def emit(kind: Perms) -> None:
                print(kind.value)
                lookup(kind)
        """,
        "pkg/app.py": """
            from pkg.perms import Perms
            from pkg.registry import Registry, emit, lookup

            Registry.register(Perms.ADD, print)


            def main() -> None:
                lookup(Perms.DELETE)
                emit(Perms.LIST)
        """,
    }) == {"ADD": "consumer", "DELETE": "consumer", "LIST": "producer"}


def test_an_argument_its_decorator_factory_hands_on_at_each_call_is_produced() -> None:
    # the factory's wrapper, run at each call of the decorated function, gives the parameter to a call
    # (mwdb's `@deprecated_endpoint(DeprecatedFeature.legacy_search)` → `uses_deprecated_api(feature)`):
    # a value handed on, not a key registered when decorating
    assert perms_verdicts({
        "pkg/auth.py": """
            from functools import wraps

            from pkg.perms import Perms


            def check(bits: Perms) -> None:
                if bits == Perms.DELETE:
                    raise PermissionError(bits)


            def permission(bits: Perms):
                def decorator(f):
                    @wraps(f)
                    def wrapper(*args, **kwargs):
                        check(bits)
                        return f(*args, **kwargs)
                    return wrapper
                return decorator
        """,
        "pkg/views.py": """
            from pkg.auth import permission
            from pkg.perms import Perms


            @permission(Perms.ADD)
            def add() -> None:
                pass
        """,
    }) == {"ADD": "producer", "DELETE": "consumer", "LIST": "none"}


def test_a_member_s_value_its_decorator_factory_hands_on_at_each_call_is_produced() -> None:
    """`perm.value` handed on from the wrapper is the member handed on (principle 5; MobSF's
    `@permission_required(Permissions.DELETE)` checking `perm.value` at each call); read as a key there
    (`GRANTS[perm.value]`), or handed on when decorating, it stays a key."""
    def auth(use: str) -> dict[str, str]:
        return perms_verdicts({"pkg/auth.py": f"""
            from functools import wraps

            from pkg.perms import Perms

            GRANTS: dict = {{Perms.LIST.value: "list"}}


            def check(value, raise_exception=False) -> None:
                return None


            def permission(bits):
                def decorator(f):
                    @wraps(f)
                    def wrapper(*args, **kwargs):
                        {use}
                        return f(*args, **kwargs)
                    return wrapper
                return decorator
        """, "pkg/views.py": """
            from pkg.auth import permission
            from pkg.perms import Perms


            @permission(Perms.ADD)
            def add() -> None:
                pass
        """})
    assert auth("check(bits.value, raise_exception=True)")["ADD"] == "producer"
    assert auth("check(bits.name)")["ADD"] == "producer"
    assert auth("check(GRANTS[bits.value])")["ADD"] == "consumer"


DELEGATING = """
    from pkg.perms import Perms


    def check(check_fn):
        return check_fn


    def needs_predicate(bits: Perms = Perms.LIST):
        async def predicate(ctx):
            return True

        predicate.bits = bits
        return predicate


    def needs(bits: Perms = Perms.LIST):
        return check({handed})
"""

VIEWS = """
    from pkg.auth import needs
    from pkg.perms import Perms


    @needs(Perms.ADD)
    async def add(ctx) -> None:
        pass
"""


def test_an_argument_a_decorator_hands_to_its_own_keeping_factory_is_produced() -> None:
    """`needs(bits)` returns `check(needs_predicate(bits))`, and the factory `needs_predicate` keeps
    the argument on the predicate it returns: calling the factory, `needs` is the factory (principle
    5), so `@needs(Perms.ADD)` holds a value, as `@needs_predicate(Perms.ADD)` would (Modmail's
    `@checks.has_permissions(PermissionLevel.OWNER)`)."""
    auth = DELEGATING.format(handed="needs_predicate(bits)")
    found = perms_verdicts({"pkg/auth.py": auth, "pkg/views.py": VIEWS})
    assert found == {"ADD": "producer", "DELETE": "none", "LIST": "producer"}


def test_an_argument_a_decorator_also_keys_by_stays_a_key() -> None:
    """Handed to the keeping factory but also used as a key (`REGISTRY[bits]`): not only handed on,
    so the decorator's argument keeps its reading, a key of what it registers."""
    keyed = "    REGISTRY.setdefault(bits, [])\n        return check("
    auth = DELEGATING.format(handed="needs_predicate(bits)").replace("    return check(", keyed)
    auth += "\n    REGISTRY = {}\n"
    assert perms_verdicts({"pkg/auth.py": auth, "pkg/views.py": VIEWS})["ADD"] != "producer"


def test_a_method_called_through_self_that_only_keys_by_its_parameter_consumes_it() -> None:
    """`self.__execute(CueTriggers.Paused.value)`, whose method only looks the trigger up
    (`self.triggers.get(trigger, [])`), is the module function `fire(Kind.A)` reading `handlers[kind]`
    spelled as a method (principle 5): linux-show-player's triggers, round 92."""
    assert perms_verdicts({"pkg/handler.py": """
        from pkg.perms import Perms


        class Handler:
            def __init__(self) -> None:
                self.triggers: dict = {}

            def paused(self) -> None:
                self.__execute(Perms.ADD.value)

            def stopped(self) -> None:
                self.__execute(Perms.DELETE)

            def __execute(self, trigger) -> list:
                return self.triggers.get(trigger, [])
    """}) == {"ADD": "consumer", "DELETE": "consumer", "LIST": "none"}


def test_members_handed_as_varargs_a_loop_only_keys_by_are_consumed() -> None:
    """trackma's `get_any(poster, Key.SMALL, Key.LARGE)` with `def get_any(d, *keys)` looking each key
    up (`for key in keys: d.get(key, …)`) is `d.get(Key.SMALL)` for each member (principle 5): keys,
    consumed; a helper keeping them (`return list(keys)`) hands them out (round 92)."""
    helper = """
        from pkg.perms import Perms


        def get_any(dict_, *keys, default=None):
            for key in keys:
                value = dict_.get(key, Ellipsis)
                if value is not Ellipsis:
                    return value
            return default


        def every(*keys):
            return list(keys)


        def pick(found: dict) -> object:
            return get_any(found, Perms.ADD, Perms.DELETE), every(Perms.LIST)
    """
    assert perms_verdicts({"pkg/pick.py": helper}) == {"ADD": "consumer", "DELETE": "consumer",
                                                        "LIST": "producer"}


def test_a_member_handed_to_a_module_that_never_names_the_vocabulary_is_judged_by_that_function() -> None:
    """The callee's module spells neither the vocabulary nor a member (an untyped `look(key)`), so no
    round of spellings reads it: it is read for the call (analysis.py `_callee_round`), and its
    function keying a lookup by the argument consumes it, as it would in the caller's own module
    (principle 5); one keeping the argument as a value hands it out."""
    assert perms_verdicts({
        "pkg/util.py": """
            TABLE: dict = {}
            KEPT: list = []


            def look(key):
                return TABLE.get(key)


            def keep(value) -> None:
                KEPT.append(value)
        """,
        "pkg/use.py": """
            from pkg import util
            from pkg.perms import Perms


            def go() -> None:
                util.look(Perms.ADD)
                util.keep(Perms.DELETE)
        """,
    }) == {"ADD": "consumer", "DELETE": "producer", "LIST": "none"}
