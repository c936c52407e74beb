"""The metamorphic table of issue 28: patterns x equivalent spellings, as data.

The patterns, each with its principle, its verdict (subject, control) and its spellings; the
spellings live by family in metamorphic_made.py, metamorphic_doors.py and metamorphic_data.py, and
the grammar that makes cells and files of them (`Spelling`, `Pattern`, `cells`, `written`) in
metamorphic_spelling.py. The seed example's session log, read back in other spellings, closes it.
"""


from tests.producers.metamorphic_data import (
    BUILT,
    ENVIRONMENT_DEFAULT,
    IMPORT,
    INJECTED,
    OUTPUT,
    OWN_WRITER,
    ROUND_TRIP,
)
from tests.producers.metamorphic_doors import CALLERS, CLIENT, COMMAND, DECODE_TABLE, ENVIRONMENT, ROUTE
from tests.producers.metamorphic_made import CONSTRUCT, CONSUME, DISPLAY_IN, GENERATE, ITERATE
from tests.producers.metamorphic_spelling import Pattern, Spelling, cells, spelling_of, written

__all__ = ["PATTERNS", "SEED_PATTERN", "SEED_ROUND_TRIPS", "Pattern", "Spelling", "cells", "spelling_of",
           "written"]

PATTERNS: tuple[Pattern, ...] = (
    Pattern("producer", "5", ("produced", "error"), "production code constructs the subject",
            CONSTRUCT, wrappers=("module", "function", "method")),
    Pattern("consumer", "1", ("error", "error"), "only compared, matched or taken as a typed parameter",
            CONSUME, wrappers=("function", "method")),
    Pattern("iteration", "5", ("produced", "produced"),
            "an iteration over the vocabulary hands every element on", ITERATE,
            wrappers=("module", "function")),
    Pattern("test-only", "5", ("error", "error"), "only tests construct the subject",
            CONSTRUCT, wrappers=("module", "function"), in_tests=True),
    Pattern("door-route", "1", ("wire", "wire"), "a request handler's parameter, decorator or call",
            ROUTE),
    Pattern("door-command", "1", ("wire", "wire"), "a command's parameter, decorator or call", COMMAND),
    Pattern("door-environment", "1", ("wire", "wire"), "the environment decoded", ENVIRONMENT,
            wrappers=("function",)),
    Pattern("door-client", "1", ("wire", "wire"), "a remote service's response decoded by a client",
            CLIENT, wrappers=("function",)),
    Pattern("door-callers", "1", ("wire", "wire"), "a library's public parameter, callers outside",
            CALLERS),
    Pattern("round-trip", "2", ("produced", "error"),
            "the program writes the subject and reads its own data back", ROUND_TRIP, wrappers=("function",)),
    Pattern("import-entry", "2", ("produced", "wire"),
            "the program writes its own log, and an entry takes such data from outside", IMPORT),
    Pattern("output", "3", ("produced", "error"), "a route returns the subject; its response is output",
            OUTPUT),
    Pattern("built-in-code", "4", ("produced", "error"), "a decode of a display built in code", BUILT,
            wrappers=("function",)),
    Pattern("injected-parameter", "4", ("error", "error"),
            "a route parameter the framework injects: built in code, not the request", INJECTED),
    Pattern("environment-default", "4", ("produced", "wire"),
            "the environment decoded, the subject the lookup's default", ENVIRONMENT_DEFAULT,
            wrappers=("function",)),
    # the ninth and tenth rounds' rules (docs/producers.md, Measured on real code)
    Pattern("generator", "5", ("produced", "error"),
            "a generator yields the subject under `-> Iterator[X]`: a return of the element type", GENERATE),
    Pattern("door-decode-table", "1", ("wire", "wire"),
            "a table of raw values to members read by `.get(data)`: `X(data)` spelled as a table",
            DECODE_TABLE, wrappers=("function",)),
    Pattern("own-writer", "2", ("produced", "error"),
            "a class's own writing method writes the class; its decode reads the program's data back",
            OWN_WRITER, wrappers=("function",)),
    Pattern("consumer-display", "1", ("error", "error"),
            "a display of members only tested with `in`, wherever the test is", DISPLAY_IN,
            wrappers=("function", "method")),
)


# --- the seed example's session log, read back in other spellings (examples/agent-session) ---------

LOOP = "src/agent_session/loop.py"
SEED_LOG_MODEL = '''

class SessionLog(BaseModel):
    """A whole session as one JSON document."""

    events: list[SessionEvent]


def save_log(events: Iterable[SessionEvent]) -> str:
    return SessionLog(events=list(events)).model_dump_json()


def load_log(text: str) -> list[SessionEvent]:
    return SessionLog.model_validate_json(text).events


def derive_messages'''
SEED_PICKLE = '''

def save_session(events: list[SessionEvent], path: str) -> None:
    with open(path, "wb") as out:
        pickle.dump(events, out)


def restore_session(path: str) -> list[SessionEvent]:
    with open(path, "rb") as stored:
        events: list[SessionEvent] = pickle.load(stored)
    return events


def derive_messages'''
READ_BACK = "    return [_EVENT.validate_json(line) for line in lines if line.strip()]"
SEED_ROUND_TRIPS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "module-level-adapter": (),  # the example as it is: `_EVENT = TypeAdapter(SessionEvent)`
    "adapter-inline": ((LOOP, READ_BACK, READ_BACK.replace("_EVENT.", "TypeAdapter(SessionEvent).")),),
    "adapter-local": ((LOOP, READ_BACK, "    adapter = TypeAdapter(SessionEvent)\n"
                       + READ_BACK.replace("_EVENT.", "adapter.")),),
    "model-carrying-the-log": ((LOOP, "import TypeAdapter", "import BaseModel, TypeAdapter"),
                               (LOOP, "\n\ndef derive_messages", SEED_LOG_MODEL)),
    "pickle-of-the-session": ((LOOP, "from collections.abc", "import pickle\nfrom collections.abc"),
                              (LOOP, "\n\ndef derive_messages", SEED_PICKLE)),
}
SEED_PATTERN = Pattern("seed-round-trip", "2", ("error", "error"),
                       "examples/agent-session reads its own session log back: `agent` and `continuation` "
                       "stay dead, every other verdict as in the example", ())
