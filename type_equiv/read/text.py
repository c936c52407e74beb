"""Source text as the interpreter reads it: BOM and PEP 263 cookie honoured, lines as tokenize counts.

Both sides of a comparison (modules and pastes) and the producer scan decode through here, so a file
reads the same to every stage.
"""

from __future__ import annotations

import re
from pathlib import Path

from type_equiv.store.safe import read_bounded

_LINES = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


def split_lines(text: str) -> list[str]:
    """Lines as the tokenizer counts them (`\\r\\n`, `\\r`, `\\n`; not `str.splitlines`' form feeds)."""
    return _LINES.findall(text)


def read_source(path: Path) -> str:
    """Python source text honouring a BOM and a PEP 263 encoding cookie, as the interpreter does."""
    return decode_source(read_bounded(path))


def decode_source(data: bytes) -> str:
    """`read_source` for bytes already read."""
    import io
    import tokenize

    encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    return data.decode(encoding)
