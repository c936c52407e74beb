"""The program's own data (principle 2) and members handed out or only tested (principles 4, 5):
a database column typed by the vocabulary, a column read back on its model and a pickle of `self`
are round trips, not doors; a module-level set of members kept only to test against and an
iteration spelled into an error message hand nothing out. One real temporary project per case
(tests/harness.py): `Kind.ALPHA` is produced by `pkg/make.py`, `Kind.BETA` by nothing."""

from __future__ import annotations

import textwrap

import pytest

from tests.harness import producer_case
from tests.producers.test_doors import assert_door, beta_of, kind_case
from tests.producers.test_methods import MODELS

COLUMN = """
    from sqlalchemy import Column, Enum
    from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
    from pkg.kinds import Kind

    class Base(DeclarativeBase):
        pass

    class Row(Base):
        __tablename__ = "rows"
        {column}
"""


@pytest.mark.parametrize("column", [
    "kind = Column(Enum(Kind))",
    "kind: Mapped[Kind] = mapped_column(Enum(Kind, native_enum=False))",
])
def test_a_column_typed_by_the_vocabulary_is_a_round_trip(column: str) -> None:
    """The rows are the program's own: what the column reads back its producers wrote. BETA stays
    an error."""
    case = kind_case(COLUMN.format(column=column))
    finding = beta_of(case, "none")
    assert finding.severity == "error" and not finding.wire


def test_a_field_type_in_a_request_parsing_decorator_is_a_door_not_a_column() -> None:
    """`@use_kwargs({"kind": fields.Enum(Kind)})` (webargs: marshmallow fields parsing the request
    into the view's arguments) decodes the request, whatever the field type is named: a door
    (principle 1), though the same project stores `Kind` in a column. A column is declared in a
    class body or a column call, never among a decorator's arguments."""
    use = textwrap.dedent(COLUMN.format(column="kind = Column(Enum(Kind))")) + textwrap.dedent("""
        from webargs import fields
        from webargs.flaskparser import use_args, use_kwargs

        @use_kwargs({"kind": fields.Enum(Kind, load_default=None)}, location="query")
        def show(kind):
            return str(kind)

        @use_args({"kinds": fields.List(fields.Enum(Kind))})
        def many(args):
            return len(args)
    """)
    case = kind_case(use)
    beta_of(case, "wire")
    assert case.doors("BETA") == [("src/pkg/use.py", 15, "decode"), ("src/pkg/use.py", 19, "decode")]


MAPPED = """
    from sqlalchemy import Column, String
    from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
    from pkg.kinds import Kind

    class Base(DeclarativeBase):
        pass

    class Job(Base):
        __tablename__ = "jobs"
        {column}

        @property
        def kind(self) -> Kind:
            return Kind[self._kind]

        def convert(self) -> Kind:
            return Kind(self._kind)
"""


@pytest.mark.parametrize("column", [
    '_kind: Mapped[str] = mapped_column(String, name="kind")',
    '_kind = Column("kind", String)',
])
def test_a_column_read_back_on_its_model_is_a_round_trip(column: str) -> None:
    """`Kind[self._kind]` where the class maps `_kind` to a column converts what the program stored
    in its own rows: no door, BETA stays an error."""
    finding = beta_of(kind_case(MAPPED.format(column=column)), "none")
    assert finding.severity == "error" and not finding.wire


def test_a_plain_attribute_converted_stays_a_door() -> None:
    """Without the column the attribute is anything the object was given: `Kind[self._kind]` decodes."""
    assert_door(kind_case("""
        from pkg.kinds import Kind

        class Job:
            def __init__(self, kind: str) -> None:
                self._kind = kind

            def kind(self) -> Kind:
                return Kind[self._kind]
    """), 8, "decode item")


PICKLED = """
    import pickle
    from pkg.models import Order

    class Session:
        order: Order | None = None

        def save(self) -> bytes:
            return {write}

        @staticmethod
        def restore(raw: bytes) -> object:
            state: Session = pickle.loads(raw)
            return state
"""


