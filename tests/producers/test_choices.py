"""A choice offered, however it is spelled: members handed out as the set of values an input admits —
a form's `choices=` filled by a method of the enum, a request parameter's `allowed_values=(Kind.A.value,
…)`, a project's own enum field given `enum=Kind` — are offered to a user, not produced; the input
that takes a value among them is a door (principle 1). One real temporary project per case."""

from __future__ import annotations

from tests.harness import producer_case

KIND = """
from enum import Enum

class Kind(str, Enum):
    A = "a"
    B = "b"
    C = "c"

    @classmethod
    def get_choices(cls):
        return ((cls.A.value, "Alpha"), (cls.B.value, "Beta"), (cls.C.value, "Gamma"))
"""


def verdicts(use: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/kind.py": KIND, "pkg/use.py": use}
    return producer_case(source=files, symbol="pkg.kind.Kind").verdicts


def test_allowed_values_offer_those_members() -> None:
    """`allowed_values=` lists what a request parameter may be: a door to `A` and `B`, no producer;
    `C` offered nowhere stays an error."""
    found = verdicts("""
        from pkg.kind import Kind

        def parse_string(request, name, allowed_values=None):
            return request.args[name]

        def on_get(request):
            return parse_string(request, "order_by", allowed_values=(Kind.A.value, Kind.B.value))
    """)
    assert found == {"A": "wire", "B": "wire", "C": "none"}


def test_a_method_of_the_enum_filling_choices_offers_every_member() -> None:
    """`choices=Kind.get_choices()`: the method runs to list the choices a form offers; its members
    are offered, not produced, and the form's field is a door to all of them."""
    found = verdicts("""
        from django import forms
        from pkg.kind import Kind

        class SettingsForm(forms.Form):
            kind = forms.TypedChoiceField(choices=Kind.get_choices())
    """)
    assert found == {"A": "wire", "B": "wire", "C": "wire"}


def test_a_schema_display_allowing_the_enum_values_is_a_door() -> None:
    """An Eve / Cerberus resource schema's `"allowed": Kind.get_choices()`: the values a request's
    field admits, as `choices=` lists them — a door to every member, none produced."""
    found = verdicts("""
        from pkg.kind import Kind

        queue_schema = {
            "state": {"type": "string", "allowed": Kind.get_choices(), "nullable": False},
        }
    """)
    assert found == {"A": "wire", "B": "wire", "C": "wire"}


MODES = """
from enum import Enum

class DisplayMode(Enum):
    PLAIN = "plain"
    HTML = "html"

DISPLAY_MODES = [
    (DisplayMode.PLAIN.value, "text"),
    (DisplayMode.HTML.value, "html"),
]
"""


def test_a_display_of_choices_pairs_offered_through_its_module_is_a_door() -> None:
    """A module-level display of Django-style choices pairs, `(Kind.A.value, "label")`, given in
    another module as `choices=constants.DISPLAY_MODES` (a DRF `ChoiceField`), or imported by name:
    offered to the user's request as an inline list is — its values consumed, the field a door to
    them — whether the name is read through its module or imported (principle 5; modoboa's webmail
    preferences, the twenty-fourth round)."""
    for use in ("""
        from rest_framework import serializers
        from pkg import constants

        class PrefsSerializer(serializers.Serializer):
            displaymode = serializers.ChoiceField(choices=constants.DISPLAY_MODES)
    """, """
        from rest_framework import serializers
        from pkg.constants import DISPLAY_MODES

        class PrefsSerializer(serializers.Serializer):
            displaymode = serializers.ChoiceField(choices=DISPLAY_MODES)
    """):
        files = {"pkg/__init__.py": "", "pkg/constants.py": MODES, "pkg/ser.py": use}
        found = producer_case(source=files, symbol="pkg.constants.DisplayMode").verdicts
        assert found == {"PLAIN": "wire", "HTML": "wire"}


def test_an_enum_field_given_the_enum_is_a_door() -> None:
    """A project's own form field taking the enum as `enum=` decodes the posted value into it."""
    found = verdicts("""
        from pkg.kind import Kind

        class EnumSelectField:
            def __init__(self, label, enum):
                self.enum = enum

            def process(self, raw):
                return self.enum[raw]

        class ModeForm:
            mode = EnumSelectField("Mode", enum=Kind)
    """)
    assert found == {"A": "wire", "B": "wire", "C": "wire"}


def test_choices_through_a_module_level_name_offer_as_inline() -> None:
    """`CHOICES = [k.value for k in Kind]`, then `add_argument(…, choices=CHOICES)`: the same list
    offered through a name is the inline `choices=[k.value for k in Kind]` (principle 5): a door to
    every member, none produced."""
    found = verdicts("""
        import argparse
        from pkg.kind import Kind

        CHOICES = [k.value for k in Kind]
        parser = argparse.ArgumentParser()
        parser.add_argument("--kind", type=str, choices=CHOICES)
    """)
    assert found == {"A": "wire", "B": "wire", "C": "wire"}


def test_choices_through_a_local_name_offer_as_inline() -> None:
    """The same through a local of the function building the parser."""
    found = verdicts("""
        import argparse
        from pkg.kind import Kind

        def parser():
            known = [k.value for k in Kind]
            out = argparse.ArgumentParser()
            out.add_argument("--kind", choices=known)
            return out
    """)
    assert found == {"A": "wire", "B": "wire", "C": "wire"}


def test_raw_values_offered_as_choices_open_a_door_to_their_members() -> None:
    """`choices=["a", "b"]`: the values of `Kind.A` and `Kind.B` offered raw are the same values as
    `choices=[Kind.A.value, Kind.B.value]` (principle 5): a door to those two; `C` offered nowhere
    stays an error."""
    found = verdicts("""
        import argparse

        parser = argparse.ArgumentParser()
        parser.add_argument("--kind", choices=["a", "b"])
    """)
    assert found == {"A": "wire", "B": "wire", "C": "none"}


def test_raw_choices_of_another_set_open_no_door() -> None:
    """A list offering a value no member holds is another set of values, sharing `a` by chance."""
    found = verdicts("""
        import argparse

        parser = argparse.ArgumentParser()
        parser.add_argument("--tone", choices=["a", "formal"])
    """)
    assert found == {"A": "none", "B": "none", "C": "none"}


def test_raw_choices_open_a_door_to_a_literal_alias() -> None:
    """`choices=["alpha", "beta", "rc"]`, every one a value of `Prerelease = Literal[…]`: the option
    is a door to those values, as to an enum's members whose values they are (principle 5)."""
    kinds = 'from typing import Literal\n\nPrerelease = Literal["alpha", "beta", "rc"]\n'
    source = {"pkg/__init__.py": "", "pkg/kinds.py": kinds, "pkg/cli.py": """
        import argparse

        def parser() -> argparse.ArgumentParser:
            made = argparse.ArgumentParser()
            made.add_argument("--prerelease", choices=["alpha", "beta", "rc"])
            made.add_argument("--other", choices=["alpha", "gamma"])
            return made
    """}
    case = producer_case(source=source, symbol="pkg.kinds.Prerelease")
    assert case.verdicts == {"alpha": "wire", "beta": "wire", "rc": "wire"}
    assert case.doors("rc") == [("src/pkg/cli.py", 5, "decode")]


def test_raw_choices_in_a_command_spec_display_open_a_door() -> None:
    """A command line declared as data, `{"name": "--prerelease", "choices": ["alpha", "beta", "rc"]}`
    (commitizen's spec handed to its parser builder), offers the values as `choices=[…]` does. The
    module names the vocabulary, so a check by demand reads it (docs/producers.md, By demand)."""
    kinds = 'from typing import Literal\n\nPrerelease = Literal["alpha", "beta", "rc"]\n'
    source = {"pkg/__init__.py": "", "pkg/kinds.py": kinds, "pkg/cli.py": """
        from pkg.kinds import Prerelease

        SPEC = {"arguments": [
            {"name": "--prerelease", "choices": ["alpha", "beta", "rc"]},
            {"name": "--mode", "choices": ["alpha", "other"]},
        ]}

        def prerelease_of(options: dict[str, str]) -> Prerelease | None:
            return None
    """}
    case = producer_case(source=source, symbol="pkg.kinds.Prerelease")
    assert case.verdicts == {"alpha": "wire", "beta": "wire", "rc": "wire"}
    assert case.doors("beta") == [("src/pkg/cli.py", 4, "decode")]


def test_a_pickers_options_offer_the_values_listed() -> None:
    """`ComboBoxDelegate(options=[e.value for e in Kind])`, Streamlit's `selectbox(label, options=…)`:
    the values a user picks from, offered as `choices=` offers them — a door to every member, none
    produced there (linux-show-player's trigger combo, round 92)."""
    found = verdicts("""
        from pkg.kind import Kind

        class ComboBoxDelegate:
            def __init__(self, options=()):
                self.options = options

        def delegates():
            return [ComboBoxDelegate(options=[e.value for e in Kind])]
    """)
    assert found == {"A": "wire", "B": "wire", "C": "wire"}


def test_an_options_object_built_by_a_call_is_judged_as_any_call() -> None:
    """`options=Options(items=[Option(value=Kind.A)])` (bagels' form fields, round 85) builds its own
    value: the members inside are arguments of those calls, as anywhere, not a listing offered."""
    found = verdicts("""
        from pkg.kind import Kind

        class Option:
            def __init__(self, text: str, value: Kind) -> None:
                self.value = value

        class Options:
            def __init__(self, items: list) -> None:
                self.items = items

        class FormField:
            def __init__(self, options: Options) -> None:
                self.options = options

        def fields():
            return [FormField(options=Options(items=[Option(text="A", value=Kind.A)]))]
    """)
    assert found["A"] == "producer"


def test_choices_given_as_a_callable_or_a_lazy_proxy_offer_every_member() -> None:
    """Django takes `choices=` as a callable too, and a project defers them through `lazy` so the
    labels are translated when read: `lambda: Kind.choices` and `lazy(lambda: Kind.choices, tuple)()`
    offer what `Kind.choices` offers (principle 5) — the field is a door to every member."""
    for spelled in ("lambda: Kind.get_choices()", "lazy(lambda: Kind.get_choices(), tuple)()"):
        found = verdicts(f"""
            from django.db import models
            from django.utils.functional import lazy
            from pkg.kind import Kind

            class Course(models.Model):
                kind = models.CharField(max_length=8, choices={spelled})
        """)
        assert found == {"A": "wire", "B": "wire", "C": "wire"}, spelled


def test_a_query_condition_object_compares_its_member() -> None:
    """`Q(kind=Kind.A)` is a condition of a query, as `.filter(kind=Kind.A)` is: it compares, writes
    nothing — the member has no producer there; a field set from it (`Course(kind=Kind.B)`) has."""
    found = verdicts("""
        from django.db import models
        from django.db.models import Q
        from pkg.kind import Kind

        class Course(models.Model):
            kind = models.CharField(max_length=8)

        def visible(courses):
            return courses.exclude(Q(kind=Kind.A) | models.Q(kind=Kind.C))

        def make() -> Course:
            return Course(kind=Kind.B)
    """)
    assert found == {"A": "consumer", "B": "producer", "C": "consumer"}
