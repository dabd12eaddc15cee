import Primitives

/// The wallet's home screen (spec: GemWalletHomeService, a screen service composing the price owner): the
/// total in the stored prices' currency, its 24-hour change and the asset rows, as one record with its load
/// state. The host passes the wallet's assets with their balances as its stores hold them and the home it
/// shows; the core reads the stored prices, and a refresh first syncs them.
///
/// A failed refresh keeps what is shown (`GemLoad.data`): the previous home stays with state `data`; only a
/// home with nothing shown answers the error.
public final class GemWalletHomeService: Sendable {
    private let prices: GemPriceService

    public init(prices: GemPriceService) {
        self.prices = prices
    }

    /// The home from the stored prices, no request: `data`, or the previous home kept when the store fails.
    public func load(assets: [GemAssetData], previous: GemWalletHome?) async -> GemWalletHome {
        await transition(previous) { () async throws(GemServiceError) in try await self.read(assets) }
    }

    /// Syncs the prices of `assets`, then answers the home from the stored prices; when the sync or the read
    /// fails, the previous home is kept as shown (or the error answered when nothing is shown).
    public func refresh(assets: [GemAssetData], previous: GemWalletHome?) async -> GemWalletHome {
        await transition(previous) { () async throws(GemServiceError) in
            try await self.prices.syncPrices(assetIds: assets.map(\.asset.id))
            return try await self.read(assets)
        }
    }

    private func read(_ assets: [GemAssetData]) async throws(GemServiceError) -> GemWalletHomeValue {
        let state = try await prices.getPriceState()
        let stored = try await prices.getPrices(assetIds: assets.map(\.asset.id))
        let currency = state.conversion?.currency ?? FiatCurrency.usd
        return WalletHomeRules.value(WalletHomeRules.priced(assets, prices: stored), currency: currency)
    }

    private func transition(_ previous: GemWalletHome?,
                            _ load: () async throws(GemServiceError) -> GemWalletHomeValue) async -> GemWalletHome {
        do {
            return Self.next(previous, .success(try await load()))
        } catch {
            return Self.next(previous, .failure(error))
        }
    }

    /// The one load transition (`GemLoad.data`, through `GemLoadState.refreshed`): success replaces what is
    /// shown; a failure keeps a home shown with state `data`, and only a home with nothing shown answers the error.
    static func next(_ previous: GemWalletHome?, _ result: Result<GemWalletHomeValue, GemServiceError>) -> GemWalletHome {
        switch result {
        case let .success(value):
            return GemWalletHome(state: .data, value: value)
        case let .failure(error):
            let state = GemLoadState.refreshed(.failure(error), showsValue: previous?.state == .data)
            return GemWalletHome(state: state, value: previous?.value ?? WalletHomeRules.empty(currency: FiatCurrency.usd))
        }
    }
}
