"""Python: every schema type as a typed record in bindings/python/gemstone/generated.py.

Records are frozen dataclasses (lists as tuples, so a record is immutable and hashable); enums without payload are `str` enums; an enum with payload is a
base class with one frozen dataclass per case (`LoadState` and `LoadStateError`, ...). Each has `from_json`
(a parsed JSON value in, the record out, `RecordError` naming the path on a wrong shape) and `to_json`.
"""
from __future__ import annotations

from .schema import Schema, Type, TypeRef, Field, pascal, wrapper_order

SCALAR = {"string": "str", "bool": "bool", "i32": "int", "i64": "int", "int": "int", "u32": "int", "u64": "int",
          "f64": "float", "biguint": "int", "bigint": "int", "asset_id": "str", "wallet_id": "str", "chain": "str"}
RANGES = {"i32": (-2**31, 2**31 - 1), "i64": (-2**63, 2**63 - 1), "int": (-2**63, 2**63 - 1), "u32": (0, 2**32 - 1),
          "u64": (0, 2**64 - 1)}
KEYWORDS = {"from", "import", "class", "def", "type", "id", "global", "lambda", "pass", "return", "in", "is", "not",
            "and", "or", "if", "else", "elif", "while", "for", "try", "except", "finally", "with", "as", "del",
            "yield", "raise", "assert", "break", "continue", "nonlocal", "None", "True", "False", "async", "await"}

RUNTIME = '''
class RecordError(ValueError):
    """A JSON value does not have the shape of the record it is read as; the message names the path."""


def _fail(path: str, what: str, value: Any) -> NoReturn:
    shown = repr(value)
    raise RecordError(f"{path}: expected {what}, found {shown[:60]}")


def _str(value: Any, path: str) -> str:
    if not isinstance(value, str):
        _fail(path, "a string", value)
    return value


def _bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        _fail(path, "a boolean", value)
    return value


def _int(value: Any, path: str, low: int, high: int) -> int:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        _fail(path, "an integer", value)
    if not low <= value <= high:
        raise RecordError(f"{path}: {value} is out of range")
    return value


def _f64(value: Any, path: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        _fail(path, "a number", value)
    return float(value)


def _big(value: Any, path: str, signed: bool) -> int:
    text = _str(value, path)
    digits = text[1:] if signed and text.startswith("-") else text
    if not digits.isascii() or not digits.isdigit():
        _fail(path, "a decimal integer string", value)
    return int(text)


def _obj(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        _fail(path, "an object", value)
    return value


def _list(value: Any, path: str) -> list:
    if not isinstance(value, list):
        _fail(path, "an array", value)
    return value


def _key(data: Mapping[str, Any], key: str, path: str) -> Any:
    value = data.get(key)
    if value is None:
        raise RecordError(f"{path}.{key}: missing key" if path else f"{key}: missing key")
    return value


def _case(enum_type: Any, value: Any, path: str) -> Any:
    text = _str(value, path)
    try:
        return enum_type(text)
    except ValueError:
        allowed = ", ".join(member.value for member in enum_type)
        raise RecordError(f"{path}: unknown value {text[:40]!r}; expected one of {allowed}") from None


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _index(path: str, index: int) -> str:
    return f"{path}[{index}]"
'''


def py_name(name: str) -> str:
    return name + "_" if name in KEYWORDS and name not in ("id", "type") else name


def annotation(ref: TypeRef, schema: Schema) -> str:
    if ref.kind == "scalar":
        return SCALAR[ref.name]
    if ref.kind == "named":
        return schema.types[ref.name].foreign_name
    if ref.kind == "optional":
        return f"Optional[{annotation(ref.inner, schema)}]"
    if ref.kind == "list":
        return f"tuple[{annotation(ref.inner, schema)}, ...]"
    return f"dict[str, {annotation(ref.inner, schema)}]"


