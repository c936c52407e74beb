"""A value built in code that a decoded name holds (held.py): a command's option default decoded
into the vocabulary produces its member, as an environment lookup's default does
(`@click.option("--device-family", default="SMART.TAPOPLUG")`, then `DeviceFamily(device_family)`);
so does a literal the function assigns to the name before the decode (`device_family =
"SMART.IPCAMERA"`). The decode stays a door for the rest (python-kasa's `DeviceFamily`). One real
temporary project per case."""

from __future__ import annotations

from tests.harness import verdicts

MODULE = """
import click

from pkg.family import Family, show


@click.command()
@click.option("-df", "--device-family", envvar="FAMILY", {default}help="the family")
@click.option("--type", default=None)
def cli(device_family, type):
    if type == "camera":
        device_family = "P.CAM"
    show(Family(device_family))
"""


FAMILY = """
from enum import Enum


def show(family: "Family") -> None:
    print(family)


class Family(Enum):
    PLUG = "P.PLUG"
    CAM = "P.CAM"
    BULB = "P.BULB"
"""


def found(default: str) -> dict[str, str]:
    return of(MODULE.replace("{default}", default))


def of(command: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/family.py": FAMILY, "pkg/cli.py": command}
    return dict(verdicts(source=files, symbol="pkg.family.Family"))


def test_the_option_default_and_the_assigned_literal_are_produced() -> None:
    assert found('default="P.PLUG", ') == {"PLUG": "producer", "CAM": "producer", "BULB": "wire"}


def test_without_a_default_only_the_assigned_literal_is() -> None:
    assert found("") == {"PLUG": "wire", "CAM": "producer", "BULB": "wire"}


def test_another_option_default_fills_another_parameter() -> None:
    source = MODULE.replace("{default}", "").replace(
        '@click.option("--type", default=None)', '@click.option("--type", default="P.BULB")')
    assert of(source) == {"PLUG": "wire", "CAM": "producer", "BULB": "wire"}
