import Primitives

/// The asset row rules (spec: "A list row is a record of choices"), pure.

/// The title, symbol and network name `style` resolves to for `asset` (spec: `asset_row_text`): the title
/// is the asset's name, a native coin's canonical name or the network's name; the symbol shows only when
/// the style shows it and it does not repeat the title; a network subtitle only under a token.
public func assetRowText(_ asset: Asset, style: GemAssetRowStyle) -> GemAssetRowText {
    let title: String =
        switch style.title {
        case .asset: asset.name
        case .canonicalAsset: asset.id.isNative ? ChainNames.canonicalNativeAsset(asset.chain) : asset.name
        case .network: ChainNames.network(asset.chain)
        }
    return GemAssetRowText(
        title: title,
        symbol: style.showsSymbol && title != asset.symbol ? asset.symbol : nil,
        network: style.subtitle == .network && !asset.id.isNative ? ChainNames.network(asset.chain) : nil
    )
}

extension GemAssetRowStyle {
    /// The wallet's asset list: the asset's name, its price and change under it, its balance and worth trailing.
    public static let wallet = GemAssetRowStyle(title: .asset, showsSymbol: false, subtitle: .price, trailing: .balance)
}

/// The rows of an asset list in `style`, prices in `currency`, in the order given.
public func assetListRows(_ assets: [GemAssetData], currency: String, style: GemAssetRowStyle) -> [GemAssetItemRow] {
    assets.map { assetItemRow($0, currency: currency, style: style) }
}

/// The rows of the wallet's asset list: the wallet style, only the assets the wallet shows, in the order given.
public func walletAssetRows(_ assets: [GemAssetData], currency: String) -> [GemAssetItemRow] {
    var rows: [GemAssetItemRow] = []
    rows.reserveCapacity(assets.count)
    for data in assets where data.isEnabled {
        rows.append(assetItemRow(data, currency: currency, style: .wallet))
    }
    return rows
}

/// One asset row in `style`.
public func assetItemRow(_ data: GemAssetData, currency: String, style: GemAssetRowStyle) -> GemAssetItemRow {
    let asset = data.asset
    let text = assetRowText(asset, style: style)
    var subtitle: GemRowText?
    var subtitleExtra: GemRowText?
    switch style.subtitle {
    case .price:
        if let price = data.price {
            subtitle = GemRowText(text: .number(number: .currency(price.price, code: currency, style: .currency)), tone: .neutral)
            let change = GemFormattedNumber.percentage(price.priceChangePercentage24h, signed: true)
            subtitleExtra = GemRowText(text: .number(number: change), tone: change.tone)
        }
    case .network:
        subtitle = text.network.map { GemRowText(text: .text(text: $0), tone: .neutral) }
    case .none:
        break
    }
    let trailing: GemAssetTrailing
    switch style.trailing {
    case .balance:
        let total = data.balance.map(AssetBalance.total) ?? .zero
        let decimals = Int(asset.decimals)
        let amount = GemFormattedNumber.amount(BigInt(total), decimals: decimals, symbol: nil, style: .short)
        let worth = data.price.map { GemFormattedNumber.fiat(BigInt(total), decimals: decimals, price: $0.price, code: currency) }
        trailing = .value(value: GemRowText(text: .number(number: amount), tone: .plain),
                          extra: worth.map { GemRowText(text: .number(number: $0), tone: .neutral) })
    case .toggle:
        trailing = .toggle(isOn: data.isEnabled)
    case .copy:
        trailing = data.address.map { .copy(copy: .address($0, chain: asset.chain)) } ?? .none
    case .none:
        trailing = .none
    }
    return GemAssetItemRow(
        assetId: asset.id,
        icon: GemAssetIcon(assetId: asset.id, badge: asset.id.isNative ? nil : asset.chain),
        title: GemRowText(text: .text(text: text.title), tone: .plain),
        titleExtra: text.symbol.map { GemRowText(text: .text(text: $0), tone: .neutral) },
        subtitle: subtitle,
        subtitleExtra: subtitleExtra,
        trailing: trailing,
        masksBalance: style.trailing == .balance
    )
}

/// What a balance row adds up.
enum AssetBalance {
    /// Everything the wallet holds of the asset: available, staked, pending, locked and reserved.
    static func total(_ balance: GemBalance) -> BigUInt {
        balance.available + balance.staked + balance.pending + balance.locked + balance.reserved
    }
}
