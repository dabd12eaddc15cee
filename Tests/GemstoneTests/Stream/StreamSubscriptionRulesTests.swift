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

    @Test func nothingSentYetSendsEveryAssetAsASubscription() {
        let message = StreamSubscriptionRules.message(walletId: wallet, assets: [eth, btc], previous: nil)
        #expect(message == GemStreamMessage(type: .subscribePrices, data: GemStreamMessagePrices(assets: [eth, btc])))
    }

    @Test func anotherWalletSendsEveryAssetAsASubscription() {
        let previous = StreamSubscriptionRules.Sent(walletId: other, assets: [eth, btc])
        let message = StreamSubscriptionRules.message(walletId: wallet, assets: [eth, btc], previous: previous)
        #expect(message?.type == .subscribePrices)
        #expect(message?.data.assets == [eth, btc])
    }

    @Test func theSameWalletSendsOnlyTheAddedAssets() {
        let previous = StreamSubscriptionRules.Sent(walletId: wallet, assets: [eth, btc])
        let message = StreamSubscriptionRules.message(walletId: wallet, assets: [eth, usdt, btc, sol], previous: previous)
        #expect(message == GemStreamMessage(type: .addPrices, data: GemStreamMessagePrices(assets: [usdt, sol])))
    }

    @Test func nothingNewOrOnlyRemovedAssetsSendsNothing() {
        let previous = StreamSubscriptionRules.Sent(walletId: wallet, assets: [eth, btc])
        #expect(StreamSubscriptionRules.message(walletId: wallet, assets: [btc, eth], previous: previous) == nil)
        #expect(StreamSubscriptionRules.message(walletId: wallet, assets: [eth], previous: previous) == nil)
    }

    @Test func whatTheStreamCarriesAfterAMessage() {
        let previous = StreamSubscriptionRules.Sent(walletId: wallet, assets: [eth, btc])
        let added = GemStreamMessage(type: .addPrices, data: GemStreamMessagePrices(assets: [usdt]))
        #expect(StreamSubscriptionRules.sent(walletId: wallet, message: added, previous: previous).assets == [eth, btc, usdt])
        let full = GemStreamMessage(type: .subscribePrices, data: GemStreamMessagePrices(assets: [sol]))
        #expect(StreamSubscriptionRules.sent(walletId: other, message: full, previous: previous) == .init(walletId: other, assets: [sol]))
    }

    @Test func theMessageCrossesAsTheSpecificationsStreamMessage() throws {
        let message = GemStreamMessage(type: .addPrices, data: GemStreamMessagePrices(assets: [btc, usdt]))
        let json = try JSONCodec.encodeString(message)
        #expect(json == #"{"type":"addPrices","data":{"assets":["bitcoin","ethereum_0xdAC17F958D2ee523a2206206994597C13D831ec7"]}}"#)
    }
}
