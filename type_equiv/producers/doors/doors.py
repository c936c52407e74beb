"""Doors: the places where a value of a vocabulary is decoded from data rather than constructed.

A variant nothing constructs may still arrive from outside — a request body, a config file, a
command line, a server's response. The walker asks these readers of `ast` nodes which of its
spelled names a statement decodes, and records each as a `RefSite` of a door form (`DOOR_FORMS`);
join.py decides whether the name is the vocabulary or a class or alias that carries it.

The rules are general principles, not one package's API:

- a function or adapter that validates data *into a type given to it* (`TypeAdapter(X).validate_json(raw)`,
  `parse_obj_as(X, d)`, `construct_type(type_=X, value=d)`, `unmarshal(X, body)`, cattrs'
  `structure(d, X)`) decodes X, as does a keyword that names the target type of a decoding call
  (`cast_to=X`, `stream_cls=Stream[X]`, `output_type=X`: what a client decodes from a remote
  response) — but not a route's `response_model=X`, on its decorator or its registration call: what
  the route sends is output, and output is no door;
- a parameter of a function a decorator registers as a web route or a command (`@app.get(…)`,
  `@router.post(…)`, `@api.route(…)`, `@app.command()`) is decoded from the request or the command
  line by the framework;
- a field of a settings class (`BaseSettings`) is decoded from the environment or a config file, and
  a field of a GraphQL input type (`@strawberry.input`, strawberry-django's `@filter_type`) from the
  request, as a route's body model is: the framework decodes the class, never the program;
- a command-line option whose `type=` is a spelled name, or whose `choices=` or `Choice(…)` lists
  one (`choices=[k.value for k in Kind]`), is decoded from the command line; so is any declaration
  offering a vocabulary as the set of values an input admits — `choices=` (a Django field's
  `choices=Kind.choices`, a form's, a prompt's, `choices=Kind.get_choices()`), a request parameter's
  `allowed_values=(Kind.A.value, …)`, an enum field's `enum=Kind`: one of its values comes back from
  outside, stored, submitted or typed in, and the members listed are offered, not produced;
- unpickling restores instances, members included: `pickle.loads(b)` bound to a name annotated with
  the vocabulary or a carrier (`state: State` … `state = pickle.loads(raw)`) decodes what it names;
- a database column typed by the vocabulary (SQLAlchemy's `Enum(Kind)`, `sa.Enum(Kind)`, an alias
  such as `SQLEnum(Kind)`, an ORM's `CharEnumField(Kind)`, sqlalchemy-utils' `ChoiceType(Kind)`) is
  no door (`column_type`): its rows are the program's own, written by its producers and read back —
  a round trip (principle 2); only an entry that writes them from outside data is a door.
"""

from __future__ import annotations

import ast
import re
import unicodedata
from collections.abc import Callable, Sequence

from type_equiv.producers.records import Form
from type_equiv.producers.syntax.syntax import alias_values
from type_equiv.producers.syntax.tablekeys import MEMBER_MAPS
from type_equiv.read.literals import literal_key
from type_equiv.read.normalise import last_name
from type_equiv.read.walk import walk

DOOR_FORMS = frozenset({Form.DECODE, Form.LOAD, Form.ROUTE, Form.COMMAND, Form.SETTINGS})

# Functions (or classes) that validate data into a type passed to them.
DECODER = re.compile(
    r"^_?(parse_\w*_as|construct_type|validate_type|validate_as|unmarshal\w*|structure)$"
)
# Keywords naming the type a call decodes its data into.
TARGET_KEYWORDS = frozenset({"cast_to", "type_", "stream_cls", "response_model", "response_type",
                             "output_type", "data_class", "target_type"})
# A decorator call registers a web route (HTTP method or route) or a command-line command.
ROUTE_DECORATORS = frozenset({"get", "post", "put", "patch", "delete", "head", "options", "trace",
                              "route", "api_route", "websocket", "api_view"})
COMMAND_DECORATORS = frozenset({"command", "callback"})
# A call registering a handler as a web route (`app.add_api_route(path, fn, …)`).
ROUTE_REGISTRATIONS = frozenset({"add_api_route", "add_route", "add_websocket_route",
                                 "add_api_websocket_route", "add_url_rule"})
