@testable import Gemstone
import Primitives
import Testing

/// The wallet list's hand-written JSON (the request's scanner, the sections' and rows' writers) and the records'
/// Codable conformances agree byte for byte, both ways, and refuse the same malformed requests.
@Suite struct WalletRowsJSONTests {
    static func item(_ id: String, _ name: String, order: Int32 = 0, pinned: Bool = false, image: String? = nil) throws -> WalletListItem {
        WalletListItem(id: try WalletId(parsing: id), name: name, index: 1, order: order, isPinned: pinned, imageUrl: image)
    }

    static func wallets() throws -> [WalletListItem] {
        [
            try item("multicoin_0x9858EfFD232B4033E47d90003D41EC34EcaEda94", "Main \"1\"", pinned: true),
            try item("view_tron_T1", "watch ✓", order: 1, image: "https://example.com/w.png"),
            try item("single_bitcoin_bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv", "", order: 2),
            try item("privateKey_solana_F25s3DdjXdCxYBhh2z8FBusVEMT4b9bGNFVKJi3wFoF4", "é\n", order: 3, pinned: true, image: ""),
        ]
    }

    @Test func sectionsWriteAsCodableDoes() throws {
        let wallets = try Self.wallets()
        let sections = walletSections(wallets, currentWalletId: wallets[1].id)
        // A wallet-type subtitle, a text subtitle, a picture, an empty name: every branch of the writer.
        #expect(sections.flatMap(\.rows).contains { $0.subtitle == .walletType(walletType: .multicoin) })
        #expect(sections.flatMap(\.rows).contains { $0.imageUrl != nil })
        let written = try JSONCodec.encodeString(sections)
        #expect(written == (try RecordJSONTests.codableBytes(sections)))
        #expect(try RecordJSONTests.codableDecode([GemWalletSection].self, written) == sections)
        // A subtitle the writer hands to Codable.
        let first = sections[0].rows[0]
        let row = GemWalletRow(id: first.id, name: first.name, subtitle: .showSecret(kind: .phrase), placeholder: first.placeholder,
                               showsWatchBadge: first.showsWatchBadge, isPinned: first.isPinned, isCurrent: first.isCurrent,
                               hasAvatar: first.hasAvatar, imageUrl: first.imageUrl)
        #expect(try JSONCodec.encodeString(row) == (try RecordJSONTests.codableBytes(row)))
    }

    @Test(arguments: [nil, "view_tron_T1"])
    func theRequestReadsAsCodableDoes(current: String?) throws {
        let request = GemWalletSectionsRequest(wallets: try Self.wallets(), currentWalletId: try current.map { try WalletId(parsing: $0) })
        let codable = try RecordJSONTests.codableBytes(request)
        #expect(try JSONCodec.decode(GemWalletSectionsRequest.self, from: Array(codable.utf8)) == request)
        #expect(try RecordJSONTests.codableDecode(GemWalletSectionsRequest.self, codable) == request)
        // Whitespace, unknown keys skipped whatever they hold, a null optional.
        let spaced = #" { "extra" : {"a":[1,true,null]}, "wallets" : [ ] , "current_wallet_id" : null } "#
        #expect(try JSONCodec.decode(GemWalletSectionsRequest.self, from: Array(spaced.utf8)) == GemWalletSectionsRequest(wallets: [], currentWalletId: nil))
    }

    @Test(arguments: [
        (#"{"current_wallet_id":"view_tron_T1"}"#, "wallets"),
        (#"{"wallets":{}}"#, "wallets"),
        (#"{"wallets":[],"current_wallet_id":"nowhere_x"}"#, "current_wallet_id"),
        (#"{"wallets":[{"id":"view_tron_T1","name":"a","index":"1","order":0,"is_pinned":false}]}"#, "wallets[0].index"),
        (#"{"wallets":[{"id":"view_tron_T1","index":1,"order":0,"is_pinned":false}]}"#, "wallets[0].name"),
    ])
    func aMalformedRequestIsRefusedAsCodableRefusesIt(text: String, path: String) {
        #expect(throws: JSONCodecError.self) {
            do {
                _ = try JSONCodec.decode(GemWalletSectionsRequest.self, from: Array(text.utf8))
            } catch let error as JSONCodecError {
                #expect(error.path == path, "\(error)")
                throw error
            }
        }
        #expect(throws: (any Error).self) { try RecordJSONTests.codableDecode(GemWalletSectionsRequest.self, text) }
    }
}
