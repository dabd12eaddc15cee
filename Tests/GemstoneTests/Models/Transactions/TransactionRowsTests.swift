@testable import Gemstone
import Primitives
import Testing

enum TransactionFixtures {
    static let wallet = WalletId.multicoin(address: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94")
    static let me = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
    static let other = "0x1234567890abcdef1234567890abcdef12345678"

    static func transaction(
        _ type: TransactionType = .transfer, _ direction: TransactionDirection = .outgoing, _ state: TransactionState = .confirmed,
        value: BigUInt = BigUInt(1_500_000_000_000_000_000), asset: Asset = Fixtures.ethereum, id: String = "ethereum_0xabc"
    ) -> Transaction {
        Transaction(
            id: id, hash: "0xabc", walletId: wallet, assetId: asset.id, feeAssetId: asset.chain.assetId, type: type, direction: direction,
            state: state, createdAt: 1_772_323_200, value: value, fee: BigUInt(21_000), from: direction == .incoming ? other : me,
            to: direction == .incoming ? me : other
        )
    }

    static let assets = [GemPricedAsset(asset: Fixtures.ethereum, price: 2_000), GemPricedAsset(asset: Fixtures.usdt, price: nil)]

    static func row(_ transaction: Transaction) throws -> GemTransactionRow {
        try #require(try transactionRows([transaction], assets: assets, currency: "USD").first)
    }
}

@Suite struct TransactionRowsTests {
    typealias F = TransactionFixtures

    @Test(arguments: [
        (TransactionType.transfer, TransactionDirection.outgoing, GemTransactionTitle.sent),
        (.transfer, .incoming, .received),
        (.transfer, .selfTransfer, .selfTransfer),
        (.transferNFT, .incoming, .nftReceived),
        (.transferNFT, .outgoing, .nftSent),
        (.swap, .outgoing, .swap),
        (.tokenApproval, .outgoing, .approval),
        (.stakeDelegate, .outgoing, .stake),
        (.stakeUndelegate, .incoming, .unstake),
        (.stakeRewards, .incoming, .rewards),
        (.stakeWithdraw, .incoming, .withdraw),
        (.assetActivation, .outgoing, .activation),
        (.smartContractCall, .outgoing, .contractCall),
        (.perpetualOpenPosition, .outgoing, .openPosition),
        (.earnDeposit, .outgoing, .earnDeposit),
    ])
    func aTransferIsTitledByDirectionAndEveryOtherTypeByWhatItDoes(type: TransactionType, direction: TransactionDirection, title: GemTransactionTitle) {
        #expect(GemTransactionRules.title(type, direction: direction) == title)
    }

    @Test func everyTypeHasATitle() {
        for type in TransactionType.allCases {
            for direction in TransactionDirection.allCases {
                _ = GemTransactionRules.title(type, direction: direction)
            }
        }
        #expect(Set(TransactionType.allCases.map { GemTransactionRules.title($0, direction: .outgoing) }).count == TransactionType.allCases.count)
    }

    @Test(arguments: [
        (TransactionType.transfer, TransactionDirection.incoming, GemAmountSign.plus),
        (.transfer, .outgoing, .minus),
        (.transfer, .selfTransfer, .none),
        (.smartContractCall, .outgoing, .minus),
        (.swap, .outgoing, .minus),
        (.stakeRewards, .incoming, .plus),
        (.stakeDelegate, .outgoing, .none),
        (.stakeWithdraw, .incoming, .none),
        (.earnDeposit, .outgoing, .none),
        (.perpetualClosePosition, .incoming, .none),
    ])
    func aSignOnlyWhereValueEntersOrLeavesTheWallet(type: TransactionType, direction: TransactionDirection, sign: GemAmountSign) {
        #expect(GemTransactionRules.sign(type, direction: direction, state: .confirmed) == sign)
        #expect(GemTransactionRules.sign(type, direction: direction, state: .pending) == sign, "a pending transaction is signed like a confirmed one")
    }

    @Test func aTransactionThatFailedMovedNothing() {
        for state in [TransactionState.failed, .reverted] {
            #expect(GemTransactionRules.sign(.transfer, direction: .outgoing, state: state) == .none)
            #expect(GemTransactionRules.sign(.transfer, direction: .incoming, state: state) == .none)
        }
    }

    @Test func anIncomingTransferReadsPlusAndPositive() throws {
        let row = try F.row(F.transaction(.transfer, .incoming))
        guard case let .amount(amount) = row.value else {
            Issue.record("no amount")
            return
        }
        #expect(amount.value == 1.5)
        #expect(amount.notation == .signed)
        #expect(amount.tone == .positive)
        #expect(amount.unit == .symbol(symbol: "ETH"))
        #expect(amount.rounding == .towardZero)
        #expect(row.subtitle == .from(address: "0x1234...5678"))
    }

    @Test func anOutgoingTransferReadsMinusAndPlain() throws {
        let row = try F.row(F.transaction(.transfer, .outgoing))
        guard case let .amount(amount) = row.value else {
            Issue.record("no amount")
            return
        }
        #expect(amount.value == -1.5)
        #expect(amount.notation == .signed)
        #expect(amount.tone == .plain)
        #expect(row.subtitle == .to(address: "0x1234...5678"))
    }

    @Test func aFailedTransferIsUnsignedAndNeutral() throws {
        let row = try F.row(F.transaction(.transfer, .outgoing, .failed))
        guard case let .amount(amount) = row.value else {
            Issue.record("no amount")
            return
        }
        #expect(amount.value == 1.5)
        #expect(amount.notation == .plain)
        #expect(amount.tone == .neutral)
        #expect(row.status == GemTransactionStatus(tone: .negative, showsBadge: true, showsProgress: false))
    }

