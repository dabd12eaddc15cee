import Gemstone
import Primitives
import Testing

struct GemAddressValidationTests {
    @Test func validAddressAnswersTheFormToSendTo() throws {
        // EIP-55's published example address (eips.ethereum.org/EIPS/eip-55), typed in lower case.
        let answer = GemAddressValidation.validate(chain: .ethereum, text: " 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed\n")
        #expect(answer.address == "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")
        #expect(answer.error == nil)
        #expect(try JSONCodec.encodeString(answer) == #"{"chain":"ethereum","address":"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"}"#)
    }

    @Test func rejectedAddressIsAnAnswerNamingTheReason() throws {
        let answer = GemAddressValidation.validate(chain: .osmosis, text: "cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4")
        #expect(!answer.isValid)
        #expect(try JSONCodec.encodeString(answer) == #"{"chain":"osmosis","error":{"type":"wrong_prefix","message":"address should start with osmo, not cosmos","expected":"osmo","found":"cosmos"}}"#)
    }

    @Test(arguments: [
        (Chain.ethereum, "", "empty"),
        (Chain.ethereum, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", "invalid_checksum"),
        (Chain.ethereum, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA", "invalid_length"),
        (Chain.bitcoin, "ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh", "wrong_prefix"),
    ])
    func errorTypes(chain: Chain, text: String, type: String) {
        #expect(GemAddressValidation.validate(chain: chain, text: text).error?.type.rawValue == type)
    }
}
