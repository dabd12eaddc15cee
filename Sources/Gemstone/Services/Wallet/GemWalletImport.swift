import Primitives

/// What the user imports: the specification's four import types. Crosses as an object with "type":
///
///     {"type":"multicoin","phrase":"…","chains":["bitcoin","ethereum"],"name":"Main"}
///     {"type":"single","phrase":"…","chain":"solana","name":"…"}
///     {"type":"private_key","private_key":"…","chain":"ethereum","name":"…"}
///     {"type":"view","address":"…","chain":"ethereum","name":"…"}
///
/// `name` is optional everywhere ("Wallet #<index>" when absent or blank); `chains` is optional for a
/// multi-coin phrase (absent or empty: every chain the wallet can derive). A description never shows the
/// phrase or key.
public enum GemWalletImport: Sendable, Equatable {
    case multicoin(phrase: String, chains: [Chain], name: String?)
    case single(phrase: String, chain: Chain, name: String?)
    case privateKey(key: String, chain: Chain, name: String?)
    case view(address: String, chain: Chain, name: String?)

    public var name: String? {
        switch self {
        case .multicoin(_, _, let name), .single(_, _, let name), .privateKey(_, _, let name), .view(_, _, let name): name
        }
    }

    public var walletType: WalletType {
        switch self {
        case .multicoin: .multicoin
        case .single: .single
        case .privateKey: .privateKey
        case .view: .view
        }
    }
}

extension GemWalletImport: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, phrase, chains, chain, privateKey = "private_key", address, name
    }

    private enum Kind: String, Codable {
        case multicoin, single, view
        case privateKey = "private_key"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let name = try c.decodeIfPresent(String.self, forKey: .name)
        switch try c.decode(Kind.self, forKey: .type) {
        case .multicoin:
            self = .multicoin(phrase: try c.decode(String.self, forKey: .phrase),
                              chains: try c.decodeIfPresent([Chain].self, forKey: .chains) ?? [], name: name)
        case .single:
            self = .single(phrase: try c.decode(String.self, forKey: .phrase),
                           chain: try c.decode(Chain.self, forKey: .chain), name: name)
        case .privateKey:
            self = .privateKey(key: try c.decode(String.self, forKey: .privateKey),
                               chain: try c.decode(Chain.self, forKey: .chain), name: name)
        case .view:
            self = .view(address: try c.decode(String.self, forKey: .address),
                         chain: try c.decode(Chain.self, forKey: .chain), name: name)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .multicoin(phrase, chains, _):
            try c.encode(Kind.multicoin, forKey: .type)
            try c.encode(phrase, forKey: .phrase)
            if !chains.isEmpty { try c.encode(chains, forKey: .chains) }
        case let .single(phrase, chain, _):
            try c.encode(Kind.single, forKey: .type)
            try c.encode(phrase, forKey: .phrase)
            try c.encode(chain, forKey: .chain)
        case let .privateKey(key, chain, _):
            try c.encode(Kind.privateKey, forKey: .type)
            try c.encode(key, forKey: .privateKey)
            try c.encode(chain, forKey: .chain)
        case let .view(address, chain, _):
            try c.encode(Kind.view, forKey: .type)
            try c.encode(address, forKey: .address)
            try c.encode(chain, forKey: .chain)
        }
        try c.encodeIfPresent(name, forKey: .name)
    }
}

// The phrase and the key never reach a log through print, interpolation or dump.
extension GemWalletImport: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        switch self {
        case let .multicoin(_, chains, _): "GemWalletImport.multicoin(phrase: <redacted>, chains: \(chains.map(\.id)))"
        case let .single(_, chain, _): "GemWalletImport.single(phrase: <redacted>, chain: \(chain.id))"
        case let .privateKey(_, chain, _): "GemWalletImport.privateKey(key: <redacted>, chain: \(chain.id))"
        case let .view(address, chain, _): "GemWalletImport.view(address: \(address), chain: \(chain.id))"
        }
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["type": walletType.rawValue], displayStyle: .enum)
    }
}