# Keywords of a route's registration declaring what it *sends*: output, never a door (principle 3).
OUTPUT_KEYWORDS = frozenset({"response_model", "response_class", "response_type"})
# What a text decoder returns: `json.load(s)`, `yaml.safe_load` (`load`, `full_load`, …), `tomllib.load(s)`,
# a response's `.json()`, a project's `load_json(path)` — data written outside the program (`decoded_data`).
TEXT_DECODER = re.compile(r"(safe_|full_|unsafe_)?loads?(_(json|yaml|yml|toml))?|json")
# A class method named for validating, or for the data format it reads, called with data, decodes an
# instance of its class (`from_template` or `from_file` build from other things: no door).
# `unmarshal` and `deserialize` name decoding as `decode` does; a protobuf message's `parse` (betterproto),
# `FromString` and `ParseFromString` read its wire bytes.
DECODE_METHOD = re.compile(
    r"^_?(model_validate\w*|validate\w*|parse_(obj|raw|json|dict|str|string)|loads?|decode"
    r"|unmarshal|deseriali[sz]e|parse|FromString|ParseFromString"
    r"|from_(dict|json|yaml|toml|msgpack|str|string|bytes|response|orm|obj|data|payload|raw|value|mapping))$"
)
# A parameter's value the framework injects: the dependency's return value, not the request decoded.
INJECTED_CALLS = frozenset({"Depends", "Security", "Inject", "Provide"})
CLASS_DEPENDENCIES = frozenset({"Depends", "Security"})  # with no function: the annotation's class
SETTINGS_BASES = frozenset({"BaseSettings"})
# A GraphQL framework's decorators declaring a class an input type: the client's query decoded into it.
GRAPHQL_PACKAGES = frozenset({"strawberry", "strawberry_django"})
GRAPHQL_INPUTS = frozenset({"input", "filter_type", "filter", "order_type", "order", "partial"})
CHOICE_CALLS = frozenset({"Choice"})
# Keywords naming the set of values an input admits, the values a user may pick from: a form field's,
# a prompt's or a request parameter's `choices=`, `allowed_values=`, an enum field's `enum=K`, a
# picker's `options=` (a combo box delegate's, Streamlit's `selectbox`).
CHOICE_KEYWORDS = frozenset({"choices", "allowed_values", "enum", "options"})
# The keys of a schema display naming the values an input admits: a Cerberus / Eve resource's
# `{"type": "string", "allowed": Kind.values()}` offers them to the API's requests as `choices=` does.
CHOICE_KEYS = frozenset({"allowed", "choices", "allowed_values"})
# A column type given the vocabulary as its first argument (`Enum(Kind)`; `enum.Enum`'s functional form
# is given a name and values instead, and spells no vocabulary).
COLUMN_TYPE = re.compile(r"^\w*Enum(Field|Type)?$|^ChoiceType$")


PICKLERS = frozenset({"pickle", "_pickle", "cPickle", "dill", "cloudpickle", "joblib"})


def unpickles(node: ast.expr | None, writes: bool = False) -> bool:
    """`pickle.loads(b)`, `pickle.load(f)` (or dill's, cloudpickle's, joblib's): objects restored;
    with `writes`, `pickle.dumps(x)`, `pickle.dump(x, f)`: objects stored."""
    names = ("dump", "dumps") if writes else ("load", "loads")
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in names and isinstance(node.func.value, ast.Name)
            and node.func.value.id in PICKLERS)


def decorator_door(decorators: list[ast.expr], name: str,
                   servers: frozenset[str] = frozenset()) -> tuple[Form, str] | None:
    """(`route`, label) when a decorator registers the function `name` as a web route or a socket.io
    event handler, (`command`, label) as a CLI command (`door_label`).

    Only a decorator *call* counts (`@app.get("/x")`, `@app.command()`): a bare `@property` or
    `@staticmethod` registers nothing — but a socket.io server's bare `@sio.event` does, as its
    `@sio.on("ev")` (`servers`: the names bound to a socket.io server, `socket_servers`).
    """
    for deco in decorators:
        if isinstance(deco, ast.Call):
            form = registering(deco.func, servers)
            if form is not None:
                return form, door_label(form, deco, name)
        elif (isinstance(deco, ast.Attribute) and deco.attr == "event"
              and isinstance(deco.value, ast.Name) and deco.value.id in servers):
            return Form.ROUTE, f"event {name}"
    return None


