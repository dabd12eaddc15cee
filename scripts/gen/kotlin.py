"""Kotlin: every schema type in bindings/kotlin/src/main/kotlin/com/gemwallet/gemstone/generated/Records.kt.

Records are data classes, enums without payload are enum classes carrying their JSON spelling, enums with
payload are sealed classes with one data class (or object) per case. Each has `toJson()` and a companion
`fromJson(...)` over org.json; a wrong shape throws `RecordException` naming the path. The status codes become
`GemStatus` and a sealed `GemException` hierarchy (`GemException.InvalidInput`, …), so no class is named like a
`java.*` exception.
"""
from __future__ import annotations

from .schema import Schema, Type, TypeRef, Field, camel, pascal, wrapper_order

SCALAR = {"string": "String", "bool": "Boolean", "i32": "Int", "i64": "Long", "int": "Long", "u32": "Long",
          "u64": "BigInteger", "f64": "Double", "biguint": "BigInteger", "bigint": "BigInteger", "asset_id": "String",
          "wallet_id": "String", "chain": "String"}
KEYWORDS = {"as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is",
            "null", "object", "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof",
            "val", "var", "when", "while"}

RUNTIME = '''
/** A JSON value does not have the shape of the record it is read as; the message names the path. */
class RecordException(message: String) : IllegalArgumentException(message)

internal object SchemaJson {
    private fun fail(path: String, what: String, value: Any?): Nothing =
        throw RecordException("$path: expected $what, found ${value.toString().take(60)}")

    fun absent(value: Any?): Boolean = value == null || value == JSONObject.NULL
    fun key(json: JSONObject, key: String, path: String): Any {
        val value = json.opt(key)
        if (absent(value)) throw RecordException("${join(path, key)}: missing key")
        return value
    }
    fun join(path: String, key: String): String = if (path.length == 0) key else "$path.$key"
    fun str(value: Any?, path: String): String = value as? String ?: fail(path, "a string", value)
    fun bool(value: Any?, path: String): Boolean = value as? Boolean ?: fail(path, "a boolean", value)
    fun long(value: Any?, path: String, low: Long, high: Long): Long {
        val number = when (value) {
            is Int -> value.toLong()
            is Long -> value
            is BigInteger -> if (value.bitLength() < 64) value.toLong() else throw RecordException("$path: $value is out of range")
            is Double -> if (value == Math.rint(value) && Math.abs(value) < 9.0e15) value.toLong() else fail(path, "an integer", value)
            is java.math.BigDecimal -> try { value.longValueExact() } catch (e: ArithmeticException) { fail(path, "an integer", value) }
            else -> fail(path, "an integer", value)
        }
        if (number < low || number > high) throw RecordException("$path: $number is out of range")
        return number
    }
    fun int(value: Any?, path: String): Int = long(value, path, Int.MIN_VALUE.toLong(), Int.MAX_VALUE.toLong()).toInt()
    fun double(value: Any?, path: String): Double = (value as? Number)?.toDouble() ?: fail(path, "a number", value)
    fun big(value: Any?, path: String, signed: Boolean): BigInteger {
        val text = str(value, path)
        val digits = if (signed && text.startsWith("-")) text.substring(1) else text
        if (digits.length == 0 || !digits.all { it in '0'..'9' }) fail(path, "a decimal integer string", value)
        return BigInteger(text)
    }
    fun u64(value: Any?, path: String): BigInteger {
        val number = when (value) {
            is Int, is Long -> BigInteger.valueOf((value as Number).toLong())
            is BigInteger -> value
            else -> fail(path, "an integer", value)
        }
        if (number.signum() < 0 || number.bitLength() > 64) throw RecordException("$path: $number is out of range")
        return number
    }
    /** A double JSON can hold: org.json refuses NaN and the infinities, and so does the record. */
    fun finite(value: Double, key: String): Double =
        if (value.isNaN() || value.isInfinite()) throw RecordException("$key: $value is not a finite number") else value
    fun obj(value: Any?, path: String): JSONObject = value as? JSONObject ?: fail(path, "an object", value)
    fun arr(value: Any?, path: String): JSONArray = value as? JSONArray ?: fail(path, "an array", value)
    fun unknown(path: String, value: String, allowed: String): Nothing =
        throw RecordException("$path: unknown value \\"${value.take(40)}\\"; expected one of $allowed")
}
'''


