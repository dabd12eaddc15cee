@file:JvmName("Addresses")

package com.gemwallet.gemstone


// AddressValidation (Valid with the form to send to, Invalid with an AddressError), AddressError and
// AddressErrorType are generated from schema/wallet_service.json (generated/Records.kt).

/** The chain asked about. */
val AddressValidation.chain: String
    get() = when (this) {
        is AddressValidation.Valid -> chain
        is AddressValidation.Invalid -> chain
    }

/** True for [AddressValidation.Valid]. */
val AddressValidation.isValid: Boolean get() = this is AddressValidation.Valid

/**
 * Checks an address the user typed or pasted for [chain] (its id: "ethereum", "bitcoin",
 * "cosmos", …). Synchronous and pure. An unknown chain id is an [GemException.InvalidArgument].
 */
fun validateAddress(chain: String, address: String): AddressValidation {
    val bytes = bufferCall { Gemstone.library.gem_address_validate(chain, address, it) }
    return decodeResult("address validation", bytes) { AddressValidation.fromJson(parseObject(it)) }
}