def door_label(form: Form, call: ast.Call, name: str) -> str:
    """What a finding calls the door a registration makes of function `name`, after its form: `POST
    /messages` (a route), `event message` (a socket.io event), `server` (a command: its name, else
    the function's) — the path, event or command name as spelled, when a literal."""
    func = last_name(call.func)

    def text(*keywords: str, position: int = 0) -> str:
        given = [k.value for k in call.keywords if k.arg in keywords]
        if len(call.args) > position:
            given.append(call.args[position])
        first = given[0] if given else None
        return first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else ""

    if form is Form.COMMAND:
        return text("name") or name.replace("_", "-")
    if func == "on":
        return f"event {text('event') or name}"
    verb = func.upper() if func in HTTP_METHODS else ""
    methods = next((k.value for k in call.keywords if k.arg == "methods"), None)
    first = methods.elts[0] if isinstance(methods, ast.List | ast.Tuple | ast.Set) and methods.elts else None
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        verb = first.value.upper()
    return f"{verb or func} {text('path', 'rule')}".strip()


HTTP_METHODS = frozenset({"get", "post", "put", "patch", "delete", "head", "options", "trace", "websocket"})


def registering(func: ast.expr, servers: frozenset[str]) -> Form | None:
    """The door a call to `func` makes of the function it registers: `app.get`, `router.post`,
    `app.command`, a socket.io server's `on`."""
    name = last_name(func)
    if name in ROUTE_DECORATORS:
        return Form.ROUTE
    if name in COMMAND_DECORATORS:
        return Form.COMMAND
    if (name == "on" and isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
            and func.value.id in servers):
        return Form.ROUTE
    return None


SOCKET_SERVERS = frozenset({"SocketIO", "AsyncServer", "Server", "AsyncNamespace", "Namespace"})
HANDLER_KEYWORDS = frozenset({"endpoint", "view_func", "handler", "route", "func", "f"})


def socket_servers(body: list[ast.stmt]) -> frozenset[str]:
    """Module-level names bound to a socket.io server (`sio = socketio.AsyncServer()`,
    flask-socketio's `SocketIO(app)`): their event handlers take the client's data."""
    out: set[str] = set()
    for stmt in body:
        if not (isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call)):
            continue
        func = stmt.value.func
        spelled = (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
                   and func.value.id == "socketio" and func.attr in SOCKET_SERVERS)
        if spelled or (isinstance(func, ast.Name) and func.id == "SocketIO"):
            out.update(t.id for t in stmt.targets if isinstance(t, ast.Name))
    return frozenset(out)


# A call of a call (`app.get("/x")(fn)`) spells a `)` then, past blanks, continuations and comment
# lines, a `(` (`may_register`); a comment runs to the end of its line, `\r` ending one too.
_CLOSE_THEN = re.compile(r"\)[\s\\]*([(#])")
_PAST_COMMENT = re.compile(r"[^\r\n]*[\s\\]*")  # always matches: no backtracking


def may_register(text: str) -> bool:
    """Whether a module of this text can register a handler by a call (`registered_handlers`) when
    it binds no socket.io server: it spells a registering method (`add_api_route`, …) or a call of a
    call. A necessary condition read from the text, so most modules skip that extra walk of their
    whole tree; a name in another Unicode form counts as Python reads it (NFKC)."""
    words = text if text.isascii() else unicodedata.normalize("NFKC", text)
    if any(word in words for word in ROUTE_REGISTRATIONS):
        return True
    for match in _CLOSE_THEN.finditer(text):
        after, at = match.group(1), match.end(1)
        while after == "#":  # a comment: past its line, blank lines and further comments
            past = _PAST_COMMENT.match(text, at)
            at = past.end() if past is not None else len(text)
            after, at = text[at:at + 1], at + 1
        if after == "(":
            return True
    return False


