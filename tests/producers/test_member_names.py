"""A member read through another name is the member (principle 5): through a module-level name bound
to a call given the enum (`W = graphene.Enum.from_enum(Kind)`, then `W.A.value` in another module,
or through a local alias of `W`), and through a parameter typed `type[Kind]` (or a union of such).
One real temporary project per case (tests/harness.py); each fails on the rules before them."""

from __future__ import annotations

from tests.harness import Verdict, producer_case

KINDS = ("from enum import Enum\n\nclass Kind(Enum):\n"
         "    ALPHA = 'alpha'\n    BETA = 'beta'\n    GAMMA = 'gamma'\n")
WRAPS = ("from pkg import kinds\n\ndef from_enum(cls):\n    return type('W', (), dict(cls.__members__))\n\n"
         "Kind = from_enum(kinds.Kind)\nKind.doc_category = 'errors'\n")


def test_a_member_read_through_a_module_level_wrapper_of_the_enum_is_produced() -> None:
    """`Kind = from_enum(kinds.Kind)` in `pkg.api_enums`: `Kind.ALPHA.value` in another module
    (imported from the wrapper's module) and `error_class.BETA` through a local alias of it produce
    those members; `GAMMA`, never read, stays an error, and the wrapper's own attribute
    (`doc_category`) reads no member."""
    use = ("from pkg.api_enums import Kind\n\n"
           "def fail(e: Exception) -> None:\n"
           "    report(code=Kind.ALPHA.value)\n\n"
           "def refund() -> str:\n"
           "    error_class = Kind\n"
           "    code = error_class.BETA.value\n"
           "    return code\n")
    source = {"pkg/__init__.py": "", "pkg/kinds.py": KINDS, "pkg/api_enums.py": WRAPS, "pkg/use.py": use}
    case = producer_case(source=source, symbol="pkg.kinds.Kind")
    assert case.verdicts == {"ALPHA": "producer", "BETA": "producer", "GAMMA": "none"}
    assert case.forms("ALPHA") == {"member"}


def test_a_wrapper_read_as_a_whole_produces_nothing() -> None:
    """`Field(Kind)` and `list(Kind)` of the wrapper read the wrapper, not a member of the enum:
    every member stays an error (only `W.<member>` is the member)."""
    use = "from pkg.api_enums import Kind\n\nFIELD = Field(Kind)\nNAMES = sorted(vars(Kind))\n"
    source = {"pkg/__init__.py": "", "pkg/kinds.py": KINDS, "pkg/api_enums.py": WRAPS, "pkg/use.py": use}
    case = producer_case(source=source, symbol="pkg.kinds.Kind")
    assert case.verdicts == {"ALPHA": "none", "BETA": "none", "GAMMA": "none"}


def test_a_member_read_through_a_parameter_typed_type_of_the_enum_is_produced() -> None:
    """`def check(error_class: type[Kind])`: `error_class.ALPHA.value` is `Kind.ALPHA.value`; with
    `type[Kind] | type[Other]` the read names the member of each class holding it."""
    other = "from enum import Enum\n\nclass Other(Enum):\n    BETA = 'beta'\n"
    use = """
        from pkg.kinds import Kind
        from pkg.other import Other

        def check(error_class: type[Kind]) -> str:
            return error_class.ALPHA.value

        def either(error_class: type[Kind] | type[Other]) -> None:
            raise ValueError(code=error_class.BETA.value)

        def compared(error_class: type[Kind], code: str) -> bool:
            return code == error_class.GAMMA.value
    """
    source = {"pkg/__init__.py": "", "pkg/kinds.py": KINDS, "pkg/other.py": other, "pkg/use.py": use}
    case = producer_case(source=source, symbol="pkg.kinds.Kind")
    assert case.verdicts == {"ALPHA": "producer", "BETA": "producer", "GAMMA": "consumer"}


MODES = "from typing import Literal\n\nMode = Literal['fast', 'deep', 'auto']\n"


def test_a_value_tested_against_a_literal_alias_values_is_a_door() -> None:
    """`typing.get_args(Mode)` lists a literal alias's values as `list(Kind)` lists an enum's: a
    module setting tested against it inline, or through a module-level name (`KNOWN =
    get_args(Mode)`), is a value chosen among them from outside — every unproduced value is wire,
    the default `auto` produced."""
    for check in ("if mode not in typing.get_args(Mode):", "if mode not in KNOWN:"):
        use = f"""
            import typing
            from pkg.modes import Mode

            KNOWN = typing.get_args(Mode)
            mode: Mode = "auto"

            def setup() -> None:
                {check}
                    raise ValueError(mode)
        """
        source = {"pkg/__init__.py": "", "pkg/modes.py": MODES, "pkg/use.py": use}
        case = producer_case(source=source, symbol="pkg.modes.Mode")
        assert case.verdicts == {"fast": "wire", "deep": "wire", "auto": "producer"}, check


def test_a_raw_value_tested_against_a_table_typed_by_the_vocabulary_is_a_door() -> None:
    """`CONFIGS: dict[Mode, int]` keys are the vocabulary's values: a raw string tested against it
    (`if path in CONFIGS: return path`) is a value chosen among them, a door; a value annotated
    with the vocabulary tested against it is the program's own, no door."""
    table = """
        from pkg.modes import Mode

        CONFIGS: dict[Mode, int] = {"fast": 1, "deep": 2, "auto": 3}

        def normal(path: str) -> Mode | None:
            if path in CONFIGS:
                return path
            return None
    """
    both = _both("pkg/modes.py", MODES, table, ("path: str", "path: Mode"), "pkg.modes.Mode")
    assert both == ({"fast": "wire", "deep": "wire", "auto": "wire"},
                    {"fast": "consumer", "deep": "consumer", "auto": "consumer"})


def test_members_given_to_a_query_filter_are_compared_not_produced() -> None:
    """`Question.objects.filter(variant=Kind.ALPHA)`, `.exclude(…)` and a field lookup anywhere
    (`variant__in=[Kind.BETA]`, `Answer.objects.get(question__variant=Kind.GAMMA)`) compare the
    members with stored rows: consumers, as `x == Kind.A` is. Given to any other keyword, a member
    is produced."""
    use = """
        from pkg.kinds import Kind

        def questions(objects):
            first = objects.filter(variant=Kind.ALPHA)
            rest = objects.exclude(variant__in=[Kind.BETA])
            return first, rest, objects.get(question__variant=Kind.GAMMA)
    """
    made = ("objects.get(question__variant=", "objects.create(variant=")
    assert _both("pkg/kinds.py", KINDS, use, made, "pkg.kinds.Kind") == (
        {"ALPHA": "consumer", "BETA": "consumer", "GAMMA": "consumer"},
        {"ALPHA": "consumer", "BETA": "consumer", "GAMMA": "producer"})


def _both(rel: str, vocab: str, use: str, change: tuple[str, str], symbol: str
          ) -> tuple[dict[str, Verdict], dict[str, Verdict]]:
    """The verdicts of a project using the vocabulary as `use` does, and with `change` made to it."""
    source = {"pkg/__init__.py": "", rel: vocab}
    first = producer_case(source={**source, "pkg/use.py": use}, symbol=symbol)
    second = producer_case(source={**source, "pkg/use.py": use.replace(*change)}, symbol=symbol)
    return first.verdicts, second.verdicts
