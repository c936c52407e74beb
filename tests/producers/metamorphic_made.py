"""The metamorphic table's made-in-code families (issue 28): producers, consumers, iterations."""

from __future__ import annotations

from tests.producers.metamorphic_spelling import CONSUME_HEAD, DESCRIBED, SINK, Spelling

OVERLOADED = ("from typing import overload\n\nfrom pkg.vocab import $V\n\n\nclass Recorder:\n"
              "    @overload\n    def record_item(self, item: $V) -> None: ...\n\n"
              "    @overload\n    def record_item(self, item: int) -> None: ...\n\n"
              "    def record_item(self, item: object) -> None:\n        print(item)\n\n"
              "    record = record_item\n\n\nRECORDER = Recorder()\n")
CONSTRUCT = (
    Spelling("direct", head=SINK, body="record($make)"),
    Spelling("keyword", head=SINK, body="record(item=$make)"),
    Spelling("tag-given", head=SINK, body="record($make_tag)", forms=("union", "enum")),
    Spelling("alias-import", head={
        "union": "from pkg.sink import record\nfrom pkg.vocab import $A as Made\n",
        "enum": "from pkg.sink import record\nfrom pkg.vocab import $V as Made\n",
        "literal": "from pkg.sink import record as made\n"},
        body={"union": "record(Made(x=1))", "enum": "record(Made.${A_member})", "literal": "made(\"$a\")"}),
    Spelling("module-qualified", head={"union": "import pkg.vocab as v\nfrom pkg.sink import record\n",
                                       "enum": "import pkg.vocab as v\nfrom pkg.sink import record\n",
                                       "literal": "import pkg.sink as s\n"},
             body={"union": "record(v.$A(x=1))", "enum": "record(v.$M)", "literal": "s.record(\"$a\")"}),
    Spelling("classmethod-factory", head={
        "union": SINK, "enum": SINK,
        "literal": SINK + "from dataclasses import dataclass\n\n\n@dataclass\nclass Entry:\n    item: $V\n\n"
                   "    @classmethod\n    def make(cls) -> \"Entry\":\n        return cls(\"$a\")\n"},
        body={"union": "record($A.make())", "enum": "record($V.default())",
              "literal": "record(Entry.make().item)"},
        vocab_extra={"union": "@classmethod\ndef make(cls) -> \"$A\":\n    return cls(x=1)\n",
                     "enum": "@classmethod\ndef default(cls) -> \"$V\":\n    return cls.${A_member}\n"}),
    Spelling("tag-default-of-a-model-built", forms=("enum",), head=SINK + "from typing import Literal\n\n"
             "from pydantic import BaseModel\n\n\nclass Panel(BaseModel):\n    item: Literal[$M] = $M\n",
             body="record(Panel().item)"),
    Spelling("local-variable", head=SINK, body="made = $make\nrecord(made)"),
    # the call spelled as an object, its arguments bound now and handed over when it is called
    # (nvitop's key bindings, the fifty-fourth round)
    Spelling("partial-keyword", head="from functools import partial\n" + SINK,
             body="bound = partial(record, item=$make)\nbound()"),
    Spelling("partial-positional", head="import functools\n" + SINK,
             body="functools.partial(record, $make)()"),
    Spelling("class-level-alias", head={  # `self.Kinds.X` is `Kind.X` (principle 5)
        "union": SINK + "\n\nclass Holder:\n    Made = $A\n\n    def make(self) -> None:\n"
                        "        record(self.Made(x=1))\n",
        "enum": SINK + "\n\nclass Holder:\n    Kinds = $V\n\n    def make(self) -> None:\n"
                       "        record(self.Kinds.${A_member})\n"},
        body="Holder().make()", forms=("union", "enum")),
    # a parameter the vocabulary types only in a method's `@overload` stubs, the method reached through
    # a class-level alias of it on a module-level object (gajim's `app.settings.get`; 38th round)
    Spelling("overload-through-a-class-level-alias", forms=("literal",), head=OVERLOADED,
             body="RECORDER.record($make)"),
    # the implementation's default of a parameter only its `@overload` signatures type (smbprotocol's
    # `open_file`, the sixty-third round)
    Spelling("overload-implementation-default", forms=("literal",), head=SINK.replace(
        "from pkg.sink", "from typing import overload\n\nfrom pkg.sink") + "\n\n@overload\n"
        "def pick(x: int, item: $V = ...) -> None: ...\n@overload\n"
        "def pick(x: str, item: $V = ...) -> None: ...\ndef pick(x, item=$make):\n    record(item)\n",
        body="pick(1)"),
    # an attrs field's default passed through its converter: `Kind("a")` evaluated by the class
    # (labgrid's `Reservation.state`, the sixty-fifth round)
    Spelling("converter-default", forms=("enum",), head=SINK + "import attr\n\n\n@attr.s\nclass Holder:\n"
             "    item = attr.ib(default=\"$a\", converter=$V)\n",
             body="record(Holder().item)"),
    Spelling("annotated-local", head=SINK, body="made: $V = $make\nrecord(made)"),
    Spelling("final-local", head="from typing import Final\n" + SINK,  # annotated, not by the vocabulary
             body="made: Final = $make\nrecord(made)"),
    Spelling("cast-local", head="from typing import cast\n" + SINK,  # asserted of the type (eleventh round)
             body="made = cast($V, $make)\nrecord(made)"),
    # a lookup's fallback under a key a TypedDict declares, the mapping's type unsaid (29th round)
    Spelling("typed-dict-key-fallback", forms=("enum", "literal"),
             head="from typing import Optional, TypedDict\n\n" + CONSUME_HEAD
                  + "\nOptions = TypedDict(\"Options\", {\"item\": Optional[$V]})\n\n\n"
                    "def load():\n    return {}\n",
             body="options = load()\nmade = options.get(\"item\", $raw)\nprint(made)"),
    # a decorator argument its own factory keeps as a value, as any argument (thirteenth round)
    Spelling("decorator-argument-kept", forms=("enum",), head=SINK + "\nHELD = {}\n\n\n"
             "def keep(value):\n    def wrap(func):\n        HELD[func.__name__] = value\n"
             "        return func\n\n    return wrap\n",
             body="@keep($M)\ndef handler() -> None:\n    record(HELD)"),
    # ... and one whose wrapper only tests it at each call, as the same factory called plainly holds it
    # (elasticsearch-py's `@_availability_warning(Stability.STABLE)`, the thirty-sixth round)
    Spelling("decorator-argument-tested", forms=("enum",), head=SINK + "\n\n"
             "def warn_if(value):\n    def wrap(func):\n        def inner(*args):\n"
             "            if value is None:\n                record(func)\n"
             "            return func(*args)\n\n        return inner\n\n    return wrap\n",
             body="@warn_if($M)\ndef handler() -> None:\n    pass"),
    # a class attribute declared by a descriptor naming the vocabulary: its default (the 18th round),
    # the vocabulary named directly, inside a nested call, or through a module-level wrapper of it
    Spelling("descriptor-default", forms=("enum", "literal"),
             head=DESCRIBED + "\n\nclass Panel:\n    item = Described($V, default=$raw)\n"),
    Spelling("descriptor-nested-default", forms=("enum", "literal"),
             head=DESCRIBED + "\n\nclass Panel:\n    item = Described(Described($V), default=$raw)\n"),
    Spelling("descriptor-through-a-wrapper-default", forms=("enum", "literal"),
             head=DESCRIBED + "\n\ndef wrap(vocab):\n    return vocab\n\n\nWRAPPED = wrap($V)\n\n\n"
                              "class Panel:\n    item = Described(WRAPPED, default=$raw)\n"),
    # a module-level descriptor instance cloned with a default, and a descriptor class whose `__init__`
    # hands the vocabulary to its base's: the same descriptor, another spelling
    Spelling("descriptor-instance-cloned-default", forms=("enum", "literal"),
             head=DESCRIBED + "\n\nITEM = Described($V)\n\n\nclass Panel:\n    item = ITEM(default=$raw)\n"),
    Spelling("descriptor-class-default", forms=("enum", "literal"),
             head=DESCRIBED + "\n\nclass ItemSpec(Described):\n    def __init__(self, *, default=None):\n"
                              "        super().__init__($V, default=default)\n\n\n"
                              "class Panel:\n    item = ItemSpec(default=$raw)\n"),
)


