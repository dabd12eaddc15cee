/// A wallet's identity, derived from what was imported so that importing the same secret twice gives the same id.
///
/// Storage string (the specification's `wallet_id.rs`; see chains.md § 1):
/// `multicoin_<address>` (the EIP-55 Ethereum address of m/44'/60'/0'/0/0), `single_<chain>_<address>`,
/// `privateKey_<chain>_<address>`, `view_<chain>_<address>`. Parsing splits at the first `_` (type) and, except for
/// multicoin, at the next `_` (chain); the rest is the address, which may itself contain `_` (TON base64url).
public enum WalletId: Sendable, Hashable {
    case multicoin(address: String)
    case single(chain: Chain, address: String)
    case privateKey(chain: Chain, address: String)
    case view(chain: Chain, address: String)

    /// Parses a storage string.
    public init(parsing text: String) throws(WalletIdError) {
        guard let typeEnd = text.firstSeparator(Self.separator) else { throw .missingSeparator }
        let typeId = String(text[..<typeEnd])
        guard let type = WalletType(idPrefix: typeId) else { throw .unknownType(typeId) }
        let rest = text[text.index(after: typeEnd)...]
        if type == .multicoin {
            guard !rest.isEmpty else { throw .emptyAddress }
            self = .multicoin(address: String(rest))
            return
        }
        guard let chainEnd = rest.firstSeparator(Self.separator) else { throw .missingSeparator }
        let chainId = String(rest[..<chainEnd])
        guard let chain = Chain(rawValue: chainId) else { throw .unknownChain(chainId) }
        let address = String(rest[rest.index(after: chainEnd)...])
        guard !address.isEmpty else { throw .emptyAddress }
        switch type {
        case .multicoin: self = .multicoin(address: address)  // handled above; kept for exhaustiveness
        case .single: self = .single(chain: chain, address: address)
        case .privateKey: self = .privateKey(chain: chain, address: address)
        case .view: self = .view(chain: chain, address: address)
        }
    }

    /// The storage string.
    public var id: String {
        let sep = String(Self.separator)
        switch self {
        case .multicoin(let address):
            return WalletType.multicoin.idPrefix + sep + address
        case .single(let chain, let address), .privateKey(let chain, let address), .view(let chain, let address):
            return type.idPrefix + sep + chain.rawValue + sep + address
        }
    }

    public var type: WalletType {
        switch self {
        case .multicoin: .multicoin
        case .single: .single
        case .privateKey: .privateKey
        case .view: .view
        }
    }

    /// The chain of a single-chain wallet; `nil` for multicoin.
    public var chain: Chain? {
        switch self {
        case .multicoin: nil
        case .single(let chain, _), .privateKey(let chain, _), .view(let chain, _): chain
        }
    }

    /// The address the id was derived from.
    public var address: String {
        switch self {
        case .multicoin(let address), .single(_, let address), .privateKey(_, let address), .view(_, let address):
            address
        }
    }

    /// Separates type, chain and address (the specification's `CHAIN_SEPARATOR`).
    public static let separator: Character = "_"
}

extension WalletId: CustomStringConvertible {
    public var description: String { id }
}

public enum WalletIdError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No `_` after the type, or (single, privateKey, view) none after the chain.
    case missingSeparator
    case unknownType(String)
    case unknownChain(String)
    case emptyAddress

    /// What an error record says (never a Swift case name): the id's own words, its input quoted shortly.
    public var description: String {
        switch self {
        case .missingSeparator: "no \"_\" separator after its type (and chain)"
        case let .unknownType(type): "unknown wallet type \"\(type.prefix(40))\"; expected one of multicoin, single, privateKey, view"
        case let .unknownChain(chain): "unknown chain id \"\(chain.prefix(40))\""
        case .emptyAddress: "no address after its chain"
        }
    }
}

/// The hand-written conversion of the transaction-row path: the storage string, as Codable writes it.
extension WalletId: StorageStringID {
    public static let idName = "wallet id"
}

extension WalletId: JSONScannable {
    public init(scanning scanner: inout JSONScanner) throws(JSONCodecError) {
        self = try scanner.walletId()
    }
}
