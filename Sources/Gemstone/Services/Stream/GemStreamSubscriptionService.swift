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
    /// subscription when the wallet changed or nothing was sent yet, only the added assets otherwise, nothing when
    /// unchanged or when the connection is not connected. Not connected also forgets what was sent: a socket that
    /// comes back carries nothing, so the next subscribe sends a full message. A failing read or send throws and
    /// leaves what was remembered as it was.
    public func subscribe(walletId: WalletId) async throws(GemServiceError) -> GemStreamSubscription {
        try await lane.run { () async throws(GemServiceError) -> GemStreamSubscription in
            let connected = try await connection.isConnected()
            if !connected { last.withLock { $0 = nil } }
            let walletAssets = try await assets.walletAssets(walletId: walletId).map(\.id)
            let alertAssets = try await alerts.getPriceAlerts(assetId: nil).map(\.assetId)
            let wanted = StreamSubscriptionRules.assets(wallet: walletAssets, alertAssetIds: alertAssets)
            let none = GemStreamSubscription(walletId: walletId, assets: wanted, sent: .none, sentAssets: [])
            let previous = last.withLock { $0 }
            guard connected, let message = StreamSubscriptionRules.message(walletId: walletId, assets: wanted, previous: previous) else {
                return none
            }
            try await connection.send(message)
            last.withLock { $0 = StreamSubscriptionRules.sent(walletId: walletId, message: message, previous: previous) }
            let sent: GemStreamSubscriptionSent = message.type == .subscribePrices ? .full : .added
            return GemStreamSubscription(walletId: walletId, assets: wanted, sent: sent, sentAssets: message.data.assets)
        }
    }
}
