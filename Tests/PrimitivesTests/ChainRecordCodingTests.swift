import Primitives
import Testing

/// JSON shapes of the chain records through the library's codec (DESIGN.md § 3: snake_case keys and values,
/// ids as storage strings, enums with payload tagged by "type").
struct ChainRecordCodingTests {
    private func json(_ value: some Encodable) throws -> String {
        try JSONCodec.encodeString(value)
    }

    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONCodec.decode(type, from: Array(text.utf8))
    }

    @Test func chainEncodesAsItsId() throws {
        #expect(try json([Chain.smartChain, .hyperCore, .avalancheC]) == #"["smartchain","hypercore","avalanchec"]"#)
        #expect(try decode([Chain].self, #"["xlayer","seievm"]"#) == [.xLayer, .seiEvm])
        #expect(throws: JSONCodecError.self) { try decode([Chain].self, #"["SmartChain"]"#) }
        #expect(try json([ChainType.hyperCore]) == #"["hypercore"]"#)
        #expect(try json([Curve.ed25519ExtendedCardano]) == #"["ed25519_extended_cardano"]"#)
    }

    @Test func idsEncodeAsStorageStrings() throws {
        let asset = try AssetId(chain: .ethereum, tokenId: "0xdAC17F958D2ee523a2206206994597C13D831ec7")
        #expect(try json([asset]) == #"["ethereum_0xdAC17F958D2ee523a2206206994597C13D831ec7"]"#)
        #expect(try decode([AssetId].self, #"["tron"]"#) == [AssetId(chain: .tron)])
        #expect(throws: JSONCodecError.self) { try decode([AssetId].self, #"["tron_"]"#) }
        #expect(try json([WalletId.privateKey(chain: .bitcoin, address: "bc1")]) == #"["privateKey_bitcoin_bc1"]"#)
        #expect(throws: JSONCodecError.self) { try decode([WalletId].self, #"["single_ethereum"]"#) }
    }

    @Test func assetShape() throws {
        #expect(try json(Chain.doge.asset)
            == #"{"id":"doge","name":"Dogecoin","symbol":"DOGE","decimals":8,"type":"native"}"#)
        #expect(AssetType.allCases.map(\.rawValue) == [
            "native", "erc20", "bep20", "spl", "spl2022", "trc20", "token", "ibc", "jetton", "synth", "asa",
            "perpetual", "spot",
        ])
    }

    @Test func accountShape() throws {
        let account = Account(chain: .bitcoin, address: "bc1quvuarfksewfeuevuc6tn0kfyptgjvwsvrprk9d",
                              derivationPath: "m/84'/0'/0'/0/0", extendedPublicKey: "zpub1")
        let text = try json(account)
        #expect(text == #"{"chain":"bitcoin","address":"bc1quvuarfksewfeuevuc6tn0kfyptgjvwsvrprk9d","derivation_path":"m/84'/0'/0'/0/0","extended_public_key":"zpub1"}"#)
        #expect(try decode(Account.self, text) == account)
        let watch = Account(chain: .tron, address: "T1", derivationPath: "")
        #expect(try json(watch) == #"{"chain":"tron","address":"T1","derivation_path":""}"#)
    }

    @Test func walletShapeCarriesTypeFromItsId() throws {
        let wallet = Wallet(
            id: .privateKey(chain: .solana, address: "57mwmnV2rFuVDmhiJEjonD7cfuFtcaP9QvYNGfDEWK71"), externalId: "k1",
            name: "Wallet #1", index: 1,
            accounts: [Account(chain: .solana, address: "57mwmnV2rFuVDmhiJEjonD7cfuFtcaP9QvYNGfDEWK71",
                               derivationPath: "")],
            order: 0, isPinned: true, imageUrl: nil, source: .import)
        let text = try json(wallet)
        #expect(text == #"{"id":"privateKey_solana_57mwmnV2rFuVDmhiJEjonD7cfuFtcaP9QvYNGfDEWK71","external_id":"k1","name":"Wallet #1","index":1,"type":"private_key","accounts":[{"chain":"solana","address":"57mwmnV2rFuVDmhiJEjonD7cfuFtcaP9QvYNGfDEWK71","derivation_path":""}],"order":0,"is_pinned":true,"source":"import"}"#)
        #expect(try decode(Wallet.self, text) == wallet)
        #expect(wallet.account(for: .solana)?.address == "57mwmnV2rFuVDmhiJEjonD7cfuFtcaP9QvYNGfDEWK71")
        #expect(wallet.account(for: .ethereum) == nil)

        let mismatched = text.replacing(#""type":"private_key""#, with: #""type":"view""#)
        #expect(mismatched != text)
        #expect(throws: JSONCodecError.self) { try decode(Wallet.self, mismatched) }
    }

    @Test(arguments: Chain.allCases)
    func chainConfigRoundTrips(_ chain: Chain) throws {
        #expect(try decode(ChainConfig.self, try json(chain.config)) == chain.config)
    }

    @Test func addressFormatShape() throws {
        #expect(try json(Chain.polkadot.config.addressFormat) == #"{"type":"ss58","network":0}"#)
        #expect(try json(Chain.injective.config.addressFormat) == #"{"type":"cosmos","hrp":"inj","hashing":"keccak256"}"#)
        #expect(try json(Chain.doge.config.addressFormat)
            == #"{"type":"utxo","network":{"p2pkh_prefix":[30],"p2sh_prefix":[22],"extended_public_key":"dgub"},"kind":"p2pkh"}"#)
        let text = try json(Chain.polkadot.config)
        #expect(text.contains(#""derivation_path":"m/44'/354'/0'/0'/0'""#))
        #expect(text.contains(#""network_id":"Polkadot Asset Hub""#))
        #expect(throws: JSONCodecError.self) { try decode(AddressFormat.self, #"{"type":"base64"}"#) }
    }
}