MATCH = "match item:\n    case $case:\n        return True\n    case _:\n        return False"
CONSUME = (
    Spelling("compare", head=CONSUME_HEAD, params="item: object", body="return $test"),
    Spelling("isinstance-or-identity", head=CONSUME_HEAD, params="item: object", body={
        "union": "return isinstance(item, $A)", "enum": "return item is $M",
        "literal": "return item in (\"$a\",)"}),
    Spelling("match-case", head=CONSUME_HEAD, params="item: object", body=MATCH),
    Spelling("typed-parameter", head=CONSUME_HEAD, params="item: $V", body="return str(item)"),
    # the member shown in a message: an exception's text, a log record (the fifty-seventh round)
    Spelling("shown-in-a-message", forms=("enum",), head="import logging\n\n" + CONSUME_HEAD,
             params="item: object",
             body='logging.getLogger(__name__).info("expected %s", $M)\nraise ValueError(f"not {$M.value}")'),
    Spelling("module-level-set", head=CONSUME_HEAD + "\n_DONE = {$M}\n", params="item: object",
             body="return item in _DONE", forms=("enum",)),
    Spelling("public-module-level-list", head=CONSUME_HEAD + "\nDONE = [$M]\n", params="item: object",
             body="return item in DONE", forms=("enum",)),
    # a class-level display read only through `self` by `in` (yt-dlp's handler features; 28th round)
    Spelling("class-level-tuple-tested-through-self", forms=("enum",), head=CONSUME_HEAD
             + "\n\nclass Handler:\n    DONE = ($M,)\n\n    def done(self, item: object) -> bool:\n"
             "        return item in self.DONE\n", params="item: object", body="return Handler().done(item)"),
    Spelling("module-level-member", head=CONSUME_HEAD + "\nDONE = $M\n", params="item: object",
             body="return item == DONE", forms=("enum",)),  # binding a name builds nothing (23rd round)
    Spelling("tag-default-of-a-model-never-built", head=CONSUME_HEAD + "\nfrom typing import Literal\n\n"
             "from pydantic import BaseModel\n\n\nclass Panel(BaseModel):\n    item: Literal[$M] = $M\n",
             params="item: object", body="return item",
             forms=("enum",)),
    Spelling("tag-default-through-field-never-built", head=CONSUME_HEAD + "\nfrom typing import Literal\n\n"
             "from pydantic import BaseModel, Field\n\n\nclass Panel(BaseModel):\n"
             "    item: Literal[$M] = Field($M, exclude=True)\n",
             params="item: object", body="return item", forms=("enum",)),
    Spelling("decorator-registering-under-it", forms=("enum",), head=CONSUME_HEAD + "\nHANDLERS = {}\n\n\n"
             "def on(kind):\n    def wrap(func):\n        HANDLERS[kind] = func\n        return func\n\n"
             "    return wrap\n", params="item: object",
             body="@on($M)\ndef handler() -> None:\n    pass\n\nreturn HANDLERS.get(item)"),
    # a call keying by its argument: a registration or a lookup spelled as a call (fourteenth round)
    Spelling("registered-by-a-call", forms=("enum",), head=CONSUME_HEAD + "\nHANDLERS = {}\n\n\n"
             "def register(kind, handler):\n    HANDLERS[kind] = handler\n", params="item: object",
             body="register($M, print)\nreturn HANDLERS.get(item)"),
    Spelling("looked-up-through-a-function", forms=("enum",), head=CONSUME_HEAD + "\nCOLORS = {}\n\n\n"
             "def color_of(kind):\n    return COLORS.get(kind)\n", params="item: object",
             body="return color_of($M) == item"),
    # a call spelled as a comparison operator compares (twenty-sixth round)
    Spelling("compared-by-operator-eq", head=CONSUME_HEAD + "\nimport operator\n", params="item: object",
             body="return operator.eq(item, $M)", forms=("enum",)),
    Spelling("listed-in-a-message", head=CONSUME_HEAD, params="item: object",
             body="raise ValueError(f\"{item}: one of {list($V)}\")", forms=("enum",)),
    Spelling("for-loop-compare", forms=("enum", "literal"),  # each element only compared: none leaves
             head={"enum": CONSUME_HEAD, "literal": "from typing import get_args\n\n" + CONSUME_HEAD},
             params="item: object", body={
                 "enum": "for known in $V:\n    if known is item:\n        return True\nreturn False",
                 "literal": "for known in get_args($V):\n    if known == item:\n        return True\n"
                            "return False"}),
)

