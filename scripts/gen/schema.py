"""The schema of every record, enum and constant that crosses the ABI (schema/*.json), loaded and checked.

A schema file is a JSON object:

    {"doc": "...", "swift_module": "Gemstone", "types": [TYPE, ...],
     "constants": [CONSTANT, ...]}

TYPE is one of
    {"record": "GemListWindow", "doc": "...", "fields": [FIELD, ...], "options": {...}}
  options: "fast" (Swift JSONConvertible + JSONScannable too), "mutable" (Swift var fields), "hashable": false,
  "ordered" (Python records sort field by field), "error" (a Swift payload enum that is also an Error),
  "foreign_name" (the Python/Kotlin name), "swift": "handwritten" (the Swift type and its Codable stay
  hand-written beside their behaviour; the golden tests hold them to the schema's shape), "swift": "codable" (the
  Swift type and its fast paths stay hand-written, for a hot record whose storage is tuned; its Codable is
  generated and calls the type's memberwise init in field order), "check": true (Swift: a decoded value is
  refused with the message of the hand-written `schemaViolation: String?` when it is not nil, for a rule
  between fields), "python_base": true (the Python class also derives from the hand-written
  `<ForeignName>Behaviour` of bindings/python/gemstone/behaviour.py: properties and methods, never fields).
    {"enum": "TransactionState", "doc": "...", "cases": [{"name": "in_transit", "doc": "..."}, ...]}
  (a case without fields may leave out its doc when its name says it all)
    {"enum": "GemLoadState", "doc": "...", "cases": [{"name": "error", "doc": "...", "fields": [FIELD, ...]}, ...]}
An enum whose cases have no fields crosses as a snake_case string; one with any field crosses as an object
with "type" (the case name) and the case's fields. A string enum's case may carry "wire": "GET", its JSON
spelling when that is not its snake_case name (an HTTP method). A payload enum with option "untagged": true
crosses without "type": each case has a required key no other case has (its tag key), and a reader takes the
first case whose tag key is present (GemAddressValidation: {"chain","address"} or {"chain","error"}).

FIELD is {"name": "snake_case", "type": TYPE_NAME, "doc": "...", "default": JSON value (optional),
          "compare": false (optional: a derived field that is not part of a Python record's equality),
          "secret": true (optional, string fields only: a phrase or key. Swift holds it in GemCrypto's wiping
          `Secret` and never prints it; Python leaves it out of repr and lists it in SECRET_FIELDS; Kotlin's
          toString shows <redacted>), "omit_empty": true (optional, a list field with default []: left out when
          empty instead of written as [], for a record whose bytes already do so)}.
TYPE_NAME is a scalar (string bool i32 i64 int u32 u64 f64 biguint bigint asset_id wallet_id chain),
a type declared in any schema file, "T?" (optional: absent or null reads as the default, nil is left out when
written), "[T]" (list) or "{T}" (object of string keys to T).

FUNCTION (a file's "functions": [FUNCTION, ...]) is a pure projection function of gemstone.h,
    {"function": "gem_format_address", "doc": "...", "request": "GemFormatAddressRequest", "answer": "string"}
taking (const char *request_json, gem_buffer *out): the request is a record of the schema, the answer a TYPE_NAME.
An optional "max_bytes": "CONSTANT_NAME" (an int constant of the schema) bounds request_json: a longer one is
GEM_ERR_INVALID_ARGUMENT before it is parsed.
The generator writes its GemstoneFFI @c implementation (decode the request, call the record's hand-written
GemProjection answer(), encode), its Python wrapper (gemstone/projections.py) and its Kotlin wrapper (an extension
of Presentation): a new one is the header declaration, the schema entry and Swift's answer(), plus tests.
The wrappers take the request's fields as parameters, the required ones first, then those with a default or `?`
(each in declaration order). "swift": "handwritten" on a function keeps its @c implementation by hand in
GemstoneFFI (gem_transaction_rows writes each row into the host's buffer as it is built); the wrappers are
still generated.

A file may also hold "chains": [{"id", "family", "native_asset": {"name", "symbol", "decimals"}}, ...], the chain
constants of scripts/gen/chains.py (schema/chains.json), which this loader leaves to that module.

A file may also hold "swift_names": {"transfer_nft": "transferNFT"}: the Swift spelling of a snake_case name
wherever it is a case or field (for acronyms), instead of its plain camelCase.

CONSTANT is {"name": "LIST_PAGE_SIZE", "type": "int"|"f64", "value": 50, "doc": "...", "swift": "listPageSize"}.
Status codes are schema/status.json: {"statuses": [{"name": "invalid_argument", "code": -1, "doc": "..."}]}.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

SCALARS = {"string", "bool", "i32", "i64", "int", "u32", "u64", "f64", "biguint", "bigint", "asset_id", "wallet_id", "chain"}
SNAKE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
UPPER = re.compile(r"^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$")
TYPE_NAME = re.compile(r"^[A-Z][A-Za-z0-9]*$")


class SchemaError(Exception):
    pass


@dataclass(frozen=True)
class TypeRef:
    kind: str  # "scalar", "named", "optional", "list", "map"
    name: str = ""
    inner: Optional["TypeRef"] = None

    @staticmethod
    def parse(text: str) -> "TypeRef":
        text = text.strip()
        if text.endswith("?"):
            inner = TypeRef.parse(text[:-1])
            if inner.kind == "optional":
                raise SchemaError(f"double optional: {text}")
            return TypeRef("optional", inner=inner)
        if text.startswith("[") and text.endswith("]"):
            return TypeRef("list", inner=TypeRef.parse(text[1:-1]))
        if text.startswith("{") and text.endswith("}"):
            return TypeRef("map", inner=TypeRef.parse(text[1:-1]))
        if text in SCALARS:
            return TypeRef("scalar", name=text)
        if TYPE_NAME.match(text):
            return TypeRef("named", name=text)
        raise SchemaError(f"unknown type {text!r}")

    @property
    def is_optional(self) -> bool:
        return self.kind == "optional"

    @property
    def base(self) -> "TypeRef":
        return self.inner if self.kind == "optional" and self.inner else self

    def names(self):
        if self.kind == "named":
            yield self.name
        if self.inner:
            yield from self.inner.names()


@dataclass
class Field:
    name: str
    type: TypeRef
    doc: str
    default: Any = None
    has_default: bool = False
    compare: bool = True
    secret: bool = False
    omit_empty: bool = False


@dataclass
class Case:
    name: str
    doc: str
    fields: list[Field]
    wire: str = ""
    tag_key: str = ""

    @property
    def json(self) -> str:
        """The case's JSON spelling."""
        return self.wire or self.name


