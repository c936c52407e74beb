"""The collector pause (store/memory.py): the collector's state always comes back, nested or not."""

from __future__ import annotations

import gc
import weakref

import pytest

from type_equiv.store.memory import collector_paused


def test_a_pause_restores_the_collector_also_after_an_error() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner pause leaves the outer one paused
    assert gc.isenabled()
    with pytest.raises(KeyError), collector_paused():
        raise KeyError("x")
    assert gc.isenabled()


def test_a_pause_leaves_a_disabled_collector_disabled() -> None:
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_cycles_made_during_a_pause_are_collected_after_it() -> None:
    """The test's own nodes, held weakly, and a collection of the youngest generation, where they
    are: no pass over the whole session's heap (`gc.get_objects()`, a full `gc.collect()`)."""

    class Node:
        def __init__(self) -> None:
            self.me = self

    nodes: weakref.WeakSet[Node] = weakref.WeakSet()
    with collector_paused():
        for _ in range(1000):
            nodes.add(Node())
        assert len(nodes) == 1000  # each node holds itself: only the collector can free it
    gc.collect(0)  # made during the pause, never collected since: they are all in generation 0
    assert len(nodes) == 0