def kt_name(name: str) -> str:
    n = camel(name)
    return f"`{n}`" if n in KEYWORDS else n


#: Case class names of the sealed class being written: a top-level type of the same name is written qualified.
SHADOWED: set[str] = set()
PACKAGE = "com.gemwallet.gemstone"


def type_name(t: Type) -> str:
    return f"{PACKAGE}.{t.foreign_name}" if t.foreign_name in SHADOWED else t.foreign_name


def kt_type(ref: TypeRef, schema: Schema) -> str:
    if ref.kind == "scalar":
        return SCALAR[ref.name]
    if ref.kind == "named":
        return type_name(schema.types[ref.name])
    if ref.kind == "optional":
        return kt_type(ref.inner, schema) + "?"
    if ref.kind == "list":
        return f"List<{kt_type(ref.inner, schema)}>"
    return f"Map<String, {kt_type(ref.inner, schema)}>"


LIMITS = {"i64": ("Long.MIN_VALUE", "Long.MAX_VALUE"), "int": ("Long.MIN_VALUE", "Long.MAX_VALUE"),
          "u32": ("0L", "4294967295L")}


def read(ref: TypeRef, value: str, path: str, schema: Schema, depth: int = 0) -> str:
    if ref.kind == "scalar":
        n = ref.name
        if n in ("string", "asset_id", "wallet_id", "chain"):
            return f"SchemaJson.str({value}, {path})"
        if n == "bool":
            return f"SchemaJson.bool({value}, {path})"
        if n == "i32":
            return f"SchemaJson.int({value}, {path})"
        if n in LIMITS:
            lo, hi = LIMITS[n]
            return f"SchemaJson.long({value}, {path}, {lo}, {hi})"
        if n == "u64":
            return f"SchemaJson.u64({value}, {path})"
        if n == "f64":
            return f"SchemaJson.double({value}, {path})"
        return f"SchemaJson.big({value}, {path}, {'true' if n == 'bigint' else 'false'})"
    if ref.kind == "named":
        t = schema.types[ref.name]
        if t.is_string_enum:
            return f"{type_name(t)}.read(SchemaJson.str({value}, {path}), {path})"
        return f"{type_name(t)}.read(SchemaJson.obj({value}, {path}), {path})"
    if ref.kind == "optional":
        return f"{value}.let {{ if (SchemaJson.absent(it)) null else {read(ref.inner, 'it', path, schema, depth)} }}"
    a, i, k = f"a{depth}", f"i{depth}", f"k{depth}"
    if ref.kind == "list":
        inner = read(ref.inner, f"{a}.opt({i})", f'"${{{path}}}[${i}]"', schema, depth + 1)
        return f"SchemaJson.arr({value}, {path}).let {{ {a} -> List({a}.length()) {{ {i} -> {inner} }} }}"
    inner = read(ref.inner, f"{a}.opt({k})", f"SchemaJson.join({path}, {k})", schema, depth + 1)
    return f"SchemaJson.obj({value}, {path}).let {{ {a} -> {a}.keys().asSequence().map {{ it as String }}.sorted().toList().associateWith {{ {k} -> {inner} }} }}"


