import Primitives

extension Chain {
    /// The chain's default account address for `key`, written as the chain writes it (the form the
    /// specification's apps store: EIP-55, CashAddr without `bitcoincash:`, TON non-bounceable, …).
    /// Throws `.invalidPublicKey` when `key` is not of the chain's curve.
    public func address(for key: AddressKey) throws(AddressError) -> String {
        switch config.addressFormat {
        case .eip55: try EthereumAddress.derive(key.secp256k1Key())
        case .utxo(let network, let kind): try BitcoinAddress.derive(key.secp256k1Key(), kind: kind, network: network)
        case .base58PublicKey: try SolanaAddress.derive(key.ed25519Key())
        case .cosmos(let hrp, let hashing): try CosmosAddress.derive(key.secp256k1Key(), hrp: hrp, hashing: hashing)
        case .tonWallet(let version, let workchain, let bounceable):
            try TonAddress.derive(key.ed25519Key(), version: version, workchain: workchain, bounceable: bounceable)
        case .tron: try TronAddress.derive(key.secp256k1Key())
        case .aptos: try AptosAddress.derive(key.ed25519Key())
        case .sui: try SuiAddress.derive(key.ed25519Key())
        case .xrp: try XrpAddress.derive(key.secp256k1Key())
        case .nearImplicit: try NearAddress.derive(key.ed25519Key())
        case .stellar: try StellarAddress.derive(key.ed25519Key())
        case .algorand: try AlgorandAddress.derive(key.ed25519Key())
        case .ss58(let network): try PolkadotAddress.derive(key.ed25519Key(), network: network)
        case .cardanoShelleyBase(let hrp, let network):
            try CardanoAddress.derive(key, hrp: hrp, network: network)
        }
    }

    /// Checks an address typed or pasted for this chain and returns it in the form to send to: surrounding
    /// whitespace removed; EVM in EIP-55 case; bech32 in lower case; Bitcoin Cash as CashAddr without its
    /// prefix; other forms as given. Accepts every form the chain accepts (lower-case EVM, TON raw and
    /// user-friendly, Bitcoin legacy and SegWit…) and throws the specific `AddressError` otherwise.
    public func validateAddress(_ text: String) throws(AddressError) -> String {
        let address = Self.trimmingWhitespace(text)
        guard !address.isEmpty else { throw .empty }
        // Bounded before any decoding: every parse below sees at most the family's longest address.
        guard address.utf8.count <= config.addressFormat.maxAddressLength else { throw .invalidLength }
        guard address.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { throw .invalidCharacter }
        switch config.addressFormat {
        case .eip55: return try EthereumAddress.validate(address)
        case .utxo(let network, _): return try BitcoinAddress.validate(address, network: network)
        case .base58PublicKey: return try SolanaAddress.validate(address)
        case .cosmos(let hrp, let hashing): return try CosmosAddress.validate(address, hrp: hrp, hashing: hashing)
        case .tonWallet: return try TonAddress.validate(address)
        case .tron: return try TronAddress.validate(address)
        case .aptos: return try AptosAddress.validate(address)
        case .sui: return try SuiAddress.validate(address)
        case .xrp: return try XrpAddress.validate(address)
        case .nearImplicit: return try NearAddress.validate(address)
        case .stellar: return try StellarAddress.validate(address)
        case .algorand: return try AlgorandAddress.validate(address)
        case .ss58(let network): return try PolkadotAddress.validate(address, network: network)
        case .cardanoShelleyBase(let hrp, let network): return try CardanoAddress.validate(address, hrp: hrp, network: network)
        }
    }

    /// Whether `text` is a valid address on this chain.
    public func isValidAddress(_ text: String) -> Bool {
        (try? validateAddress(text)) != nil
    }

    /// `text` without leading and trailing spaces, tabs, CRs and LFs, read as bytes: linear, and a CRLF at the
    /// end (one `Character`) goes as well.
    private static func trimmingWhitespace(_ text: String) -> String {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let utf8 = text.utf8
        guard let start = utf8.firstIndex(where: { !isSpace($0) }),
              let end = utf8.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: utf8[start...end], as: UTF8.self)
    }
}

extension AddressFormat {
    /// The longest text, in bytes after surrounding whitespace is trimmed, that can be a valid address of this
    /// family (or one the validator names a specific mistake for: a muxed Stellar account, an X-address, a TON
    /// raw address with a three-digit workchain). Longer text is `.invalidLength` before any decoding, so the
    /// quadratic base58 decodings and every other parse see bounded input. gemstone.h lists these beside
    /// gem_address_validate; change both together.
    public var maxAddressLength: Int {
        switch self {
        case .eip55: 42  // 0x + 40 hex digits
        case .utxo: 90  // bech32's limit (BIP-173); CashAddr with its prefix, legacy base58 and tex are shorter
        case .base58PublicKey: 44  // base58 of 32 bytes
        case .cosmos: 90  // bech32's limit
        case .tonWallet: 69  // raw "-128:" + 64 hex digits; user-friendly forms are 48
        case .tron: 35  // base58check of 21 bytes (25 with the checksum)
        case .aptos, .sui: 66  // 0x + 64 hex digits
        case .xrp: 48  // base58check of an X-address (31 bytes + 4), so it is named unsupported; classic ones are at most 35
        case .nearImplicit: 64  // implicit accounts and named accounts alike
        case .stellar: 69  // a muxed M… account (56 for a G… account)
        case .algorand: 58
        case .ss58: 50  // base58 of a two-byte prefix, 32 bytes and a two-byte checksum
        case .cardanoShelleyBase: CardanoAddress.lengthLimit  // bech32 with Cardano's longer limit (pointer addresses)
        }
    }
}