ITERATE_HEAD = {"enum": SINK, "literal": "from typing import get_args\n\n" + SINK}
ITERATE_ALL = {"enum": "$V", "literal": "get_args($V)"}
ITERATE = (  # every element handed on, however the iteration is spelled (principle 5)
    Spelling("iterating-call", forms=("enum", "literal"), head=ITERATE_HEAD,
             body={f: f"made = list({it})\nrecord(made[0])" for f, it in ITERATE_ALL.items()}),
    Spelling("comprehension", forms=("enum", "literal"), head=ITERATE_HEAD,
             body={f: f"made = [m for m in {it}]\nrecord(made[0])" for f, it in ITERATE_ALL.items()}),
    Spelling("for-statement", forms=("enum", "literal"), head=ITERATE_HEAD,
             body={f: f"made = []\nfor each in {it}:\n    made.append(each)\nrecord(made[0])"
                   for f, it in ITERATE_ALL.items()}),
    Spelling("for-statement-giving-each", forms=("enum", "literal"), head=ITERATE_HEAD,
             body={f: f"for each in {it}:\n    record(each)" for f, it in ITERATE_ALL.items()}),
    # a table keyed by every element, `{m: [] for m in X}`, however the dict is spelled (the 45th round)
    Spelling("keyed-table", forms=("enum", "literal"), head=ITERATE_HEAD,
             body={f: f"made = {{m: [] for m in {it}}}\nrecord(next(iter(made)))"
                   for f, it in ITERATE_ALL.items()}),
    Spelling("keyed-table-call", forms=("enum", "literal"), head=ITERATE_HEAD,
             body={f: f"made = dict((m, []) for m in {it})\nrecord(next(iter(made)))"
                   for f, it in ITERATE_ALL.items()}),
    Spelling("keyed-table-fromkeys", forms=("enum", "literal"), head=ITERATE_HEAD,
             body={f: f"made = dict.fromkeys({it}, 0)\nrecord(next(iter(made)))"
                   for f, it in ITERATE_ALL.items()}),
    # a random pick can be any element: `random.choice` hands each out (the twenty-fifth round)
    Spelling("random-pick", forms=("enum", "literal"),
             head={f: "import random\n" + h for f, h in ITERATE_HEAD.items()},
             body={"enum": "record(random.choice(list($V)))",
                   "literal": "record(random.choice(get_args($V)))"}),
)