def registered_handlers(module: ast.Module | list[ast.stmt],
                        servers: frozenset[str]) -> dict[str, tuple[Form, str]]:
    """The module's functions registered as handlers by a call rather than a decorator, by name, with
    the door's label (`door_label`): `app.add_api_route("/x", fn)` (also `add_route`, `add_url_rule`'s
    `view_func`), a decorator applied as a call (`app.command(name="go")(fn)`, `app.get("/x")(fn)`),
    `sio.on("ev", fn)`. Principle 1: a handler is a door whatever registers it."""
    out: dict[str, tuple[Form, str]] = {}
    nodes = module.body if isinstance(module, ast.Module) else module
    for stmt in nodes:
        for node in walk(stmt):
            if not isinstance(node, ast.Call):
                continue
            func, form, given, call = node.func, None, list[ast.expr](), node
            if last_name(func) in ROUTE_REGISTRATIONS:
                form, given = Form.ROUTE, [*node.args[1:], *(k.value for k in node.keywords
                                                             if k.arg in HANDLER_KEYWORDS)]
            elif isinstance(func, ast.Call) and node.args:  # `app.command()(fn)`
                form, given, call = registering(func.func, servers), node.args[:1], func
            elif last_name(func) == "on" and len(node.args) > 1:  # `sio.on("ev", fn)`
                form, given = registering(func, servers), node.args[1:2]
            handler = next((g for g in given if isinstance(g, ast.Name)), None)
            if form is not None and handler is not None:
                out.setdefault(handler.id, (form, door_label(form, call, handler.id)))
    return out


def injected(annotation: ast.expr | None, default: ast.expr | None = None) -> bool:
    """A parameter (or an alias for its annotation) whose value is the return value of a dependency
    the framework calls — `db = Depends(get_db)`, `Annotated[dict, Depends(common_parameters)]`
    (FastAPI's `Depends`/`Security`, `Inject`/`Provide` of dependency injectors): what that function
    returns is built in code, so the parameter decodes nothing from the request."""
    if isinstance(default, ast.Call) and _injects(default):
        return True
    if isinstance(annotation, ast.Subscript) and last_name(annotation.value) == "Annotated":
        meta = annotation.slice.elts[1:] if isinstance(annotation.slice, ast.Tuple) else []
        return any(isinstance(m, ast.Call) and _injects(m) for m in meta)
    return False


def _injects(call: ast.Call) -> bool:
    """`Depends(f)` hands the route what `f` returns; `Depends()` names no function, so FastAPI calls
    the parameter's own class with the request's values (principle 1: a class built from the query
    is decoded as a body is) — no injection, a door through that class."""
    name = last_name(call.func)
    if name not in INJECTED_CALLS:
        return False
    return name not in CLASS_DEPENDENCIES or bool(call.args) or any(
        k.arg == "dependency" for k in call.keywords)


def is_settings(bases: list[ast.expr]) -> bool:
    """A pydantic-settings class: its fields are decoded from the environment or a config file."""
    return any(last_name(b) in SETTINGS_BASES for b in bases)


def framework_decoded(node: ast.ClassDef) -> Form | None:
    """The door a class's fields are, when a framework decodes them from outside data: a settings
    class (the environment: `settings`), or a GraphQL input type — a class a GraphQL framework's
    decorator declares as an input (`@strawberry.input`, `@strawberry_django.filter_type(M)`,
    `@strawberry.experimental.pydantic.input(...)`), which the framework builds from the client's
    query as a route builds its body model (`route`)."""
    if is_settings(node.bases):
        return Form.SETTINGS
    for decorator in node.decorator_list:
        head = decorator.func if isinstance(decorator, ast.Call) else decorator
        parts: list[str] = []
        while isinstance(head, ast.Attribute):
            parts.append(head.attr)
            head = head.value
        if (isinstance(head, ast.Name) and head.id in GRAPHQL_PACKAGES and parts
                and parts[0] in GRAPHQL_INPUTS):
            return Form.ROUTE
    return None


