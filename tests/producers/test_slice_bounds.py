"""A member as a slice's bound indexes a sequence, as the member as an index does (`views[View.ALBUM]`):
`views[View.ALBUM:]` consumes `ALBUM`, and produces nothing (gnome-music's `View`, round 94)."""

from __future__ import annotations

from tests.harness import producer_case

VIEWS = {
    "pkg/__init__.py": "",
    "pkg/views.py": """
        from enum import IntEnum


        class View(IntEnum):
            ALBUM = 0
            ARTIST = 1
            PLAYLIST = 2
    """,
}


def test_a_member_bounding_a_slice_is_an_index() -> None:
    case = producer_case(source={**VIEWS, "pkg/window.py": """
        from pkg.views import View


        def first_after(views: list[object], current: View) -> list[object]:
            views[View.ARTIST] = object()
            return [*views[View.ALBUM:], *views[:View.PLAYLIST:1]]


        def start() -> View:
            return View.ARTIST
    """}, symbol="pkg.views.View")
    assert case.verdicts == {"ALBUM": "consumer", "ARTIST": "producer", "PLAYLIST": "consumer"}


def test_a_member_handed_on_beside_a_slice_is_still_produced() -> None:
    case = producer_case(source={**VIEWS, "pkg/window.py": """
        from pkg.views import View


        def pick(views: list[View]) -> list[View]:
            return views[:1] + [View.PLAYLIST]
    """}, symbol="pkg.views.View")
    assert case.verdicts == {"ALBUM": "none", "ARTIST": "none", "PLAYLIST": "producer"}