def read(ref: TypeRef, value: str, path: str, schema: Schema, depth: int = 0) -> str:
    if ref.kind == "scalar":
        n = ref.name
        if n in ("string", "asset_id", "wallet_id", "chain"):
            return f"_str({value}, {path})"
        if n == "bool":
            return f"_bool({value}, {path})"
        if n in RANGES:
            lo, hi = RANGES[n]
            return f"_int({value}, {path}, {lo}, {hi})"
        if n == "f64":
            return f"_f64({value}, {path})"
        return f"_big({value}, {path}, {n == 'bigint'})"
    if ref.kind == "named":
        t = schema.types[ref.name]
        if t.is_string_enum:
            return f"_case({t.foreign_name}, {value}, {path})"
        return f"{t.foreign_name}._read({value}, {path})"
    if ref.kind == "optional":
        return f"(None if {value} is None else {read(ref.inner, value, path, schema, depth)})"
    v, i = f"v{depth}", f"i{depth}"
    if ref.kind == "list":
        inner = read(ref.inner, v, f"_index({path}, {i})", schema, depth + 1)
        return f"tuple({inner} for {i}, {v} in enumerate(_list({value}, {path})))"
    k = f"k{depth}"
    inner = read(ref.inner, v, f"_join({path}, {k})", schema, depth + 1)
    return f"{{{k}: {inner} for {k}, {v} in _obj({value}, {path}).items()}}"


def write(ref: TypeRef, value: str, schema: Schema, depth: int = 0) -> str:
    if ref.kind == "scalar":
        if ref.name in ("biguint", "bigint"):
            return f"str({value})"
        if ref.name == "f64":
            return f"float({value})"
        return value
    if ref.kind == "named":
        t = schema.types[ref.name]
        return f"{t.foreign_name}({value}).value" if t.is_string_enum else f"{value}.to_json()"
    if ref.kind == "optional":
        return f"(None if {value} is None else {write(ref.inner, value, schema, depth)})"
    v = f"v{depth}"
    if ref.kind == "list":
        return f"[{write(ref.inner, v, schema, depth + 1)} for {v} in {value}]"
    k = f"k{depth}"
    return f"{{{k}: {write(ref.inner, v, schema, depth + 1)} for {k}, {v} in {value}.items()}}"


def default_literal(f: Field, schema: Schema) -> str | None:
    if f.has_default:
        value = f.default
        ref = f.type.base
        if value is None:
            return "None"
        if ref.kind == "named":
            return f"{schema.types[ref.name].foreign_name}.{value.upper()}"
        if ref.kind in ("list", "map"):
            return "()" if ref.kind == "list" else "field(default_factory=dict)"
        if ref.kind == "scalar" and ref.name in ("biguint", "bigint"):
            return str(int(value))
        return repr(value)
    if f.type.is_optional:
        return "None"
    return None


def field_reads(fields: list[Field], schema: Schema, owner: str) -> list[str]:
    lines = []
    for f in fields:
        if f.type.is_optional or f.has_default:
            raw = f'data.get("{f.name}")'
            expr = read(f.type.base, "value", f'_join(path, "{f.name}")', schema)
            fallback = default_literal(f, schema)
            if fallback and fallback.startswith("field("):
                fallback = "{}"
            lines.append(f'            {py_name(f.name)}=(lambda value: {fallback or "None"} if value is None else {expr})({raw}),')
        else:
            expr = read(f.type, f'_key(data, "{f.name}", path)', f'_join(path, "{f.name}")', schema)
            lines.append(f"            {py_name(f.name)}={expr},")
    return lines


def field_writes(fields: list[Field], schema: Schema, into: str) -> list[str]:
    lines = []
    for f in fields:
        value = f"self.{py_name(f.name)}"
        if f.omit_empty:
            lines.append(f"        if {value}:")
            lines.append(f'            {into}["{f.name}"] = {write(f.type, value, schema)}')
        elif f.type.is_optional:
            lines.append(f"        if {value} is not None:")
            lines.append(f'            {into}["{f.name}"] = {write(f.type.base, value, schema)}')
        else:
            lines.append(f'        {into}["{f.name}"] = {write(f.type, value, schema)}')
    return lines


def dataclass_fields(fields: list[Field], schema: Schema) -> list[str]:
    lines = []
    for f in fields:
        d = default_literal(f, schema)
        flags = ([] if f.compare else ["compare=False"]) + (["repr=False"] if f.secret else [])
        if flags:
            if d is None:
                d = f"field({', '.join(flags)})"
            elif d.startswith("field("):
                d = d[:-1] + ", " + ", ".join(flags) + ")"
            else:
                d = f"field(default={d}, {', '.join(flags)})"
        lines.append(f"    {py_name(f.name)}: {annotation(f.type, schema)}" + (f" = {d}" if d is not None else ""))
        lines.append(f'    """{f.doc}"""')
    return lines


