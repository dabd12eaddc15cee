package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.RecordException
import org.json.JSONArray
import org.json.JSONObject
import java.io.File

/**
 * The generated records (generated/Records.kt, from the schema files in schema/) against the golden values every language
 * shares (schema/golden/): each value read and written back equals itself; each invalid value is refused.
 */
class SchemaTests : Suite {
    override val name = "schema"

    private fun schemaDir(): File = File(Repository.root, "schema")

    private fun typeNames(schema: File): List<String> =
        schema.listFiles { f -> f.name.endsWith(".json") }!!.sortedBy { it.name }.flatMap { file ->
            val types = JSONObject(file.readText()).optJSONArray("types") ?: JSONArray()
            (0 until types.length()).map { types.getJSONObject(it).let { t -> t.optString("record").ifEmpty { t.getString("enum") } } }
        }

    private fun values(file: File): List<Any> =
        if (!file.exists()) emptyList() else JSONArray(file.readText()).let { a -> (0 until a.length()).map { a.get(it) } }

    /** A JSON value as plain Kotlin values (keys sorted, integers as Long), so two parses compare by value. */
    private fun canon(value: Any?): Any? = when (value) {
        is JSONObject -> value.keys().asSequence().map { it as String }.toList().sorted().map { it to canon(value.opt(it)) }
        is JSONArray -> (0 until value.length()).map { canon(value.opt(it)) }
        is Int -> value.toLong()
        // A u64 field reads back as a BigInteger: within Long's range it is the same number as the parsed Long.
        is java.math.BigInteger -> if (value.bitLength() < 64) value.toLong() else value
        // JSON numbers compare by value: 2500000 and 2500000.0 are one number.
        is Double -> if (value == Math.rint(value) && Math.abs(value) < 9.0e15) value.toLong() else value
        JSONObject.NULL -> null
        else -> value
    }

    private fun same(a: Any, b: Any): Boolean = canon(a) == canon(b)

    override fun tests(): List<Pair<String, () -> Unit>> {
        val schema = schemaDir()
        val names = typeNames(schema)
        return listOf(
            "every schema type has a generated round trip and golden values" to {
                checkEqual(names.sorted(), schemaRoundTrips.keys.sorted(), "generated types")
                for (name in names) check(values(File(schema, "golden/$name.json")).isNotEmpty()) { "schema/golden/$name.json" }
            },
            "golden values round trip, invalid ones are refused" to {
                for (name in names) {
                    val roundTrip = schemaRoundTrips.getValue(name)
                    for (value in values(File(schema, "golden/$name.json"))) check(same(roundTrip(value), value)) { "$name: $value" }
                    for (value in values(File(schema, "golden/invalid/$name.json"))) {
                        val refused = try { roundTrip(value); false } catch (e: RecordException) { true }
                        check(refused) { "$name accepted $value" }
                    }
                }
            },
            "an unknown enum value lists the allowed values" to {
                val json = JSONObject("""{"id":"bitcoin","name":"Bitcoin","symbol":"BTC","decimals":8,"type":"compact"}""")
                val message = try { schemaRoundTrips.getValue("Asset")(json); "" } catch (e: RecordException) { e.message ?: "" }
                check(message.startsWith("type: unknown value \"compact\"; expected one of native, erc20")) { message }
            }
        )
    }
}
