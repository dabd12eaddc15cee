@testable import Gemstone
import Primitives
import Testing

@Suite struct GemListRowTests {
    @Test func aNetworkRowIsNamedAfterTheChainsNativeAsset() {
        #expect(GemListRow.network(.ethereum) == .network(title: .network, chain: .ethereum, name: "Ethereum"))
    }

    @Test func anAddressRowCarriesItsCopyModel() {
        let row = GemListRow.address("0x1234567890abcdef1234567890abcdef12345678", chain: .ethereum)
        guard case let .address(address, copy) = row else {
            Issue.record("not an address row")
            return
        }
        #expect(copy.value.revealText() == address)
        #expect(copy.display == "0x1234...5678")
    }

    @Test(arguments: [
        (TransactionState.pending, GemValueTone.warning, true),
        (.inTransit, .warning, true),
        (.confirmed, .positive, false),
        (.failed, .negative, false),
        (.reverted, .negative, false),
    ])
    func aTransactionStatusRowTonesItsStateAndSpinsWhileInFlight(state: TransactionState, tone: GemValueTone, progress: Bool) {
        #expect(GemListRow.transactionStatus(state) == .label(title: .status, text: .transactionState(state: state), tone: tone, info: .transactionStatus, progress: progress))
    }

    @Test(arguments: [
        (0, [GemDurationPart(value: 0, unit: .seconds)]),
        (-5, [GemDurationPart(value: 0, unit: .seconds)]),
        (59, [GemDurationPart(value: 59, unit: .seconds)]),
        (60, [GemDurationPart(value: 1, unit: .minutes)]),
        (61, [GemDurationPart(value: 1, unit: .minutes), GemDurationPart(value: 1, unit: .seconds)]),
        (3_725, [GemDurationPart(value: 1, unit: .hours), GemDurationPart(value: 2, unit: .minutes)]),
        (3_605, [GemDurationPart(value: 1, unit: .hours)]),
        (86_400 * 21 + 3_600, [GemDurationPart(value: 21, unit: .days), GemDurationPart(value: 1, unit: .hours)]),
    ])
    func aDurationReadsAsItsTwoLargestParts(seconds: Int, parts: [GemDurationPart]) {
        #expect(GemDurationPart.parts(seconds: seconds) == parts)
    }

    @Test func aDurationCanAskForOnePart() {
        #expect(GemDurationPart.parts(seconds: 3_725, maxParts: 1) == [GemDurationPart(value: 1, unit: .hours)])
    }

    static let offline = GemServiceError.offline(message: "no network")

    /// One of each plain-row case and its pinned JSON.
    static let goldenRows: [(GemListRow, String)] = [
        (.notice(title: .warning, message: .text(text: "Check the address"), kind: .warning),
         #"{"type":"notice","title":"warning","message":{"type":"text","text":"Check the address"},"kind":"warning"}"#),
        (.notice(title: .suspiciousAddress, message: nil, kind: .error), #"{"type":"notice","title":"suspicious_address","kind":"error"}"#),
        (.text(title: .memo, value: "42"), #"{"type":"text","title":"memo","value":"42"}"#),
        (.amount(title: .networkFee, amount: .currency(0.5, code: "USD", style: .fiat), info: .networkFee),
         #"{"type":"amount","title":"network_fee","amount":{"value":0.5,"unit":{"type":"currency","code":"USD"},"display":{"type":"number","precision":{"type":"fraction","min":2,"max":2}},"notation":"plain","tone":"plain","rounding":"to_nearest"},"info":"network_fee"}"#),
        (.duration(title: .lockTime, parts: [GemDurationPart(value: 21, unit: .days)], info: .stakeLockTime),
         #"{"type":"duration","title":"lock_time","parts":[{"value":21,"unit":"days"}],"info":"stake_lock_time"}"#),
        (.label(title: .status, text: .transactionState(state: .pending), tone: .warning, info: .transactionStatus, progress: true),
         #"{"type":"label","title":"status","text":{"type":"transaction_state","state":"pending"},"tone":"warning","info":"transaction_status","progress":true}"#),
        (.date(title: .date, date: 1_767_225_600), #"{"type":"date","title":"date","date":1767225600}"#),
        (.network(.bitcoin), #"{"type":"network","title":"network","chain":"bitcoin","name":"Bitcoin"}"#),
        (.link(title: .wallets, value: "3", icon: .wallets), #"{"type":"link","title":"wallets","value":"3","icon":"wallets"}"#),
        (.url(title: .website, value: nil, icon: .none, url: "https://example.org", target: .external),
         #"{"type":"url","title":"website","icon":"none","url":"https://example.org","target":"external"}"#),
        (.toggle(title: .hideBalance, value: nil, icon: .none, isOn: true), #"{"type":"toggle","title":"hide_balance","icon":"none","is_on":true}"#),
        (.picker(title: .currency, value: "USD", icon: .currency), #"{"type":"picker","title":"currency","value":"USD","icon":"currency"}"#),
        (.icon(chain: .solana), #"{"type":"icon","chain":"solana"}"#),
        (.address("0x1234567890abcdef1234567890abcdef12345678", chain: .ethereum),
         #"{"type":"address","address":"0x1234567890abcdef1234567890abcdef12345678","copy":{"kind":{"type":"address","chain":"ethereum"},"value":"0x1234567890abcdef1234567890abcdef12345678","display":"0x1234...5678"}}"#),
        (.explorer(name: "Etherscan", url: "https://etherscan.io/tx/0x1"), #"{"type":"explorer","name":"Etherscan","url":"https://etherscan.io/tx/0x1"}"#),
        (.loading, #"{"type":"loading"}"#),
        (.error(error: offline), #"{"type":"error","error":{"type":"offline","message":"no network"}}"#),
    ]

    @Test func everyPlainRowCaseCrossesAsATaggedObject() throws {
        for (row, golden) in Self.goldenRows {
            try expectGolden(row, golden)
        }
    }

    @Test func aSectionCrossesWithItsTitleFooterAndRows() throws {
        let section = GemListSection(title: .info, rows: [.loading, .text(title: .name, value: "Main")])
        try expectGolden(section, #"{"title":"info","footer":"none","rows":[{"type":"loading"},{"type":"text","title":"name","value":"Main"}]}"#)
        try expectGolden(GemListSectionTitle.socialLinks, #""social_links""#)
        try expectGolden(GemLocalizedText.rowTitle(title: .aboutUs), #"{"type":"row_title","title":"about_us"}"#)
    }
}
