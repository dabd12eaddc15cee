import Primitives

/// The stream subscription's pure rules: which assets the price stream carries and which message (if any) moves
/// it from what was last sent to that. No port, no state.
public enum StreamSubscriptionRules {
    /// What was last sent through the connection: the wallet and the assets the stream now carries.
    public struct Sent: Sendable, Equatable {
        public let walletId: WalletId
        public let assets: Set<AssetId>

        public init(walletId: WalletId, assets: Set<AssetId>) {
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

    /// The message that brings the stream from `previous` to `assets` of `walletId`: a full subscribePrices when
    /// nothing was sent yet or the wallet changed; an addPrices with only the assets the stream does not carry yet;
    /// nil when it carries them all (an asset no longer shown stays subscribed until the next full message).
    public static func message(walletId: WalletId, assets: [AssetId], previous: Sent?) -> GemStreamMessage? {
        guard let previous, previous.walletId == walletId else {
            return GemStreamMessage(type: .subscribePrices, data: GemStreamMessagePrices(assets: assets))
        }
        let added = assets.filter { !previous.assets.contains($0) }
        guard !added.isEmpty else { return nil }
        return GemStreamMessage(type: .addPrices, data: GemStreamMessagePrices(assets: added))
    }

    /// What the stream carries once `message` was sent after `previous`.
    public static func sent(walletId: WalletId, message: GemStreamMessage, previous: Sent?) -> Sent {
        switch message.type {
        case .subscribePrices:
            return Sent(walletId: walletId, assets: Set(message.data.assets))
        case .addPrices:
            return Sent(walletId: walletId, assets: (previous?.assets ?? []).union(message.data.assets))
        }
    }
}
