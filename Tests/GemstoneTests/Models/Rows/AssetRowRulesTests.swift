import Primitives
import Testing
@testable import Gemstone

private let arbitrumETH = Asset(id: AssetId(chain: .arbitrum), name: "Arbitrum ETH", symbol: "ETH", decimals: 18, type: .native)
private let ton = Asset(id: AssetId(chain: .ton), name: "TON", symbol: "TON", decimals: 9, type: .native)

private func style(_ title: GemAssetTitleStyle = .asset, symbol: Bool = true, subtitle: GemAssetSubtitleStyle = .none,
                   trailing: GemAssetTrailingStyle = .none) -> GemAssetRowStyle {
    GemAssetRowStyle(title: title, showsSymbol: symbol, subtitle: subtitle, trailing: trailing)
}

private func data(_ asset: Asset, available: BigUInt = .zero, price: Double? = nil, change: Double = 0,
                  enabled: Bool = true, address: String? = nil) -> GemAssetData {
    GemAssetData(asset: asset,
                 balance: GemBalance(assetId: asset.id, available: available, staked: .zero, pending: .zero, locked: .zero, reserved: .zero),
                 price: price.map { GemAssetPrice(assetId: asset.id, priceUsd: $0, price: $0, priceChangePercentage24h: change) },
                 isEnabled: enabled, address: address)
}

private func number(_ text: GemRowText?) -> GemFormattedNumber? {
    if case let .number(number) = text?.text { return number }
    return nil
}

@Suite struct AssetRowRulesTests {
    @Test func whichNameARowShows() {
        #expect(assetRowText(arbitrumETH, style: style(.asset)).title == "Arbitrum ETH")
        #expect(assetRowText(arbitrumETH, style: style(.canonicalAsset)).title == "Ethereum")
        #expect(assetRowText(arbitrumETH, style: style(.network)).title == "Arbitrum")
        #expect(assetRowText(Fixtures.usdt, style: style(.canonicalAsset)).title == Fixtures.usdt.name)
        #expect(assetRowText(Fixtures.usdt, style: style(.network)).title == "Ethereum")
    }

    @Test func theSymbolIsHiddenWhenItRepeatsTheTitleOrTheStyleHidesIt() {
        #expect(assetRowText(ton, style: style(.asset)).symbol == nil)
        #expect(assetRowText(Fixtures.usdt, style: style(.asset)).symbol == "USDT")
        #expect(assetRowText(Fixtures.usdt, style: style(.asset, symbol: false)).symbol == nil)
    }

    @Test func aNetworkSubtitleAppearsOnlyUnderATokenWhenTheStyleAsks() {
        #expect(assetRowText(Fixtures.usdt, style: style(subtitle: .network)).network == "Ethereum")
        #expect(assetRowText(Fixtures.ethereum, style: style(subtitle: .network)).network == nil)
        #expect(assetRowText(Fixtures.usdt, style: style(subtitle: .price)).network == nil)
        let row = assetItemRow(data(Fixtures.usdt), currency: "USD", style: style(subtitle: .network))
        #expect(row.subtitle == GemRowText(text: .text(text: "Ethereum"), tone: .neutral))
    }

    @Test func aPriceReadsWithAtLeastTwoPlaces() throws {
        let row = assetItemRow(data(Fixtures.usdt, price: 0.9), currency: "EUR", style: style(subtitle: .price))
        let price = try #require(number(row.subtitle))
        #expect(price.unit == .currency(code: "EUR"))
        #expect(price.value == 0.9)
        guard case let .number(.fraction(min, _)) = price.display else {
            Issue.record("not a fraction: \(price.display)")
            return
        }
        #expect(min == 2)
    }

    @Test func theChangeIsSignedAndTonedByItsSign() throws {
        let down = assetItemRow(data(Fixtures.usdt, price: 1, change: -2), currency: "USD", style: style(subtitle: .price))
        let up = assetItemRow(data(Fixtures.usdt, price: 1, change: 2), currency: "USD", style: style(subtitle: .price))
        #expect(down.subtitleExtra?.tone == .negative)
        #expect(up.subtitleExtra?.tone == .positive)
        #expect(number(up.subtitleExtra)?.notation == .signed)
    }

    @Test func noPriceNoPriceSubtitleAndNoWorth() {
        let row = assetItemRow(data(Fixtures.usdt), currency: "USD", style: style(subtitle: .price, trailing: .balance))
        #expect(row.subtitle == nil)
        #expect(row.subtitleExtra == nil)
        guard case let .value(_, extra) = row.trailing else {
            Issue.record("not a value: \(row.trailing)")
            return
        }
        #expect(extra == nil)
    }

    @Test func aBalanceRowShowsTheTotalAndItsWorthAndIsMasked() throws {
        let base = data(Fixtures.usdt, price: 2)
        let item = GemAssetData(asset: Fixtures.usdt,
                                balance: GemBalance(assetId: Fixtures.usdt.id, available: BigUInt(1_500_000), staked: BigUInt(500_000),
                                                    pending: .zero, locked: .zero, reserved: .zero),
                                price: base.price, isEnabled: true, address: nil)
        let row = assetItemRow(item, currency: "USD", style: style(trailing: .balance))
        guard case let .value(value, extra) = row.trailing else {
            Issue.record("not a value: \(row.trailing)")
            return
        }
        #expect(number(value)?.value == 2)
        #expect(number(extra)?.value == 4)
        #expect(number(extra)?.unit == .currency(code: "USD"))
        #expect(row.masksBalance)
        #expect(!assetItemRow(item, currency: "USD", style: style(trailing: .toggle)).masksBalance)
    }

    @Test func trailingToggleCopyAndNone() {
        let item = data(Fixtures.ethereum, enabled: false, address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")
        #expect(assetItemRow(item, currency: "USD", style: style(trailing: .toggle)).trailing == .toggle(isOn: false))
        #expect(assetItemRow(item, currency: "USD", style: style(trailing: .copy)).trailing
            == .copy(copy: .address("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", chain: .ethereum)))
        #expect(assetItemRow(data(Fixtures.ethereum), currency: "USD", style: style(trailing: .copy)).trailing == GemAssetTrailing.none)
    }

    @Test func aTokenCarriesItsChainsBadge() {
        #expect(assetItemRow(data(Fixtures.usdt), currency: "USD", style: style()).icon.badge == .ethereum)
        #expect(assetItemRow(data(Fixtures.ethereum), currency: "USD", style: style()).icon.badge == nil)
    }

    @Test func walletRowsLeaveOutHiddenAssetsAndUseTheWalletStyle() {
        let rows = walletAssetRows([data(Fixtures.ethereum, price: 1), data(Fixtures.usdt, enabled: false), data(Fixtures.bitcoin)], currency: "USD")
        #expect(rows.map(\.assetId) == [Fixtures.ethereum.id, Fixtures.bitcoin.id])
        let masked = rows.allSatisfy { $0.masksBalance }
        #expect(masked)
        #expect(rows.first?.titleExtra == nil)
        #expect(rows.first.flatMap { number($0.subtitle) } != nil)
        #expect(rows == assetListRows([data(Fixtures.ethereum, price: 1), data(Fixtures.bitcoin)], currency: "USD", style: .wallet))
    }

    @Test func aRequestWithABadCurrencyIsRefused() {
        #expect(throws: GemServiceError.self) {
            try GemWalletAssetRowsRequest(assets: [], currency: "usd").answer()
        }
    }
}