def test_a_pickle_of_self_is_written_by_the_program() -> None:
    """`pickle.dumps(self)` in a method writes an instance of its class (principle 5: `self` is the
    class as an annotated name is): unpickling a `Session` reads back what the program wrote."""
    case = kind_case(PICKLED.format(write="pickle.dumps(self)"))
    finding = beta_of(case, "none")
    assert finding.severity == "error" and not finding.wire
    assert beta_of(kind_case(PICKLED.format(write="b''")), "wire").wire


@pytest.mark.parametrize("use", [
    "_DONE = {Kind.ALPHA, Kind.BETA}\n\ndef finished(kind: Kind) -> bool:\n    return kind in _DONE\n",
    "_DONE = frozenset({Kind.ALPHA, Kind.BETA})\n"
    "OPEN = [k.value for k in Kind if k not in _DONE]\n",
])
def test_a_module_level_set_only_tested_against_hands_nothing_out(use: str) -> None:
    """A private module-level set of members read only as a membership test's container is a
    consumer, as the same set inline (`kind in {Kind.ALPHA, Kind.BETA}`) is."""
    case = kind_case("from pkg.kinds import Kind\n\n" + use)
    finding = beta_of(case, "consumer")
    assert finding.severity == "error"
    assert case.sites("BETA", "consumer")


def test_a_module_level_set_read_otherwise_hands_its_members_out() -> None:
    case = kind_case("from pkg.kinds import Kind\n\n_DONE = {Kind.ALPHA, Kind.BETA}\n\n"
                     "def finished() -> set[Kind]:\n    return _DONE\n")
    assert case.verdicts == {"ALPHA": "producer", "BETA": "producer"}


@pytest.mark.parametrize("message", [
    'f"unknown kind {kind}: one of {list(Kind)}"',
    '"unknown kind; one of " + ", ".join(Kind)',
    '"one of {}".format(list(Kind))',
    'str(list(Kind))',
])
def test_the_members_listed_in_a_message_are_not_handed_out(message: str) -> None:
    """An iteration spelled into an error message is text: no member leaves it (a test against the
    enum itself, `kind not in Kind`, is no door either: the parameter is the program's own value)."""
    case = kind_case(textwrap.dedent(f"""
        from pkg.kinds import Kind

        def check(kind: Kind) -> None:
            if kind not in Kind:
                raise ValueError({message})
    """))
    beta_of(case, "none")


FORMAT_READER = """
    from pkg.models import Delta, Text, Thinking


    def save(fmt: Delta) -> dict:
        return fmt.model_dump(mode="json")


    def load(data: dict) -> Delta:
        if data["type"] == "text":
            return Text(**data)
        return Thinking.model_validate(data)
"""


def test_a_variant_class_built_from_the_data_the_program_writes_is_a_round_trip() -> None:
    """`Text(**data)` decodes data as `Thinking.model_validate(data)` does (principle 5); where the
    program serialises the union (`fmt.model_dump()`), the reader of its own stored JSON reads back
    what it wrote (principle 2): neither producer nor door, both variants stay errors. Without the
    write, built from a display (`Text(**{"type": "text"})`) or converted from a value the program
    holds (`Text(**other.model_dump())`), each is produced as before."""
    def verdicts(reader: str) -> dict[str, str]:
        source = {"pkg/__init__.py": "", "pkg/models.py": MODELS, "pkg/use.py": reader}
        return producer_case(source=source, symbol="pkg.models.Delta").verdicts

    assert verdicts(FORMAT_READER) == {"text": "consumer", "thinking": "none"}  # compared, never built
    unwritten = FORMAT_READER.replace('fmt.model_dump(mode="json")', "{}")
    assert verdicts(unwritten) == {"text": "producer", "thinking": "producer"}
    built = FORMAT_READER.replace("Text(**data)", 'Text(**{"type": "text"})')
    assert verdicts(built)["text"] == "producer"
    converted = FORMAT_READER.replace("Text(**data)", "Text(**Thinking().model_dump())")  # a live value
    assert verdicts(converted)["text"] == "producer"
