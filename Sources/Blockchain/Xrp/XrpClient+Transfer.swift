import GemCrypto
import Primitives

/// XRP transfers of the native coin (issued currencies are not sent here yet: `unsupported`), a Payment signed by
/// `XrpSigner` with `LastLedgerSequence` = the current ledger + 20.
///
/// - preload: `account_info` of the sender (not found is `notFound`: an unfunded account cannot send), then
///   `account_info` of the recipient (not found: the payment creates it and must carry at least the reserve,
///   `TransferLoad.recipientMinimum`). The balance is `Balance` less the 1 XRP reserve (`XrpMapper.balance`).
/// - fee rates: `fee` (`XrpClient.feeRates()`: slow, normal, fast in drops).
/// - load: no request. A priority's fee is its rate, the payment's `Fee` field, which the ledger burns whole; a max
///   send keeps it back from the available balance.
/// - The memo, when it is a number below 2^32, is the payment's `DestinationTag`; any other memo is `malformed`
///   (XRP exchanges read the tag, and a text memo would be lost). A recipient that requires a tag
///   (lsfRequireDestTag) without one is `malformed` in the load.
/// - broadcast: `submit` of the blob; the answered hash must be the signed one. status: `tx` (not found: pending).
extension XrpClient: ChainTransfer {
    public var keyType: TransferKey.KeyType { .secp256k1 }

    /// How many ledgers past the current one the payment may be included in.
    static let ledgerMargin: UInt32 = 20

    public func preload(_ input: TransferInput) async throws(ChainClientError) -> TransferPreload {
        try checkChain(input)
        guard input.isNative else { throw .unsupported("XRP issued-currency transfers are not built yet") }
        _ = try Self.destinationTag(input.memo)
        guard let account = try await account(input.sender) else { throw .notFound("sender: account not found") }
        let recipient = try await self.account(input.recipient)
        let available = XrpMapper.balance(account).available
        return TransferPreload(balance: available, feeBalance: available,
                               chain: .xrp(sequence: account.sequence, currentLedger: account.currentLedger, destinationExists: recipient != nil,
                                           destinationRequiresTag: recipient?.requiresDestinationTag ?? false))
    }

    public func feeRates(_ input: TransferInput) async throws(ChainClientError) -> FeeRates {
        try checkChain(input)
        return try await feeRates()
    }

    public func load(_ input: TransferInput, preload: TransferPreload, rates: FeeRates) async throws(ChainClientError) -> TransferLoad {
        try checkChain(input)
        guard case let .xrp(sequence, currentLedger, destinationExists, requiresTag) = preload.chain else {
            throw .unsupported("an XRP load needs an XRP preload")
        }
        let tag = try Self.destinationTag(input.memo)
        if requiresTag, tag == nil { throw .malformed("recipient: requires a destination tag (the memo, a number)") }
        let fees = rates.rates.map { rate in
            TransferFee(priority: rate.priority, fee: rate.value, amount: TransferLoad.amount(input, balance: preload.balance, fee: rate.value))
        }
        let (last, overflow) = currentLedger.addingReportingOverflow(Self.ledgerMargin)
        return TransferLoad(input: input, feeAssetId: chain.assetId, balance: preload.balance, feeBalance: preload.feeBalance, rates: rates,
                            fees: fees, recipientMinimum: destinationExists ? nil : XrpMapper.reserve,
                            chain: .xrp(sequence: sequence, lastLedgerSequence: overflow ? UInt32.max : last, destinationTag: tag))
    }

    public func sign(_ load: TransferLoad, priority: FeePriority, key: TransferKey) throws(SignerError) -> SignedTransaction {
        guard case let .secp256k1(privateKey) = key else { throw Self.wrongKey(keyType) }
        guard case let .xrp(sequence, lastLedgerSequence, tag) = load.chain else { throw Self.mismatchedLoad() }
        guard let fee = load.fee(priority) else { throw .missingField("fee_rate") }
        let input = XrpSignerInput(amount: .xrp(drops: fee.amount), destination: load.input.recipient, destinationTag: tag, fee: fee.fee,
                                   sequence: sequence, lastLedgerSequence: lastLedgerSequence, balance: load.balance)
        return try XrpSigner.sign(input, key: privateKey)
    }

    // broadcast(_:) is `XrpClient.broadcast`: `submit`, a refusal `rejected`, the answered hash.

    public func status(hash: String, input: TransferInput) async throws(ChainClientError) -> ChainTransactionStatus {
        try await status(hash: hash)
    }

    /// The memo as a destination tag: nil for none, a decimal number below 2^32, or `malformed`.
    static func destinationTag(_ memo: String?) throws(ChainClientError) -> UInt32? {
        guard let memo, !memo.isEmpty else { return nil }
        guard memo.utf8.count <= 10, memo.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let tag = UInt32(memo) else {
            throw .malformed("memo: an XRP destination tag is a number below 2^32")
        }
        return tag
    }
}
