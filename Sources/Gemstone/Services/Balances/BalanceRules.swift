import Blockchain
import Primitives

/// A kind of balance: a refresh's sources each answer some kinds of an asset and leave the others as stored.
enum BalanceKind: Sendable, Hashable, CaseIterable {
    case available, staked, pending, locked, reserved
}

/// An asset's balance as one source answered it: only the kinds that source reads.
struct BalanceAnswer: Sendable, Equatable {
    var assetId: AssetId
    var values: [BalanceKind: BigUInt]
}

/// (asset, kind): what an answer publishes, and what a newer answer supersedes.
struct BalanceKey: Sendable, Hashable {
    var assetId: AssetId
    var kind: BalanceKind
}

/// What a chain's answers publish: the rows to write and the sequence now published per key.
struct BalancePublication: Sendable, Equatable {
    var rows: [GemBalance]
    var published: [BalanceKey: UInt64]
}

/// The balance rules, pure (spec "Publish each source of a refresh as it answers").
enum BalanceRules {
    /// A coin source's answer: the available balance, and each other kind the chain reported.
    static func coinAnswer(_ balance: ChainBalance) -> BalanceAnswer {
        var values: [BalanceKind: BigUInt] = [.available: balance.available]
        if let locked = balance.locked { values[.locked] = locked }
        if let reserved = balance.reserved { values[.reserved] = reserved }
        if let pending = balance.pending { values[.pending] = pending }
        if let staked = balance.staked { values[.staked] = staked }
        return BalanceAnswer(assetId: balance.assetId, values: values)
    }

    /// A stake source's answer: staked (zero when the chain reported none) and unbonding when reported; never the
    /// available balance, which the coin source owns.
    static func stakeAnswer(_ balance: ChainBalance) -> BalanceAnswer {
        var values: [BalanceKind: BigUInt] = [.staked: balance.staked ?? .zero]
        if let pending = balance.pending { values[.pending] = pending }
        return BalanceAnswer(assetId: balance.assetId, values: values)
    }

    /// The specification's `published_balances`: folds `answers` of refresh `sequence` onto the `stored` rows by
    /// kind and answers the rows to write.
    /// - A kind an answer does not carry keeps its stored value (a stake answer does not clear an available
    ///   balance); an asset without a stored row starts from zero.
    /// - An answer for an (asset, kind) that a newer refresh already published (`published[key] > sequence`) is
    ///   dropped: an older answer arriving late never overwrites a newer one.
    /// - Only rows whose folded value differs from the stored one are written (a new row always is).
    /// - `published` comes back with `sequence` for every key this refresh answered and did not drop.
    static func publishedBalances(stored: [GemBalance], answers: [BalanceAnswer], sequence: UInt64,
                                  published: [BalanceKey: UInt64]) -> BalancePublication {
        var byAsset: [AssetId: GemBalance] = [:]
        for row in stored where byAsset[row.assetId] == nil { byAsset[row.assetId] = row }
        var folded: [AssetId: GemBalance] = [:]
        var order: [AssetId] = []
        var newPublished = published
        for answer in answers {
            var row = folded[answer.assetId] ?? byAsset[answer.assetId] ?? zero(answer.assetId)
            var touched = false
            for kind in BalanceKind.allCases {
                guard let value = answer.values[kind] else { continue }
                let key = BalanceKey(assetId: answer.assetId, kind: kind)
                if let newer = published[key], newer > sequence { continue }
                row[kind] = value
                newPublished[key] = sequence
                touched = true
            }
            guard touched else { continue }
            if folded[answer.assetId] == nil { order.append(answer.assetId) }
            folded[answer.assetId] = row
        }
        let rows = order.compactMap { id -> GemBalance? in
            guard let row = folded[id], row != byAsset[id] else { return nil }
            return row
        }
        return BalancePublication(rows: rows, published: newPublished)
    }

    static func zero(_ assetId: AssetId) -> GemBalance {
        GemBalance(assetId: assetId, available: .zero, staked: .zero, pending: .zero, locked: .zero, reserved: .zero)
    }
}

extension GemBalance {
    subscript(kind: BalanceKind) -> BigUInt {
        get {
            switch kind {
            case .available: available
            case .staked: staked
            case .pending: pending
            case .locked: locked
            case .reserved: reserved
            }
        }
        set {
            switch kind {
            case .available: available = newValue
            case .staked: staked = newValue
            case .pending: pending = newValue
            case .locked: locked = newValue
            case .reserved: reserved = newValue
            }
        }
    }
}