    @Test func whatTheTrailingSideShowsDependsOnTheType() throws {
        #expect(try F.row(F.transaction(.tokenApproval, asset: Fixtures.usdt)).value == .symbol(symbol: "USDT"))
        #expect(try F.row(F.transaction(.assetActivation)).value == GemTransactionValue.none)
        #expect(try F.row(F.transaction(.transferNFT, .incoming)).value == GemTransactionValue.none)
        #expect(try F.row(F.transaction(.smartContractCall, value: .zero)).value == GemTransactionValue.none)
        #expect(try F.row(F.transaction(.smartContractCall, value: BigUInt(1))).value != GemTransactionValue.none)
        #expect(try F.row(F.transaction(.stakeDelegate)).subtitle == GemTransactionSubtitle.none)
    }

    @Test func aShortListAmountCutsDust() throws {
        let row = try F.row(F.transaction(.transfer, .incoming, value: BigUInt(1_000)))
        guard case let .amount(amount) = row.value else {
            Issue.record("no amount")
            return
        }
        #expect(amount.display == .belowThreshold(threshold: 0.0001, places: 4))
    }

    @Test func theFiatEquivalentNeedsAPriceAndAnAmount() throws {
        let priced = try F.row(F.transaction(.transfer, .incoming))
        #expect(priced.fiat == .currency(3_000, code: "USD", style: .fiat))
        #expect(try F.row(F.transaction(.transfer, .incoming, asset: Fixtures.usdt)).fiat == nil, "no price")
        #expect(try F.row(F.transaction(.assetActivation)).fiat == nil, "no amount")
    }

    @Test(arguments: [
        (TransactionState.confirmed, GemTransactionStatus(tone: .positive, showsBadge: false, showsProgress: false)),
        (.pending, GemTransactionStatus(tone: .warning, showsBadge: true, showsProgress: true)),
        (.inTransit, GemTransactionStatus(tone: .warning, showsBadge: true, showsProgress: true)),
        (.failed, GemTransactionStatus(tone: .negative, showsBadge: true, showsProgress: false)),
        (.reverted, GemTransactionStatus(tone: .negative, showsBadge: true, showsProgress: false)),
    ])
    func theStatusBadgeFollowsTheState(state: TransactionState, status: GemTransactionStatus) {
        #expect(GemTransactionRules.status(state) == status)
    }

    @Test func aCounterpartyThatIsEmptyShowsNoSubtitle() throws {
        var transaction = F.transaction(.transfer, .outgoing)
        transaction.to = ""
        #expect(try F.row(transaction).subtitle == GemTransactionSubtitle.none)
    }

    @Test func aPageKeepsItsOrderAndIdentity() throws {
        let transactions = (0..<500).map { F.transaction(.transfer, $0 % 2 == 0 ? .incoming : .outgoing, id: "ethereum_0x\($0)") }
        let rows = try transactionRows(transactions, assets: F.assets, currency: "USD")
        #expect(rows.map(\.id) == transactions.map(\.id))
        #expect(rows.allSatisfy { $0.assetId == Fixtures.ethereum.id && $0.createdAt == 1_772_323_200 })
    }

    @Test func aTransactionWhoseAssetIsMissingIsInvalidInput() {
        let bitcoin = F.transaction(asset: Fixtures.bitcoin, id: "bitcoin_1")
        #expect(throws: GemServiceError.self) { try transactionRows([bitcoin], assets: F.assets, currency: "USD") }
        do {
            _ = try transactionRows([bitcoin], assets: F.assets, currency: "USD")
        } catch {
            guard case let .invalidInput(message) = error else {
                Issue.record("expected invalid input, got \(error)")
                return
            }
            #expect(message.contains("bitcoin_1") && message.contains("bitcoin"))
        }
    }

    @Test func aRowCrossesAsARecord() throws {
        let row = try F.row(F.transaction(.transfer, .incoming))
        try expectGolden(
            row,
            #"{"id":"ethereum_0xabc","asset_id":"ethereum","type":"transfer","direction":"incoming","state":"confirmed","created_at":1772323200,"title":"received","subtitle":{"type":"from","address":"0x1234...5678"},"value":{"type":"amount","amount":{"value":1.5,"unit":{"type":"symbol","symbol":"ETH"},"display":{"type":"number","precision":{"type":"fraction","min":0,"max":2}},"notation":"signed","tone":"positive","rounding":"toward_zero"}},"fiat":{"value":3000,"unit":{"type":"currency","code":"USD"},"display":{"type":"number","precision":{"type":"fraction","min":2,"max":2}},"notation":"plain","tone":"plain","rounding":"to_nearest"},"status":{"tone":"positive","shows_badge":false,"shows_progress":false}}"#
        )
    }

    @Test func aTransactionCrossesAsARecord() throws {
        try expectGolden(
            F.transaction(.transfer, .outgoing, .pending),
            #"{"id":"ethereum_0xabc","hash":"0xabc","wallet_id":"multicoin_0x9858EfFD232B4033E47d90003D41EC34EcaEda94","asset_id":"ethereum","fee_asset_id":"ethereum","type":"transfer","direction":"outgoing","state":"pending","created_at":1772323200,"value":"1500000000000000000","fee":"21000","from":"0x9858EfFD232B4033E47d90003D41EC34EcaEda94","to":"0x1234567890abcdef1234567890abcdef12345678"}"#
        )
        try expectGolden(TransactionDirection.selfTransfer, #""self_transfer""#)
        try expectGolden(TransactionState.inTransit, #""in_transit""#)
        try expectGolden(TransactionType.transferNFT, #""transfer_nft""#)
    }
}
