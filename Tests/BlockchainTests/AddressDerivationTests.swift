@testable import Blockchain
import GemCrypto
import Primitives
import Testing

/// Every chain's default address from three phrases, against the independent oracle (addresses.json, made by
/// tests/oracles/addresses.py with bip-utils and checked there against chains.md's example addresses).
struct AddressDerivationTests {
    let vectors = AddressVectors.shared

    @Test func vectorsCoverEveryChainAndThreePhrases() {
        #expect(vectors.phrases.count == 3)
        for phrase in vectors.phrases {
            #expect(Set(phrase.accounts.keys) == Set(Chain.allCases.map(\.id)))
        }
    }

    /// The key the wallet derives for `chain` at its default path.
    private func key(_ chain: Chain, phrase: String) throws -> AddressKey {
        let seed = try Mnemonic(phrase).seed()
        let path = try DerivationPath(chain.config.derivationPath)
        switch chain.config.curve {
        case .secp256k1:
            return .secp256k1(try ExtendedPrivateKey(seed: seed).derive(path).publicKey)
        case .ed25519:
            return .ed25519(try Ed25519HDKey(seed: seed).derive(path).publicKey.bytes)
        case .ed25519ExtendedCardano:
            throw DerivationUnavailable()
        }
    }

    struct DerivationUnavailable: Error {}

    @Test(arguments: PhraseChain.all)
    func addressFromPhrase(_ item: PhraseChain) throws {
        let expected = try #require(vectors.phrases[item.phrase].accounts[item.chain.id])
        #expect(expected.derivationPath == item.chain.config.derivationPath)
        let key: AddressKey
        if item.chain.config.curve == .ed25519ExtendedCardano {
            // GemCrypto has no BIP32-Ed25519 (Icarus) derivation yet: the address is built from the oracle's
            // payment and stake public keys.
            key = .cardano(payment: try Hex.decode(expected.publicKey),
                           stake: try Hex.decode(try #require(expected.stakePublicKey)))
        } else {
            key = try self.key(item.chain, phrase: vectors.phrases[item.phrase].phrase)
            #expect(publicKeyHex(key) == expected.publicKey, "derived key differs from \(expected.source)")
        }
        #expect(try item.chain.address(for: key) == expected.address, "source: \(expected.source)")
    }

    /// Every derived address passes validation unchanged.
    @Test(arguments: PhraseChain.all)
    func derivedAddressValidatesToItself(_ item: PhraseChain) throws {
        let expected = try #require(vectors.phrases[item.phrase].accounts[item.chain.id])
        #expect(try item.chain.validateAddress(expected.address) == expected.address)
    }

    @Test(arguments: 0..<3)
    func bitcoinTaprootFromPhrase(_ index: Int) throws {
        let vector = vectors.phrases[index].bitcoinTaproot
        let seed = try Mnemonic(vectors.phrases[index].phrase).seed()
        let key = try ExtendedPrivateKey(seed: seed).derive(DerivationPath(vector.derivationPath)).publicKey
        guard case .utxo(let network, _) = Chain.bitcoin.config.addressFormat else {
            Issue.record("bitcoin is not a UTXO chain")
            return
        }
        #expect(try BitcoinAddress.derive(key, kind: .p2tr, network: network) == vector.address)
        #expect(try Chain.bitcoin.validateAddress(vector.address) == vector.address)
    }

    /// The account-level extended public key in the format the chain table names (zpub, xpub, dgub).
    @Test(arguments: [Chain.bitcoin, .litecoin, .doge, .zcash, .bitcoinCash])
    func accountExtendedPublicKey(_ chain: Chain) throws {
        guard case .utxo(let network, _) = chain.config.addressFormat else {
            Issue.record("\(chain) is not a UTXO chain")
            return
        }
        let accountPath = chain.config.derivationPath.split(separator: "/").prefix(4).joined(separator: "/")
        let version = ExtendedKeyVersion(publicVersion: network.extendedPublicKey.version, privateVersion: 0)
        for phrase in vectors.phrases {
            let account = try ExtendedPrivateKey(seed: try Mnemonic(phrase.phrase).seed()).derive(DerivationPath(accountPath))
            let expected = try #require(phrase.accounts[chain.id]?.extendedPublicKey)
            #expect(account.extendedPublicKey.serialized(version: version) == expected)
        }
    }

    /// The v4R2 code cell constants against the hash and depth pytoniq-core computes from the published code BOC.
    @Test func tonWalletCodeMatchesOracle() {
        #expect(Hex.encode(TonWalletV4R2.codeHash) == vectors.tonWalletV4r2Code.hash)
        #expect(Int(TonWalletV4R2.codeDepth) == vectors.tonWalletV4r2Code.depth)
    }

    @Test func bounceableTonFormOfTheSameWallet() throws {
        let vector = try #require(vectors.phrases[1].accounts["ton"])
        let key = try Hex.decode(vector.publicKey)
        #expect(TonAddress.derive(key, version: .v4R2, workchain: 0, bounceable: false) == vector.address)
        let bounceable = TonAddress.derive(key, version: .v4R2, workchain: 0, bounceable: true)
        #expect(bounceable.hasPrefix("EQ"))
        #expect(bounceable.dropFirst(2).prefix(40) == vector.address.dropFirst(2).prefix(40))
    }

    @Test func wrongKeyTypeIsRejected() throws {
        let ed = AddressKey.ed25519([UInt8](repeating: 1, count: 32))
        let secp = try AddressKey.secp256k1(bytes: try Hex.decode(try #require(vectors.phrases[0].accounts["ethereum"]).publicKey))
        #expect(throws: AddressError.invalidPublicKey) { try Chain.ethereum.address(for: ed) }
        #expect(throws: AddressError.invalidPublicKey) { try Chain.solana.address(for: secp) }
        #expect(throws: AddressError.invalidPublicKey) { try Chain.cardano.address(for: ed) }
        #expect(throws: AddressError.invalidPublicKey) { try Chain.solana.address(for: .ed25519([1, 2, 3])) }
        #expect(throws: AddressError.invalidPublicKey) {
            try Chain.cardano.address(for: .cardano(payment: [UInt8](repeating: 1, count: 32), stake: [1]))
        }
        #expect(throws: AddressError.invalidPublicKey) { try AddressKey.secp256k1(bytes: [0x02] + [UInt8](repeating: 0, count: 32)) }
        #expect(throws: AddressError.invalidPublicKey) { try AddressKey.secp256k1(bytes: [0x04, 1, 2]) }
    }

    @Test func uncompressedAndCompressedKeysGiveOneAddress() throws {
        let vector = try #require(vectors.phrases[0].accounts["ethereum"])
        let compressed = try Secp256k1PublicKey(try Hex.decode(vector.publicKey))
        let uncompressed = try AddressKey.secp256k1(bytes: compressed.uncompressed)
        #expect(try Chain.ethereum.address(for: uncompressed) == vector.address)
        #expect(try Chain.tron.address(for: uncompressed) == Chain.tron.address(for: .secp256k1(compressed)))
    }

    private func publicKeyHex(_ key: AddressKey) -> String {
        switch key {
        case .secp256k1(let key): Hex.encode(key.compressed)
        case .ed25519(let bytes): Hex.encode(bytes)
        case .cardano(let payment, _): Hex.encode(payment)
        }
    }
}
