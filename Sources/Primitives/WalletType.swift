/// How a wallet was imported. Cases are the specification's (`wallet_type.rs`); raw values are their JSON form
/// (snake_case, DESIGN § 3), while `idPrefix` is the specification's camelCase string that starts a `WalletId`.
public enum WalletType: String, CaseIterable, Sendable, Hashable, Codable {
    /// A recovery phrase with accounts on many chains.
    case multicoin
    /// A recovery phrase used on one chain.
    case single
    /// A private key on one chain.
    case privateKey = "private_key"
    /// An address without a secret (watch-only).
    case view

    /// The first part of a `WalletId`: `multicoin`, `single`, `privateKey`, `view`.
    public var idPrefix: String {
        switch self {
        case .multicoin: "multicoin"
        case .single: "single"
        case .privateKey: "privateKey"
        case .view: "view"
        }
    }

    /// The type an id prefix names; `nil` for anything else (prefixes are case-sensitive).
    public init?(idPrefix: String) {
        guard let type = Self.allCases.first(where: { $0.idPrefix == idPrefix }) else { return nil }
        self = type
    }
}
