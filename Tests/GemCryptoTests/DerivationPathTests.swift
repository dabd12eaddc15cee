import GemCrypto
import Testing

@Suite struct DerivationPathTests {
    @Test func parsesBothHardenedMarkers() throws {
        let a = try DerivationPath("m/44'/60'/0'/0/0")
        let b = try DerivationPath("m/44h/60H/0h/0/0")
        #expect(a == b)
        #expect(a.description == "m/44'/60'/0'/0/0")
        #expect(a.components.map(\.childNumber) == [0x8000_002C, 0x8000_003C, 0x8000_0000, 0, 0])
        #expect(try DerivationPath("m").components.isEmpty)
        #expect(try DerivationPath("m/2147483647'").components[0].childNumber == 0xFFFF_FFFF)
    }

    @Test(arguments: [
        ("", DerivationError.pathMustStartWithM),
        ("44'/0'", .pathMustStartWithM),
        ("M/44'", .pathMustStartWithM),
        ("m/", .emptyComponent(index: 0)),
        ("m//0", .emptyComponent(index: 0)),
        ("m/0/", .emptyComponent(index: 1)),
        ("m/a", .invalidComponent(index: 0, text: "a")),
        ("m/0/1x", .invalidComponent(index: 1, text: "1x")),
        ("m/'", .invalidComponent(index: 0, text: "'")),
        ("m/1''", .invalidComponent(index: 0, text: "1''")),
        ("m/-1", .invalidComponent(index: 0, text: "-1")),
        ("m/ 1", .invalidComponent(index: 0, text: " 1")),
        ("m/2147483648", .indexOutOfRange(index: 0, text: "2147483648")),
        ("m/0/99999999999999999999'", .indexOutOfRange(index: 1, text: "99999999999999999999'")),
    ]) func rejects(_ text: String, _ error: DerivationError) {
        #expect(throws: error) { try DerivationPath(text) }
    }

    @Test func rejectsTooDeep() {
        let text = "m" + String(repeating: "/0", count: 256)
        #expect(throws: DerivationError.pathTooDeep) { try DerivationPath(text) }
        #expect((try? DerivationPath("m" + String(repeating: "/0", count: 255))) != nil)
    }

    @Test func components() {
        #expect(DerivationPath.Component(index: 0x8000_0000, hardened: false) == nil)
        #expect(DerivationPath.Component(childNumber: 0x8000_0005) == DerivationPath.Component(index: 5, hardened: true))
    }
}
