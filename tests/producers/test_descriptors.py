"""A class attribute declared by a descriptor call naming the vocabulary is a field typed by it
(principle 5): `style = Enum(FontStyle, default="normal")` means `style: FontStyleType = "normal"` —
directly, in a nested call, or through a module-level wrapper `FontStyle = enumeration(FontStyleType)`.
Its default is produced, a subclass's `Override(default=…)` too; a public class's such attribute is a
door when callers are outside, and a class carrying one decoded from data is a door (a carrier).
One real temporary project per case (tests/harness.py); each fails on the rules before them."""

from __future__ import annotations

from tests.harness import producer_case

ENUMS = """
    from typing import Literal

    def enumeration(*values):
        return type("Enumeration", (), {v: v for v in values})

    FontStyleType = Literal["normal", "italic", "bold"]
    FontStyle = enumeration(FontStyleType)
"""
PROPS = """
    class Property:
        def __init__(self, *types, default=None):
            self.types, self.default = types, default

        def __call__(self, *, default=None):
            return type(self)(*self.types, default=default)

    class Enum(Property):
        pass

    class Nullable(Property):
        pass

    class Override:
        def __init__(self, *, default):
            self.default = default
"""
SYMBOL = "pkg.enums.FontStyleType"


def _case(models: str, row: dict[str, object] | None = None, **more: str) -> dict[str, str]:
    source = {"pkg/__init__.py": "", "pkg/enums.py": ENUMS, "pkg/props.py": PROPS, "pkg/models.py": models,
              **{f"pkg/{name}.py": text for name, text in more.items()}}
    return producer_case(source=source, symbol=SYMBOL, row=row).verdicts


def test_a_descriptor_default_through_a_module_level_wrapper_is_produced() -> None:
    """`style = Enum(FontStyle, default="normal")`, `FontStyle` wrapping the alias in another module:
    `normal` is produced; nothing else writes `italic` or `bold` (callers inside): errors."""
    models = """
        from pkg.enums import FontStyle
        from pkg.props import Enum

        class Text:
            style = Enum(FontStyle, default="normal")
    """
    assert _case(models) == {"normal": "producer", "italic": "none", "bold": "none"}


def test_a_cloned_descriptor_and_a_subclass_override_produce_their_defaults() -> None:
    """`Nullable(Enum(FontStyle))(default="italic")` (the outer call's default is the attribute's) and
    a subclass's `style = Override(default="bold")` of the base's descriptor field; a default given
    to the nested call (`Nullable(Enum(FontStyle, default="normal"))`) is the inner descriptor's,
    never the attribute's: `normal` stays an error."""
    models = """
        from pkg.enums import FontStyle
        from pkg.props import Enum, Nullable, Override

        class Text:
            style = Nullable(Enum(FontStyle))(default="italic")
            title_style = Nullable(Enum(FontStyle, default="normal"))

        class Title(Text):
            style = Override(default="bold")
    """
    assert _case(models) == {"normal": "none", "italic": "producer", "bold": "producer"}


def test_a_public_descriptor_field_is_a_door_when_callers_are_outside() -> None:
    """`"callers": "outside"`: a public class's attribute declared by the descriptor is what callers
    set (`Text(style="bold")`, `text.style = "bold"`), as a public dataclass field is: the values no
    code writes are wire, the default produced; a private class's attribute opens nothing."""
    models = """
        from pkg.enums import FontStyle
        from pkg.props import Enum

        class Text:
            style = Enum(FontStyle, default="normal")

        class _Hidden:
            style = Enum(FontStyle)
    """
    case = producer_case(source={"pkg/__init__.py": "", "pkg/enums.py": ENUMS, "pkg/props.py": PROPS,
                                 "pkg/models.py": models}, symbol=SYMBOL, row={"callers": "outside"})
    assert case.verdicts == {"normal": "producer", "italic": "wire", "bold": "wire"}
    assert case.doors("bold") == [("src/pkg/models.py", 5, "parameter (callers outside)")]
    inside = _case(models)
    assert inside == {"normal": "producer", "italic": "none", "bold": "none"}


KINDS = """
    from enum import Enum

    class Channel(Enum):
        ALPHA = "alpha"
        BETA = "beta"
        GAMMA = "gamma"
"""


