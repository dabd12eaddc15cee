import Primitives

/// The price alert rows (spec: "Core classifies each alert through alert_kind"), pure: each alert's
/// identity and kind beside the asset row that says it, for a whole list in one call.

extension GemAssetRowStyle {
    /// A price alert row's asset part: the asset's name with its symbol beside it; the subtitle and
    /// trailing are the alert's (`priceAlertRow`), not a style's.
    static let priceAlert = GemAssetRowStyle(title: .asset, showsSymbol: true, subtitle: .none, trailing: .none)
}

/// The rows of a price alert list, in the order given; the assets' prices are in `currency`.
public func priceAlertRows(_ alerts: [GemPriceAlertData], currency: String) -> [GemPriceAlertRow] {
    alerts.map { priceAlertRow($0, currency: currency) }
}

/// One price alert row. Under the title: for an auto alert the price and its 24-hour change as the
/// asset row shows them; for a price alert the direction's label ("Over", "Under") then the target
/// price in the alert's currency, toned by the direction (the price alone without a direction); for a
/// percent alert the percent, signed and toned by its direction. A target alert trails the current
/// price over its 24-hour change when the price is known.
public func priceAlertRow(_ data: GemPriceAlertData, currency: String) -> GemPriceAlertRow {
    let alert = data.alert
    let kind = PriceAlertRules.kind(alert)
    let base = assetItemRow(data.asset, currency: currency, style: .priceAlert)
    let price = data.asset.price
    var subtitle: GemRowText?
    var subtitleExtra: GemRowText?
    var trailing: GemAssetTrailing = .none
    switch kind {
    case .auto:
        if let price {
            subtitle = GemRowText(text: .number(number: .currency(price.price, code: currency, style: .currency)), tone: .neutral)
            subtitleExtra = priceChange(price)
        }
    case .price:
        let target = GemFormattedNumber.currency(alert.price ?? 0, code: alert.currency, style: .currency)
        if let direction = alert.priceDirection {
            subtitle = GemRowText(text: .priceAlertDirection(direction: direction), tone: .neutral)
            subtitleExtra = GemRowText(text: .number(number: target), tone: direction == .up ? .positive : .negative)
        } else {
            subtitle = GemRowText(text: .number(number: target), tone: .neutral)
        }
    case .pricePercentChange:
        let percent = alert.pricePercentChange ?? 0
        let number: GemFormattedNumber =
            switch alert.priceDirection {
            case .up: .percentage(percent, signed: true)
            case .down: .percentage(-percent, signed: true)
            case nil: .percentage(percent, signed: false)
            }
        subtitle = GemRowText(text: .number(number: number), tone: alert.priceDirection == nil ? .neutral : number.tone)
    }
    if kind != .auto, let price {
        trailing = .value(value: GemRowText(text: .number(number: .currency(price.price, code: currency, style: .currency)), tone: .plain),
                          extra: priceChange(price))
    }
    return GemPriceAlertRow(
        id: alert.id,
        kind: kind,
        direction: kind == .auto ? nil : alert.priceDirection,
        row: GemAssetItemRow(
            assetId: base.assetId,
            icon: base.icon,
            title: base.title,
            titleExtra: base.titleExtra,
            subtitle: subtitle,
            subtitleExtra: subtitleExtra,
            trailing: trailing,
            masksBalance: false
        )
    )
}

/// A price's 24-hour change as the asset row shows it: signed, coloured by its sign.
private func priceChange(_ price: GemAssetPrice) -> GemRowText {
    let change = GemFormattedNumber.percentage(price.priceChangePercentage24h, signed: true)
    return GemRowText(text: .number(number: change), tone: change.tone)
}
