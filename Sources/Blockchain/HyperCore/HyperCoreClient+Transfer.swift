#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GemCrypto
import Primitives

/// HyperCore transfers, as the specification's app signs them (`HyperCoreSigner`): HYPE and every spot token as a
/// `spotSend` of the sender's spot balance, its `token` the documented `name:tokenId` of the token's `spotMeta`
/// entry. USDC is the spot USDC the wallet's balance shows (`USDC::0x6d1e…::0`), not the perp account.
///
/// - preload: `spotMeta` (the token's `name`, `tokenId` and `weiDecimals`: the amount's decimal places), then
///   `spotClearinghouseState` (the sender's spot totals: the token's balance and HYPE's, which pays the fee).
/// - fee rates: no request (`feeRates()`: the specification's placeholder Normal rate of 1).
/// - load: no request. The fee is that rate, one base unit of HYPE: HyperCore charges a transfer no gas, so the
///   fee shown is at least what it pays. The action's `time`, also its nonce, is the client's clock at the load
///   in milliseconds.
/// - broadcast: `/exchange` (`broadcast(_:)`: the id `action:<nonce>`); status: `userNonFundingLedgerUpdates` of
///   the sender, the entry whose `delta.nonce` is the nonce.
extension HyperCoreClient: ChainTransfer {
    public var keyType: TransferKey.KeyType { .secp256k1 }

    public func preload(_ input: TransferInput) async throws(ChainClientError) -> TransferPreload {
        try checkChain(input)
        let tokens = try HyperCoreMapper.spotTokens(try await info(.spotMeta))
        let token: HyperCoreSpotToken
        if let tokenId = input.assetId.tokenId {
            token = try HyperCoreMapper.sendToken(tokenId, in: tokens)
        } else {
            guard let hype = tokens.first(where: { $0.index == HyperCoreMapper.nativeTokenIndex }) else {
                throw .notFound("spotMeta lists no token \(HyperCoreMapper.nativeTokenIndex) (HYPE)")
            }
            token = hype
        }
        let totals = try HyperCoreMapper.spotTotals(try await info(.spotClearinghouseState(user: input.sender)))
        let balance = try HyperCoreMapper.spotTotal(totals, index: token.index, decimals: token.weiDecimals)
        let hype = try HyperCoreMapper.spotTotal(totals, index: HyperCoreMapper.nativeTokenIndex, decimals: HyperCoreMapper.nativeDecimals)
        return TransferPreload(balance: balance, feeBalance: input.isNative ? balance : hype,
                               chain: .hyperCore(action: .spotSend(token: "\(token.name):\(token.tokenId)"), decimals: token.weiDecimals))
    }

    public func feeRates(_ input: TransferInput) async throws(ChainClientError) -> FeeRates {
        try checkChain(input)
        return feeRates()
    }

    public func load(_ input: TransferInput, preload: TransferPreload, rates: FeeRates) async throws(ChainClientError) -> TransferLoad {
        try checkChain(input)
        guard case let .hyperCore(action, decimals) = preload.chain else { throw .unsupported("a HyperCore load needs a HyperCore preload") }
        let fees = rates.rates.map { rate in
            TransferFee(priority: rate.priority, fee: rate.value, amount: TransferLoad.amount(input, balance: preload.balance, fee: rate.value))
        }
        return TransferLoad(input: input, feeAssetId: chain.assetId, balance: preload.balance, feeBalance: preload.feeBalance, rates: rates,
                            fees: fees, chain: .hyperCore(action: action, decimals: decimals, timeMillis: now()))
    }

    public func sign(_ load: TransferLoad, priority: FeePriority, key: TransferKey) throws(SignerError) -> SignedTransaction {
        guard case let .secp256k1(privateKey) = key else { throw Self.wrongKey(keyType) }
        guard case let .hyperCore(action, decimals, time) = load.chain else { throw Self.mismatchedLoad() }
        guard let fee = load.fee(priority) else { throw .missingField("fee_rate") }
        let required = load.input.isNative ? fee.amount + fee.fee : fee.amount
        if load.balance < required { throw .insufficientBalance(required: required, available: load.balance) }
        if !load.input.isNative, load.feeBalance < fee.fee { throw .insufficientBalance(required: fee.fee, available: load.feeBalance) }
        let input = HyperCoreSignerInput(action: action, destination: load.input.recipient, amount: fee.amount, decimals: decimals, time: time,
                                         balance: load.balance)
        return try HyperCoreSigner.sign(input, key: privateKey)
    }

    public func status(hash: String, input: TransferInput) async throws(ChainClientError) -> ChainTransactionStatus {
        try await status(id: hash, sender: input.sender)
    }

    /// UNIX milliseconds of the system clock (CLOCK_REALTIME).
    @Sendable public static func systemClockMillis() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return UInt64(max(0, spec.tv_sec)) * 1_000 + UInt64(max(0, spec.tv_nsec)) / 1_000_000
    }
}

extension HyperCoreMapper {
    /// The spot token a send of asset token id `tokenId` moves: the `spotMeta` entry named by its first part
    /// (`name::tokenId::index`, or a bare name, as balances match it); when the id carries the token's `tokenId`
    /// too, the entry's must be the same, so a send never moves another token of that name.
    public static func sendToken(_ tokenId: String, in tokens: [HyperCoreSpotToken]) throws(ChainClientError) -> HyperCoreSpotToken {
        let parts = tokenId.split(separator: ":", omittingEmptySubsequences: true).map(String.init)
        guard let name = parts.first, let token = tokens.first(where: { $0.name == name }) else {
            throw .notFound("spot token \(ChainClientError.prefix(tokenId, 60))")
        }
        if parts.count > 1, parts[1].lowercased() != token.tokenId.lowercased() {
            throw .notFound("spot token \(ChainClientError.prefix(tokenId, 60)): spotMeta's \(name) is \(ChainClientError.prefix(token.tokenId, 40))")
        }
        return token
    }
}