def write(ref: TypeRef, value: str, schema: Schema, depth: int = 0) -> str:
    if ref.kind == "scalar":
        if ref.name in ("biguint", "bigint"):
            return f"{value}.toString()"
        if ref.name == "f64":
            return f'SchemaJson.finite({value}, "number")'
        return value
    if ref.kind == "named":
        t = schema.types[ref.name]
        return f"{value}.json" if t.is_string_enum else f"{value}.toJson()"
    if ref.kind == "optional":
        return f"{value}?.let {{ {write(ref.inner, 'it', schema, depth)} }}"
    v = f"v{depth}"
    if ref.kind == "list":
        return f"JSONArray().apply {{ {value}.forEach {{ {v} -> put({write(ref.inner, v, schema, depth + 1)}) }} }}"
    return f"JSONObject().apply {{ {value}.forEach {{ (k, {v}) -> put(k, {write(ref.inner, v, schema, depth + 1)}) }} }}"


def default_literal(f: Field, schema: Schema) -> str | None:
    if f.has_default:
        value, ref = f.default, f.type.base
        if value is None:
            return "null"
        if ref.kind == "named":
            return f"{schema.types[ref.name].foreign_name}.{value.upper()}"
        if ref.kind == "list":
            return "emptyList()"
        if ref.kind == "map":
            return "emptyMap()"
        if ref.name in ("biguint", "bigint", "u64"):
            return f'BigInteger("{int(value)}")'
        if ref.name == "string":
            return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("$", "\\$") + '"'
        if ref.name == "bool":
            return "true" if value else "false"
        if ref.name in ("i64", "int", "u32"):
            return f"{int(value)}L"
        return repr(value)
    if f.type.is_optional:
        return "null"
    return None


def params(fields: list[Field], schema: Schema) -> list[str]:
    """Constructor parameters, comma-separated (Debian's Kotlin 1.3 takes no trailing comma)."""
    out = []
    for i, f in enumerate(fields):
        d = default_literal(f, schema)
        out.append(f"    /** {f.doc} */")
        comma = "," if i < len(fields) - 1 else ""
        out.append(f"    val {kt_name(f.name)}: {kt_type(f.type, schema)}" + (f" = {d}" if d is not None else "") + comma)
    return out


def reads(fields: list[Field], schema: Schema, indent: str) -> list[str]:
    """Named constructor arguments, comma-separated without a trailing comma."""
    out = []
    for f in fields:
        path = f'SchemaJson.join(path, "{f.name}")'
        if f.type.is_optional or f.has_default:
            fallback = default_literal(f, schema) or "null"
            expr = read(f.type.base, "it", path, schema)
            out.append(f'{indent}{kt_name(f.name)} = json.opt("{f.name}").let {{ if (SchemaJson.absent(it)) {fallback} else {expr} }},')
        else:
            source = 'SchemaJson.key(json, "' + f.name + '", path)'
            out.append(f"{indent}{kt_name(f.name)} = {read(f.type, source, path, schema)},")
    if out:
        out[-1] = out[-1][:-1]
    return out


def writes(fields: list[Field], schema: Schema, indent: str) -> list[str]:
    out = []
    for f in fields:
        name = kt_name(f.name)
        if f.omit_empty:
            out.append(f'{indent}if ({name}.isNotEmpty()) put("{f.name}", {write(f.type, name, schema)})')
        elif f.type.is_optional:
            out.append(f'{indent}{name}?.let {{ put("{f.name}", {write(f.type.base, "it", schema)}) }}')
        else:
            out.append(f'{indent}put("{f.name}", {write(f.type, name, schema)})')
    return out


def redacted_to_string(name: str, fields: list[Field], indent: str) -> list[str]:
    """A toString that shows <redacted> for each secret field (a data class's own would print it)."""
    if not any(f.secret for f in fields):
        return []
    parts = ", ".join(f"{camel(f.name)}=" + ("<redacted>" if f.secret else f"${{{kt_name(f.name)}}}") for f in fields)
    return [f'{indent}/** Never shows the secret fields (' + ", ".join(camel(f.name) for f in fields if f.secret) + '). */',
            f'{indent}override fun toString(): String = "{name}({parts})"']


