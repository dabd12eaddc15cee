import Foundation
import Primitives
import Testing

/// schema/golden/: the values every language must read and write back identically (schema/golden/README.md).
enum SchemaGolden {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../schema").standardized

    /// The schema's type names, read from schema/*.json.
    static let typeNames: [String] = {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: root.path) else { return [] }
        var names: [String] = []
        for file in files.sorted() where file.hasSuffix(".json") {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(file).path),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let types = object["types"] as? [[String: Any]] else { continue }
            names += types.compactMap { ($0["record"] ?? $0["enum"]) as? String }
        }
        return names
    }()

    /// Each value of a golden file, as the compact bytes the core writes.
    static func values(_ name: String, invalid: Bool = false) throws -> [[UInt8]] {
        let path = root.appendingPathComponent(invalid ? "golden/invalid/\(name).json" : "golden/\(name).json").path
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        guard case let .array(values) = try JSONParser.parse(Array(data)) else { throw JSONCodecError(path: path, reason: "not an array") }
        return values.map { JSONWriter.bytes($0) }
    }
}

@Suite struct GoldenRecordTests {
    @Test func everySchemaTypeHasARoundTripAndGoldenValues() throws {
        #expect(SchemaGolden.typeNames.count == schemaRoundTrips.count)
        for name in SchemaGolden.typeNames {
            #expect(schemaRoundTrips[name] != nil, "\(name) has no generated round trip")
            #expect(try !SchemaGolden.values(name).isEmpty, "schema/golden/\(name).json is missing or empty")
        }
    }

    @Test(arguments: SchemaGolden.typeNames)
    func goldenValuesRoundTripByteForByte(name: String) throws {
        let roundTrip = try #require(schemaRoundTrips[name])
        for value in try SchemaGolden.values(name) {
            let written = try roundTrip(value)
            #expect(String(decoding: written, as: UTF8.self) == String(decoding: value, as: UTF8.self), "\(name)")
        }
    }

    @Test(arguments: SchemaGolden.typeNames)
    func invalidValuesAreRefused(name: String) throws {
        let roundTrip = try #require(schemaRoundTrips[name])
        for value in try SchemaGolden.values(name, invalid: true) {
            #expect(throws: (any Error).self, "\(name) accepted \(String(decoding: value, as: UTF8.self))") { try roundTrip(value) }
        }
    }

    @Test func anUnknownEnumValueListsTheAllowedValuesInTheABISpelling() throws {
        let bytes = Array(#"{"id":"bitcoin","name":"Bitcoin","symbol":"BTC","decimals":8,"type":"compact"}"#.utf8)
        #expect(throws: JSONCodecError(path: "type", reason: #"unknown value "compact"; expected one of native, erc20, bep20, spl, spl2022, trc20, token, ibc, jetton, synth, asa, perpetual, spot"#)) {
            try JSONCodec.decode(Asset.self, from: bytes)
        }
        #expect(throws: JSONCodecError(path: "", reason: #"unknown value "privateKey"; expected one of multicoin, single, private_key, view"#)) {
            try JSONCodec.decode(WalletType.self, from: Array(#""privateKey""#.utf8))
        }
    }

    @Test(arguments: [
        (#"{"id":"ethereum_","name":"n","symbol":"s","decimals":1,"type":"native"}"#, "invalid asset id: no token id after \"<chain>_\""),
        (#"{"id":"eth_0x1","name":"n","symbol":"s","decimals":1,"type":"native"}"#, "invalid asset id: unknown chain id \"eth\""),
    ])
    func anInvalidIdIsNamedInWordsNotSwiftCases(json: String, reason: String) throws {
        #expect(throws: JSONCodecError(path: "id", reason: reason)) { try JSONCodec.decode(Asset.self, from: Array(json.utf8)) }
    }

    @Test func anInvalidWalletIdIsNamedInWords() throws {
        #expect(throws: JSONCodecError(path: "", reason: "invalid wallet id: no \"_\" separator after its type (and chain)")) {
            try JSONCodec.decode(WalletId.self, from: Array(#""multicoin""#.utf8))
        }
    }
}
