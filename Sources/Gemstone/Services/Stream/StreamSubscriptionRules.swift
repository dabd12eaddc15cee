import Primitives

/// The stream subscription's pure rules: which assets the price stream carries and which message (if any) moves
/// it from what was last sent to that. No port, no state.
public enum StreamSubscriptionRules {
    /// What was last sent through the connection: the wallet and the assets the stream now carries, in the order
    /// they were subscribed.
    public struct Sent: Sendable, Equatable {
        public let walletId: WalletId
        public let assets: [AssetId]

        public init(walletId: WalletId, assets: [AssetId]) {
            self.walletId = walletId
            self.assets = assets
        }
    }

    /// The assets the stream should carry: the wallet's shown assets in their order, then the price alerts'
    /// assets not among them, in the alerts' order; each once. An alert whose asset id does not parse is skipped.
    public static func assets(wallet: [AssetId], alertAssetIds: [String]) -> [AssetId] {
        var seen = Set<AssetId>()
        var result: [AssetId] = []
        for id in wallet where seen.insert(id).inserted {
            result.append(id)
        }
        for text in alertAssetIds {
            guard let id = try? AssetId(parsing: text), seen.insert(id).inserted else { continue }
            result.append(id)
        }
        return result
    }

    /// The messages that bring the stream from `previous` to `assets` of `walletId`, in the order to send them: a
    /// full subscribePrices when nothing was sent yet or the wallet changed; otherwise an unsubscribePrices with
    /// the assets the stream carries that are no longer wanted (in the order they were subscribed), then an
    /// addPrices with only the assets it does not carry yet; none when it carries exactly these.
    public static func messages(walletId: WalletId, assets: [AssetId], previous: Sent?) -> [GemStreamMessage] {
        guard let previous, previous.walletId == walletId else {
            return [GemStreamMessage(type: .subscribePrices, data: GemStreamMessagePrices(assets: assets))]
        }
        let wanted = Set(assets)
        let carried = Set(previous.assets)
        let removed = previous.assets.filter { !wanted.contains($0) }
        let added = assets.filter { !carried.contains($0) }
        var messages: [GemStreamMessage] = []
        if !removed.isEmpty { messages.append(GemStreamMessage(type: .unsubscribePrices, data: GemStreamMessagePrices(assets: removed))) }
        if !added.isEmpty { messages.append(GemStreamMessage(type: .addPrices, data: GemStreamMessagePrices(assets: added))) }
        return messages
    }

    /// What the stream carries once `message` was sent after `previous`.
    public static func sent(walletId: WalletId, message: GemStreamMessage, previous: Sent?) -> Sent {
        let before = previous?.assets ?? []
        switch message.type {
        case .subscribePrices:
            return Sent(walletId: walletId, assets: unique(message.data.assets))
        case .addPrices:
            return Sent(walletId: walletId, assets: unique(before + message.data.assets))
        case .unsubscribePrices:
            let removed = Set(message.data.assets)
            return Sent(walletId: walletId, assets: before.filter { !removed.contains($0) })
        }
    }

    private static func unique(_ assets: [AssetId]) -> [AssetId] {
        var seen = Set<AssetId>()
        return assets.filter { seen.insert($0).inserted }
    }
}
