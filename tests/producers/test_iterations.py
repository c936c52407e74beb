"""An iteration hands out every value it runs over (principle 5: the same meaning, another spelling):
a literal alias's values listed by `typing.get_args(Mode)` or `Mode.__args__` and handed on
(`frozenset(get_args(Mode))`, `list(Mode.__args__)`) as `list(Kind)` hands out an enum's members;
tested against or spelled into text, the same iteration hands out nothing. And a name bound by an
annotated assignment holds its literal as a plain one does (one step of data flow). One real
temporary project per case (tests/harness.py); each fails on the rules before them."""

from __future__ import annotations

from tests.harness import Produced, producer_case

MODES = "from typing import Literal\n\nMode = Literal['fast', 'deep', 'auto']\n"


def _case(use: str) -> Produced:
    source = {"pkg/__init__.py": "", "pkg/modes.py": MODES, "pkg/use.py": use}
    return producer_case(source=source, symbol="pkg.modes.Mode")


def test_a_literal_alias_values_handed_out_by_an_iteration_are_produced() -> None:
    """`frozenset(get_args(Mode))` kept in a module-level name and sorted into a prompt, and
    `list(Mode.__args__)`, hand every value out: each is produced, as `list(Kind)` produces every
    member."""
    for spelled in ("ALL: frozenset[Mode] = frozenset(typing.get_args(Mode))",
                    "ALL: list[Mode] = list(Mode.__args__)",
                    "ALL = [m for m in typing.get_args(Mode)]"):
        use = f"""
            import typing
            from pkg.modes import Mode

            {spelled}

            def prompt() -> str:
                return "modes: " + ", ".join(sorted(ALL))
        """
        case = _case(use)
        assert case.verdicts == {"fast": "producer", "deep": "producer", "auto": "producer"}, spelled
        assert case.forms("deep") == {"iterate"}, spelled


def test_a_literal_alias_values_tested_against_or_spelled_into_text_are_not_produced() -> None:
    """`mode in list(Mode.__args__)` tests a raw value against the values (a door), and
    `str(get_args(Mode))` lists them in a message: nothing is handed out."""
    use = """
        import typing
        from pkg.modes import Mode

        def check(mode: str) -> str:
            if mode not in list(Mode.__args__):
                raise ValueError("expected one of " + str(list(typing.get_args(Mode))))
            return mode

        def read(row):
            return check(row["mode"])
    """
    case = _case(use)
    assert case.verdicts == {"fast": "wire", "deep": "wire", "auto": "wire"}


def test_a_value_through_an_annotated_module_level_name_is_handed_on() -> None:
    """`FAST: Literal["fast"] = "fast"`, then `DEFAULTS: list[Mode] = [FAST, DEEP]`: a name bound by an
    annotated assignment holds its literal for the module's own statements, as `FAST = "fast"` does
    (one step of data flow): `fast` and `deep` are produced, `auto` is not."""
    use = """
        from typing import Final, Literal
        from pkg.modes import Mode

        FAST: Literal["fast"] = "fast"
        DEEP: Final = "deep"
        AUTO: Literal["auto"] = "auto"

        DEFAULTS: Final[list[Mode]] = [FAST, DEEP]
    """
    case = _case(use)
    assert case.verdicts == {"fast": "producer", "deep": "producer", "auto": "none"}


def _listed(constants: str, use: str, symbol: str) -> Produced:
    source = {"pkg/__init__.py": "", "pkg/constants.py": constants, "pkg/llm.py": use}
    return producer_case(source=source, symbol=symbol)


MODELS = """
    from typing import Literal

    Model = Literal["small", "large", "huge"]
    MODELS: list[Model] = ["small", "large", "huge"]
"""


def test_a_public_list_of_the_values_read_only_by_membership_tests_is_a_door() -> None:
    """`MODELS: list[Model] = [...]` read in another module only by `model in MODELS` hands none of
    its values out: it is what a raw value is tested against, a door to the values it lists, as a
    private set tested in its own module is. A value annotated with a spelled type tested against it
    is the program's own: consumed, no door."""
    use = """
        from pkg.constants import MODELS

        def provider(model: str) -> str:
            if model in MODELS:
                return "azure"
            return "openai"
    """
    case = _listed(MODELS, use, "pkg.constants.Model")
    assert case.verdicts == {"small": "wire", "large": "wire", "huge": "wire"}
    typed = use.replace("from pkg.constants import MODELS", "from pkg.constants import MODELS, Model")
    case = _listed(MODELS, typed.replace("model: str", "model: Model"), "pkg.constants.Model")
    assert case.verdicts == {"small": "consumer", "large": "consumer", "huge": "consumer"}


