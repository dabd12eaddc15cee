package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.Gemstone
import com.gemwallet.gemstone.ffi.GemstoneLibrary
import com.sun.jna.NativeLibrary

/** Every function of include/gemstone.h has a JNA binding of the same arity, and the library exports it. */
class BindingCompletenessTests : Suite {
    override val name = "completeness"

    // The header's functions as the project's one header reader sees them (generated/HeaderFacts.kt; the test
    // command fails when that file is stale).
    private val header = HeaderFacts.functions

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
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
            val define = HeaderFacts.ABI_VERSION.toString()
            checkEqual(Gemstone.ABI_VERSION.toString(), define, "GEM_ABI_VERSION in gemstone.h")
        },
        test("the library's release is the header's and the binding's") {
            val define = Regex("(?m)^#define GEM_VERSION \"([0-9.]+)\"$").find(Repository.header.readText())?.groupValues?.get(1)
            checkEqual(Gemstone.VERSION, define, "GEM_VERSION in gemstone.h")
            checkEqual(Gemstone.VERSION, Gemstone.version, "gem_version()")
        }
    )
}
