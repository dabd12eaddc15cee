// End-to-end checks of the primitives the address layer combines, against the example addresses of
// /work/shared/reference/chains.md (derived by Gem's apps from the phrase below, re-checked there with an
// independent library).
import GemCrypto
import Testing

private let phrase = "shoot island position soft burden budget tooth cruel issue economy destroy above"

@Suite struct ChainAddressTests {
    let seed: Secret

    init() throws {
        seed = try Mnemonic(phrase).seed()
    }

    @Test func ethereumAddress() throws {
        let key = try ExtendedPrivateKey(seed: seed).derive(DerivationPath("m/44'/60'/0'/0/0"))
        let address = Hash.keccak256(Array(key.publicKey.uncompressed.dropFirst())).suffix(20)
        #expect(Hex.encode(Array(address)) == "8f348f300873fd5da36950b2ac75a26584584fee")
    }

    @Test func bitcoinSegwitAddress() throws {
        let key = try ExtendedPrivateKey(seed: seed).derive(DerivationPath("m/84'/0'/0'/0/0"))
        let program = Hash.hash160(key.publicKey.compressed)
        let address = Bech32.encodeSegwit(humanReadablePart: "bc", .init(version: 0, program: program))
        #expect(address == "bc1quvuarfksewfeuevuc6tn0kfyptgjvwsvrprk9d")
    }

    @Test func cosmosAddress() throws {
        let key = try ExtendedPrivateKey(seed: seed).derive(DerivationPath("m/44'/118'/0'/0/0"))
        let address = Bech32.encode(humanReadablePart: "cosmos", bytes: Hash.hash160(key.publicKey.compressed))
        #expect(address == "cosmos142j9u5eaduzd7faumygud6ruhdwme98qsy2ekn")
    }

    @Test func dogecoinAddress() throws {
        let key = try ExtendedPrivateKey(seed: seed).derive(DerivationPath("m/44h/3h/0h/0/0"))
        let address = Base58.encodeCheck([0x1e] + Hash.hash160(key.publicKey.compressed))
        #expect(address == "DJRFZNg8jkUtjcpo2zJd92FUAzwRjitw6f")
    }

    @Test func tronAddress() throws {
        let key = try ExtendedPrivateKey(seed: seed).derive(DerivationPath("m/44'/195'/0'/0/0"))
        let address = Base58.encodeCheck([0x41] + Hash.keccak256(Array(key.publicKey.uncompressed.dropFirst())).suffix(20))
        #expect(address == "TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio")
    }

    @Test func xrpAddress() throws {
        let key = try ExtendedPrivateKey(seed: seed).derive(DerivationPath("m/44'/144'/0'/0/0"))
        let address = Base58.encodeCheck([0x00] + Hash.hash160(key.publicKey.compressed), alphabet: .ripple)
        #expect(address == "rPwE3gChNKtZ1mhH3Ko8YFGqKmGRWLWXV3")
    }

    @Test func solanaAddress() throws {
        let key = try Ed25519HDKey(seed: seed).derive(DerivationPath("m/44'/501'/0'/0'"))
        #expect(Base58.encode(key.publicKey.bytes) == "57mwmnV2rFuVDmhiJEjonD7cfuFtcaP9QvYNGfDEWK71")
    }

    @Test func nearAddress() throws {
        let key = try Ed25519HDKey(seed: seed).derive(DerivationPath("m/44'/397'/0'"))
        #expect(Hex.encode(key.publicKey.bytes) == "0c91f6106ff835c0195d5388565a2d69e25038a7e23d26198f85caf6594117ec")
    }

    @Test func aptosAddress() throws {
        let key = try Ed25519HDKey(seed: seed).derive(DerivationPath("m/44'/637'/0'/0'/0'"))
        let hex = Hex.encode(Hash.sha3_256(key.publicKey.bytes + [0x00]))
        #expect(hex == "07968dab936c1bad187c60ce4082f307d030d780e91e694ae03aef16aba73f30")
    }

    @Test func suiAddress() throws {
        let key = try Ed25519HDKey(seed: seed).derive(DerivationPath("m/44'/784'/0'/0'/0'"))
        let hex = Hex.encode(try Hash.blake2b([0x00] + key.publicKey.bytes, length: 32))
        #expect(hex == "ada112cfb90b44ba889cc5d39ac2bf46281e4a91f7919c693bcd9b8323e81ed2")
    }

    @Test func stellarAddress() throws {
        let key = try Ed25519HDKey(seed: seed).derive(DerivationPath("m/44'/148'/0'"))
        let payload = [0x30] + key.publicKey.bytes
        let crc = CRC16.xmodem(payload)
        let address = Base32.encode(payload + [UInt8(crc & 0xff), UInt8(crc >> 8)])
        #expect(address == "GA3H6I4C5XUBYGVB66KXR27JV5KS3APSTKRUWOIXZ5MVWZKVTLXWKZ2P")
    }

    @Test func algorandAddress() throws {
        let key = try Ed25519HDKey(seed: seed).derive(DerivationPath("m/44'/283'/0'/0'/0'"))
        let checksum = Hash.sha512_256(key.publicKey.bytes).suffix(4)
        #expect(Base32.encode(key.publicKey.bytes + checksum) == "JTJWO524JXIHVPGBDWFLJE7XUIA32ECOZOBLF2QP3V5TQBT3NKZSCG67BQ")
    }

    @Test func polkadotAddress() throws {
        let key = try Ed25519HDKey(seed: seed).derive(DerivationPath("m/44'/354'/0'/0'/0'"))
        let body = [0x00] + key.publicKey.bytes
        let checksum = try Hash.blake2b(Array("SS58PRE".utf8) + body, length: 64).prefix(2)
        #expect(Base58.encode(body + checksum) == "13nN6BGAoJwd7Nw1XxeBCx5YcBXuYnL94Mh7i3xBprqVSsFk")
    }
}
