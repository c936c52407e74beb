"""What the readers find wrong with a row, a file or a doc: a definition not found, a paste missing
or stale, a file that cannot be read or parsed, a definition read only as a plain shape."""

from __future__ import annotations

from collections.abc import Sequence

from type_equiv.model.findings import (
    IncludeStale,
    ParseError,
    PasteMissing,
    SourceMissing,
    UnrecognisedForm,
)
from type_equiv.model.messages.places import Where


def module_not_found(symbol: str, module: str, roots: Sequence[str], row: Where) -> SourceMissing:
    return SourceMissing(
        message=f"{symbol}: module `{module}` not found under the source roots ({', '.join(roots)})",
        path=row[0], line=row[1], symbol=symbol,
    )


def name_not_defined(symbol: str, name: str, shown: str, row: Where,
                     close: Sequence[str] = (), followed: str | None = None) -> SourceMissing:
    """`followed`: where the name's import chain led (`pkg.core.Name`) when that module lacks it too."""
    via = f" (nor in {followed}, where its import leads)" if followed else ""
    hint = f"; did you mean {', '.join(f'`{c}`' for c in close)}?" if close else ""
    return SourceMissing(
        message=f"{symbol}: `{name}` is not defined at the top level of {shown}{via}{hint}",
        path=row[0], line=row[1], symbol=symbol, source_path=shown, source_line=1,
    )


def nested_not_defined(symbol: str, name: str, outer: str, source: Where, row: Where,
                       close: Sequence[str] = ()) -> SourceMissing:
    """`pkg.m.Outer.Name` where `Outer` is found but its body defines no class or alias `Name`."""
    hint = f"; did you mean {', '.join(f'`{c}`' for c in close)}?" if close else ""
    return SourceMissing(
        message=f"{symbol}: `{name}` is not a class or alias defined in the body of `{outer}`"
                f" ({source[0]}:{source[1]}){hint}",
        path=row[0], line=row[1], symbol=symbol, source_path=source[0], source_line=source[1],
    )


def _block_of(doc: str) -> str:
    """What a paste is called in the doc's format: a fence in Markdown, a block (or cell) elsewhere."""
    return "```python block" if doc.lower().endswith((".md", ".markdown", ".mdx")) else "Python block"


def no_paste(symbol: str, doc: str, name: str, source: Where | None, by_sync: bool = False) -> PasteMissing:
    tail = " (sync never invents a paste: add one, then run sync)" if by_sync else ""
    return PasteMissing(
        symbol=symbol, path=doc, line=1,
        message=f"{symbol}: {doc} has no {_block_of(doc)} defining `{name}`{tail}",
        source_path=source[0] if source else None, source_line=source[1] if source else None,
    )


def include_stale(symbol: str, doc: str, line: int, written: str, shown: tuple[int, int],
                  source: Where, end: int) -> IncludeStale:
    """An include of the symbol's file whose lines or markers no longer span its definition."""
    what = (f"lines {shown[0]}-{shown[1]}" if shown[0] <= shown[1] else "nothing (its markers are gone)")
    return IncludeStale(
        symbol=symbol, path=doc, line=line, source_path=source[0], source_line=source[1],
        message=(f"{symbol}: the include of `{written}` at line {line} shows {what} of {source[0]}, but "
                 f"`{symbol.rsplit('.', 1)[1]}` is defined at lines {source[1]}-{end}: update the include"),
    )


def broken_paste(error: ParseError, symbol: str, fence_line: int, name: str,
                 by_sync: bool = False) -> ParseError:
    """No paste defines the name, but a block that does not parse mentions it: that is the problem."""
    head = "cannot sync: " if by_sync else ""
    return error.model_copy(update={
        "symbol": symbol,
        "message": f"{symbol}: {head}the block at line {fence_line} mentions `{name}` but is {error.message}",
    })

def doc_unreadable(path: str, why: str | None) -> ParseError:
    """A listed doc that cannot be read (sync and the doc reader say it alike)."""
    return ParseError(path=path, line=1, message=f"cannot read doc: {why}")


def doc_not_utf8(path: str, line: int, reason: str) -> ParseError:
    return ParseError(path=path, line=line, message=f"doc is not UTF-8: {reason}")


# What the parser said of a file: a parse-error's message (the producer scan keeps it for `unscannable`).
NOT_VALID_PYTHON = "not valid Python: {}"
CANNOT_PARSE = "cannot parse: {}"