def decoded_parts(node: ast.Call) -> list[ast.expr]:
    """The expressions whose spelled names this call decodes into (empty when it decodes nothing)."""
    name = last_name(node.func)
    out: list[ast.expr] = []
    inner = node.func.value if isinstance(node.func, ast.Attribute) else None
    if isinstance(inner, ast.Call) and last_name(inner.func) == "TypeAdapter":
        return out  # an adapter's call: roundtrips.py (a `load`, or a `serialise`)
    if DECODER.match(name):
        out.extend(a for a in node.args if not isinstance(a, ast.Starred))
        out.extend(k.value for k in node.keywords if k.arg is not None)
    elif isinstance(node.func, ast.Name) and DECODE_METHOD.match(name) and len(node.args) >= 2 and not any(
            isinstance(a, ast.Dict | ast.Constant | ast.Starred) for a in node.args):
        # a function named for decoding given a class and data (`parse_raw(value, Transformations)`):
        # the class's own decoding method spelled as a function (`Transformations.parse_raw(value)`)
        out.extend(a for a in node.args if isinstance(a, ast.Name | ast.Attribute))
    elif name in CHOICE_CALLS:
        out.extend(node.args)
        out.extend(offered(k.value) for k in node.keywords if k.arg in CHOICE_KEYWORDS)
    elif column_type(node) is not None:
        return out
    else:
        route = name in ROUTE_DECORATORS or name in ROUTE_REGISTRATIONS
        for keyword in node.keywords:
            if route and keyword.arg in OUTPUT_KEYWORDS:
                continue  # what the route sends: output, no door (principle 3)
            if keyword.arg in CHOICE_KEYWORDS:
                out.append(offered(keyword.value))
            elif keyword.arg in TARGET_KEYWORDS or (name == "add_argument" and keyword.arg == "type"):
                out.append(keyword.value)
    return out


def offered(node: ast.expr) -> ast.expr:
    """What a list of choices offers: the enum whose method lists them (`choices=Kind.get_choices()`,
    a method of the enum building its members' pairs) stands for the enum, as `Kind.choices` does,
    also deferred (`lambda: Kind.get_choices()`)."""
    node = deferred(node)
    func = node.func if isinstance(node, ast.Call) and not (node.args or node.keywords) else None
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name | ast.Attribute):
        return func.value
    return node


def raw_choices(node: ast.expr) -> str:
    """The values a display of raw strings offers as an input's choices (`choices=["web", "local"]`),
    one key a line, else "": where each is a value of one enum, the input is a door to those
    members, as `choices=[Kind.WEB.value, Kind.LOCAL.value]` is (principle 5)."""
    elts = node.elts if isinstance(node, ast.List | ast.Tuple | ast.Set) else []
    if not elts or not all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in elts):
        return ""
    return "\n".join(literal_key(e.value) for e in elts
                     if isinstance(e, ast.Constant) and isinstance(e.value, str))


def column_type(node: ast.Call) -> ast.expr | None:
    """The vocabulary a database column is typed by (`Enum(Kind)`), else None: the column both
    writes what the program stores and reads it back (roundtrips.py)."""
    first = node.args[0] if node.args else None
    if COLUMN_TYPE.match(last_name(node.func)) and isinstance(first, ast.Name | ast.Attribute):
        return first
    return None


def names_in(node: ast.expr) -> list[ast.expr]:
    """The name chains a type argument or a list of choices spells: through generics, unions,
    tuples and lists, the iterable of a comprehension and a value deferred (`Stream[X]` → Stream, X;
    `[k.value for k in Kind]` → Kind; `list(Kind)` → Kind; `lambda: Kind.choices` → Kind) — not into
    data (a dict display)."""
    if isinstance(node, ast.Name):
        return [node]
    if (inner := deferred(node)) is not node:
        return names_in(inner)
    if isinstance(node, ast.Attribute) and node.attr in MEMBER_TABLES:  # `Kind.choices`
        return names_in(node.value)
    if (isinstance(node, ast.Attribute) and node.attr in ("value", "name")
            and isinstance(node.value, ast.Attribute)):
        return [node.value]  # `Kind.A.value` listed among choices: the member `Kind.A`
    if isinstance(node, ast.Attribute):
        return [node] if isinstance(node.value, ast.Name | ast.Attribute) else []
    if isinstance(node, ast.Subscript):
        return names_in(node.value) + names_in(node.slice)
    if isinstance(node, ast.BinOp):
        return names_in(node.left) + names_in(node.right)
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [n for e in node.elts for n in names_in(e)]
    if isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp):
        return [n for g in node.generators for n in names_in(g.iter)]
    if isinstance(node, ast.Call) and last_name(node.func) in ("list", "tuple", "set", "sorted", "get_args"):
        # `get_args(A) + get_args(B)`: each alias's values listed (principle 5)
        return [n for a in node.args for n in names_in(a)]
    return []


# What makes a proxy of a function's value, read later: Django's `lazy(f, *result_classes)`
DEFERRING = frozenset({"lazy"})


