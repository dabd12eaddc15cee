import Testing
@testable import Gemstone

struct PriceAlertRulesTests {
    // MARK: alertId

    @Test(arguments: [
        (PriceAlert.mock(), "bitcoin:USD:100000::up"),
        (PriceAlert.mock(assetId: "ethereum_0xdAC17F958D2ee523a2206206994597C13D831ec7", currency: "EUR", price: nil,
                         pricePercentChange: 5, priceDirection: .down),
         "ethereum_0xdAC17F958D2ee523a2206206994597C13D831ec7:EUR::5:down"),
        (PriceAlert.mock(assetId: "solana", price: nil, priceDirection: nil), "solana:USD:::"),
        (PriceAlert.mock(price: 0.5), "bitcoin:USD:0.5::up"),
        (PriceAlert.mock(price: 1e-7), "bitcoin:USD:1e-07::up"),
        (PriceAlert.mock(assetId: "sui_0x2::sui::SUI", price: 2.25, priceDirection: nil), "sui_0x2::sui::SUI:USD:2.25::"),
    ])
    func alertId(alert: PriceAlert, expected: String) {
        #expect(PriceAlertRules.alertId(alert) == expected)
        #expect(alert.id == expected)
    }

    @Test func alertIdIgnoresLastNotifiedAt() {
        #expect(PriceAlert.mock(lastNotifiedAt: 1_700_000_000).id == PriceAlert.mock(lastNotifiedAt: nil).id)
    }

    /// Each variant differs from the base alert in one field of its target; every id is distinct.
    @Test func alertIdDiffersForEveryTargetField() {
        let variants: [PriceAlert] = [
            .mock(),
            .mock(assetId: "ethereum"),
            .mock(currency: "EUR"),
            .mock(price: 100_001),
            .mock(price: nil, pricePercentChange: 100_000),
            .mock(priceDirection: .down),
            .mock(priceDirection: nil),
            .mock(price: nil),
        ]
        #expect(Set(variants.map(\.id)).count == variants.count)
    }

    /// Asset ids that hold the separator (and look like the fields after it) never make two
    /// different targets share an id: every combination below is distinct.
    @Test func alertIdIsUnambiguousWhenAssetIdHoldsSeparator() {
        var alerts: [PriceAlert] = []
        for assetId in ["sui_a", "sui_a:USD", "sui_a:USD:1", "sui_a:USD::1", "sui_a::", "sui_a:EUR:1::up"] {
            for currency in ["USD", "EUR"] {
                for (price, percent) in [(nil, nil), (1.0, nil), (nil, 1.0)] as [(Double?, Double?)] {
                    for direction in [nil, .up] as [PriceAlertDirection?] {
                        alerts.append(PriceAlert(assetId: assetId, currency: currency, price: price,
                                                 pricePercentChange: percent, priceDirection: direction))
                    }
                }
            }
        }
        #expect(Set(alerts).count == alerts.count)
        #expect(Set(alerts.map(\.id)).count == alerts.count)
    }

    // MARK: validate

    @Test(arguments: [
        PriceAlert.mock(),
        .mock(price: nil, pricePercentChange: 2.5, priceDirection: .down),
        .mock(price: nil, priceDirection: nil),
        .mock(price: 0.000001, priceDirection: nil),
        .mock(assetId: "ethereum_0xdAC17F958D2ee523a2206206994597C13D831ec7"),
        .mock(assetId: "sui_0x2::sui::SUI"),
        .mock(assetId: "ton_EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs"),
        .mock(assetId: "osmosis_ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2"),
    ])
    func validateAccepts(alert: PriceAlert) throws {
        try PriceAlertRules.validate(alert)
    }