def record(t: Type, schema: Schema) -> list[str]:
    n = t.foreign_name
    out = [f"/** {t.doc} */"]
    if not t.fields:
        out += [f"class {n} {{", "    fun toJson(): JSONObject = JSONObject()",
                "    override fun equals(other: Any?): Boolean = other is " + n, "    override fun hashCode(): Int = 0",
                "    companion object {", f"        @JvmStatic fun fromJson(json: JSONObject): {n} = read(json, \"\")",
                f"        internal fun read(json: JSONObject, path: String): {n} = {n}()", "    }", "}", ""]
        return out
    has_defaults = any(default_literal(f, schema) is not None for f in t.fields)
    out.append(f"data class {n} @JvmOverloads constructor(" if has_defaults else f"data class {n}(")
    out += params(t.fields, schema)
    out += [") {", "    fun toJson(): JSONObject = JSONObject().apply {"]
    out += writes(t.fields, schema, "        ")
    out += ["    }", ""]
    out += redacted_to_string(n, t.fields, "    ")
    out += ["    companion object {",
            f"        /** Reads the record from its JSON object (unknown keys are ignored). */",
            f'        @JvmStatic fun fromJson(json: JSONObject): {n} = read(json, "")', "",
            f"        /** Reads a JSON array of records. */",
            f'        @JvmStatic fun listFromJson(json: JSONArray): List<{n}> = List(json.length()) {{ read(SchemaJson.obj(json.opt(it), "[$it]"), "[$it]") }}', "",
            f"        /** Writes records as a JSON array. */",
            f"        @JvmStatic fun listToJson(records: List<{n}>): JSONArray = JSONArray().apply {{ records.forEach {{ put(it.toJson()) }} }}", "",
            f"        internal fun read(json: JSONObject, path: String): {n} = {n}("]
    out += reads(t.fields, schema, "            ")
    out += ["        )", "    }", "}", ""]
    return out


def string_enum(t: Type) -> list[str]:
    n = t.foreign_name
    out = [f"/** {t.doc} */", f"enum class {n}(val json: String) {{"]
    for i, c in enumerate(t.cases):
        if c.doc:
            out.append(f"    /** {c.doc} */")
        out.append(f'    {c.name.upper()}("{c.json}")' + ("," if i < len(t.cases) - 1 else ";"))
    allowed = ", ".join(c.json for c in t.cases)
    out += ["", "    companion object {",
            f'        @JvmStatic fun fromJson(value: String): {n} = read(value, "")',
            f"        internal fun read(value: String, path: String): {n} =",
            f'            values().firstOrNull {{ it.json == value }} ?: SchemaJson.unknown(path, value, "{allowed}")',
            "    }", "}", ""]
    return out


def payload_enum(t: Type, schema: Schema) -> list[str]:
    SHADOWED.clear()
    SHADOWED.update(pascal(c.name) for c in t.cases)
    try:
        return _payload_enum(t, schema)
    finally:
        SHADOWED.clear()


