package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.chain
import com.gemwallet.gemstone.isValid
import com.gemwallet.gemstone.GemException

import com.gemwallet.gemstone.AddressErrorType
import com.gemwallet.gemstone.AddressValidation
import com.gemwallet.gemstone.validateAddress

/**
 * `validateAddress` against Tests/BlockchainTests/Vectors/validation.json (see [ValidationVectors]):
 * every valid address answers its send form, every invalid one its specific reason.
 */
class AddressValidationTests : Suite {
    override val name = "address"

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("every vector of validation.json: valid with its send form, or rejected with its reason") {
            val vectors = ValidationVectors.vectors
            check(vectors.size > 100) { "${vectors.size} vectors" }
            val families = vectors.map { it.getString("chain") }.toSet()
            check(families.containsAll(listOf("ethereum", "bitcoin", "solana", "cosmos", "ton", "tron", "aptos", "sui", "xrp", "near", "stellar", "algorand", "polkadot", "cardano", "hypercore"))) {
                "chains covered: $families"
            }
            val failures = ArrayList<String>()
            for (vector in vectors) {
                val chain = vector.getString("chain")
                val address = vector.getString("address")
                val expect = vector.getString("expect")
                val answer = validateAddress(chain, address)
                if (answer.chain != chain) failures.add("$chain <$address>: answered for ${answer.chain}")
                when (answer) {
                    is AddressValidation.Valid ->
                        if (expect != "valid") {
                            failures.add("$chain <$address>: valid, expected $expect (${vector.optString("why")})")
                        } else if (vector.has("normalized") && answer.address != vector.getString("normalized")) {
                            failures.add("$chain <$address>: send form ${answer.address}, expected ${vector.getString("normalized")}")
                        }
                    is AddressValidation.Invalid -> {
                        if (answer.error.type.json != expect) {
                            failures.add("$chain <$address>: ${answer.error.type.json}, expected $expect (${vector.optString("why")})")
                        }
                        if (answer.error.message.length == 0) failures.add("$chain <$address>: no message")
                    }
                }
            }
            check(failures.isEmpty()) { "${failures.size} of ${vectors.size} vectors disagree:\n" + failures.joinToString("\n") }
        },
        test("a valid address answers its send form: trimmed, EIP-55, lower-case bech32") {
            checkEqual(
                AddressValidation.Valid("ethereum", "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"),
                validateAddress("ethereum", "  0x9858effd232b4033e47d90003d41ec34ecaeda94\n"),
                "lower-case EVM address"
            )
            checkEqual(
                AddressValidation.Valid("bitcoin", "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu"),
                validateAddress("bitcoin", "BC1QCR8TE4KR609GCAWUTMRZA0J4XV80JY8Z306FYU"),
                "upper-case bech32"
            )
            check(validateAddress("solana", "HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk").isValid) { "solana" }
        },
        test("rejections are values with their reason; a wrong prefix says which") {
            val checksum = validateAddress("ethereum", "0x9858eFfd232b4033e47D90003d41ec34eCAeDA94")
            check(checksum is AddressValidation.Invalid && checksum.error.type == AddressErrorType.INVALID_CHECKSUM) { "$checksum" }
            val osmosis = AddressVectors.accounts(ABANDON_PHRASE).getJSONObject("osmosis").getString("address")
            val prefix = validateAddress("cosmos", osmosis)
            check(prefix is AddressValidation.Invalid && prefix.error.type == AddressErrorType.WRONG_PREFIX) { "$prefix" }
            prefix as AddressValidation.Invalid
            checkEqual("cosmos", prefix.error.expected, "expected prefix")
            checkEqual("osmo", prefix.error.found, "found prefix")
            val empty = validateAddress("bitcoin", "   ")
            check(empty is AddressValidation.Invalid && empty.error.type == AddressErrorType.EMPTY) { "$empty" }
            check(!empty.isValid) { "isValid of a rejection" }
        },
        test("an unknown chain id is an GemException.InvalidArgument with its record") {
            for (chain in listOf("", "Ethereum", "notachain", "bitcoin ")) {
                val error = checkThrows<GemException.InvalidArgument>("chain <$chain>") { validateAddress(chain, "0x9858EfFD232B4033E47d90003D41EC34EcaEda94") }
                checkEqual("invalid_argument", error.record.getString("type"), "record type for <$chain>")
            }
        }
    )
}