    @Test(arguments: [
        PriceAlert.mock(assetId: ""),
        .mock(assetId: "Bitcoin"),
        .mock(assetId: "_token"),
        .mock(assetId: "ethereum_"),
        .mock(assetId: "ethereum_0x dAC1"),
        .mock(assetId: "ethereum_0x\ndAC1"),
        .mock(assetId: "bit coin"),
        .mock(currency: "usd"),
        .mock(currency: "US"),
        .mock(currency: "USDT"),
        .mock(currency: ""),
        .mock(currency: "ÜSD"),
        .mock(price: 0),
        .mock(price: -1),
        .mock(price: .nan),
        .mock(price: .infinity),
        .mock(price: nil, pricePercentChange: 0),
        .mock(price: nil, pricePercentChange: -5),
        .mock(price: nil, pricePercentChange: .nan),
        .mock(price: nil, pricePercentChange: .infinity),
        .mock(price: 10, pricePercentChange: 5),
        .mock(price: nil, pricePercentChange: nil, priceDirection: .up),
    ])
    func validateRejects(alert: PriceAlert) {
        #expect {
            try PriceAlertRules.validate(alert)
        } throws: { error in
            guard case .invalidInput = error as? GemServiceError else { return false }
            return true
        }
    }

    @Test(arguments: [
        ("bitcoin", true), ("smartchain_0x55d398326f99059fF775485246999027B3197955", true), ("a1_b", true),
        ("sui_0x2::sui::SUI", true), ("ton_EQ-_x", true),
        ("", false), ("BITCOIN", false), ("bit-coin", false), ("_x", false), ("bitcoin_", false),
        ("bitcoin_a b", false), ("bitcoin_a\u{7}", false), ("bitcoin\u{0}", false),
    ])
    func isWellFormedAssetId(assetId: String, expected: Bool) {
        #expect(PriceAlertRules.isWellFormedAssetId(assetId) == expected)
    }

    // MARK: reconcile

    static let btc = PriceAlert.mock()
    static let eth = PriceAlert.mock(assetId: "ethereum", price: 5_000)
    static let sol = PriceAlert.mock(assetId: "solana", price: nil, pricePercentChange: 10, priceDirection: .down)

    @Test func reconcileWritesNothingWhenEqual() {
        let changes = PriceAlertRules.reconcile(local: [Self.btc, Self.eth], remote: [Self.eth, Self.btc])
        #expect(changes == PriceAlertChanges(alerts: [], deleteIds: []))
        #expect(changes.isEmpty)
    }

    @Test func reconcileAddsRemoteAlertsMissingLocally() {
        let changes = PriceAlertRules.reconcile(local: [Self.btc], remote: [Self.btc, Self.eth])
        #expect(changes == PriceAlertChanges(alerts: [Self.eth], deleteIds: []))
    }

    @Test func reconcileDeletesLocalAlertsAbsentRemotely() {
        let changes = PriceAlertRules.reconcile(local: [Self.btc, Self.eth], remote: [Self.btc])
        #expect(changes == PriceAlertChanges(alerts: [], deleteIds: [Self.eth.id]))
    }

    @Test func reconcileUpdatesAlertsThatDiffer() {
        var notified = Self.btc
        notified.lastNotifiedAt = 1_700_000_000
        let changes = PriceAlertRules.reconcile(local: [Self.btc], remote: [notified])
        #expect(changes == PriceAlertChanges(alerts: [notified], deleteIds: []))
    }

    @Test func reconcileEmptyRemoteDeletesEverything() {
        let changes = PriceAlertRules.reconcile(local: [Self.btc, Self.eth], remote: [])
        #expect(changes == PriceAlertChanges(alerts: [], deleteIds: [Self.btc.id, Self.eth.id]))
    }

    @Test func reconcileMixed() {
        var notified = Self.eth
        notified.lastNotifiedAt = 5
        let changes = PriceAlertRules.reconcile(local: [Self.btc, Self.eth], remote: [Self.sol, notified])
        #expect(changes == PriceAlertChanges(alerts: [Self.sol, notified], deleteIds: [Self.btc.id]))
    }

    @Test func reconcileCountsRemoteDuplicatesOnceLastWins() {
        var notified = Self.btc
        notified.lastNotifiedAt = 9
        let changes = PriceAlertRules.reconcile(local: [], remote: [Self.btc, notified])
        #expect(changes == PriceAlertChanges(alerts: [notified], deleteIds: []))
        #expect(PriceAlertRules.reconcile(local: [notified], remote: [Self.btc, notified]).isEmpty)
    }
}