def test_a_public_list_read_as_a_value_anywhere_hands_its_values_out() -> None:
    """The same list also returned by a function hands its values out: each is produced."""
    use = """
        from pkg import constants

        def provider(model: str) -> str:
            return "azure" if model in constants.MODELS else "openai"

        def choices() -> list[str]:
            return list(constants.MODELS)
    """
    case = _listed(MODELS, use, "pkg.constants.Model")
    assert case.verdicts == {"small": "producer", "large": "producer", "huge": "producer"}


def test_a_public_display_of_some_members_only_tested_is_a_door_to_those() -> None:
    """`TERMINAL = [Kind.DONE.value, Kind.FAILED.value]` read elsewhere only by `status in TERMINAL`:
    a door to `DONE` and `FAILED`; `RUNNING`, listed nowhere, stays an error."""
    kinds = """
        from enum import Enum

        class Kind(Enum):
            RUNNING = "running"
            DONE = "done"
            FAILED = "failed"

        TERMINAL = [Kind.DONE.value, Kind.FAILED.value]
    """
    use = """
        from pkg.constants import TERMINAL

        def finished(status: str) -> bool:
            return status in TERMINAL
    """
    case = _listed(kinds, use, "pkg.constants.Kind")
    assert case.verdicts == {"RUNNING": "none", "DONE": "wire", "FAILED": "wire"}


QUEUES = """
    from enum import Enum

    class Queue(Enum):
        EDUS = "edus"
        PRESENCE = "presence"
"""


def test_a_for_loop_collecting_each_member_produces_every_member() -> None:
    """`for q in Queue: GAUGES[q] = …` (or `FOUND.append(q)`, `yield q`) runs over the members as
    `{q: … for q in Queue}` and `[q for q in Queue]` do, and hands each out: every member is produced
    (principle 5); a loop over a literal alias's values (`get_args(Mode)`) likewise."""
    for body in ("GAUGES[q] = len(GAUGES)", "FOUND.append(q)", "yield q"):
        use = f"""
            from pkg.constants import Queue

            GAUGES: dict = {{}}
            FOUND: list = []

            def each():
                for q in Queue:
                    {body}
        """
        case = _listed(QUEUES, use, "pkg.constants.Queue")
        assert case.verdicts == {"EDUS": "producer", "PRESENCE": "producer"}, body
        assert case.forms("EDUS") == {"iterate"}, body
    use = """
        import typing
        from pkg.modes import Mode

        def names() -> list:
            out = []
            for m in typing.get_args(Mode):
                out.append(m)
            return out
    """
    assert _case(use).verdicts == {"fast": "producer", "deep": "producer", "auto": "producer"}


def test_a_for_loop_that_only_compares_or_searches_the_members_hands_none_out() -> None:
    """`if q is wanted`, `table[q]` read each member without letting it leave, and `for q in Queue:
    if q.value == text: return q` is a search: no member is produced, as `[q.value for q in Queue]`
    hands out strings. The search returns the member matching `text`, a raw value: `Queue(text)`
    spelled as a loop, so a door to every member (the twenty-seventh round, searches.py); searching
    for a member the code names (`if q is Queue.EDUS: return q`) opens none."""
    use = """
        from pkg.constants import Queue

        def known(text: str, wanted: Queue, table: dict) -> Queue | None:
            for q in Queue:
                if q is wanted or table[q]:
                    continue
                if q.value == text:
                    return q
            return None
    """
    case = _listed(QUEUES, use, "pkg.constants.Queue")
    assert case.verdicts == {"EDUS": "wire", "PRESENCE": "wire"}
    named = _listed(QUEUES, use.replace("q.value == text", "q is Queue.EDUS"), "pkg.constants.Queue")
    assert named.verdicts == {"EDUS": "consumer", "PRESENCE": "consumer"}


