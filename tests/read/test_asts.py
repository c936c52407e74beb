"""The per-process parse memo: a text is parsed once, a changed text never gets the old tree."""

from __future__ import annotations

import ast

import pytest

from type_equiv.read.asts import ParseMemo, RunMemo


def test_same_text_same_tree_and_a_changed_text_its_own() -> None:
    text = "class A:\n    x: int\n"
    parse_module = RunMemo().parse_module
    first = parse_module(text)
    assert parse_module(text) is first
    changed = parse_module(text + "# a comment appended\n")
    assert changed is not first
    assert ast.dump(changed) == ast.dump(first)  # a comment changes no tree, yet is parsed anew


def test_the_memo_is_bounded_by_characters_and_drops_the_oldest() -> None:
    memo = ParseMemo(limit=30)
    a, b, c = "a = 1\n" * 2, "b = 2\n" * 2, "c = 3\n" * 2
    tree_a = memo.parse(a)
    memo.parse(b)
    assert memo.parse(a) is tree_a  # a is now the most recently used
    memo.parse(c)  # 36 characters > 30: b, the least recently used, goes
    assert list(memo.trees) == [a, c] and memo.chars == 24
    assert memo.parse(c) is memo.trees[c]


def test_a_text_larger_than_the_bound_is_parsed_but_not_kept() -> None:
    memo = ParseMemo(limit=5)
    tree = memo.parse("x = 10\n")
    assert isinstance(tree, ast.Module) and memo.trees == {} and memo.chars == 0


def test_a_syntax_error_is_raised_every_time() -> None:
    memo = ParseMemo(limit=1000)
    for _ in range(2):
        with pytest.raises(SyntaxError):
            memo.parse("class (:\n")
    assert memo.trees == {}