def deferred(node: ast.expr) -> ast.expr:
    """What a value computed later stands for: `lambda: v` (a callable the reader calls: Django's
    callable `choices=`) and `lazy(lambda: v, tuple)()` (a proxy of its value) are `v` (principle 5);
    any other node itself."""
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Call) and not node.args
            and not node.keywords):
        node = node.func  # `lazy(…)()`: the proxy, made for its value
    if isinstance(node, ast.Call) and last_name(node.func) in DEFERRING and node.args:
        node = node.args[0]
    if isinstance(node, ast.Lambda) and not (node.args.args or node.args.posonlyargs
                                              or node.args.kwonlyargs or node.args.vararg
                                              or node.args.kwarg):
        return node.body
    return node


# An enum's members (or their values, names, labels) listed: `Kind.__members__`, Django's `Kind.choices`;
# a literal alias's values, `Mode.__args__`.
MEMBER_TABLES = MEMBER_MAPS | {"_value2member_map_", "_member_names_", "choices", "values", "names",
                              "labels", "__args__"}


def members_of(node: ast.expr) -> ast.expr | None:
    """The enum whose members (or values) an expression lists: `list(Kind)`, `set(Kind)`,
    `[k.value for k in Kind]` (also collected, `frozenset(k.value for k in Kind)`), `Kind.__members__`
    (`.keys()`, `.values()`); a literal alias's values, `get_args(Alias)`. A value from data
    tested against it (`level not in list(Kind)`) is a member looked up from data, as `Kind(level)`."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and not node.args \
            and node.func.attr in ("keys", "values"):
        node = node.func.value
    if isinstance(node, ast.Attribute) and node.attr in MEMBER_TABLES:
        return node.value if isinstance(node.value, ast.Name | ast.Attribute) else None
    if (isinstance(node, ast.Call) and last_name(node.func) in ("list", "set", "tuple", "frozenset",
                                                                 "sorted")
            and len(node.args) == 1 and isinstance(node.args[0], ast.ListComp | ast.GeneratorExp)):
        node = node.args[0]  # `frozenset(k.value for k in Kind)`, `set([…])`: the comprehension listed
    if (isinstance(node, ast.Call) and last_name(node.func) in ("list", "set", "tuple", "frozenset",
                                                                 "get_args")
            and len(node.args) == 1):
        inner = alias_values(node.args[0])  # `list(get_args(Alias))`, `set(Alias.__args__)`
        if isinstance(inner, ast.Name | ast.Attribute):
            return inner  # `typing.get_args(Alias)`: a literal alias's values, as `list(Kind)`
    if isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp) and len(node.generators) == 1:
        it = node.generators[0].iter
        return it if isinstance(it, ast.Name | ast.Attribute) else None
    return None


def subtracted(node: ast.expr) -> tuple[ast.expr, list[str]] | None:
    """`set(Kind) - {Kind.H}`: the enum listed (`members_of`) less some of its members, by name —
    the display of the others spelled as a difference (principle 5)."""
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub)
            and isinstance(node.right, ast.Set | ast.List | ast.Tuple)):
        return None
    whole = members_of(node.left)
    names = [e.attr for e in node.right.elts if isinstance(e, ast.Attribute)]
    if whole is None or len(names) != len(node.right.elts):
        return None
    return whole, names


def tested_in(node: ast.expr) -> list[ast.expr]:
    """What a membership test's container lists: the enum (`members_of`), or some members through
    their values (`[Kind.A.value, Kind.B.value]` → Kind.A, Kind.B): a raw value tested against those
    can become only them."""
    whole = members_of(node)
    if whole is not None:
        return [whole]
    if not isinstance(node, ast.List | ast.Tuple | ast.Set):
        return []
    members: list[ast.expr] = [
        e.value for e in node.elts if isinstance(e, ast.Attribute) and e.attr == "value"
        and isinstance(e.value, ast.Attribute) and isinstance(e.value.value, ast.Name | ast.Attribute)]
    owners = {ast.dump(m.value) for m in members if isinstance(m, ast.Attribute)}
    return members if members and len(members) == len(node.elts) and len(owners) == 1 else []


def listed_by(node: ast.expr) -> list[ast.expr]:
    """A method called without arguments on a name chain (`Kind.key_specs()`), as a test's container:
    the method, which the join reads as the enum's values where it returns every one of them."""
    func = node.func if isinstance(node, ast.Call) and not (node.args or node.keywords) else None
    named = isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name | ast.Attribute)
    return [func] if named and func is not None else []


