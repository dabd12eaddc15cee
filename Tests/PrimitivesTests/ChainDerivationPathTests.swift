import Primitives
import Testing

struct ChainDerivationPathTests {
    @Test(arguments: Chain.allCases)
    func defaultPathRoundTripsThroughText(_ chain: Chain) throws {
        let path = chain.config.derivationPath
        #expect(try DerivationPath(parsing: path.description) == path)
    }

    @Test func parsesHardenedAndSoftLevels() throws {
        let path = try DerivationPath(parsing: "m/84'/0'/0'/1/7")
        #expect(path.childNumbers == [0x8000_0054, 0x8000_0000, 0x8000_0000, 1, 7])
        #expect(!path.isFullyHardened)
        #expect(try DerivationPath(parsing: "m/44h/501H/0'/0'").description == "m/44'/501'/0'/0'")
        #expect(try DerivationPath(parsing: "m").components.isEmpty)
        #expect(try DerivationPath(parsing: "m/2147483647'").childNumbers == [0xFFFF_FFFF])
    }

    @Test(arguments: [
        ("", DerivationPathError.missingRoot),
        ("44'/60'", .missingRoot),
        ("M/44'", .missingRoot),
        ("m/", .invalidComponent("")),
        ("m//0", .invalidComponent("")),
        ("m/44''", .invalidComponent("44''")),
        ("m/-1", .invalidComponent("-1")),
        ("m/0x10", .invalidComponent("0x10")),
        ("m/ 1", .invalidComponent(" 1")),
        ("m/2147483648", .indexOutOfRange("2147483648")),
        ("m/99999999999'", .indexOutOfRange("99999999999'")),
    ])
    func rejects(_ text: String, _ error: DerivationPathError) {
        #expect(throws: error) { try DerivationPath(parsing: text) }
    }
}
