import Primitives

/// The pure rules of price alerts: the alert id, validation of a new alert, and the sync diff.
enum PriceAlertRules {
    /// The alert id, the store's key. Format: `<asset_id>:<currency>:<price>:<percent>:<direction>`
    /// where an absent field is empty and a number is written in its shortest round-trip form,
    /// integral values without a fraction (as JSON writes them: `100`, `0.5`, `1e-07`):
    ///
    ///     bitcoin:USD:100000::up
    ///     ethereum_0xdAC17F958D2ee523a2206206994597C13D831ec7:EUR::5:down
    ///     solana:USD:::
    ///
    /// Two alerts with the same target (asset, currency, price, percent change, direction) share an
    /// id whatever their `lastNotifiedAt`. The four trailing fields never contain `:` (a currency is
    /// three letters, numbers and directions have none), so reading the id from the right gives back
    /// the fields even when the asset id holds `:` (`sui_0x2::sui::SUI`): distinct valid targets
    /// (`validate`) never share an id.
    static func alertId(_ alert: PriceAlert) -> String {
        let price = alert.price.map(number) ?? ""
        let percent = alert.pricePercentChange.map(number) ?? ""
        let direction = alert.priceDirection?.rawValue ?? ""
        return "\(alert.assetId):\(alert.currency):\(price):\(percent):\(direction)"
    }

    /// What the alert fires on (spec: `alert_kind`): a target price makes a price alert, a percent
    /// change a percent alert, neither an auto alert (notified on notable moves). A valid alert
    /// (`validate`) never has both; were it to, the price wins.
    static func kind(_ alert: PriceAlert) -> GemPriceAlertKind {
        if alert.price != nil { return .price }
        if alert.pricePercentChange != nil { return .pricePercentChange }
        return .auto
    }

    private static func number(_ value: Double) -> String {
        JSONWriter.string(.double(value))
    }

    /// Checks a new alert before anything is written. The asset id is `<chain>` or
    /// `<chain>_<token>` with the chain in lowercase letters and digits and a token id of printable
    /// characters without spaces; the currency three uppercase letters; a price or percent change,
    /// when present, finite and above zero, and not both at once; a direction only with one of them.
    static func validate(_ alert: PriceAlert) throws(GemServiceError) {
        guard isWellFormedAssetId(alert.assetId) else {
            throw .invalidInput(message: "asset id \"\(alert.assetId)\" is not <chain> or <chain>_<token>")
        }
        guard CurrencyCode.isValid(alert.currency) else {
            throw .invalidInput(message: "currency \"\(alert.currency)\" is not three uppercase letters")
        }
        if let price = alert.price, !(price.isFinite && price > 0) {
            throw .invalidInput(message: "an alert price is a finite number above zero")
        }
        if let percent = alert.pricePercentChange, !(percent.isFinite && percent > 0) {
            throw .invalidInput(message: "an alert percent change is a finite number above zero")
        }
        if alert.price != nil && alert.pricePercentChange != nil {
            throw .invalidInput(message: "an alert has a target price or a percent change, not both")
        }
        if alert.priceDirection != nil && alert.price == nil && alert.pricePercentChange == nil {
            throw .invalidInput(message: "an alert direction needs a target price or a percent change")
        }
    }

    static func isWellFormedAssetId(_ assetId: String) -> Bool {
        let bytes = Array(assetId.utf8)
        let separator = bytes.firstIndex(of: UInt8(ascii: "_"))
        let chain = bytes[..<(separator ?? bytes.endIndex)]
        let chainIsWellFormed = !chain.isEmpty && chain.allSatisfy {
            ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
        }
        guard chainIsWellFormed else { return false }
        guard separator != nil else { return true }
        let token = assetId.unicodeScalars.dropFirst(chain.count + 1)
        return !token.isEmpty && token.allSatisfy { scalar in
            !scalar.properties.isWhitespace && scalar.properties.generalCategory != .control
        }
    }

    /// The diff that makes the local alerts equal the remote ones: upsert each remote alert that
    /// is missing locally or differs from the local row with its id; delete each local id the remote
    /// side does not have. Nothing when they agree. Remote alerts sharing an id count once (the
    /// last one wins, as a later upsert would); the order of `alerts` follows `remote`, of
    /// `deleteIds` follows `local`.
    static func reconcile(local: [PriceAlert], remote: [PriceAlert]) -> PriceAlertChanges {
        var remoteById: [String: PriceAlert] = [:]
        var remoteOrder: [String] = []
        for alert in remote {
            let id = alert.id
            if remoteById.updateValue(alert, forKey: id) == nil { remoteOrder.append(id) }
        }
        var localById: [String: PriceAlert] = [:]
        var deleteIds: [String] = []
        for alert in local {
            let id = alert.id
            guard localById[id] == nil else { continue }
            localById[id] = alert
            if remoteById[id] == nil { deleteIds.append(id) }
        }
        var upserts: [PriceAlert] = []
        for id in remoteOrder {
            guard let alert = remoteById[id] else { continue }
            if localById[id] != alert { upserts.append(alert) }
        }
        return PriceAlertChanges(alerts: upserts, deleteIds: deleteIds)
    }
}
