import Primitives
import Synchronization

/// Keeps the host's price stream subscribed to what the wallet needs (the specification's
/// `GemStreamSubscriptionService`, gemwalletcom/core gemstone crate, services/stream): the wallet's shown assets
/// (`GemAssetsService`) and the stored price alerts' assets (`GemPriceAlertService`), sent through the host's
/// `GemStreamConnection`. It remembers what it sent so it sends only changes (`StreamSubscriptionRules`).
///
/// Subscribes run one at a time in arrival order (`CommandLane`). A failed send leaves the remembered state as
/// it was, so the next subscribe sends the same message again.
public final class GemStreamSubscriptionService: Sendable {
    private let assets: GemAssetsService
    private let alerts: GemPriceAlertService
    private let connection: any GemStreamConnection
    private let lane = CommandLane()
    private let last = Mutex<StreamSubscriptionRules.Sent?>(nil)

    public init(assets: GemAssetsService, alerts: GemPriceAlertService, connection: any GemStreamConnection) {
        self.assets = assets
        self.alerts = alerts
        self.connection = connection
    }

    /// Computes the assets `walletId`'s stream should carry and sends what moves the stream there: a full
    /// subscription when the wallet changed or nothing was sent yet; otherwise an unsubscription of the assets no
    /// longer wanted, then an addition of the new ones; nothing when unchanged or when the connection is not
    /// connected. Not connected also forgets what was sent: a socket that comes back carries nothing, so the next
    /// subscribe sends a full message. What each message sent moves is remembered as it is sent, so a failing
    /// read or send throws and leaves remembered only what the stream was told.
    public func subscribe(walletId: WalletId) async throws(GemServiceError) -> GemStreamSubscription {
        try await lane.run { () async throws(GemServiceError) -> GemStreamSubscription in
            let connected = try await connection.isConnected()
            if !connected { last.withLock { $0 = nil } }
            let walletAssets = try await assets.walletAssets(walletId: walletId).map(\.id)
            let alertAssets = try await alerts.getPriceAlerts(assetId: nil).map(\.assetId)
            let wanted = StreamSubscriptionRules.assets(wallet: walletAssets, alertAssetIds: alertAssets)
            guard connected else {
                return GemStreamSubscription(walletId: walletId, assets: wanted, sent: .none, sentAssets: [], unsubscribedAssets: [])
            }
            let messages = StreamSubscriptionRules.messages(walletId: walletId, assets: wanted, previous: last.withLock { $0 })
            var sent: GemStreamSubscriptionSent = .none
            var sentAssets: [AssetId] = []
            var unsubscribed: [AssetId] = []
            for message in messages {
                try await connection.send(message)
                last.withLock { $0 = StreamSubscriptionRules.sent(walletId: walletId, message: message, previous: $0) }
                switch message.type {
                case .subscribePrices: (sent, sentAssets) = (.full, message.data.assets)
                case .addPrices: (sent, sentAssets) = (.added, message.data.assets)
                case .unsubscribePrices: (sent, unsubscribed) = (.removed, message.data.assets)
                }
            }
            return GemStreamSubscription(walletId: walletId, assets: wanted, sent: sent, sentAssets: sentAssets,
                                         unsubscribedAssets: unsubscribed)
        }
    }

    /// Forgets what was sent, after the subscribes before it: for a host whose socket reconnected between two
    /// subscribes (a new socket carries nothing), so the next subscribe sends a full subscription.
    public func reset() async {
        _ = try? await lane.run { () async throws(GemServiceError) -> Bool in
            last.withLock { $0 = nil }
            return true
        }
    }
}