def _payload_enum(t: Type, schema: Schema) -> list[str]:
    n = t.foreign_name
    allowed = ", ".join(c.name for c in t.cases)
    out = [f"/** {t.doc} */", f"sealed class {n} {{", "    abstract fun toJson(): JSONObject", ""]
    for c in t.cases:
        cn = pascal(c.name)
        out.append(f"    /** {c.doc} */")
        if not c.fields:
            out += [f"    object {cn} : {n}() {{",
                    f'        override fun toJson(): JSONObject = JSONObject().put("type", "{c.name}")',
                    f'        override fun toString(): String = "{n}.{cn}"', "    }", ""]
            continue
        out.append(f"    data class {cn}(")
        out += ["    " + line for line in params(c.fields, schema)]
        out += [f"    ) : {n}() {{", "        override fun toJson(): JSONObject = JSONObject().apply {"]
        if not t.untagged:
            out.append(f'            put("type", "{c.name}")')
        out += writes(c.fields, schema, "            ")
        out += ["        }"]
        out += redacted_to_string(f"{n}.{cn}", c.fields, "        ")
        out += ["    }", ""]
    out += ["    companion object {",
            f"        /** Reads the case its \"type\" names. */",
            f'        @JvmStatic fun fromJson(json: JSONObject): {n} = read(json, "")', "",
            f"        internal fun read(json: JSONObject, path: String): {n} {{"]
    if t.untagged:
        keys = ", ".join(c.tag_key for c in t.cases)
        out += ["            val present = listOf(" + ", ".join(f'"{c.tag_key}"' for c in t.cases) + ").filter { !SchemaJson.absent(json.opt(it)) }",
                f'            if (present.size != 1) throw RecordException((if (path.length == 0) "value" else path) + ": expected exactly one of the keys {keys}")']
        for c in t.cases:
            out.append(f'            if (present[0] == "{c.tag_key}") return {pascal(c.name)}(')
            out += reads(c.fields, schema, "                ")
            out.append("            )")
        out += [f'            throw RecordException((if (path.length == 0) "value" else path) + ": expected exactly one of the keys {keys}")',
                "        }", "    }", "}", ""]
        return out
    out += ['            val type = SchemaJson.str(SchemaJson.key(json, "type", path), SchemaJson.join(path, "type"))',
            "            return when (type) {"]
    for c in t.cases:
        cn = pascal(c.name)
        if not c.fields:
            out.append(f'                "{c.name}" -> {cn}')
        else:
            out.append(f'                "{c.name}" -> {cn}(')
            out += reads(c.fields, schema, "                    ")
            out.append("                )")
    out += [f'                else -> SchemaJson.unknown(SchemaJson.join(path, "type"), type, "{allowed}")',
            "            }", "        }", "    }", "}", ""]
    return out


def status_file(schema: Schema) -> str:
    out = ["// Generated by scripts/generate.py from schema/status.json and schema/constants.json. Do not edit.",
           "package com.gemwallet.gemstone", "", "import org.json.JSONObject", "",
           "/** The `gem_status` codes of gemstone.h. Codes are never renumbered. */", "object GemStatus {",
           "    const val OK = 0"]
    for s in schema.statuses:
        out.append(f"    /** {s.doc} */")
        out.append(f"    const val {s.name.upper()} = {s.code}")
    out += ["", "    private val names = mapOf(", '        OK to "ok",']
    out += [f'        {s.name.upper()} to "{s.name}"' + ("," if i < len(schema.statuses) - 1 else "") for i, s in enumerate(schema.statuses)]
    out += ["    )", "",
            "    /** The snake_case name the error record's `type` carries for [status], or `status_<n>` for an unknown code. */",
            "    @JvmStatic", '    fun name(status: Int): String = names[status] ?: "status_$status"', "}", "",
            "/** The constants gemstone.h publishes (GEM_<NAME>). */", "object GemConstants {"]
    for c in schema.constants:
        out.append(f"    /** {c.doc} */")
        value = f"{c.value}" if c.type == "int" else repr(float(c.value))
        out.append(f"    const val {c.name} = {value}")
    out += ["}", "",
            "/**",
            " * A failed call: one subclass per `gem_status` code, carrying the core's error record (`type`, `message`,",
            " * and for [Api] the HTTP status). Port implementations throw these too: the status reaches the core.",
            " */",
            "sealed class GemException(",
            "    /** The gem_status code. */ val status: Int,",
            "    /** The record's \"type\" (snake_case). */ val type: String,",
            "    message: String,",
            "    /** The whole error record. */ val record: JSONObject",
            ") : Exception(message) {"]
    for s in schema.statuses:
        cn = pascal(s.name)
        out.append(f"    /** {s.doc} */")
        if s.name == "api":
            out += [f"    class {cn}(type: String, message: String, record: JSONObject) : GemException(GemStatus.{s.name.upper()}, type, message, record) {{",
                    "        /** The HTTP status of the refusal, when the record carries one. */",
                    '        val httpStatus: Int? get() = if (record.has("status") && !record.isNull("status")) record.optInt("status") else null',
                    "    }"]
        else:
            out.append(f"    class {cn}(type: String, message: String, record: JSONObject) : GemException(GemStatus.{s.name.upper()}, type, message, record)")
    out.append("    /** A status this binding does not know (a newer core's); [status] keeps its code. */")
    out.append("    class Other(status: Int, type: String, message: String, record: JSONObject) : GemException(status, type, message, record)")
    out += ["", '    override fun toString(): String = "GemException.${javaClass.simpleName}($type, status $status): $message"', "",
            "    companion object {",
            "        /** The exception for [status] with the error record [bytes] (UTF-8 JSON). */",
            "        @JvmStatic",
            "        fun of(status: Int, bytes: ByteArray): GemException {",
            "            val text = String(bytes, Charsets.UTF_8)",
            "            val record = try {",
            "                JSONObject(text)",
            "            } catch (e: Exception) {",
            '                recordOf(GemStatus.name(status), if (text.length == 0) "no error record" else "unreadable error record: ${text.take(200)}")',
            "            }",
            "            return of(status, record)",
            "        }", "",
            "        /** The exception for [status] with an error [record] (`{\"type\":…,\"message\":…}`). */",
            "        @JvmStatic",
            "        fun of(status: Int, record: JSONObject): GemException {",
            '            val type = (record.opt("type") as? String) ?: GemStatus.name(status)',
            '            val message = (record.opt("message") as? String) ?: type',
            "            return when (status) {"]
    for s in schema.statuses:
        out.append(f"                GemStatus.{s.name.upper()} -> {pascal(s.name)}(type, message, record)")
    out += ["                else -> Other(status, type, message, record)", "            }", "        }", "",
            "        /** A failure the binding detects itself, shaped like the core's error records. */",
            "        @JvmStatic",
            "        fun local(status: Int, message: String): GemException = of(status, recordOf(GemStatus.name(status), message))", "",
            "        internal fun recordOf(type: String, message: String): JSONObject =",
            '            JSONObject().put("type", type).put("message", message)',
            "    }", "}", ""]
    return "\n".join(out)


