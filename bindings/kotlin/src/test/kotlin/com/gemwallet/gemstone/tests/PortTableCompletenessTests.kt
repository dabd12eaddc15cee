package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.ffi.GemstoneLibrary
import com.sun.jna.Structure

/**
 * Every struct of include/gemstone.h (the buffer and each port table) has a JNA structure with the
 * same fields in the same order, and the wallet functions this binding was written for are declared
 * with their arity (the completeness suite checks the JNA methods of every header function).
 */
class PortTableCompletenessTests : Suite {
    override val name = "tables"

    // The header's structs as the project's one header reader sees them (generated/HeaderFacts.kt).
    private val structs = HeaderFacts.structs

    /** gem_buffer -> GemBuffer, gem_wallet_store -> GemWalletStoreTable. */
    private fun className(struct: String): String {
        val camel = struct.split('_').joinToString("") { part -> part.substring(0, 1).toUpperCase() + part.substring(1) }
        return "com.gemwallet.gemstone.ffi." + if (struct == "gem_buffer") camel else camel + "Table"
    }

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("the header defines the wallet port tables") {
            val names = structs.map { it.name }
            for (table in listOf("gem_wallet_store", "gem_wallet_session_store", "gem_secure_store", "gem_keystore_password")) {
                check(table in names) { "$table not found in ${Repository.header}; found $names" }
            }
            checkEqual(
                listOf("struct_size", "context", "release", "get_wallets", "get_wallet", "add_wallet", "save_wallet", "delete_wallet"),
                structs.first { it.name == "gem_wallet_store" }.fields,
                "gem_wallet_store fields"
            )
        },
        test("every header struct has a JNA structure with its fields in order") {
            val problems = ArrayList<String>()
            for (struct in structs) {
                val type = try {
                    Class.forName(className(struct.name))
                } catch (e: ClassNotFoundException) {
                    problems.add("${struct.name}: no class ${className(struct.name)}")
                    continue
                }
                val order = type.getAnnotation(Structure.FieldOrder::class.java)?.value?.toList()
                if (order != struct.fields) problems.add("${struct.name}: header ${struct.fields}, ${type.simpleName} $order")
                val instance = type.getDeclaredConstructor().newInstance() as Structure
                if (struct.fields.firstOrNull() == "struct_size") {
                    val size = type.getField("struct_size").get(instance) as Int
                    if (size != instance.size()) problems.add("${struct.name}: struct_size $size, size ${instance.size()}")
                }
            }
            check(problems.isEmpty()) { problems.joinToString("\n") }
        },
        test("the header declares the wallet functions this binding was written for") {
            val header = HeaderFacts.functions
            val expected = listOf(
                HeaderFunction("gem_wallet_session_service_new", 5),
                HeaderFunction("gem_wallet_session_service_free", 1),
                HeaderFunction("gem_wallet_session_service_get_wallets", 3),
                HeaderFunction("gem_wallet_session_service_get_wallet", 4),
                HeaderFunction("gem_wallet_session_service_require_wallet", 4),
                HeaderFunction("gem_wallet_session_service_get_current_wallet_id", 2),
                HeaderFunction("gem_wallet_session_service_get_current_wallet", 3),
                HeaderFunction("gem_wallet_service_new", 7),
                HeaderFunction("gem_wallet_service_free", 1),
                HeaderFunction("gem_wallet_service_create_wallet", 4),
                HeaderFunction("gem_wallet_service_import_wallet", 4),
                HeaderFunction("gem_wallet_service_preview_import", 4),
                HeaderFunction("gem_wallet_service_rename_wallet", 5),
                HeaderFunction("gem_wallet_service_set_pinned", 5),
                HeaderFunction("gem_wallet_service_delete_wallet", 4),
                HeaderFunction("gem_wallet_service_set_current_wallet_id", 4),
                HeaderFunction("gem_wallet_service_export_secret", 4),
                HeaderFunction("gem_wallet_service_startup_sweep", 3),
                HeaderFunction("gem_address_validate", 3)
            )
            val missing = expected.filter { it !in header }
            check(missing.isEmpty()) { "the header lacks $missing" }
            // The wallet and wallet-session services' functions (gem_wallet_home_service_* and the wallet row projections
            // share the "gem_wallet_" prefix but are other bindings').
            val isWalletService = { name: String -> name.startsWith("gem_wallet_service_") || name.startsWith("gem_wallet_session_service_") }
            val wallet = header.filter { isWalletService(it.name) }
            checkEqual(expected.filter { isWalletService(it.name) }.toSet(), wallet.toSet(), "wallet functions in the header")
            val methods = GemstoneLibrary::class.java.methods.map { it.name }.toSet()
            check(expected.all { it.name in methods }) { "GemstoneLibrary lacks ${expected.filter { it.name !in methods }}" }
        }
    )
}