@dataclass
class Type:
    name: str
    kind: str  # "record", "enum"
    doc: str
    file: str
    swift_module: str
    python_module: str
    fields: list[Field] = field(default_factory=list)
    cases: list[Case] = field(default_factory=list)
    options: dict = field(default_factory=dict)

    @property
    def untagged(self) -> bool:
        return bool(self.options.get("untagged"))

    @property
    def has_secret(self) -> bool:
        return any(f.secret for f in self.fields + [f for c in self.cases for f in c.fields])

    @property
    def is_string_enum(self) -> bool:
        return self.kind == "enum" and all(not case.fields for case in self.cases)

    @property
    def foreign_name(self) -> str:
        """The Python and Kotlin name: the Swift name without its Gem prefix (unless the schema names one)."""
        if "foreign_name" in self.options:
            return self.options["foreign_name"]
        return self.name[3:] if self.name.startswith("Gem") and len(self.name) > 3 and self.name[3].isupper() else self.name


@dataclass
class Function:
    name: str
    doc: str
    request: str
    answer: TypeRef
    file: str
    max_bytes: str = ""  # the int constant bounding request_json, checked before parsing ("" for none)
    handwritten: bool = False

    @property
    def short(self) -> str:
        """The name without its gem_ prefix (format_address)."""
        return self.name[4:]


