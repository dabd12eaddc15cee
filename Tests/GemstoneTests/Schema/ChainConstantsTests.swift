import Foundation
import Gemstone
import Primitives
import Testing

/// schema/chains.json, which the Python, Kotlin and C chain constants are generated from, against the core's own
/// chain data (`ChainConfig`, answered by gem_chains): the same chains in the same order, each with its family,
/// native coin and default explorer's name. Adding a chain to `Chain` without the schema, or changing a coin's
/// decimals or an explorer's name in one place, fails.
@Suite struct ChainConstantsTests {
    struct Entry: Decodable, Equatable {
        struct Native: Decodable, Equatable { var name: String; var symbol: String; var decimals: Int32 }
        var id: String
        var family: String
        var nativeAsset: Native
        var explorerName: String
    }

    /// The "chains" list of schema/chains.json.
    static func schemaChains() throws -> [Entry] {
        let path = SchemaGolden.root.appendingPathComponent("chains.json").path
        let data = try #require(FileManager.default.contents(atPath: path), "schema/chains.json is missing")
        guard case let .object(members) = try JSONParser.parse(Array(data)),
              let chains = members.first(where: { $0.0 == "chains" })?.1 else { return [] }
        return try JSONCodec.decode([Entry].self, from: chains)
    }

    @Test func theSchemaListsEveryChainOfTheCoreInItsOrder() throws {
        let core = GemChainsRequest(chains: nil).answer().map {
            Entry(id: $0.chain.rawValue, family: $0.family.rawValue,
                  nativeAsset: .init(name: $0.nativeAsset.name, symbol: $0.nativeAsset.symbol, decimals: $0.nativeAsset.decimals),
                  explorerName: $0.explorerName)
        }
        #expect(core.count == Chain.allCases.count)
        #expect(try Self.schemaChains() == core)
    }

    @Test func askedChainsAreAnsweredInTheirOrderWithTheirNativeCoin() throws {
        let answer = GemChainsRequest(chains: [.tron, .bitcoin]).answer()
        #expect(answer.map(\.chain) == [.tron, .bitcoin])
        #expect(answer.map(\.nativeAsset.id) == [AssetId(chain: .tron), AssetId(chain: .bitcoin)])
        #expect(answer.map(\.nativeAsset.type) == [.native, .native])
        #expect(answer.map(\.family) == [.tron, .bitcoin])
        let schema = try Self.schemaChains()
        #expect(answer.map(\.explorerName) == ["tron", "bitcoin"].map { id in schema.first { $0.id == id }?.explorerName })
        #expect(GemChainsRequest(chains: []).answer().count == Chain.allCases.count)
    }
}
