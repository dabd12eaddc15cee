import Foundation
import Primitives
import Testing

/// JSON shapes of the chain records (DESIGN.md § 3: snake_case keys, ids as storage strings). Foundation's coder
/// stands in for the library's own codec here; both drive the same Codable conformances.
struct ChainRecordCodingTests {
    private func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    @Test func chainEncodesAsItsId() throws {
        #expect(try json([Chain.smartChain, .hyperCore, .avalancheC]) == #"["smartchain","hypercore","avalanchec"]"#)
        #expect(try decode([Chain].self, #"["xlayer","seievm"]"#) == [.xLayer, .seiEvm])
        #expect(throws: DecodingError.self) { try decode([Chain].self, #"["SmartChain"]"#) }
        #expect(try json([ChainType.hyperCore]) == #"["hypercore"]"#)
    }

    @Test func idsEncodeAsStorageStrings() throws {
        let asset = try AssetId(chain: .ethereum, tokenId: "0xdAC17F958D2ee523a2206206994597C13D831ec7")
        #expect(try json([asset]) == #"["ethereum_0xdAC17F958D2ee523a2206206994597C13D831ec7"]"#)
        #expect(try decode([AssetId].self, #"["tron"]"#) == [AssetId(chain: .tron)])
        #expect(throws: DecodingError.self) { try decode([AssetId].self, #"["tron_"]"#) }
        #expect(try json([WalletId.privateKey(chain: .bitcoin, address: "bc1")]) == #"["privateKey_bitcoin_bc1"]"#)
        #expect(throws: DecodingError.self) { try decode([WalletId].self, #"["single_ethereum"]"#) }
    }

    @Test func assetShape() throws {
        #expect(try json(Chain.doge.asset)
            == #"{"decimals":8,"id":"doge","name":"Dogecoin","symbol":"DOGE","type":"NATIVE"}"#)
    }

    @Test func accountShape() throws {
        let account = Account(chain: .bitcoin, address: "bc1quvuarfksewfeuevuc6tn0kfyptgjvwsvrprk9d",
                              derivationPath: "m/84'/0'/0'/0/0", extendedPublicKey: "zpub1")
        let text = try json(account)
        #expect(text == #"{"address":"bc1quvuarfksewfeuevuc6tn0kfyptgjvwsvrprk9d","chain":"bitcoin","derivation_path":"m/84'/0'/0'/0/0","extended_public_key":"zpub1"}"#)
        #expect(try decode(Account.self, text) == account)
    }

    @Test func walletShapeCarriesTypeFromItsId() throws {
        let wallet = Wallet(
            id: .single(chain: .solana, address: "57mwmnV2rFuVDmhiJEjonD7cfuFtcaP9QvYNGfDEWK71"), externalId: "k1",
            name: "Wallet #1", index: 1,
            accounts: [Account(chain: .solana, address: "57mwmnV2rFuVDmhiJEjonD7cfuFtcaP9QvYNGfDEWK71",
                               derivationPath: "m/44'/501'/0'/0'")],
            order: 0, isPinned: true, imageUrl: nil, source: .import)
        let text = try json(wallet)
        #expect(text.contains(#""type":"single""#))
        #expect(text.contains(#""id":"single_solana_57mwmnV2rFuVDmhiJEjonD7cfuFtcaP9QvYNGfDEWK71""#))
        #expect(text.contains(#""is_pinned":true"#))
        #expect(text.contains(#""external_id":"k1""#))
        #expect(try decode(Wallet.self, text) == wallet)
        #expect(wallet.account(for: .solana)?.derivationPath == "m/44'/501'/0'/0'")
        #expect(wallet.account(for: .ethereum) == nil)

        let mismatched = text.replacingOccurrences(of: #""type":"single""#, with: #""type":"view""#)
        #expect(throws: DecodingError.self) { try decode(Wallet.self, mismatched) }
    }

    @Test func chainConfigEncodes() throws {
        let text = try json(Chain.polkadot.config)
        #expect(text.contains(#""derivation_path":"m/44'/354'/0'/0'/0'""#))
        #expect(text.contains(#""network_id":"Polkadot Asset Hub""#))
        #expect(try decode(ChainConfig.self, text) == Chain.polkadot.config)
    }
}
