#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GemCrypto
import Primitives

/// HyperCore transfers: HYPE as a `spotSend` of the spot balance, and USDC (a token id whose name is "USDC") as
/// a `usdSend` of the perp balance, as the specification's app signs it (`HyperCoreSigner`). Other spot tokens are
/// not built here yet.
///
/// - preload: `spotMeta` (the token's `tokenId` and `weiDecimals`: the amount's decimal places); for HYPE
///   `spotClearinghouseState` (its spot balance, which also pays the fee); for USDC `clearinghouseState` (the
///   perp `withdrawable`, what a `usdSend` can move), then `spotClearinghouseState` (HYPE, the fee asset).
/// - fee rates: no request (`feeRates()`: the specification's placeholder Normal rate of 1).
/// - load: no request. The fee is that rate, one base unit of HYPE: HyperCore charges a transfer no gas, so the
///   fee shown is at least what it pays. The action's `time`, also its nonce, is the client's clock at the load
///   in milliseconds.
/// - broadcast: `/exchange` (`broadcast(_:)`: the id `action:<nonce>`); status: `userNonFundingLedgerUpdates` of
///   the sender, the entry whose `delta.nonce` is the nonce.
extension HyperCoreClient: ChainTransfer {
    public var keyType: TransferKey.KeyType { .secp256k1 }

    /// The token id name of the perp USDC a `usdSend` moves.
    static let usdcName = "USDC"

    public func preload(_ input: TransferInput) async throws(ChainClientError) -> TransferPreload {
        try checkChain(input)
        let tokens = try HyperCoreMapper.spotTokens(try await info(.spotMeta))
        guard let tokenId = input.assetId.tokenId else {
            guard let hype = tokens.first(where: { $0.index == HyperCoreMapper.nativeTokenIndex }) else {
                throw .notFound("spotMeta lists no token \(HyperCoreMapper.nativeTokenIndex) (HYPE)")
            }
            let balance = try await spotBalance(input.sender, index: hype.index, decimals: hype.weiDecimals)
            return TransferPreload(balance: balance, feeBalance: balance,
                                   chain: .hyperCore(action: .spotSend(token: "\(hype.name):\(hype.tokenId)"), decimals: hype.weiDecimals))
        }
        let name = tokenId.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard name == Self.usdcName, let usdc = tokens.first(where: { $0.name == Self.usdcName }) else {
            throw .unsupported("hypercore: only HYPE and USDC transfers are built")
        }
        let withdrawable = try HyperCoreMapper.withdrawable(try await info(.clearinghouseState(user: input.sender)), decimals: usdc.weiDecimals)
        let hype = try await spotBalance(input.sender, index: HyperCoreMapper.nativeTokenIndex, decimals: HyperCoreMapper.nativeDecimals)
        return TransferPreload(balance: withdrawable, feeBalance: hype, chain: .hyperCore(action: .usdSend, decimals: usdc.weiDecimals))
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

    /// The spot balance of token `index` (`spotClearinghouseState`), in base units of `decimals` places; absent → 0.
    func spotBalance(_ user: String, index: UInt64, decimals: Int) async throws(ChainClientError) -> BigUInt {
        let totals = try HyperCoreMapper.spotTotals(try await info(.spotClearinghouseState(user: user)))
        return try totals[index].map { value throws(ChainClientError) in
            try HyperCoreMapper.amount(value, "balances[token \(index)].total", decimals: decimals)
        } ?? .zero
    }

    /// UNIX milliseconds of the system clock (CLOCK_REALTIME).
    @Sendable public static func systemClockMillis() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return UInt64(max(0, spec.tv_sec)) * 1_000 + UInt64(max(0, spec.tv_nsec)) / 1_000_000
    }
}

extension HyperCoreMapper {
    /// `clearinghouseState`: the perp account's `withdrawable` USDC (decimal text), in base units of `decimals`.
    public static func withdrawable(_ state: JSON, decimals: Int) throws(ChainClientError) -> BigUInt {
        try amount(state["withdrawable"], "withdrawable", decimals: decimals)
    }
}
