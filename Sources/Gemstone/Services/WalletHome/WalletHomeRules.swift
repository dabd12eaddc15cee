import Primitives

/// The wallet home rules, pure.
enum WalletHomeRules {
    /// The home of `assets` in `currency`: the total of every shown asset with a price, the move over 24
    /// hours implied by each price's 24-hour change (the value a day ago is value / (1 + change%)), and the
    /// wallet's rows.
    static func value(_ assets: [GemAssetData], currency: String) -> GemWalletHomeValue {
        var total = 0.0
        var dayAgo = 0.0
        for data in assets where data.isEnabled {
            guard let price = data.price else { continue }
            let amount = (data.balance.map(AssetBalance.total) ?? .zero).doubleValue(decimals: Int(data.asset.decimals))
            let value = amount * price.price
            let factor = 1 + price.priceChangePercentage24h / 100
            total += value
            dayAgo += factor > 0 ? value / factor : value
        }
        let change = total - dayAgo
        return GemWalletHomeValue(
            currency: currency,
            total: .currency(total, code: currency, style: .fiat),
            change: .signedCurrency(change, code: currency, style: .fiat),
            changePercentage: .percentage(dayAgo > 0 ? change / dayAgo * 100 : 0, signed: true),
            rows: walletAssetRows(assets, currency: currency)
        )
    }

    /// What a home shows before its first load.
    static func empty(currency: String) -> GemWalletHomeValue {
        value([], currency: currency)
    }

    /// `assets` with the stored prices in place of theirs (an asset without a stored price has none).
    static func priced(_ assets: [GemAssetData], prices: [GemAssetPrice]) -> [GemAssetData] {
        let byId = Dictionary(prices.map { ($0.assetId, $0) }, uniquingKeysWith: { _, last in last })
        return assets.map { data in
            GemAssetData(asset: data.asset, balance: data.balance, price: byId[data.asset.id], isEnabled: data.isEnabled,
                         address: data.address)
        }
    }
}