def not_valid_python(path: str, line: int, problem: str, column: int | None = None) -> ParseError:
    at = f" (column {column})" if column is not None else ""
    return ParseError(path=path, line=line, message=NOT_VALID_PYTHON.format(problem) + at)


def cannot_parse(path: str, line: int, why: str) -> ParseError:
    return ParseError(path=path, line=line, message=CANNOT_PARSE.format(why))


def file_unreadable(path: str, why: object) -> ParseError:
    return ParseError(path=path, line=1, message=f"cannot read: {why}")

def doc_format_unreadable(path: str, line: int, why: str) -> ParseError:
    """A doc its format's parser cannot read at all (read/docs/base.Unreadable says why)."""
    return ParseError(path=path, line=line, message=why)


# A notebook nbformat cannot read (read/docs/notebook.py).
NOTEBOOK_VERSION = "not read: nbformat {} notebook (4 is read)"
NOTEBOOK_NOT_JSON = "not a notebook: invalid JSON: {} (column {})"
NOT_A_NOTEBOOK = "not a notebook: {}"

def unrecognised_form(symbol: str, kind: str, why: str, instead: str | None, row: Where,
                      source: Where) -> UnrecognisedForm:
    """A row guessed a plain shape because the reader could not classify its definition
    (read/forms.py says when): shown, never failing, and silenced by saying what the row is."""
    plain = {"class": "a plain class", "typeddict": "a plain TypedDict"}.get(kind, "a plain alias")
    variant = {"union": "a variant per class", "map": "a variant per key", "enum": "a variant per member"}
    named = {"enum": "an enum"}.get(instead or "", f"a {instead}")
    fix = (f"say `\"form\": \"{instead}\"` in its manifest row to check it as {named}"
           f" ({variant.get(instead, 'its variants')}), or `\"form\": \"shape\"` if it is {plain}"
           if instead else f"say `\"form\": \"shape\"` in its manifest row if it is {plain}")
    return UnrecognisedForm(
        path=row[0], line=row[1], symbol=symbol, source_path=source[0], source_line=source[1],
        message=f"{symbol}: checked only as a plain shape, with no producer check: {why}; {fix}",
    )


# Why a guessed plain shape may be a vocabulary: the `why` of `unrecognised_form` (read/forms.py and
# read/bases.py say which).
FORM_LITERAL_UNREAD = ("its `Literal` values are not all constants or members of one enum the reader"
                       " can read (a name, an expression, members of two enums)")
BASE_IMPORTED_ELSEWHERE = "imported from a module that does not define it"
BASE_MAYBE_STARRED = "it may come from a star import the reader cannot see through"


def form_tagged(kind: str, classes: Sequence[str]) -> str:
    """A union's arms (`kind` "union") or a map's values whose classes carry `Literal` fields
    (`Class.field`), yet no tag the reader can follow."""
    tagged = ", ".join(classes[:3]) + (f" and {len(classes) - 3} more" if len(classes) > 3 else "")
    if kind == "union":
        return (f"its arms' classes carry `Literal` fields ({tagged}), but no field is a tag every arm"
                " declares")
    return (f"its values' classes carry `Literal` fields ({tagged}), but not every key is the tag of the"
            " class it maps to")


def _base_named(shown: str, via: Sequence[str]) -> str:
    """`its base X`, or `X, a base of its base B,` when found through the project's bases `via`."""
    return (f"{shown}, a base of its base `{'`, of `'.join(reversed(via))}`," if via
            else f"its base {shown}")


def base_not_found(head: str, qualname: str, module: str, base_module: str, how: str,
                   via: Sequence[str]) -> str:
    """A base the reader cannot find where `head` (written in `module`) leads: `how` says why it
    should have been found (`BASE_*`)."""
    shown = f"`{head}`" + (f" (`{qualname}`)" if qualname != f"{module}.{head}" else "")
    return (f"the reader cannot find {_base_named(shown, via)} in `{base_module}` ({how}), so whether"
            " it is an enum, a TypedDict or a plain class is unknown")


def base_enum_like(head: str, qualname: str, via: Sequence[str]) -> str:
    """A base outside the project named like an enum that no installed package defines (an
    installed one is read: library.py)."""
    whose = _base_named(f"`{head}`", via)
    return (f"{whose} is `{qualname}`, outside the project and named like an enum, but no package"
            " installed beside type-equiv defines it, so the reader cannot tell whether it is an enum"
            " and its members are not checked as variants")