def dataclass_decorator(fields: list[Field], sortable: bool = False) -> str:
    """Positional construction in declaration order, unless a field with a default comes before one without;
    `sortable` records (options.ordered) compare field by field."""
    defaults = [f.has_default or f.type.is_optional for f in fields]
    ordered = all(not (defaults[i] and not defaults[j]) for i in range(len(fields)) for j in range(i + 1, len(fields)))
    flags = ["frozen=True"] + ([] if ordered else ["kw_only=True"]) + (["order=True"] if sortable else [])
    return f"@dataclass({', '.join(flags)})"


def bases(t: Type, extra: str = "") -> str:
    """The class's bases: the hand-written behaviour (options.python_base) and/or `extra`."""
    names = ([f"{t.foreign_name}Behaviour"] if t.options.get("python_base") else []) + ([extra] if extra else [])
    return f"({', '.join(names)})" if names else ""


def secret_marker(fields: list[Field]) -> list[str]:
    """SECRET_FIELDS names the fields that hold a secret (left out of repr; never log them)."""
    names = [py_name(f.name) for f in fields if f.secret]
    if not names:
        return []
    return ["    SECRET_FIELDS: ClassVar[tuple[str, ...]] = (" + ", ".join(f'"{n}"' for n in names) + ("," if len(names) == 1 else "") + ")",
            '    """The fields that hold a secret: left out of repr; never log them."""']


def record(t: Type, schema: Schema) -> list[str]:
    n = t.foreign_name
    out = [dataclass_decorator(t.fields, t.options.get("ordered", False)), f"class {n}{bases(t)}:", f'    """{t.doc}"""', ""]
    out += secret_marker(t.fields)
    out += dataclass_fields(t.fields, schema)
    if t.fields:
        out.append("")
    out += ["    @classmethod", f'    def from_json(cls, data: Any) -> "{n}":',
            '        """Reads the record from its parsed JSON (unknown keys are ignored)."""',
            '        return cls._read(data, "")', "",
            "    @classmethod", f'    def _read(cls, data: Any, path: str) -> "{n}":',
            "        data = _obj(data, path)", "        return cls("]
    out += field_reads(t.fields, schema, n)
    out += ["        )", "", "    def to_json(self) -> dict[str, Any]:", "        out: dict[str, Any] = {}"]
    out += field_writes(t.fields, schema, "out")
    out += ["        return out", "", ""]
    return out


def string_enum(t: Type) -> list[str]:
    out = [f"class {t.foreign_name}(str, enum.Enum):", f'    """{t.doc}"""', ""]
    for c in t.cases:
        out.append(f'    {c.name.upper()} = "{c.json}"')
        if c.doc:
            out.append(f'    """{c.doc}"""')
    out += ["", "    @classmethod", f'    def from_json(cls, data: Any) -> "{t.foreign_name}":',
            '        return _case(cls, data, "")', "", "    def to_json(self) -> str:", "        return self.value", "", ""]
    return out


def case_class(t: Type, case) -> str:
    return t.foreign_name + pascal(case.name)


def payload_enum(t: Type, schema: Schema) -> list[str]:
    n = t.foreign_name
    out = [f"class {n}{bases(t)}:", f'    """{t.doc} One subclass per case: ' + ", ".join(case_class(t, c) for c in t.cases) + '."""',
           "", "    TYPE: ClassVar[str] = \"\"", "",
           "    @staticmethod", f'    def from_json(data: Any) -> "{n}":',
           '        """Reads the case its "type" names."""',
           f'        return {n}._read(data, "")', "",
           "    @staticmethod", f'    def _read(data: Any, path: str) -> "{n}":',
           "        data = _obj(data, path)"]
    if t.untagged:
        keys = ", ".join(c.tag_key for c in t.cases)
        out += ["        present = [key for key in (" + ", ".join(f'"{c.tag_key}"' for c in t.cases) + ",) if data.get(key) is not None]",
                "        if len(present) != 1:",
                f'            raise RecordError(f"{{path or \'value\'}}: expected exactly one of the keys {keys}")']
        for c in t.cases:
            out += [f'        if present[0] == "{c.tag_key}":', f"            return {case_class(t, c)}._fields(data, path)"]
        out += [f'        raise RecordError(f"{{path or \'value\'}}: expected exactly one of the keys {keys}")', ""]
    else:
        out += ['        kind = _str(_key(data, "type", path), _join(path, "type"))',
                f"        case = _{n.upper()}_CASES.get(kind)",
                "        if case is None:",
                f'            raise RecordError(f"{{_join(path, \'type\')}}: unknown value {{kind[:40]!r}}; expected one of '
                + ", ".join(c.name for c in t.cases) + '")',
                "        return case._fields(data, path)", ""]
    out += [
           "    def to_json(self) -> dict[str, Any]:", "        raise NotImplementedError", "", ""]
    for c in t.cases:
        cn = case_class(t, c)
        out += [dataclass_decorator(c.fields), f"class {cn}({n}):", f'    """{c.doc}"""', "",
                f'    TYPE: ClassVar[str] = "{c.name}"']
        out += secret_marker(c.fields)
        out += dataclass_fields(c.fields, schema)
        out += ["", "    @classmethod", f'    def _fields(cls, data: Mapping[str, Any], path: str) -> "{cn}":', "        return cls("]
        out += field_reads(c.fields, schema, cn)
        head = "{}" if t.untagged else f'{{"type": "{c.name}"}}'
        out += ["        )", "", "    def to_json(self) -> dict[str, Any]:", f'        out: dict[str, Any] = {head}']
        out += field_writes(c.fields, schema, "out")
        out += ["        return out", "", ""]
    out.append(f"_{n.upper()}_CASES: dict[str, Any] = {{" + ", ".join(f'"{c.name}": {case_class(t, c)}' for c in t.cases) + "}")
    out += ["", ""]
    return out


