@testable import Gemstone
import Primitives
import Testing

@Suite struct TransactionDetailRowsTests {
    typealias F = TransactionFixtures

    static let eth = GemPricedAsset(asset: Fixtures.ethereum, price: 2_000)

    static func details(_ transaction: Transaction, asset: GemPricedAsset = eth, feeAsset: GemPricedAsset = eth,
                        currency: String = "USD") throws -> GemTransactionDetailRows {
        try GemTransactionDetailRequest(transaction: transaction, asset: asset, feeAsset: feeAsset, currency: currency).answer()
    }

    /// The rows' cases in order, without their payloads.
    static func kinds(_ details: GemTransactionDetailRows) -> [String] {
        details.rows.map { row in
            switch row {
            case .date: "date"
            case .status: "status"
            case .sender: "sender"
            case .recipient: "recipient"
            case .network: "network"
            case .fee: "fee"
            case .memo: "memo"
            case .hash: "hash"
            }
        }
    }

    @Test func anOutgoingTransferShowsItsRecipientAndTheFeeTheWalletPaid() throws {
        let details = try Self.details(F.transaction(.transfer, .outgoing))
        #expect(Self.kinds(details) == ["date", "status", "recipient", "network", "fee", "hash"])
        #expect(details.rows.contains(.recipient(address: F.other, display: "0x1234...5678")))
        #expect(details.rows.contains(.network(chain: .ethereum, name: "Ethereum")))
        // 21,000 wei of ETH at 2,000 USD: the fee with every place, and its worth.
        guard case let .fee(fee, fiat) = details.rows[4] else { Issue.record("no fee row: \(details.rows)"); return }
        #expect(abs(fee.value - 2.1e-14) < 1e-24 && fee.unit == .symbol(symbol: "ETH") && fee.display == .number(precision: .full))
        #expect(abs((fiat?.value ?? 0) - 4.2e-11) < 1e-21 && fiat?.unit == .currency(code: "USD"))
    }

    @Test func anIncomingTransferShowsItsSenderAndNoFee() throws {
        let details = try Self.details(F.transaction(.transfer, .incoming))
        #expect(Self.kinds(details) == ["date", "status", "sender", "network", "hash"])
        #expect(details.rows.contains(.sender(address: F.other, display: "0x1234...5678")))
    }

    @Test func aSwapNamesNoCounterparty() throws {
        #expect(Self.kinds(try Self.details(F.transaction(.swap, .outgoing))) == ["date", "status", "network", "fee", "hash"])
    }

    @Test func theIdentityAndTitleAreTheListRowsAndTheValueHasEveryPlace() throws {
        let transaction = F.transaction(.transfer, .outgoing, value: BigUInt(1_234_567_890_000_000_000))
        let details = try Self.details(transaction)
        let row = try F.row(transaction)
        #expect(details.id == row.id && details.assetId == row.assetId && details.type == row.type)
        #expect(details.direction == row.direction && details.state == row.state && details.createdAt == row.createdAt)
        #expect(details.title == row.title)
        guard case let .amount(header) = details.value, case let .amount(listed) = row.value else {
            Issue.record("no amounts: \(details.value) \(row.value)"); return
        }
        #expect(header.value == listed.value && header.notation == listed.notation && header.tone == listed.tone)
        #expect(header.display == .number(precision: GemValueStyle.full.precision(1.23456789)), "the header keeps every place")
        #expect(listed.display != header.display, "the list row is short")
        #expect(abs((details.fiat?.value ?? 0) - 2_469.13578) < 1e-9)
    }

    @Test func withoutAPriceThereIsNoWorth() throws {
        let unpriced = GemPricedAsset(asset: Fixtures.ethereum, price: nil)
        let details = try Self.details(F.transaction(), asset: unpriced, feeAsset: unpriced)
        #expect(details.fiat == nil)
        guard case let .fee(_, fiat) = details.rows[4] else { Issue.record("no fee row"); return }
        #expect(fiat == nil)
    }

    @Test func aMemoShowsOnlyWhenItHasText() throws {
        var transaction = F.transaction()
        transaction.memo = "invoice 7"
        #expect(try Self.details(transaction).rows.contains(.memo(memo: "invoice 7")))
        transaction.memo = ""
        #expect(!Self.kinds(try Self.details(transaction)).contains("memo"))
    }

    @Test(arguments: [TransactionState.pending, .confirmed, .failed])
    func theStatusRowCarriesTheListRowsBadge(state: TransactionState) throws {
        let details = try Self.details(F.transaction(.transfer, .outgoing, state))
        #expect(details.rows[1] == .status(state: state, status: GemTransactionRules.status(state)))
    }

    @Test func anAssetThatIsNotTheTransactionsIsRefused() throws {
        let other = GemPricedAsset(asset: Asset(id: AssetId(chain: .bitcoin), name: "Bitcoin", symbol: "BTC", decimals: 8, type: .native), price: nil)
        #expect(throws: GemServiceError.self) { try Self.details(F.transaction(), asset: other) }
        #expect(throws: GemServiceError.self) { try Self.details(F.transaction(), feeAsset: other) }
        #expect(throws: GemServiceError.self) { try Self.details(F.transaction(), currency: "usd") }
    }
}