def generate(schema: Schema) -> dict[str, str]:
    out = ["// Generated by scripts/generate.py from schema/*.json. Do not edit: change the schema and regenerate.",
           "// Every record and enum that crosses the ABI, with its org.json mapping (docs/records.md).",
           "package com.gemwallet.gemstone", "", "import org.json.JSONArray", "import org.json.JSONObject",
           "import java.math.BigInteger", ""]
    out += RUNTIME.strip().splitlines() + [""]
    for t in schema.ordered():
        out += record(t, schema) if t.kind == "record" else string_enum(t) if t.is_string_enum else payload_enum(t, schema)
    base = "bindings/kotlin/src/main/kotlin/com/gemwallet/gemstone/generated/"
    return {base + "Records.kt": "\n".join(out).rstrip() + "\n", base + "Status.kt": status_file(schema).rstrip() + "\n"}


def test_registry(schema: Schema) -> dict[str, str]:
    """The Kotlin suites' table of each schema type's JSON round trip, by its schema name."""
    out = ["// Generated by scripts/generate.py from schema/*.json. Do not edit.", "package com.gemwallet.gemstone.tests",
           "", "import com.gemwallet.gemstone.*", "import org.json.JSONObject", "",
           "/** Reads a JSON value (a JSONObject, or a String for an enum without payload) as the named schema type and writes it back. */",
           "val schemaRoundTrips: Map<String, (Any) -> Any> = mapOf("]
    for t in schema.ordered():
        n = t.foreign_name
        if t.is_string_enum:
            out.append(f'    "{t.name}" to {{ v -> {n}.fromJson(v as? String ?: throw RecordException("not a string: $v")).json }},')
        else:
            out.append(f'    "{t.name}" to {{ v -> {n}.fromJson(v as? JSONObject ?: throw RecordException("not an object: $v")).toJson() }},')
    out[-1] = out[-1].rstrip(",")
    out.append(")")
    return {"bindings/kotlin/src/test/kotlin/com/gemwallet/gemstone/tests/generated/SchemaRoundTrips.kt": "\n".join(out) + "\n"}