def test_a_for_loop_handing_each_member_to_a_parameter_typed_by_it_produces_every_member() -> None:
    """`for flag in Flag: option.set_flag(flag)` where `set_flag(self, flag: Flag)`: each member is
    given to a parameter that takes a value of the vocabulary, as `option.set_flag(Flag.EDUS)` gives
    one — every member produced (principle 5), by position or by keyword, the callee by its name."""
    for call in ("option.set_flag(q)", "option.set_flag(flag=q)", "set_flag(None, q)"):
        use = f"""
            from pkg.constants import Queue

            class Option:
                def __init__(self) -> None:
                    self.flags: list = []

                def set_flag(self, flag: Queue) -> None:
                    self.flags.append(flag.value)

            def set_flag(option: object, flag: Queue) -> None:
                print(option, flag.value)

            def load(option: Option, extras: dict) -> None:
                for q in Queue:
                    if extras.get(q.value):
                        {call}
        """
        case = _listed(QUEUES, use, "pkg.constants.Queue")
        assert case.verdicts == {"EDUS": "producer", "PRESENCE": "producer"}, call


def test_a_for_loop_handing_each_member_to_a_parameter_typed_otherwise_hands_none_out() -> None:
    """`for r in Reason: query(reason=r)` where `query(reason: str)` filters rows by it: the member
    reaches a comparison, not a value of the vocabulary kept — none produced."""
    use = """
        from pkg.constants import Queue

        def query(session: object, reason: str) -> list:
            return [row for row in [] if row == reason]

        def related(session: object) -> list:
            found = []
            for q in Queue:
                found.extend(query(session, reason=q))
                found.extend(query(session, q))
            return found
    """
    case = _listed(QUEUES, use, "pkg.constants.Queue")
    assert case.verdicts == {"EDUS": "consumer", "PRESENCE": "consumer"}


KIND = "from enum import IntEnum\n\n\nclass Kind(IntEnum):\n    A = 0\n    B = 1\n"
LOOPS = {  # the same loop over the members, through a copy or a slice of them (principle 5)
    "bare": "Kind", "list": "list(Kind)", "sorted": "sorted(Kind, key=lambda k: k.value)",
    "slice": "list(Kind)[:n + 1]", "tuple": "tuple(Kind)",
}


def _kind(body: str) -> dict[str, str]:
    use = f"from pkg.kind import Kind\n\n\ndef show(n: int) -> object:\n    {body}\n"
    return dict(producer_case(source={"pkg/__init__.py": "", "pkg/kind.py": KIND, "pkg/use.py": use},
                              symbol="pkg.kind.Kind").verdicts)


def test_a_loop_over_a_copy_of_the_members_is_the_loop_over_them() -> None:
    """`[k.name for k in list(Station)[:value + 1]]` (pyradio's `describe_playlist`, round 91) hands
    out the members' names, as `[k.name for k in Station]` does — text, no member; and
    `[k for k in list(Kind)]` hands each member out, as over `Kind`. A statement loop alike."""
    for name, over in LOOPS.items():
        assert _kind(f"return ' '.join([k.name for k in {over}])") == {"A": "none", "B": "none"}, name
        assert _kind(f"return [k for k in {over}]") == {"A": "producer", "B": "producer"}, name
        statement = f"out = []\n    for k in {over}:\n        out.append(k.name)\n    return out"
        assert _kind(statement) == _kind("out = []\n    for k in Kind:\n        out.append(k.name)\n"
                                         "    return out"), name


def test_a_loop_over_the_members_by_name_runs_over_the_members() -> None:
    """`for name, m in Kind.__members__.items()` and `for m in Kind.__members__.values()` run over the
    members as `for m in Kind` does (principle 5): storing each (`registry[name] = m`) hands every one
    out; reading only its value hands none out."""
    kind = "from enum import Enum\n\n\nclass Kind(Enum):\n    A = 'a'\n    B = 'b'\n"
    for loop, verdict in (("for name, m in Kind.__members__.items():\n    REGISTRY[name] = m", "producer"),
                          ("for m in Kind.__members__.values():\n    ORDER.append(m)", "producer"),
                          ("for name, m in Kind.__members__.items():\n    print(name, m.value)", "consumer")):
        use = ("from pkg.kind import Kind\n\nREGISTRY: dict = {}\nORDER: list = []\n\n" + loop
               + "\n\n\ndef get(name):\n    return REGISTRY[name], ORDER\n")
        source = {"pkg/__init__.py": "", "pkg/kind.py": kind, "pkg/use.py": use}
        case = producer_case(source=source, symbol="pkg.kind.Kind")
        assert case.verdicts == {"A": verdict, "B": verdict}, loop
