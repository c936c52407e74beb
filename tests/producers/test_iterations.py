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
