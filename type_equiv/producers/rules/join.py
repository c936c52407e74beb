"""Step 2 of the producer check: the tree's site records joined against one vocabulary.

`Join` follows each record's name across modules (`names.Resolver`), applies the subclass policy, and
sorts the site into producer, test-only writer, consumer or wire decoding for one variant — the rules
of docs/producers.md (fields.py says which optional fields some producer sets). What stands for the
vocabulary (subclasses, carriers, the fields and parameters it types) is reach.py's part of `Join`,
its doors and round trips wires.py's; each site sorted is a `found.Found`.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator

from type_equiv.model.findings import Site, SiteRole
from type_equiv.producers.doors.doors import DOOR_FORMS
from type_equiv.producers.fields import field_key, fits, untagged
from type_equiv.producers.index import Index, TreeScan, split_head
from type_equiv.producers.records import (
    CONSTRUCTORS,
    CONSUMER_FORMS,
    DECODED,
    DEFAULT_OF,
    KEYED_BY,
    KEYS,
    PARSED,
    PRODUCER_FORMS,
    SPREAD,
    UNKNOWN_KEYS,
    VALUE_FORMS,
    VALUES,
    Arg,
    ArgKind,
    DictSite,
    Form,
    Keys,
    LitSite,
    ParamRole,
    Receiver,
    ReceiverKind,
    RefSite,
    Slot,
    Value,
    ValueKind,
)
from type_equiv.producers.rules import public
from type_equiv.producers.rules.built import Built, decoded_by, exports, parsed_by
from type_equiv.producers.rules.flags import combined
from type_equiv.producers.rules.found import Found
from type_equiv.producers.rules.keyed import keyed_sites, literal_decode, offered_doors, parsed_door
from type_equiv.producers.rules.lists import only_tested, tested_lists
from type_equiv.producers.rules.methods import idle_methods, returning
from type_equiv.producers.rules.reach import Reach
from type_equiv.producers.rules.receivers import Receivers, only_read
from type_equiv.producers.rules.wires import Wires
from type_equiv.read.tree import SourceFile
from type_equiv.read.vocabularies import Method, Span, Variant, Vocabulary


class Join(Reach, Wires):
    """Sorts one tree's records into the sites of one vocabulary's variants."""

    def __init__(self, canonical: Callable[[str], str], vocab: Vocabulary,
                 declaring: Callable[[str, str], str | None] = lambda cls, name: None,
                 extras: Callable[[str], bool] = lambda cls: False, callers: bool = False,
                 exported: frozenset[str] = frozenset(), package: tuple[str, str] | None = None,
                 unknown: Callable[[str], bool] = lambda receiver: False) -> None:
        self.vocab = vocab
        self.unknown = unknown  # a method of an object whose class nothing declares (named.py `Objects`)
        self.callers = callers  # a library's callers are outside: public parameters are doors
        # the library's package holding the vocabulary (public.py `package_of`): names, files
        self.package = package or (vocab.qualname.split(".", 1)[0] + ".", "")
        self.exported = exported  # what public packages re-export from private modules (public.py)
        self.canonical = canonical
        self.declaring = declaring  # (class, field) → the class that declares it, maybe a base
        self.extras = extras  # does this class validate a dict carrying keys it does not declare?
        self.by_class = vocab.classes()
        self.own = {vocab.qualname, canonical(vocab.symbol)}  # a member alias's row: the enum and the alias
        self.family = {*self.own, *vocab.bases}
        self.by_key: dict[str, list[Variant]] = {}
        for variant in vocab.variants:
            if variant.key is not None:
                self.by_key.setdefault(variant.key, []).append(variant)
        self.members = {v.name: v for v in vocab.variants} if vocab.form == "enum" else {}
        self.member_tags = {v.member: v.key for v in vocab.variants if v.member and v.key}
        self.carriers: dict[str, str] = {}  # class or alias carrying the vocabulary → what it carries
        self.some: dict[str, frozenset[str]] = {}  # a carrier of only some members → those (`admitted`)
        self.declared = {(v.path, v.line) for v in vocab.variants}  # an enum member's declaration
        self.held_by: dict[str, set[str]] = {}  # a field's name (`_field_key`) → the classes it holds
        self.readers = Receivers()  # the parameters their functions only read (receivers.py `only_read`)
        self.annotated = Receivers()  # the fields and parameters typed by the vocabulary
        self.written: dict[str, list[str]] = {}  # what production code serialises → where (`path:line`)
        self.round_trips: list[tuple[Site, list[str]]] = []  # decodes judged round trips: where written
        self.handing: frozenset[str] = frozenset()  # the enum's (or a base's) methods returning members
        self.listing: frozenset[str] = frozenset()  # … and those returning every member's value
        self.builders: frozenset[str] = frozenset()  # variant classes' methods returning `cls(…)`
        self.index: Index | None = None
        self.built: Built | None = None  # which classes production code builds (a default's member)
        self._fields: dict[tuple[str, str], str] | None = None  # chains.py `field_edges`, when asked
        self._modules: frozenset[str] | None = None  # the tree's modules (`_foreign`), when asked

    def _pairs(self, pairs: tuple[tuple[str, Value], ...]) -> tuple[tuple[str, str], ...]:
        """(keyword, literal key): a literal as itself, an enum member given as a tag
        (`kind=Kind.STARTED`) as the tag's key (a member no variant is tagged with matches none)."""
        out = []
        for key, value in pairs:
            if value.kind is ValueKind.LITERAL:
                out.append((key, value.text))
            elif value.kind is ValueKind.MEMBER and (tag := self.member_tags.get(self.canonical(value.text))):
                out.append((key, tag))
        return tuple(out)

    def _inside(self, rel: str, ref: RefSite, spans: list[Span], idle: list[Method] | None) -> bool:
        """Whether a record is part of the definition itself, where nothing counts — for an enum whose
        methods production code calls, only a member's declaration and the methods that do not run
        (`idle`, methods.py): the calls produce."""
        if not any(s.line <= ref.line <= s.end_line for s in spans):
            return False
        if idle is None or (rel, ref.line) in self.declared:
            return True
        if any(rel == self.vocab.path and m.line <= ref.line <= m.end_line for m in idle):
            return True
        target, name = self.canonical(ref.ref), self.vocab.qualname  # a member, or `cls(value)`, running
        own = target.startswith(name + ".") or (target == name and ref.form is Form.CALL)
        return not (own and not ref.consumer and ref.form not in CONSUMER_FORMS)

    def collect(self, scan: TreeScan) -> list[Found]:
        """The vocabulary's sites among the tree's records, in the tree's order (per file: refs,
        dicts, literals): only the records the index finds under the vocabulary's names are read."""
        index = self.index = scan.index(self.canonical)
        self.built = Built(index, self.canonical)
        subclasses = self.subclasses(index) if self.by_class else {}
        annotated = self._annotated(index) if self.vocab.form in ("literal", "enum") else Receivers()
        self.annotated = annotated
        self.carriers = {c: v for c, v in self.carrier_map(index).items() if c not in subclasses}
        self.some = self.admitted(index)
        body = idle_methods(self.vocab, index, self.members) if self.vocab.form == "enum" else None
        self.readers = only_read(index)
        rels, files = index.rels, scan.files
        spans: dict[str, list[Span]] = {}

        def spans_of(rel: str) -> list[Span]:
            if rel not in spans:
                spans[rel] = [s for s in self.vocab.spans if s.path == rel]
            return spans[rel]

        found: list[tuple[tuple[int, int, int], list[Found]]] = []
        heads = self.family | set(self.by_class) | set(subclasses) | set(self.carriers)
        refs = index.refs_under(heads)
        self.written = self._written(refs, files, rels, subclasses)
        self.handing = returning(refs, Form.ITERATE, self.family) if self.members else frozenset()
        self.listing = returning(refs, Form.ITERATE, self.family, VALUES)  # every value returned
        self.builders = returning(refs, Form.BUILD, {*self.by_class, *subclasses})
        for (i, j), _, ref in refs:
            if ref.form in (Form.SERIALISE, Form.WRAP, Form.LISTED) or ref.detail == KEYS:
                continue  # a loop over a table's keys: judged with the table (lists.py)
            if not self._inside(rels[i], ref, spans_of(rels[i]), body):
                found.append(((i, 0, j), list(self._ref(files[rels[i]], ref, subclasses))))
        for (i, j), target, ref in self._wrapped(index, refs):
            found.append(((i, 0, j), list(self._enum_ref(files[rels[i]], ref, target))))
        if self.by_class:
            holders: set[str] | None = None
            for (i, j), site in index.dicts():
                if site.within and holders is None:
                    holders = self.holders(index)
                if site.within and field_key(site.within) not in (holders or ()):
                    continue  # nested under a key no field of the vocabulary has
                if not any(s.line <= site.line <= s.end_line for s in spans_of(rels[i])):
                    found.append(((i, 1, j), list(self._dict(files[rels[i]], site))))
        for (i, j), lit in index.lits_of(self.by_key):
            if not any(s.line <= lit.line <= s.end_line for s in spans_of(rels[i])):
                found.append(((i, 2, j), list(self._lit(files[rels[i]], lit, annotated))))
        if self.callers:
            found.extend(((i, 3, 0), [Found(None, site, via=via)] if not only else [
                Found(v, site) for v in only]) for i, site, via, only in public.doors(
                scan, index, rels, self.package, self.family | set(self.carriers), set(self.carriers),
                self.vocab.narrowed, self.exported, self._chain))
            found.extend(((i, 3, 0), [Found(None, site)]) for i, site in public.settings(
                scan, refs, rels, self.package, self.family, self.exported, self._chain))
        found.sort(key=lambda item: item[0])
        return combined(only_tested([f for _, fs in found for f in fs], tested_lists(  # flags.py: `A | B`
            index, refs, self.family, self.canonical, self._consumed,
            lambda given: self._receives(self.annotated, *given)), Found, frozenset(self.members)),
            self.vocab.composites)

    def _wrapped(self, index: Index, refs: list[tuple[tuple[int, int], str, RefSite]]
                 ) -> Iterator[tuple[tuple[int, int], str, RefSite]]:
        """Reads of a member through a module-level name bound to a call given the enum (assigned.py
        `wrapper`): `W.A.value` is `Kind.A.value` (principle 5), its target spelled through the enum;
        only a member's own name counts (`W.doc_category`, `Field(W)` read the wrapper)."""
        if not self.members:
            return
        wrappers = {self.canonical(ref.detail) for _, target, ref in refs
                    if ref.form is Form.WRAP and target in self.family and ref.detail}
        for place, target, ref in index.refs_under(wrappers):
            head = next((w for w in wrappers if target.startswith(w + ".")), None)
            if head is None or target[len(head) + 1:].split(".", 1)[0] not in self.members:
                continue
            yield place, self.vocab.qualname + target[len(head):], ref

    def _foreign(self, detail: str) -> bool:
        """Whether the enum a table's keys are members of (`KEYED_BY` its name) lies outside every
        module of the tree (decodes.py)."""
        if self.index is None:
            return False
        if self._modules is None:
            self._modules = frozenset(f.module for f in self.index.scan.files.values() if f.module)
        name = self.canonical(detail.removeprefix(KEYED_BY))
        return not any(name.startswith(m + ".") for m in self._modules)

    def _site(self, file: SourceFile, line: int, form: str, consumer: bool) -> Site:
        role: SiteRole = "consumer" if consumer else "test" if file.test else "producer"
        return Site(path=file.rel, line=line, form=str(form), role=role)

    def _ref(self, file: SourceFile, ref: RefSite, subclasses: dict[str, str]) -> Iterator[Found]:
        target = self.canonical(ref.ref)
        if (fed := parsed_by(self.index, self.canonical, ref)) is not None:  # `JSONParser(Model)`: a decode
            ref = ref._replace(form=Form.DECODE, detail=fed or ref.detail)
        if ref.detail == PARSED:  # returned where a parameter's text matched a literal: a decode of it
            door = parsed_door(self.index, ref, file.rel, self.exported if self.callers else None)
            ref = ref._replace(form=Form.DECODE if door else ref.form, detail="", keyed=None)
        if ref.detail.startswith(KEYED_BY):  # keyed by an enum the project does not define: a decode
            ref = ref._replace(form=Form.DECODE if self._foreign(ref.detail) else ref.form, detail="")
        # each member handed to a call (walker.py `loop`): only a parameter typed by the vocabulary takes it
        if (ref.form is Form.ITERATE and ref.given and not ref.detail  # not a listing handed whole
                and not self._receives(self.annotated, *ref.given)):
            return
        vocab = self.vocab
        if ref.form is Form.DECODE and ref.keyed is not None and target in self.own:
            # tested against the members, keyed by a constructor's parameter: its callers' (tested.py)
            found = keyed_sites(self.index, ref, file, self.members, self.exported if self.callers else None,
                                self.by_key, "decode")
            yield from (Found(name, site) for name, site in found)
            return
        if ref.form in DOOR_FORMS or ref.form is Form.CALLBACK:  # a callback no converter decodes: none
            yield from self._door(file, ref, target)
            return
        if vocab.form == "enum":
            yield from self._enum_ref(file, ref, target)
            return
        if ref.form is Form.ITERATE:  # a literal alias's values listed (`get_args(Mode)`): all out
            yield from (Found(v.name, self._site(file, ref.line, "iterate", ref.consumer))
                        for v in vocab.variants if vocab.form == "literal" and target in self.family)
            return
        cls, rest = split_head(target, self.by_class, subclasses, self.family)
        if cls is None:
            yield from self._door(file, ref, target)
            return
        consumer = ref.consumer or ref.form in CONSUMER_FORMS
        if cls in self.family:
            if rest:
                if rest[0] in CONSTRUCTORS and len(rest) == 1 and ref.form is Form.CALL:
                    yield Found(None, Site(path=file.rel, line=ref.line, form="decode", role="wire"))
                return
            if ref.form in (Form.CALL, Form.FACTORY) and not consumer:
                for variant in self._by_tag(self._pairs(ref.pairs), None):
                    yield Found(variant.name, self._site(file, ref.line, "tag-keyword", False), ref.keys)
            return
        built = subclasses.get(cls, cls)
        variants = self.by_class.get(built, [])
        form = str(ref.form)
        if rest:
            if len(rest) == 1 and ref.form is Form.CALL and f"{cls}.{rest[0]}" in self.builders:
                form = f"factory {rest[0]}"  # `ThinkingDelta.from_text(t)`: a method returning `cls(…)`
            elif rest[0] not in CONSTRUCTORS or len(rest) > 1 or ref.form is not Form.CALL:
                return
            else:
                form = "validate"
        elif ref.form in (Form.REFERENCE, Form.ITEM):
            return
        if built != cls and form in PRODUCER_FORMS:
            form = f"{form} (subclass {cls.rsplit('.', 1)[-1]})"
        keys = ref.keys
        if form != "call":  # positional arguments of a factory or `model_validate` are no fields
            keys = keys.fields_only()
        if (form == "validate" and ref.args[:1] and ref.args[0].data()) or form.startswith("factory "):
            keys = UNKNOWN_KEYS  # a factory method's own construction may set anything
        if ref.form is Form.TABLE:
            keys = UNKNOWN_KEYS
        decoded = (ref.detail in (SPREAD, DECODED)
                   or (form == "validate" and bool(ref.args) and ref.args[0].data()))
        if decoded and not consumer and (writes := self._round_trip(self.vocab.qualname)):
            # `Cls(**data)` decodes data as `Cls.model_validate(data)` does: of a vocabulary the program
            # writes, it reads back what the program wrote (principle 2), neither producer nor door
            self.round_trips.append((Site(path=file.rel, line=ref.line, form="decode", role="wire"), writes))
            return
        for variant in self._pick(variants, self._pairs(ref.pairs), consumer):
            yield Found(variant.name, self._site(file, ref.line, form, consumer), keys)

    def _pick(self, variants: list[Variant], pairs: tuple[tuple[str, str], ...],
              consumer: bool) -> list[Variant]:
        """Which of a class's variants a construction builds: the tag keyword, else the only or default."""
        if not variants:
            return []
        if consumer or len(variants) == 1:
            return variants
        tag_field = variants[0].tag_field
        chosen = [v for v in variants if (tag_field, v.key) in pairs]
        if chosen:
            return chosen
        default = variants[0].tag_default
        return [v for v in variants if default is not None and v.tag == default]

    def _by_tag(self, pairs: tuple[tuple[str, str], ...], keys: Keys | None) -> list[Variant]:
        out: list[Variant] = []
        for variant in self.vocab.variants:
            if variant.tag_field is None or (variant.tag_field, variant.key) not in pairs:
                continue
            if keys is not None and not fits(variant, keys, self.extras):
                continue
            out.append(variant)
        return out

    def _dict(self, file: SourceFile, site: DictSite) -> Iterator[Found]:
        variants = self._by_tag(self._pairs(site.pairs), site.keys)
        if not variants and site.within:
            variants = untagged(self.vocab, site.keys, self.extras)
        consumer = site.consumer or self._consumed(site.given)
        for variant in variants:
            yield Found(variant.name, self._site(file, site.line, "dict", consumer), site.keys)

    def _consumed(self, given: tuple[Receiver, Slot] | None, raw: bool = False) -> bool:
        """A dict or display handed to a parameter only read (tested) is consumed (`raw`: offered.py)."""
        if given is None:
            return False
        receiver, key = given
        if receiver.kind is not ReceiverKind.NAMED:
            receiver = Receiver(ReceiverKind.OWNER, self.canonical(receiver.name))
        return ((self.readers.tests or Receivers()) if raw else self.readers).receives(receiver, key)

    def _enum_ref(self, file: SourceFile, ref: RefSite, target: str) -> Iterator[Found]:
        qualname = self.vocab.qualname
        role = self.index.role(ref.handed) if self.index is not None else None  # roles.py
        if role is ParamRole.KEYED:  # `register(Kind.A, fn)` storing under it: `@on(Kind.A)` as a call
            ref = ref._replace(form=Form.TABLE_KEY, consumer=True)
        consumer = (ref.consumer or ref.form in CONSUMER_FORMS) and role is not ParamRole.KEPT
        if ref.form is Form.ITERATE:  # `list(Kind)`: every member handed out (or, tested, consumed)
            if target in self.own:  # the enum, or a `Literal` alias of its members (`get_args(Alias)`)
                for name in self.members:
                    yield Found(name, self._site(file, ref.line, "iterate", consumer))
            return
        if target.startswith(qualname + "."):
            member = target[len(qualname) + 1:].split(".", 1)[0]
            if member in self.members:
                # in a display handed to a parameter only tested against (`ensure_enabled([Kind.A])`)
                consumer = consumer or self._consumed(ref.given)
                form: str = ref.form if consumer else "member"
                if not consumer and ref.detail.startswith(DEFAULT_OF):
                    form, consumer = self._default(ref.detail.removeprefix(DEFAULT_OF))
                # handed to a parameter its function, maybe unread yet, may only test or key by
                handed = ref.given is not None or (
                    self.index is not None and role is None and self.index.pending(ref.handed))
                yield Found(member, self._site(file, ref.line, form, consumer), handed=handed)
            elif (ref.form is Form.CALL and target == f"{qualname}.{member}"
                  and any(h.endswith(f".{member}") for h in self.handing)):
                for name in self.members:  # `Kind.values()` returning `list(cls)`: every member out
                    yield Found(name, self._site(file, ref.line, "iterate", consumer))
            elif ref.form is Form.CALL and (ref.keyed is not None or literal_decode(ref)):
                yield from self._decoded(file, ref, target, consumer)  # given a parameter or a literal
            else:  # `Kind.from_string(text)`: a method of the enum decoding data
                yield from self._door(file, ref, target)
            return
        if target != qualname:
            yield from self._door(file, ref, target)
            return
        if (ref.form is Form.FACTORY and ref.handed is not None and self.index is not None
                and exports(self.index, self.canonical(ref.handed.callee), ref.handed.position)):
            for name in self.members:  # `_export_enum(Kind)` looping over it: `for m in Kind` inline
                yield Found(name, self._site(file, ref.line, "iterate", consumer))
            return
        if ref.form is Form.FACTORY:  # handed to a decoding helper: `try_enum(Kind, v)` is `Kind(v)`
            value = decoded_by(self.index, self.canonical, ref) if self.index is not None else None
            ref = ref._replace(form=Form.CALL, args=(value,)) if value is not None else ref
        first = ref.args[0] if ref.args else None
        if first is not None and first.kind is ArgKind.UNPACKED:
            # data in a decoding method of a class the program serialises: its own data read back
            owner, _, method = first.key.partition(":")
            owner = self.canonical(owner)
            writes = (self._round_trip(owner, method)
                      if ref.form in (Form.ITEM, Form.CALL) and owner not in self.family else [])
            if writes:
                read = "decode item" if ref.form is Form.ITEM else "decode"
                self.round_trips.append((Site(path=file.rel, line=ref.line, form=read, role="wire"), writes))
                return
            first = Arg(ArgKind.DATA)
            ref = ref._replace(args=(first, *ref.args[1:]))
        if first is not None and first.kind is ArgKind.STORED and ref.form in (Form.ITEM, Form.CALL):
            # a column of the program's own rows read back on its model: a round trip (principle 2)
            read = "decode item" if ref.form is Form.ITEM else "decode"
            self.round_trips.append((Site(path=file.rel, line=ref.line, form=read, role="wire"),
                                     [f"{file.rel}:{first.key} (the column)"]))
        elif ref.form is Form.ITEM and len(ref.args) == 1 and ref.args[0].kind is ArgKind.DATA:
            # `Kind[name]` of data, or of a parameter every call names a member by (passed.py)
            found = keyed_sites(self.index, ref, file, self.members, self.exported if self.callers else None)
            yield from (Found(name, site) for name, site in found)
        elif ref.form is Form.ITEM and first is not None:
            name = ast.literal_eval(first.key)
            if name in self.members:
                yield Found(name, self._site(file, ref.line, "item", consumer))
        elif ref.form is Form.CALL and first is not None:
            variants = self.by_key.get(first.key, []) if first.kind is ArgKind.LITERAL else []
            if not variants:
                yield Found(None, Site(path=file.rel, line=ref.line, form="decode", role="wire"))
            for variant in variants:
                yield Found(variant.name, self._site(file, ref.line, "call", consumer))

    def _default(self, owner: str) -> tuple[str, bool]:
        """A member in class `owner`'s field default (or its `__init__`'s): (form, consumer). Written
        only where the class is built — a member where production code builds it, a default not
        counted where nothing does (a class only decoded brings it in through that door). A class
        that is no carrier is not asked for (its uses may be unscanned), nor one that is no model
        (a plain class's attribute is read through every instance): its default stays a member."""
        cls = self.canonical(owner)
        if cls not in self.carriers or self.built is None or not self.built.model(cls) or self.built(cls):
            return "member", False
        return f"default of {cls.rsplit('.', 1)[-1]} (never built)", True

    def _lit(self, file: SourceFile, lit: LitSite, annotated: Receivers) -> Iterator[Found]:
        if lit.value.kind is not ValueKind.LITERAL:
            return
        variants = self.by_key.get(lit.value.text)
        if not variants:
            return
        if lit.form is Form.CHOICE:  # raw values an input offers, all of them this vocabulary's (doors.py)
            yield from (Found(v, site) for v, site in offered_doors(
                lit, self.by_key, self.vocab.form in VALUE_FORMS, file.rel))
            return
        vocab = self.vocab
        if lit.consumer:
            if vocab.form in ("literal", "enum"):
                if lit.form is not Form.TABLE_KEY or self._mentions(lit.names):
                    for variant in variants:
                        yield Found(variant.name, self._site(file, lit.line, lit.form, True))
            elif lit.form in (Form.COMPARE, Form.MATCH, Form.MEMBERSHIP):
                for variant in variants:
                    if lit.key.name and lit.key.name == variant.tag_field:
                        yield Found(variant.name, self._site(file, lit.line, lit.form, True))
            return
        if vocab.form not in ("literal", "enum"):
            return
        if lit.form in (Form.RETURN, Form.ASSIGN, Form.DEFAULT, Form.TABLE_VALUE):
            bound = self._mentions(lit.names)
        elif lit.form in (Form.KEYWORD, Form.POSITIONAL, Form.DICT_VALUE, Form.ATTR):
            bound = any(self._receives(annotated, r, lit.key) for r in lit.receivers)
        else:
            bound = False
        if bound:
            for variant in variants:
                yield Found(variant.name, self._site(file, lit.line, lit.form, False))

