/// How a wallet was imported. Raw values are the specification's strings (`wallet_type.rs`, camelCase); they are
/// also the first part of a `WalletId`.
public enum WalletType: String, CaseIterable, Sendable, Hashable, Codable {
    /// A recovery phrase with accounts on many chains.
    case multicoin
    /// A recovery phrase used on one chain.
    case single
    /// A private key on one chain.
    case privateKey
    /// An address without a secret (watch-only).
    case view
}