def test_an_enum_field_of_a_class_decoded_from_a_file_is_a_door() -> None:
    """`channel = EnumField(Channel, default="alpha")` on a plain class (conda's auxlib entities): its
    raw default is the member `ALPHA`, produced; `Record(**json.load(f))` decodes a user's file into
    the class, which carries the enum: `BETA` and `GAMMA` are wire through it."""
    models = """
        import json

        from pkg.kinds import Channel

        class EnumField:
            def __init__(self, enum, default=None):
                self.enum, self.default = enum, default

        class Record:
            channel = EnumField(Channel, default="alpha")

            def __init__(self, **fields):
                self.__dict__.update(fields)

        def load(path):
            with open(path) as f:
                return Record(**json.load(f))
    """
    case = producer_case(source={"pkg/__init__.py": "", "pkg/kinds.py": KINDS, "pkg/models.py": models},
                         symbol="pkg.kinds.Channel")
    assert case.verdicts == {"ALPHA": "producer", "BETA": "wire", "GAMMA": "wire"}
    assert case.doors("BETA") == [("src/pkg/models.py", 17, "decode (via Record)")]


def test_a_column_of_the_enum_produces_its_raw_default_and_nothing_else() -> None:
    """`Column(Enum(Channel), default="beta")`: the column holds the enum (a nested call names it), its
    default is `BETA`; a keyword other than the default (`server_default="gamma"`, SQL text) writes
    nothing into the attribute, and the program's own rows open no door."""
    models = """
        from sqlalchemy import Column, Enum

        from pkg.kinds import Channel

        class Row(Base):
            channel = Column(Enum(Channel), default="beta", server_default="gamma")
    """
    case = producer_case(source={"pkg/__init__.py": "", "pkg/kinds.py": KINDS, "pkg/models.py": models},
                         symbol="pkg.kinds.Channel")
    assert case.verdicts == {"ALPHA": "none", "BETA": "producer", "GAMMA": "none"}


ALIASES = """
    from pkg import enums
    from pkg.props import Either, Enum

    HAnchor = Either(Enum(enums.FontStyle), Enum("left", "right"))
    Anchor = Either(Enum("top"), HAnchor)
"""


def test_a_module_level_descriptor_instance_names_what_it_wraps() -> None:
    """`HAnchor = Either(Enum(enums.FontStyle), …)` is a descriptor instance naming the vocabulary, and
    `Anchor = Either(…, HAnchor)` one naming it in turn: a class attribute `anchor = Anchor(default=
    "bold")` (the instance cloned with a default) is a field typed by the vocabulary — `bold` produced,
    the others wire through the public class, callers outside. A class attribute built by calling a
    name that wraps nothing (`config = Plain()`) is no field of it."""
    props = PROPS + "\n    class Either(Property):\n        pass\n"
    models = """
        from pkg.aliases import Anchor

        class Plain:
            pass

        class Text:
            anchor = Anchor(default="bold")
            config = Plain()
    """
    case = producer_case(source={"pkg/__init__.py": "", "pkg/enums.py": ENUMS, "pkg/props.py": props,
                                 "pkg/aliases.py": ALIASES, "pkg/models.py": models},
                         symbol=SYMBOL, row={"callers": "outside"})
    assert case.verdicts == {"normal": "wire", "italic": "wire", "bold": "producer"}
    assert case.doors("italic") == [("src/pkg/models.py", 7, "parameter (callers outside)")]


def test_a_descriptor_class_whose_init_hands_the_vocabulary_to_its_base_names_it() -> None:
    """`class StyleSpec(Property)` whose `__init__` calls `super().__init__(*types, default=default)`
    with `types = Enum(FontStyle), String` (one local step): `style = StyleSpec(default="italic")` is
    `Enum(FontStyle, default="italic")` spelled as a class — `italic` produced — and a class holding it
    through another descriptor class (`Outer`, handing `Nullable(StyleSpec)` on) names it too: with
    callers outside its public attribute is a door to the values no code writes."""
    specs = """
        from pkg.enums import FontStyle
        from pkg.props import Enum, Nullable, Property

        class String(Property):
            pass

        class StyleSpec(Property):
            def __init__(self, default=None):
                types = Enum(FontStyle), String
                super().__init__(*types, default=default)

        class Outer(Property):
            def __init__(self, default=None):
                super().__init__(Nullable(StyleSpec), default=default)
    """
    models = """
        from pkg.specs import Outer, StyleSpec

        class Text:
            style = StyleSpec(default="italic")

        class Title:
            style = Outer(default=None)
    """
    case = producer_case(source={"pkg/__init__.py": "", "pkg/enums.py": ENUMS, "pkg/props.py": PROPS,
                                 "pkg/specs.py": specs, "pkg/models.py": models},
                         symbol=SYMBOL, row={"callers": "outside"})
    assert case.verdicts == {"normal": "wire", "italic": "producer", "bold": "wire"}
    assert ("src/pkg/models.py", 7, "parameter (callers outside)") in case.doors("bold")
