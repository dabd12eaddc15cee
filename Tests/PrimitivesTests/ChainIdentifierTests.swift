import Primitives
import Testing

/// AssetId and WalletId storage strings (formats from the specification's asset_id.rs and wallet_id.rs,
/// summarised in chains.md § 1).
struct ChainIdentifierTests {
    @Test func nativeAssetIdIsTheBareChainId() throws {
        let id = try AssetId(parsing: "ethereum")
        #expect(id == AssetId(chain: .ethereum))
        #expect(id.tokenId == nil)
        #expect(id.isNative)
        #expect(id.id == "ethereum")
        #expect(Chain.smartChain.assetId.id == "smartchain")
    }

    @Test(arguments: [
        ("ethereum_0xdAC17F958D2ee523a2206206994597C13D831ec7", Chain.ethereum, "0xdAC17F958D2ee523a2206206994597C13D831ec7"),
        ("solana_EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", .solana, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"),
        // The token id keeps every later separator.
        ("ton_EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs", .ton, "EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs"),
        ("sui_0x2::coin::COIN", .sui, "0x2::coin::COIN"),
    ])
    func tokenAssetIdRoundTrips(_ text: String, _ chain: Chain, _ token: String) throws {
        let id = try AssetId(parsing: text)
        #expect(id.chain == chain)
        #expect(id.tokenId == token)
        #expect(!id.isNative)
        #expect(id.id == text)
        #expect(try AssetId(chain: chain, tokenId: token) == id)
    }

    @Test(arguments: [
        ("", AssetIdError.unknownChain("")),
        ("Ethereum", .unknownChain("Ethereum")),
        ("eth_0x1", .unknownChain("eth")),
        ("_0x1", .unknownChain("")),
        ("ethereum_", .emptyTokenId),
    ])
    func assetIdRejects(_ text: String, _ error: AssetIdError) {
        #expect(throws: error) { try AssetId(parsing: text) }
    }

    @Test func emptyTokenIdIsRejected() {
        #expect(throws: AssetIdError.emptyTokenId) { try AssetId(chain: .tron, tokenId: "") }
    }

    @Test(arguments: [
        ("multicoin_0x8f348F300873Fd5DA36950B2aC75a26584584feE", WalletId.multicoin(address: "0x8f348F300873Fd5DA36950B2aC75a26584584feE")),
        ("multicoin_0x123", .multicoin(address: "0x123")),
        ("single_ethereum_0x456", .single(chain: .ethereum, address: "0x456")),
        ("privateKey_bitcoin_bc1", .privateKey(chain: .bitcoin, address: "bc1")),
        ("view_ethereum_0x789", .view(chain: .ethereum, address: "0x789")),
        ("view_ton_UQDgEMqToTacHic7SnvnPFmvceG5auFkCcAw0mSCvzv_UaT4", .view(chain: .ton, address: "UQDgEMqToTacHic7SnvnPFmvceG5auFkCcAw0mSCvzv_UaT4")),
        ("single_smartchain_0xabc", .single(chain: .smartChain, address: "0xabc")),
        ("multicoin_a_b", .multicoin(address: "a_b")),
    ])
    func walletIdRoundTrips(_ text: String, _ id: WalletId) throws {
        #expect(try WalletId(parsing: text) == id)
        #expect(id.id == text)
    }

    @Test func walletIdParts() {
        let id = WalletId.privateKey(chain: .tron, address: "TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio")
        #expect(id.type == .privateKey)
        #expect(id.chain == .tron)
        #expect(id.address == "TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio")
        #expect(WalletId.multicoin(address: "0x1").chain == nil)
        #expect(WalletType.allCases.map(\.idPrefix) == ["multicoin", "single", "privateKey", "view"])
        #expect(WalletType.allCases.map(\.rawValue) == ["multicoin", "single", "private_key", "view"])
        #expect(WalletType(idPrefix: "private_key") == nil)
    }

    @Test(arguments: [
        ("multicoin", WalletIdError.missingSeparator),
        ("", .missingSeparator),
        ("single_ethereum", .missingSeparator),
        ("Multicoin_0x1", .unknownType("Multicoin")),
        ("private_key_bitcoin_bc1", .unknownType("private")),
        ("single_eth_0x1", .unknownChain("eth")),
        ("view_Ethereum_0x1", .unknownChain("Ethereum")),
        ("multicoin_", .emptyAddress),
        ("view_ethereum_", .emptyAddress),
    ])
    func walletIdRejects(_ text: String, _ error: WalletIdError) {
        #expect(throws: error) { try WalletId(parsing: text) }
    }
}