def header_facts(header_text: str) -> dict[str, str]:
    """The Kotlin suites' view of gemstone.h, read by the project's one header reader (scripts/gen/header.py):
    the functions with their parameter counts, the structs with their fields, the ABI version."""
    from .header import Header
    header = Header(text=header_text)
    out = ["// Generated by scripts/generate.py from include/gemstone.h (read by scripts/gen/header.py). Do not edit.",
           "package com.gemwallet.gemstone.tests", "",
           "/** A function gemstone.h declares: its name and how many parameters it takes. */",
           "data class HeaderFunction(val name: String, val parameterCount: Int)", "",
           "/** A struct gemstone.h defines: its name and its fields in order. */",
           "data class HeaderStruct(val name: String, val fields: List<String>)", "",
           "/** What include/gemstone.h declares. */", "object HeaderFacts {",
           f"    const val ABI_VERSION = {header.int_define('GEM_ABI_VERSION')}", "",
           "    val functions: List<HeaderFunction> = listOf("]
    functions = [f'        HeaderFunction("{d.name}", {len(d.params)})' for d in header.functions.values()]
    out.append(",\n".join(functions))
    out += ["    )", "", "    val structs: List<HeaderStruct> = listOf("]
    structs = [f'        HeaderStruct("{name}", listOf(' + ", ".join(f'"{f}"' for _, f in fields) + "))"
               for name, fields in header.structs.items()]
    out.append(",\n".join(structs))
    out += ["    )", "}", ""]
    return {"bindings/kotlin/src/test/kotlin/com/gemwallet/gemstone/tests/generated/HeaderFacts.kt": "\n".join(out)}


JNA_SCALAR = {"const char *": "String?", "const uint8_t *": "ByteArray?", "uint8_t *": "Pointer?", "size_t": "SizeT",
              "gem_status": "Int", "int32_t": "Int", "uint32_t": "Int", "int64_t": "Long", "uint64_t": "Long",
              "double": "Double", "void *": "Pointer?", "gem_buffer *": "GemBuffer?"}


def jna_class(name: str) -> str:
    """gem_wallet_store -> GemWalletStoreTable; gem_completion_fn -> GemCompletionFn."""
    camel = "".join(part[:1].upper() + part[1:] for part in name.split("_"))
    return camel if name.endswith("_fn") else camel + "Table"


def jna_type(ctype: str, header) -> str:
    if ctype in JNA_SCALAR:
        return JNA_SCALAR[ctype]
    if ctype in header.callbacks:
        return jna_class(ctype) + "?"
    bare = ctype.replace("const ", "")
    if bare.endswith(" **") and bare[:-3] in header.opaque:
        return "PointerByReference?"
    if bare.endswith(" *") and bare[:-2] in header.opaque:
        return "Pointer?"
    if bare.endswith(" *") and bare[:-2] in header.structs:
        return jna_class(bare[:-2]) + "?"
    raise ValueError(f"no JNA mapping for the C type {ctype!r}")


