import Primitives

/// Per wallet: the sequence number each refresh takes when its fetch starts, the publication lane its
/// read-fold-write holds, and the newest sequence published per (asset, kind). Wallets never wait for each other.
actor BalanceLanes {
    private var sequences: [WalletId: UInt64] = [:]
    private var lanes: [WalletId: CommandLane] = [:]
    private var published: [WalletId: [BalanceKey: UInt64]] = [:]

    /// The next refresh's sequence number for `walletId` (1, 2, …).
    func nextSequence(_ walletId: WalletId) -> UInt64 {
        let next = (sequences[walletId] ?? 0) &+ 1
        sequences[walletId] = next
        return next
    }

    func lane(_ walletId: WalletId) -> CommandLane {
        if let lane = lanes[walletId] { return lane }
        let lane = CommandLane()
        lanes[walletId] = lane
        return lane
    }

    func published(_ walletId: WalletId) -> [BalanceKey: UInt64] {
        published[walletId] ?? [:]
    }

    func record(_ walletId: WalletId, _ keys: [BalanceKey: UInt64]) {
        published[walletId] = keys
    }
}
