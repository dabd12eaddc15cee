package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.Gemstone
import com.gemwallet.gemstone.ffi.GemstoneLibrary
import com.sun.jna.NativeLibrary

/** A function gemstone.h declares: its name and how many parameters it takes. */
data class HeaderFunction(val name: String, val parameterCount: Int)

/**
 * Reads the function declarations of a C header: comments are removed, then every
 * `<type> gem_name(<parameters>);` outside a typedef is a function.
 */
object HeaderParser {
    fun functions(source: String): List<HeaderFunction> {
        val code = source
            .replace(Regex("/\\*.*?\\*/", RegexOption.DOT_MATCHES_ALL), " ")
            .replace(Regex("//[^\n]*"), " ")
            .lines().filterNot { it.trimStart().startsWith("#") }.joinToString("\n")
            .replace(Regex("extern\\s+\"C\"\\s*\\{"), " ")
        val declaration = Regex("\\b(gem_[A-Za-z0-9_]+)\\s*\\(([^()]*(?:\\([^()]*\\)[^()]*)*)\\)\\s*;")
        return code.split(';').mapNotNull { statement ->
            val text = "$statement;".trim()
            if (text.startsWith("typedef")) return@mapNotNull null
            val match = declaration.find(text) ?: return@mapNotNull null
            val parameters = match.groupValues[2].trim()
            val count = if (parameters.length == 0 || parameters == "void") 0 else splitParameters(parameters).size
            HeaderFunction(match.groupValues[1], count)
        }
    }

    private fun splitParameters(text: String): List<String> {
        val parts = ArrayList<String>()
        var depth = 0
        val current = StringBuilder()
        for (c in text) {
            when {
                c == '(' -> { depth++; current.append(c) }
                c == ')' -> { depth--; current.append(c) }
                c == ',' && depth == 0 -> { parts.add(current.toString()); current.setLength(0) }
                else -> current.append(c)
            }
        }
        parts.add(current.toString())
        return parts
    }
}

/** Every function of include/gemstone.h has a JNA binding of the same arity, and the library exports it. */
class BindingCompletenessTests : Suite {
    override val name = "completeness"

    private val header by lazy { HeaderParser.functions(Repository.header.readText()) }

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("the parser reads declarations and skips typedefs and comments") {
            val sample = """
                /* gem_in_comment(int a); */
                typedef void (*gem_fn_type)(void *_Nullable context, int x);
                uint32_t gem_version(void);
                gem_status gem_two(const char *_Nullable a,
                                   gem_buffer *_Nullable out); // gem_trailing(int)
                void gem_callback_arg(void (*_Nullable f)(int, int), int b);
            """
            checkEqual(
                listOf(HeaderFunction("gem_version", 0), HeaderFunction("gem_two", 2), HeaderFunction("gem_callback_arg", 2)),
                HeaderParser.functions(sample),
                "parsed functions"
            )
        },
        test("the header declares the functions this binding was written for") {
            val expected = listOf(
                HeaderFunction("gem_abi_version", 0),
                HeaderFunction("gem_buffer_free", 1),
                HeaderFunction("gem_call_ok", 3),
                HeaderFunction("gem_call_fail", 3),
                HeaderFunction("gem_preferences_service_new", 3),
                HeaderFunction("gem_price_alert_service_new", 7),
                HeaderFunction("gem_price_alert_service_set_enabled", 4)
            )
            val missing = expected.filter { it !in header }
            check(missing.isEmpty()) { "the parser did not find $missing in ${Repository.header}; it found $header" }
            checkEqual(header.size, header.map { it.name }.toSet().size, "functions declared once each")
        },
        test("every header function has a JNA method with its arity") {
            val methods = GemstoneLibrary::class.java.methods.groupBy { it.name }
            val missing = header.filter { it.name !in methods }
            check(missing.isEmpty()) { "GemstoneLibrary lacks ${missing.map { it.name }}" }
            val wrongArity = header.filter { function -> methods[function.name].orEmpty().none { it.parameterCount == function.parameterCount } }
            check(wrongArity.isEmpty()) {
                "arity differs for " + wrongArity.joinToString { f -> "${f.name} (header ${f.parameterCount}, JNA ${methods[f.name]?.map { it.parameterCount }})" }
            }
        },
        test("the JNA interface declares nothing the header lacks") {
            val declared = header.map { it.name }.toSet()
            val extra = GemstoneLibrary::class.java.declaredMethods.map { it.name }.filter { it.startsWith("gem_") && it !in declared }
            check(extra.isEmpty()) { "GemstoneLibrary declares functions not in gemstone.h: $extra" }
        },
        test("the loaded library exports every header function") {
            val library = NativeLibrary.getInstance(Gemstone.location)
            val unresolved = header.filter { function ->
                try {
                    library.getFunction(function.name)
                    false
                } catch (e: UnsatisfiedLinkError) {
                    true
                }
            }
            check(unresolved.isEmpty()) { "${Gemstone.location} does not export ${unresolved.map { it.name }}" }
        },
        test("the library's ABI version is the binding's") {
            checkEqual(Gemstone.ABI_VERSION, Gemstone.library.gem_abi_version(), "gem_abi_version()")
            val define = Regex("#define\\s+GEM_ABI_VERSION\\s+(\\d+)").find(Repository.header.readText())?.groupValues?.get(1)
            checkEqual(Gemstone.ABI_VERSION.toString(), define, "GEM_ABI_VERSION in gemstone.h")
        }
    )
}