def jna_declarations(header_text: str) -> dict[str, str]:
    """The JNA view of gemstone.h: the Library interface (every function, header order) and the port tables as
    Structures with their fields in order; gem_buffer, size_t and the callback interfaces stay in NativeTypes.kt."""
    from .header import Header
    header = Header(text=header_text)
    base = "bindings/kotlin/src/main/kotlin/com/gemwallet/gemstone/ffi/generated/"
    lib = ["// Generated by scripts/generate.py from include/gemstone.h (read by scripts/gen/header.py). Do not edit.",
           "package com.gemwallet.gemstone.ffi", "", "import com.sun.jna.Library", "import com.sun.jna.Pointer",
           "import com.sun.jna.ptr.PointerByReference", "",
           "/**", " * Every function of `include/gemstone.h`, one method each, named and ordered as the header declares them.",
           " * Handles are `Pointer`s; `const char *` is a `String` (the library is loaded with UTF-8 string encoding);",
           " * `gem_buffer *` is a [GemBuffer] passed by reference. The classes of `com.gemwallet.gemstone` wrap this raw ABI",
           " * with ownership, error and lifetime handling.", " */",
           '@Suppress("FunctionName")', "interface GemstoneLibrary : Library {"]
    for name, decl in header.functions.items():
        params = ", ".join(f"{kt_name(p)}: {jna_type(t, header)}" for t, p in decl.params)
        returns = "" if decl.returns == "void" else ": " + jna_type(decl.returns, header).rstrip("?")
        lib.append(f"    fun {name}({params}){returns}")
    lib += ["}", ""]
    tables = ["// Generated by scripts/generate.py from include/gemstone.h (read by scripts/gen/header.py). Do not edit.",
              "package com.gemwallet.gemstone.ffi", "", "import com.sun.jna.Pointer", "import com.sun.jna.Structure", "",
              "// The port callback tables of gemstone.h, field for field. Each sets struct_size to its own size (sizeof the",
              "// C struct at this binding's compile time). The core copies a table when a service is made, so the native",
              "// memory only has to live for that call; the callbacks and the context must stay valid until the core calls",
              "// `release(context)`.", ""]
    for name, fields in header.structs.items():
        if name == "gem_buffer":
            continue
        tables.append(f"/** `{name}`. */")
        tables.append("@Structure.FieldOrder(" + ", ".join(f'"{f}"' for _, f in fields) + ")")
        tables.append(f"class {jna_class(name)} : Structure() {{")
        for t, f in fields:
            kind = jna_type(t, header)
            default = "0" if kind == "Int" else "null"
            tables.append(f"    @JvmField var {f}: {kind} = {default}")
        if any(f == "struct_size" for _, f in fields):
            tables += ["", "    init {", "        struct_size = size()", "    }"]
        tables += ["}", ""]
    return {base + "GemstoneLibrary.kt": "\n".join(lib), base + "PortTables.kt": "\n".join(tables).rstrip() + "\n"}


def projections(schema: Schema) -> dict[str, str]:
    """generated/Projections.kt: one extension of Presentation per schema function, taking the request record's
    fields as parameters (Presentation.project does the call and maps an unreadable answer to Internal)."""
    if not schema.functions:
        return {}
    out = ["// Generated by scripts/generate.py from schema/*.json (functions). Do not edit.",
           "// The pure projection functions of gemstone.h, called as Presentation.<name>(...) (docs/records.md#functions).",
           "package com.gemwallet.gemstone", ""]
    for fn in schema.functions:
        req = schema.types[fn.request]
        params = []
        for f in wrapper_order(req.fields):
            d = default_literal(f, schema)
            params.append(f"{kt_name(f.name)}: {kt_type(f.type, schema)}" + (f" = {d}" if d is not None else ""))
        args = ", ".join(kt_name(f.name) for f in req.fields)
        reader = read(fn.answer, "it", '""', schema)
        out += [f"/** {fn.doc.rstrip('.')} (`{fn.name}`, request [{req.foreign_name}]). */",
                f"fun Presentation.{camel(fn.short)}({', '.join(params)}): {kt_type(fn.answer, schema)} =",
                f"    project({req.foreign_name}({args}).toJson(), {{ r, o -> Gemstone.library.{fn.name}(r, o) }}) {{ {reader} }}", ""]
    if any("BigInteger" in line for line in out[4:]):
        out[4:4] = ["import java.math.BigInteger", ""]
    return {"bindings/kotlin/src/main/kotlin/com/gemwallet/gemstone/generated/Projections.kt": "\n".join(out).rstrip() + "\n"}
