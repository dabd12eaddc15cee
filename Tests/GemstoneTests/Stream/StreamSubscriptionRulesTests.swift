import Primitives
import Testing
@testable import Gemstone

struct StreamSubscriptionRulesTests {
    let wallet = BalanceHarness.walletA
    let other = BalanceHarness.walletB
    let eth = BalanceHarness.eth
    let sol = BalanceHarness.sol
    let usdt = BalanceHarness.usdt
    let btc = AssetId(chain: .bitcoin)

    @Test func assetsAreTheWalletsThenTheAlertsNotAmongThemEachOnce() {
        let assets = StreamSubscriptionRules.assets(wallet: [eth, usdt, eth], alertAssetIds: ["bitcoin", "ethereum", "bitcoin", "solana"])
        #expect(assets == [eth, usdt, btc, sol])
    }

    @Test func anAlertWhoseAssetIdDoesNotParseIsSkipped() {
        #expect(StreamSubscriptionRules.assets(wallet: [eth], alertAssetIds: ["not a chain", "bitcoin"]) == [eth, btc])
    }

    func prices(_ type: GemStreamMessageType, _ assets: [AssetId]) -> GemStreamMessage {
        GemStreamMessage(type: type, data: GemStreamMessagePrices(assets: assets))
    }

    @Test func nothingSentYetSendsEveryAssetAsASubscription() {
        #expect(StreamSubscriptionRules.messages(walletId: wallet, assets: [eth, btc], previous: nil) == [prices(.subscribePrices, [eth, btc])])
    }

    @Test func anotherWalletSendsEveryAssetAsASubscription() {
        let previous = StreamSubscriptionRules.Sent(walletId: other, assets: [eth, btc])
        #expect(StreamSubscriptionRules.messages(walletId: wallet, assets: [eth, usdt], previous: previous)
            == [prices(.subscribePrices, [eth, usdt])], "no unsubscription: a full subscription replaces what was carried")
    }

    @Test func theSameWalletSendsOnlyTheAddedAssets() {
        let previous = StreamSubscriptionRules.Sent(walletId: wallet, assets: [eth, btc])
        #expect(StreamSubscriptionRules.messages(walletId: wallet, assets: [eth, usdt, btc, sol], previous: previous)
            == [prices(.addPrices, [usdt, sol])])
    }

    @Test func assetsNoLongerWantedAreUnsubscribedFirstInTheOrderSubscribed() {
        let previous = StreamSubscriptionRules.Sent(walletId: wallet, assets: [eth, btc, sol])
        #expect(StreamSubscriptionRules.messages(walletId: wallet, assets: [eth], previous: previous) == [prices(.unsubscribePrices, [btc, sol])])
        #expect(StreamSubscriptionRules.messages(walletId: wallet, assets: [usdt, eth], previous: previous)
            == [prices(.unsubscribePrices, [btc, sol]), prices(.addPrices, [usdt])])
    }

    @Test func theSameAssetsInAnotherOrderSendNothing() {
        let previous = StreamSubscriptionRules.Sent(walletId: wallet, assets: [eth, btc])
        #expect(StreamSubscriptionRules.messages(walletId: wallet, assets: [btc, eth], previous: previous).isEmpty)
    }

    @Test func whatTheStreamCarriesAfterAMessage() {
        let previous = StreamSubscriptionRules.Sent(walletId: wallet, assets: [eth, btc])
        #expect(StreamSubscriptionRules.sent(walletId: wallet, message: prices(.addPrices, [usdt, eth]), previous: previous).assets == [eth, btc, usdt])
        #expect(StreamSubscriptionRules.sent(walletId: wallet, message: prices(.unsubscribePrices, [eth]), previous: previous).assets == [btc])
        #expect(StreamSubscriptionRules.sent(walletId: other, message: prices(.subscribePrices, [sol]), previous: previous) == .init(walletId: other, assets: [sol]))
    }

    @Test func anUnsubscriptionCrossesAsTheSpecificationsStreamMessage() throws {
        #expect(try JSONCodec.encodeString(prices(.unsubscribePrices, [btc])) == #"{"type":"unsubscribePrices","data":{"assets":["bitcoin"]}}"#)
    }

    @Test func theMessageCrossesAsTheSpecificationsStreamMessage() throws {
        let message = GemStreamMessage(type: .addPrices, data: GemStreamMessagePrices(assets: [btc, usdt]))
        let json = try JSONCodec.encodeString(message)
        #expect(json == #"{"type":"addPrices","data":{"assets":["bitcoin","ethereum_0xdAC17F958D2ee523a2206206994597C13D831ec7"]}}"#)
    }
}
