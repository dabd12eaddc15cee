@file:JvmName("Addresses")

package com.gemwallet.gemstone

import org.json.JSONObject

/** Why an address was rejected (`gem_address_validate`'s error `type`). */
enum class AddressErrorType(val json: String) {
    EMPTY("empty"),
    INVALID_CHARACTER("invalid_character"),
    MIXED_CASE("mixed_case"),
    INVALID_CHECKSUM("invalid_checksum"),
    /** The address starts with another chain's prefix; [AddressError.expected] and [AddressError.found] say which. */
    WRONG_PREFIX("wrong_prefix"),
    WRONG_NETWORK("wrong_network"),
    INVALID_LENGTH("invalid_length"),
    NON_CANONICAL_ENCODING("non_canonical_encoding"),
    UNSUPPORTED_FORMAT("unsupported_format"),
    /** The bytes decode but are no valid public key of the chain's curve. */
    INVALID_PUBLIC_KEY("invalid_public_key");

    companion object {
        @JvmStatic
        fun fromJson(value: String): AddressErrorType =
            values().firstOrNull { it.json == value } ?: throw IllegalArgumentException("unknown address error \"$value\"")
    }
}

/** The reason an address was rejected, with the core's message; [expected]/[found] for a wrong prefix. */
data class AddressError(
    val type: AddressErrorType,
    val message: String,
    val expected: String? = null,
    val found: String? = null
) {
    companion object {
        @JvmStatic
        fun fromJson(json: JSONObject): AddressError = AddressError(
            type = AddressErrorType.fromJson(json.requireString("type")),
            message = json.requireString("message"),
            expected = json.stringOrNull("expected"),
            found = json.stringOrNull("found")
        )
    }
}

/**
 * The answer to [validateAddress]: [Valid] with the form to send to (whitespace trimmed, EIP-55
 * case, lower-case bech32, CashAddr without its prefix), or [Invalid] with the reason. A rejected
 * address is an answer, not an exception.
 */
sealed class AddressValidation {
    abstract val chain: String

    data class Valid(override val chain: String, val address: String) : AddressValidation()
    data class Invalid(override val chain: String, val error: AddressError) : AddressValidation()

    val isValid: Boolean get() = this is Valid

    companion object {
        /** Reads `{"chain":…,"address":…}` or `{"chain":…,"error":{…}}`. */
        @JvmStatic
        fun fromJson(json: JSONObject): AddressValidation {
            val chain = json.requireString("chain")
            val error = if (json.has("error") && !json.isNull("error")) json.get("error") else null
            return when {
                error is JSONObject -> Invalid(chain, AddressError.fromJson(error))
                error != null -> throw IllegalArgumentException("\"error\" is not an object")
                else -> Valid(chain, json.requireString("address"))
            }
        }
    }
}

/**
 * Checks an address the user typed or pasted for [chain] (its id: "ethereum", "bitcoin",
 * "cosmos", …). Synchronous and pure. An unknown chain id is an [GemException.InvalidArgument].
 */
fun validateAddress(chain: String, address: String): AddressValidation {
    val bytes = bufferCall { Gemstone.library.gem_address_validate(chain, address, it) }
    return decodeResult("address validation", bytes) { AddressValidation.fromJson(parseObject(it)) }
}