def constants(schema: Schema) -> list[str]:
    out = ["class Constants:", '    """The constants gemstone.h publishes (GEM_<NAME>)."""', ""]
    for c in schema.constants:
        out.append(f"    {c.name}: {'float' if c.type == 'f64' else 'int'} = {c.value!r}")
        out.append(f'    """{c.doc}"""')
    out += ["", ""]
    out += ["class Status(enum.IntEnum):", '    """The gem_status codes of gemstone.h; never renumbered."""', ""]
    out.append("    OK = 0")
    for s in schema.statuses:
        out.append(f"    {s.name.upper()} = {s.code}")
        out.append(f'    """{s.doc}"""')
    out += ["", "", "#: The error record's \"type\" of each status.",
            "STATUS_TYPES: dict[int, str] = {" + ", ".join(f'{s.code}: "{s.name}"' for s in schema.statuses) + "}", "", ""]
    return out


ERRORS_HEAD = '''"""Generated by scripts/generate.py from schema/status.json. Do not edit: change the schema and regenerate.

GemError and one subclass per gem_status code. A failed call raises the subclass of its status, carrying the
core's error record: ``.status`` (the gem_status int), ``.type`` (the record's "type", e.g. "invalid_input"),
``.message`` and ``.record`` (the whole record as a dict). ApiError also has ``.http_status``.
Port implementations raise these too: the status reaches the core through gem_call_fail.
"""

from __future__ import annotations

import json
from typing import Any, Optional

from .generated import STATUS_TYPES, Status


class GemError(Exception):
    """An error status from libgemstone, or one a port reports to it."""

'''

GEMERROR_BODY = '    STATUS: Optional[int] = None\n    TYPE: Optional[str] = None\n\n    def __init__(self, message: str = "", *, status: Optional[int] = None, type: Optional[str] = None,\n                 record: Optional[dict] = None) -> None:\n        self.status = int(status if status is not None else (self.STATUS if self.STATUS is not None else Status.INTERNAL))\n        self.type = type or self.TYPE or _TYPE_BY_STATUS.get(self.status, "internal")\n        self.message = message\n        self.record = record if record is not None else {"type": self.type, "message": message}\n        super().__init__(message)\n\n    def __str__(self) -> str:\n        return f"{self.type} ({self.status}): {self.message}"\n\n    def __repr__(self) -> str:\n        return f"{type(self).__name__}(status={self.status}, type={self.type!r}, message={self.message!r})"\n\n    @staticmethod\n    def from_status(status: int, payload: bytes = b"") -> "GemError":\n        """The exception for a failed call: `status` and the error record the core wrote\n        (UTF-8 JSON). A record that is not JSON is kept as the message."""\n        record: Optional[dict] = None\n        message = ""\n        error_type = None\n        if payload:\n            text = payload.decode("utf-8", "replace")\n            try:\n                parsed: Any = json.loads(text)\n            except ValueError:\n                parsed = None\n            if isinstance(parsed, dict):\n                record = parsed\n                message = str(parsed.get("message", ""))\n                error_type = parsed.get("type") if isinstance(parsed.get("type"), str) else None\n            else:\n                message = text\n        cls = ERROR_CLASSES.get(status, GemError)\n        return cls(message, status=status, type=error_type, record=record)\n\n'