@dataclass
class Constant:
    name: str
    type: str
    value: Any
    doc: str
    swift: str
    file: str


@dataclass
class Status:
    name: str
    code: int
    doc: str
    python: str


@dataclass
class Schema:
    types: dict[str, Type]
    constants: list[Constant]
    statuses: list[Status]
    files: list[str]
    swift_names: dict[str, str] = field(default_factory=dict)
    functions: list[Function] = field(default_factory=list)

    def ordered(self) -> list[Type]:
        return list(self.types.values())


def _doc(entry: dict, where: str) -> str:
    doc = entry.get("doc")
    if not isinstance(doc, str) or not doc.strip():
        raise SchemaError(f"{where}: every entry needs a one-line doc")
    return doc.strip()


def _fields(entries: list, where: str) -> list[Field]:
    fields, seen = [], set()
    for entry in entries:
        name = entry.get("name", "")
        if not SNAKE.match(name):
            raise SchemaError(f"{where}: field name {name!r} is not snake_case")
        if name in seen:
            raise SchemaError(f"{where}: field {name} twice")
        seen.add(name)
        ref = TypeRef.parse(entry.get("type", ""))
        secret = bool(entry.get("secret", False))
        if secret and not (ref.base.kind == "scalar" and ref.base.name == "string"):
            raise SchemaError(f"{where}.{name}: only a string field can be secret")
        omit_empty = bool(entry.get("omit_empty", False))
        if omit_empty and not (ref.kind == "list" and entry.get("default") == []):
            raise SchemaError(f"{where}.{name}: only a list field with default [] can omit_empty")
        fields.append(Field(name, ref, _doc(entry, f"{where}.{name}"),
                            entry.get("default"), "default" in entry, entry.get("compare", True), secret, omit_empty))
    return fields


