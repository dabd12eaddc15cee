import Primitives

/// The chart screen's market, alert and link sections (spec: "The service answers the phase and the market,
/// alert and link sections from that one record in one GemChartView, converting the market with the rate the
/// session holds"). Pure: the observed price record and the session's held rate in, rows out.
enum ChartSectionRules {
    /// The market rows, in the screen's order: market cap, its rank, 24-hour volume, fully diluted valuation,
    /// then circulating, total and max supply. A figure shows only when known, finite and above zero. Money is
    /// converted from USD at `conversion` (USD at 1 without one) and abbreviated from the abbreviation
    /// threshold; supplies read in `symbol`, abbreviated likewise; the rank is a whole number.
    static func market(_ market: GemAssetMarket?, conversion: GemPriceConversion?, symbol: String?) -> [GemChartMarketRow] {
        guard let market else { return [] }
        let conversion = conversion ?? GemPriceConversion(currency: "USD", rate: 1)
        var rows: [GemChartMarketRow] = []
        func money(_ title: GemListRowTitle, _ usd: Double?) {
            guard let usd, shows(usd) else { return }
            let value = usd * conversion.rate
            guard shows(value) else { return }
            rows.append(GemChartMarketRow(title: title, value: .currency(value, code: conversion.currency, style: .abbreviated)))
        }
        func supply(_ title: GemListRowTitle, _ units: Double?) {
            guard let units, shows(units) else { return }
            rows.append(GemChartMarketRow(title: title, value: .amount(units, symbol: symbol, style: .short)))
        }
        money(.marketCap, market.marketCap)
        if let rank = market.marketCapRank, rank > 0 {
            rows.append(GemChartMarketRow(title: .marketCapRank, value: GemFormattedNumber(
                value: Double(rank), unit: .plain, display: .number(precision: .fraction(min: 0, max: 0)), notation: .plain, tone: .plain,
                rounding: .toNearest)))
        }
        money(.tradingVolume, market.totalVolume)
        money(.fullyDilutedValuation, market.marketCapFdv)
        supply(.circulatingSupply, market.circulatingSupply)
        supply(.totalSupply, market.totalSupply)
        supply(.maxSupply, market.maxSupply)
        return rows
    }

    /// The alert rows: the alerts of `assetId`, in the order given, as the price alert list shows them
    /// (`priceAlertRow`), the asset's price converted from USD at `conversion` into its currency. None without
    /// the asset's record (or with another asset's).
    static func alerts(_ alerts: [PriceAlert], assetId: AssetId, asset: Asset?, price: GemAssetPrice?,
                       conversion: GemPriceConversion?) -> [GemPriceAlertRow] {
        guard let asset, asset.id == assetId else { return [] }
        let conversion = conversion ?? GemPriceConversion(currency: "USD", rate: 1)
        let converted = price.flatMap { price -> GemAssetPrice? in
            guard price.assetId == assetId else { return nil }
            return GemAssetPrice(assetId: price.assetId, priceUsd: price.priceUsd, price: price.priceUsd * conversion.rate,
                                 priceChangePercentage24h: price.priceChangePercentage24h, updatedAt: price.updatedAt)
        }
        let data = GemAssetData(asset: asset, balance: nil, price: converted, isEnabled: true, address: nil)
        return alerts.filter { $0.assetId == assetId.id }
            .map { priceAlertRow(GemPriceAlertData(alert: $0, asset: data), currency: conversion.currency) }
    }

    /// The link rows: one per known kind, in `GemAssetLinkKind`'s order, the first URL given for it that is
    /// https with a host (no user part, no space or control character) and at most `chartMaxLinkBytes` long.
    /// The API's names are read case-insensitively; "twitter" is x and "homepage" is website.
    static func links(_ links: [GemAssetLink]) -> [GemChartLinkRow] {
        var chosen: [GemAssetLinkKind: String] = [:]
        for link in links {
            guard let kind = kind(link.name), chosen[kind] == nil, isOpenable(link.url) else { continue }
            chosen[kind] = link.url
        }
        return GemAssetLinkKind.allCases.compactMap { kind in chosen[kind].map { GemChartLinkRow(kind: kind, url: $0) } }
    }

    static func kind(_ name: String) -> GemAssetLinkKind? {
        guard name.utf8.count <= 32 else { return nil }
        switch name.lowercased() {
        case "twitter": return .x
        case "homepage": return .website
        case let other: return GemAssetLinkKind(rawValue: other)
        }
    }

    /// An https URL with a host and nothing a host could use to mislead: no user part ("https://bank@evil"),
    /// no whitespace or control character, at most `chartMaxLinkBytes` bytes.
    static func isOpenable(_ url: String) -> Bool {
        let bytes = Array(url.utf8)
        guard bytes.count <= GemConstants.chartMaxLinkBytes, bytes.count > 8 else { return false }
        guard String(decoding: bytes[0..<8], as: UTF8.self).lowercased() == "https://" else { return false }
        guard !bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else { return false }
        let rest = bytes[8...]
        let authorityEnd = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? rest.endIndex
        let authority = rest[rest.startIndex..<authorityEnd]
        guard !authority.isEmpty, !authority.contains(UInt8(ascii: "@")), authority.first != UInt8(ascii: ":") else { return false }
        return true
    }

    private static func shows(_ value: Double) -> Bool {
        value.isFinite && value > 0
    }
}