def errors(schema: Schema) -> str:
    out = ERRORS_HEAD + GEMERROR_BODY.replace("_TYPE_BY_STATUS", "STATUS_TYPES").rstrip("\n") + "\n"
    names = []
    for s in schema.statuses:
        names.append(s.python)
        out += f"\n\nclass {s.python}(GemError):\n    \"\"\"{s.doc}.\"\"\"\n\n    STATUS, TYPE = Status.{s.name.upper()}, \"{s.name}\"\n"
        if s.name == "api":
            out += ('\n    @property\n    def http_status(self) -> Optional[int]:\n'
                    '        """The HTTP status of the refusal when the record carries one."""\n'
                    '        value = self.record.get("status")\n'
                    '        return value if isinstance(value, int) and not isinstance(value, bool) else None\n')
    out += "\n\n#: gem_status -> exception class, for every error status.\n"
    out += "ERROR_CLASSES: dict[int, type[GemError]] = {cls.STATUS: cls for cls in (" + ", ".join(names) + ")}\n"
    return out


def generate(schema: Schema) -> dict[str, str]:
    out = ['"""Generated by scripts/generate.py from schema/*.json. Do not edit: change the schema and regenerate.',
           "",
           "Every record, enum and constant that crosses the ABI, with from_json/to_json in the ABI's JSON shape",
           "(docs/records.md).", '"""', "",
           "from __future__ import annotations", "", "import enum",
           "from dataclasses import dataclass, field", "from typing import Any, ClassVar, Mapping, NoReturn, Optional", ""]
    behaviours = [f"{t.foreign_name}Behaviour" for t in schema.ordered() if t.options.get("python_base")]
    if behaviours:
        out += ["from .behaviour import " + ", ".join(behaviours) + "  # hand-written properties and methods", ""]
    out += RUNTIME.splitlines() + ["", ""]
    out += constants(schema)
    for t in schema.ordered():
        out += record(t, schema) if t.kind == "record" else string_enum(t) if t.is_string_enum else payload_enum(t, schema)
    names = ["RecordError", "Constants", "Status", "STATUS_TYPES"]
    for t in schema.ordered():
        names.append(t.foreign_name)
        if t.kind == "enum" and not t.is_string_enum:
            names += [case_class(t, c) for c in t.cases]
    out.append("__all__ = [" + ", ".join(f'"{n}"' for n in names) + "]")
    return {"bindings/python/gemstone/generated.py": "\n".join(out).rstrip() + "\n",
            "bindings/python/gemstone/errors.py": errors(schema)}


SCALAR_C = {"void": "None", "gem_status": "gem_status", "int32_t": "c_int32", "uint32_t": "c_uint32",
            "size_t": "c_size_t", "void *": "c_void_p", "const char *": "c_char_p", "uint8_t *": "POINTER(c_uint8)",
            "gem_buffer *": "POINTER(GemBuffer)", "int64_t": "c_int64", "uint64_t": "c_uint64", "double": "c_double"}
#: What crosses where the callback or function reads raw bytes it does not own: a plain address.
CALLBACK_BYTES = {"const uint8_t *": "c_void_p"}


def struct_class(name: str) -> str:
    """gem_buffer -> GemBuffer; gem_wallet_store -> WalletStoreTable."""
    camel = "".join(part[:1].upper() + part[1:] for part in name.split("_"))
    return camel if name == "gem_buffer" else camel[3:] + "Table"


def c_to_ctypes(ctype: str, header, in_callback: bool = False) -> str:
    if in_callback and ctype in CALLBACK_BYTES:
        return CALLBACK_BYTES[ctype]
    if ctype == "const uint8_t *":
        return "c_char_p"
    if ctype in SCALAR_C:
        return SCALAR_C[ctype]
    if ctype in header.callbacks:
        return ctype[4:-3].upper() + "_FN"          # gem_port_fn -> PORT_FN
    bare = ctype.replace("const ", "")
    if bare.endswith(" **") and bare[:-3] in header.opaque:
        return "POINTER(c_void_p)"
    if bare.endswith(" *") and bare[:-2] in header.opaque:
        return "c_void_p"
    if bare.endswith(" *") and bare[:-2] in header.structs:
        return f"POINTER({struct_class(bare[:-2])})"
    raise ValueError(f"no ctypes mapping for the C type {ctype!r}")