def all_literal(node: ast.expr, bound: Callable[[ast.expr], bool]) -> bool:
    """Whether every value `node` can take is a literal (`"a"`, `"a" if x else "b"`, a local name
    `bound` to literals): nothing of it is data."""
    if isinstance(node, ast.IfExp):
        return all_literal(node.body, bound) and all_literal(node.orelse, bound)
    if isinstance(node, ast.BoolOp):
        return all(all_literal(v, bound) for v in node.values)
    return isinstance(node, ast.Constant) or (isinstance(node, ast.Name) and bound(node))


def is_type_alias(value: ast.expr) -> bool:
    """A module-level `X = A | B`, `X = Union[A, B]`, `X = Annotated[…]`: a type alias that may carry
    a vocabulary into a decoded type (`Stream[Event]` where `Event = Union[…, DeltaEvent]`)."""
    if isinstance(value, ast.BinOp):
        return isinstance(value.op, ast.BitOr)
    return isinstance(value, ast.Subscript)


def decoded_refs(parts: list[ast.expr], resolve: Callable[[ast.expr], str | None]) -> list[tuple[int, str]]:
    """(line, dotted target) of each spelled name a call's `decoded_parts` decode data into."""
    out: list[tuple[int, str]] = []
    for part in parts:
        for name in names_in(part):
            ref = resolve(name)
            if ref is not None:
                out.append((name.lineno, ref))
    return out


def pep695_alias(node: ast.stmt) -> tuple[str, ast.expr] | None:
    """`type Event = A | B` (Python 3.12+): its name and value, read without naming the node class
    the running Python may not have."""
    if type(node).__name__ != "TypeAlias":
        return None
    fields = dict(ast.iter_fields(node))
    name, value = fields.get("name"), fields.get("value")
    return (name.id, value) if isinstance(name, ast.Name) and isinstance(value, ast.expr) else None


def decoded_data(node: ast.expr, body: Sequence[ast.stmt]) -> bool:
    """Whether `node` is data a text decoder returned — inline (`json.loads(text)`, `resp.json()`) or
    through a name the function binds to one (`data = load(file, Loader=Loader)`): a mapping written
    outside the program, which `Cls(**node)` decodes as `Cls.model_validate(node)` does."""
    def decoder(value: ast.expr | None) -> bool:
        value = value.value if isinstance(value, ast.Await) else value
        return isinstance(value, ast.Call) and TEXT_DECODER.fullmatch(last_name(value.func)) is not None

    if not isinstance(node, ast.Name):
        return decoder(node)
    return any(decoder(inner.value) for stmt in body for inner in walk(stmt)
               if isinstance(inner, ast.Assign | ast.AnnAssign) and node.id in {
                   t.id for t in (inner.targets if isinstance(inner, ast.Assign) else [inner.target])
                   if isinstance(t, ast.Name)})


# Decorators parsing a request by the schema they are given into the handler's arguments (webargs'
# `use_kwargs`; aiohttp-apispec's `request_schema` and its per-location forms, whose validation
# middleware loads the request's body, query or path by the schema before the handler runs).
REQUEST_PARSERS = frozenset({"use_kwargs", "use_args", "request_schema", "json_schema", "form_schema",
                             "querystring_schema", "match_info_schema", "headers_schema",
                             "cookies_schema"})


def parsed_schemas(node: ast.Call, class_body: Sequence[ast.stmt],
                   module_body: Sequence[ast.stmt]) -> list[ast.expr]:
    """The schema classes a request parser decodes the request into (principle 1): `@use_kwargs(S)`,
    `@use_kwargs(S())`, or a name the enclosing class body or the module binds to `S()`
    (`post_schema = TriggerTaskSchema()` then `@use_kwargs(post_schema)`)."""
    if last_name(node.func) not in REQUEST_PARSERS or not node.args:
        return []
    first = node.args[0]
    if isinstance(first, ast.Name):
        bound = [s.value for body in (class_body, module_body) for s in body if isinstance(s, ast.Assign)
                 and any(isinstance(t, ast.Name) and t.id == first.id for t in s.targets)]
        first = bound[0] if len(bound) == 1 else first
    if isinstance(first, ast.Call) and isinstance(first.func, ast.Name | ast.Attribute):
        return [first.func]
    return [first] if isinstance(first, ast.Name | ast.Attribute) else []
