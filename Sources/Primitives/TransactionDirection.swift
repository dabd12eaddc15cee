/// Which way a transaction moved value, seen from its wallet.
public enum TransactionDirection: String, CaseIterable, Sendable, Hashable, Codable {
    /// From the wallet to itself.
    case selfTransfer = "self_transfer"
    case outgoing
    case incoming
}