def abi_declarations(header_text: str) -> dict[str, str]:
    """bindings/python/gemstone/abi_declarations.py: the ctypes view of gemstone.h (callback types, structs,
    every function's restype and argtypes), read by the project's one header reader."""
    from .header import Header
    header = Header(text=header_text)
    out = ['"""Generated by scripts/generate.py from include/gemstone.h (read by scripts/gen/header.py). Do not edit.',
           "", "The ctypes declarations of the C ABI: the function-pointer types, the structs (gem_buffer and the port",
           'tables) with their fields in order, and every function\'s (restype, argtypes) in header order."""', "",
           "from ctypes import CFUNCTYPE, POINTER, Structure, c_char_p, c_double, c_int32, c_int64, c_size_t, c_uint8, "
           "c_uint32, c_uint64, c_void_p  # noqa: F401", "",
           "gem_status = c_int32", ""]
    for name, decl in header.callbacks.items():
        args = ", ".join([c_to_ctypes(decl.returns, header, True)] + [c_to_ctypes(t, header, True) for t, _ in decl.params])
        out.append(f"# {decl.returns} (*{name})({', '.join(f'{t} {n}' for t, n in decl.params)})")
        out.append(f"{name[4:-3].upper()}_FN = CFUNCTYPE({args})")
    out += ["", "#: The header's function-pointer typedefs, by name.", "CALLBACK_TYPES = {"]
    out += [f'    "{name}": {name[4:-3].upper()}_FN,' for name in header.callbacks]
    out += ["}", ""]
    for name, fields in header.structs.items():
        out += ["", f"class {struct_class(name)}(Structure):", f'    """{name}."""', "",
                "    _fields_ = [" + ", ".join(f'("{f}", {c_to_ctypes(t, header, True)})' for t, f in fields) + "]", ""]
    out += ["", "#: The header's struct types, by C name.", "STRUCTS = {"]
    out += [f'    "{name}": {struct_class(name)},' for name in header.structs]
    out += ["}", "", "#: name -> (restype, argtypes), in header order.", "FUNCTIONS = {"]
    for name, decl in header.functions.items():
        args = ", ".join(c_to_ctypes(t, header) for t, _ in decl.params)
        out.append(f'    "{name}": ({c_to_ctypes(decl.returns, header)}, [{args}]),')
    out.append("}")
    return {"bindings/python/gemstone/abi_declarations.py": "\n".join(out) + "\n"}


def projections(schema: Schema) -> dict[str, str]:
    """bindings/python/gemstone/projections.py: one function per schema function, taking the request record's
    fields as parameters and answering the answer type (calls.answer does the call and the error mapping)."""
    if not schema.functions:
        return {}
    names = sorted({schema.types[fn.request].foreign_name for fn in schema.functions}
                   | {n for fn in schema.functions for n in (schema.types[r].foreign_name for r in fn.answer.names())}
                   | {schema.types[r].foreign_name for fn in schema.functions for f in schema.types[fn.request].fields
                      for r in f.type.names()})
    out = ['"""Generated by scripts/generate.py from schema/*.json (functions). Do not edit.', "",
           "The pure projection functions of include/gemstone.h: each sends its request record and reads its answer",
           '(docs/records.md#functions)."""', "", "from __future__ import annotations", "",
           "from typing import Any, Optional  # noqa: F401", "",
           "from . import calls",
           "from .generated import (" + ", ".join(names) + ",  # noqa: F401",
           "                        _big, _bool, _case, _f64, _index, _int, _join, _list, _obj, _str)", ""]
    exported = []
    for fn in schema.functions:
        req = schema.types[fn.request]
        params = []
        for f in wrapper_order(req.fields):
            d = default_literal(f, schema)
            params.append(f"{py_name(f.name)}: {annotation(f.type, schema)}" + (f" = {d}" if d is not None and not d.startswith("field(") else ""))
        args = ", ".join(f"{py_name(f.name)}={py_name(f.name)}" for f in req.fields)
        reader = read(fn.answer, "data", '""', schema)
        out += ["", f"def {fn.short}({', '.join(params)}) -> {annotation(fn.answer, schema)}:",
                f'    """{fn.doc.rstrip(".")} ({fn.name}; docs/records.md)."""',
                f'    return calls.answer("{fn.name}", {req.foreign_name}({args}).to_json(), lambda data: {reader})', ""]
        exported.append(fn.short)
    out += ["", "__all__ = [" + ", ".join(f'"{n}"' for n in exported) + "]"]
    return {"bindings/python/gemstone/projections.py": "\n".join(out).rstrip() + "\n"}