GENERATE = (  # a yield is a return of the element type (principle 5; the tenth round)
    Spelling("return", head=CONSUME_HEAD + "\n\ndef $f() -> $V:\n    return $make\n"),
    Spelling("yield-iterator", head="from collections.abc import Iterator\n\n" + CONSUME_HEAD
             + "\n\ndef $f() -> Iterator[$V]:\n    yield $make\n"),
    Spelling("yield-iterable", head="from collections.abc import Iterable\n\n" + CONSUME_HEAD
             + "\n\ndef $f() -> Iterable[$V]:\n    yield $make\n"),
    Spelling("yield-generator", head="from collections.abc import Generator\n\n" + CONSUME_HEAD
             + "\n\ndef $f() -> Generator[$V, None, None]:\n    yield $make\n"),
    Spelling("yield-async-iterator", head="from collections.abc import AsyncIterator\n\n" + CONSUME_HEAD
             + "\n\nasync def $f() -> AsyncIterator[$V]:\n    yield $make\n"),
)

IN_DISPLAY = {"enum": "[$M]", "literal": "[\"$a\"]"}
ONE_OF = (CONSUME_HEAD + "\n\ndef one_of(item: object, allowed: list[object]) -> bool:\n"
          "    return item in allowed\n")
DISPLAY_IN = (  # a display of members only tested with `in` consumes them (principle 1; the ninth round)
    Spelling("inline", forms=("enum", "literal"), head=CONSUME_HEAD, params="item: object",
             body={f: f"return item in {d}" for f, d in IN_DISPLAY.items()}),
    Spelling("local", forms=("enum", "literal"), head=CONSUME_HEAD, params="item: object",
             body={f: f"allowed = {d}\nreturn item in allowed" for f, d in IN_DISPLAY.items()}),
    Spelling("handed-to-a-parameter-only-tested", forms=("enum", "literal"), head=ONE_OF,
             params="item: object",
             body={f: f"return one_of(item, {d})" for f, d in IN_DISPLAY.items()}),
    # through a local or a module-level name, as inline (principle 5; the eleventh round)
    Spelling("local-handed-to-a-parameter-only-tested", forms=("enum", "literal"), head=ONE_OF,
             params="item: object",
             body={f: f"allowed = {d}\nreturn one_of(item, allowed)" for f, d in IN_DISPLAY.items()}),
    Spelling("module-level-handed-to-a-parameter-only-tested", forms=("enum", "literal"),
             head={f: ONE_OF + f"\n\nALLOWED = {d}\n" for f, d in IN_DISPLAY.items()}, params="item: object",
             body="return one_of(item, ALLOWED)"),
    # a subset test is the membership test of each element (principle 5; the nineteenth round)
    Spelling("local-subset-test", forms=("enum", "literal"), head=CONSUME_HEAD, params="item: object",
             body={f: f"allowed = {d}\nreturn {{item}}.issubset(allowed)" for f, d in IN_DISPLAY.items()}),
    Spelling("private-module-level-subset-test", forms=("enum", "literal"),
             head={f: CONSUME_HEAD + f"\n_ALLOWED = {d}\n" for f, d in IN_DISPLAY.items()},
             params="item: object", body="return {item}.issubset(_ALLOWED)"),
    # a table of displays keyed, then tested: the display under the key is the container (the
    # thirtieth round, lists.py `NESTED`)
    Spelling("module-level-table-of-displays-keyed", forms=("enum", "literal"),
             head={f: CONSUME_HEAD + f"\nALLOWED = {{\"k\": {d}}}\n" for f, d in IN_DISPLAY.items()},
             params="item: object, key: str", body="return key in ALLOWED and item in ALLOWED[key]"),
)