def load(root: Path) -> Schema:
    types: dict[str, Type] = {}
    constants: list[Constant] = []
    statuses: list[Status] = []
    swift_names: dict[str, str] = {}
    functions: list[Function] = []
    files = sorted(p for p in (root / "schema").glob("*.json"))
    for path in files:
        data = json.loads(path.read_text())
        stem = path.stem
        if stem == "status":
            for entry in data["statuses"]:
                if not SNAKE.match(entry["name"]):
                    raise SchemaError(f"status {entry['name']!r} is not snake_case")
                statuses.append(Status(entry["name"], int(entry["code"]), _doc(entry, f"status {entry['name']}"), entry["python"]))
            continue
        for snake, name in data.get("swift_names", {}).items():
            if not SNAKE.match(snake) or swift_names.get(snake, name) != name:
                raise SchemaError(f"{path.name}: swift_names {snake!r} is not snake_case or is named twice")
            swift_names[snake] = name
        for entry in data.get("functions", []):
            name = entry.get("function", "")
            if not name.startswith("gem_") or not SNAKE.match(name):
                raise SchemaError(f"{path.name}: function {name!r} is not gem_<snake_case>")
            if entry.get("swift") not in (None, "handwritten"):
                raise SchemaError(f"{name}: a function's swift option is handwritten")
            functions.append(Function(name, _doc(entry, name), entry.get("request", ""),
                                      TypeRef.parse(entry.get("answer", "")), path.name, entry.get("max_bytes", ""),
                                      entry.get("swift") == "handwritten"))
        if "types" not in data and "constants" not in data:
            continue
        module, pymod = data.get("swift_module"), stem
        if module not in ("Primitives", "Gemstone"):
            raise SchemaError(f"{path.name}: swift_module must be Primitives or Gemstone")
        for entry in data.get("types", []):
            if "record" in entry:
                name, kind = entry["record"], "record"
            elif "enum" in entry:
                name, kind = entry["enum"], "enum"
            else:
                raise SchemaError(f"{path.name}: a type is a record or an enum: {entry}")
            if not TYPE_NAME.match(name):
                raise SchemaError(f"{path.name}: type name {name!r} is not UpperCamelCase")
            if name in types:
                raise SchemaError(f"{name} declared twice ({types[name].file}, {path.name})")
            t = Type(name, kind, _doc(entry, name), path.name, module, pymod, options=entry.get("options", {}))
            if t.options.get("swift") not in (None, "handwritten", "codable"):
                raise SchemaError(f"{name}: options.swift is handwritten or codable")
            if kind == "record":
                t.fields = _fields(entry.get("fields", []), name)
            else:
                seen = set()
                for case in entry.get("cases", []):
                    cname = case.get("name", "")
                    if not SNAKE.match(cname) or cname in seen:
                        raise SchemaError(f"{name}: case {cname!r} is not snake_case or is repeated")
                    seen.add(cname)
                    fields = _fields(case.get("fields", []), f"{name}.{cname}")
                    # A case with fields needs its doc; a plain case may stand for itself (a title vocabulary).
                    cdoc = _doc(case, f"{name}.{cname}") if fields or "doc" in case else ""
                    wire = case.get("wire", "")
                    if wire and (fields or not isinstance(wire, str)):
                        raise SchemaError(f"{name}.{cname}: only a case without fields has a wire spelling")
                    t.cases.append(Case(cname, cdoc, fields, wire))
                if not t.cases:
                    raise SchemaError(f"{name}: an enum needs cases")
                if len({c.json for c in t.cases}) != len(t.cases):
                    raise SchemaError(f"{name}: two cases share a JSON spelling")
                if t.untagged:
                    if t.is_string_enum:
                        raise SchemaError(f"{name}: only a payload enum is untagged")
                    for c in t.cases:
                        others = {f.name for o in t.cases if o is not c for f in o.fields}
                        keys = [f.name for f in c.fields if f.name not in others and not f.type.is_optional and not f.has_default]
                        if not keys:
                            raise SchemaError(f"{name}.{c.name}: an untagged case needs a required key no other case has")
                        c.tag_key = keys[0]
                if not t.is_string_enum and any(f.name == "type" for c in t.cases for f in c.fields):
                    raise SchemaError(f"{name}: a payload enum's field may not be named type")
            types[name] = t
        for entry in data.get("constants", []):
            if not UPPER.match(entry.get("name", "")):
                raise SchemaError(f"constant {entry.get('name')!r} is not UPPER_SNAKE")
            if entry.get("type") not in ("int", "f64"):
                raise SchemaError(f"constant {entry['name']}: type is int or f64")
            constants.append(Constant(entry["name"], entry["type"], entry["value"], _doc(entry, entry["name"]),
                                      entry.get("swift", ""), path.name))
    for t in types.values():
        members = t.fields + [f for c in t.cases for f in c.fields]
        for f in members:
            for ref in f.type.names():
                if ref not in types:
                    raise SchemaError(f"{t.name}.{f.name}: unknown type {ref}")
    for fn in functions:
        if fn.request not in types or types[fn.request].kind != "record":
            raise SchemaError(f"{fn.name}: request {fn.request!r} is not a record of the schema")
        for ref in fn.answer.names():
            if ref not in types:
                raise SchemaError(f"{fn.name}: unknown answer type {ref}")
        if fn.max_bytes and not any(c.name == fn.max_bytes and c.type == "int" for c in constants):
            raise SchemaError(f"{fn.name}: max_bytes {fn.max_bytes!r} is not an int constant of the schema")
    foreign = {}
    for t in types.values():
        if t.foreign_name in foreign:
            raise SchemaError(f"{t.name} and {foreign[t.foreign_name]} share the Python/Kotlin name {t.foreign_name}")
        foreign[t.foreign_name] = t.name
    return Schema(types, constants, statuses, [p.name for p in files], swift_names, functions)


def wrapper_order(fields: list[Field]) -> list[Field]:
    """A wrapper's parameters: the required fields first, then those with a default or `?`, each in declaration order."""
    return [f for f in fields if not (f.has_default or f.type.is_optional)] + [f for f in fields if f.has_default or f.type.is_optional]


def camel(snake: str) -> str:
    head, *rest = snake.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def pascal(snake: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in snake.split("_"))


def upper(snake: str) -> str:
    return snake.upper()
