import GemCrypto
import Primitives

/// A token account as `getTokenAccountsByOwner` (jsonParsed) lists it.
public struct SolanaTokenAccount: Sendable, Equatable {
    /// The token account's address.
    public var address: String
    public var mint: String
    public var program: SolanaSignerInput.TokenProgram
    /// The balance in the token's base units (a u64 on chain).
    public var amount: BigUInt

    public init(address: String, mint: String, program: SolanaSignerInput.TokenProgram, amount: BigUInt) {
        self.address = address
        self.mint = mint
        self.program = program
        self.amount = amount
    }
}

/// What a token transfer needs to know of its mint: decimals, the owning program, and the size of a token
/// account for it (what the rent of a created associated token account is computed from).
public struct SolanaTokenMetadata: Sendable, Equatable {
    public var mint: String
    public var decimals: UInt8
    public var program: SolanaSignerInput.TokenProgram
    /// SPL Token: 165 bytes. Token-2022: 165 + the account-type byte + ImmutableOwner (which the associated
    /// token account program always adds) + the account extensions the mint's extensions require
    /// (TransferFeeAmount, TransferHookAccount, NonTransferableAccount, PausableAccount).
    public var accountSize: Int

    public init(mint: String, decimals: UInt8, program: SolanaSignerInput.TokenProgram, accountSize: Int) {
        self.mint = mint
        self.decimals = decimals
        self.program = program
        self.accountSize = accountSize
    }
}

/// `getLatestBlockhash`'s value.
public struct SolanaBlockhash: Sendable, Equatable {
    public var blockhash: String
    public var lastValidBlockHeight: UInt64

    public init(blockhash: String, lastValidBlockHeight: UInt64) {
        self.blockhash = blockhash
        self.lastValidBlockHeight = lastValidBlockHeight
    }
}

/// Which transaction the compute-unit price is for; sets the multiple it is rounded up to (gemwalletcom/core
/// `provider/preload_mapper.rs` `get_multiple_of`).
public enum SolanaFeeKind: Sendable, Equatable {
    case nativeTransfer, tokenTransfer, stake, swap

    /// The floor and rounding step of the compute-unit price, micro-lamports per compute unit.
    public var multipleOf: UInt64 {
        switch self {
        case .nativeTransfer, .stake: 25_000
        case .tokenTransfer: 50_000
        case .swap: 100_000
        }
    }
}

/// Pure mappers from Solana JSON-RPC results (`JSONRPC.result`) to the client records. Shapes: the Solana RPC
/// documentation (solana.com/docs/rpc/http/<method>) and chain-apis.md § 3.
public enum SolanaMapper {
    /// `getBalance`: `{context, value}` → the lamports.
    public static func balance(_ result: JSON) throws(ChainClientError) -> ChainBalance {
        let lamports = try NodeAnswer.u64Number(result["value"], "value")
        return ChainBalance(assetId: AssetId(chain: .solana), available: BigUInt(lamports))
    }

    /// `getTokenAccountsByOwner` (jsonParsed): `value[]` of `{pubkey, account: {owner, data: {parsed: {info:
    /// {mint, tokenAmount: {amount}}}}}}`. An account of neither token program is refused.
    public static func tokenAccounts(_ result: JSON) throws(ChainClientError) -> [SolanaTokenAccount] {
        let entries = try NodeAnswer.array(result["value"], "value")
        var accounts: [SolanaTokenAccount] = []
        accounts.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            let name = "value[\(index)]"
            let address = try base58(entry["pubkey"], "\(name).pubkey", bytes: 32)
            let account = try NodeAnswer.member(entry, "account", name)
            let ownerId = try NodeAnswer.string(account["owner"], "\(name).account.owner")
            guard let program = SolanaTokenPrograms.program(ownerId) else {
                throw .malformed("\(name).account.owner: not a token program (\(ChainClientError.prefix(ownerId, 50)))")
            }
            let info = account["data"]?["parsed"]?["info"] ?? .null
            let mint = try base58(info["mint"], "\(name).info.mint", bytes: 32)
            let amount = try NodeAnswer.decimal(info["tokenAmount"]?["amount"], "\(name).info.tokenAmount.amount", bits: 64)
            accounts.append(SolanaTokenAccount(address: address, mint: mint, program: program, amount: amount))
        }
        return accounts
    }

    /// One balance per mint asked for, in that order: the sum over the owner's token accounts of that mint (0
    /// when it has none). A mint asked for twice is answered once.
    public static func tokenBalances(_ accounts: [SolanaTokenAccount], mints: [String]) throws(ChainClientError) -> [ChainBalance] {
        var totals: [String: BigUInt] = [:]
        for account in accounts { totals[account.mint, default: .zero] += account.amount }
        var seen = Set<String>()
        var balances: [ChainBalance] = []
        for mint in mints where seen.insert(mint).inserted {
            let assetId: AssetId
            do { assetId = try AssetId(chain: .solana, tokenId: mint) } catch { throw .malformed("mint: not a token id (\(ChainClientError.prefix(mint, 50)))") }
            balances.append(ChainBalance(assetId: assetId, available: totals[mint] ?? .zero))
        }
        return balances
    }

    /// `getAccountInfo` (any encoding): whether the account exists (`value` null when it does not).
    public static func accountExists(_ result: JSON) throws(ChainClientError) -> Bool {
        let value = try NodeAnswer.member(result, "value", "value")
        if value.isNull { return false }
        guard case .object = value else { throw .malformed("value: not an account or null") }
        return true
    }

    /// `getAccountInfo` (jsonParsed) of a mint: `value: {owner, data: {parsed: {type: "mint", info: {decimals,
    /// extensions?}}}}`. A null value is `notFound`; an account that is not a mint of a token program is
    /// `malformed`.
    public static func tokenMetadata(_ result: JSON, mint: String) throws(ChainClientError) -> SolanaTokenMetadata {
        let value = try NodeAnswer.member(result, "value", "value")
        if value.isNull { throw .notFound("mint \(ChainClientError.prefix(mint, 50))") }
        let ownerId = try NodeAnswer.string(value["owner"], "value.owner")
        guard let program = SolanaTokenPrograms.program(ownerId) else {
            throw .malformed("value.owner: not a token program (\(ChainClientError.prefix(ownerId, 50)))")
        }
        let parsed = try NodeAnswer.member(try NodeAnswer.member(value, "data", "value.data"), "parsed", "value.data.parsed")
        guard try NodeAnswer.string(parsed["type"], "value.data.parsed.type") == "mint" else {
            throw .malformed("value.data.parsed.type: not a mint")
        }
        let info = try NodeAnswer.member(parsed, "info", "value.data.parsed.info")
        let decimals = try NodeAnswer.u64Number(info["decimals"], "value.data.parsed.info.decimals")
        guard decimals <= UInt64(UInt8.max) else { throw .malformed("value.data.parsed.info.decimals: above 255") }
        var size = 165
        if program == .token2022 {
            size += 1 + 4  // the account-type byte; ImmutableOwner (a TLV header, no data)
            for (index, ext) in (NodeAnswer.optional(info, "extensions")?.arrayValue ?? []).enumerated() {
                switch try NodeAnswer.string(ext["extension"], "value.data.parsed.info.extensions[\(index)].extension") {
                case "transferFeeConfig": size += 4 + 8  // TransferFeeAmount: withheld u64
                case "transferHook": size += 4 + 1  // TransferHookAccount: transferring flag
                case "nonTransferable", "pausableConfig": size += 4  // NonTransferableAccount, PausableAccount
                default: break
                }
            }
        }
        return SolanaTokenMetadata(mint: mint, decimals: UInt8(decimals), program: program, accountSize: size)
    }

    /// `getLatestBlockhash`: `value: {blockhash, lastValidBlockHeight}`; the hash must be base58 of 32 bytes.
    public static func latestBlockhash(_ result: JSON) throws(ChainClientError) -> SolanaBlockhash {
        let value = try NodeAnswer.member(result, "value", "value")
        return SolanaBlockhash(blockhash: try base58(value["blockhash"], "value.blockhash", bytes: 32),
                               lastValidBlockHeight: try NodeAnswer.u64Number(value["lastValidBlockHeight"], "value.lastValidBlockHeight"))
    }

    /// The compute-unit price by priority from `getRecentPrioritizationFees` (`[{slot, prioritizationFee}]`),
    /// as the specification's app derives it (gemwalletcom/core `preload_mapper.rs` `calculate_fee_rates`):
    /// the mean of the 5 highest samples, rounded up to a multiple of `kind.multipleOf` and at least that
    /// multiple (the multiple itself when there are no samples) is Normal; Slow is half of it, Fast three times.
    public static func feeRates(_ result: JSON, kind: SolanaFeeKind = .nativeTransfer) throws(ChainClientError) -> FeeRates {
        let entries = try NodeAnswer.array(result, "result")
        var samples: [UInt64] = []
        samples.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            samples.append(try NodeAnswer.u64Number(entry["prioritizationFee"], "[\(index)].prioritizationFee"))
        }
        let top = samples.sorted(by: >).prefix(5)
        let step = kind.multipleOf
        var base = BigUInt(step)
        if !top.isEmpty {
            let sum = top.reduce(BigUInt.zero) { $0 + BigUInt($1) }
            let mean = sum.quotientAndRemainder(dividingBySmall: UInt64(top.count))?.quotient ?? .zero
            let rounded = ((mean + BigUInt(step - 1)).quotientAndRemainder(dividingBySmall: step)?.quotient ?? .zero).multiplied(bySmall: step)
            if BigUInt(step) < rounded { base = rounded }
        }
        let fast = base.multiplied(bySmall: 3)
        guard fast.uint64 != nil else { throw .malformed("prioritizationFee: the compute-unit price is above u64") }
        let slow = base.quotientAndRemainder(dividingBySmall: 2)?.quotient ?? .zero
        return FeeRates(unit: .microLamportsPerComputeUnit, rates: [
            FeeRate(priority: .slow, value: slow), FeeRate(priority: .normal, value: base), FeeRate(priority: .fast, value: fast),
        ])
    }

    /// `getMinimumBalanceForRentExemption`: lamports.
    public static func rent(_ result: JSON) throws(ChainClientError) -> BigUInt {
        BigUInt(try NodeAnswer.u64Number(result, "result"))
    }

    /// `sendTransaction`'s result: the transaction's first signature, base58 of 64 bytes.
    public static func signature(_ result: JSON) throws(ChainClientError) -> String {
        try base58(result, "result", bytes: 64)
    }

    /// A broadcast's outcome: the signature, or the node's refusal (a JSON-RPC error, e.g. a failed preflight
    /// simulation or a blockhash not found) as `rejected`. HTTP and transport failures stay what they are.
    public static func broadcast(_ response: ChainResponse) throws(ChainClientError) -> String {
        let result: JSON
        do {
            result = try JSONRPC.result(response)
        } catch {
            if case let .rpc(code, message) = error { throw .rejected("\(message) (\(code))") }
            throw error
        }
        return try signature(result)
    }

    /// `getTransaction` (default commitment, finalized): null → pending (not yet seen, or not final); `meta.err`
    /// non-null → failed; null → confirmed; both with the slot and `meta.fee`. A transaction whose status
    /// metadata the node does not have (`meta` null) is pending at its slot.
    public static func transactionStatus(_ result: JSON) throws(ChainClientError) -> ChainTransactionStatus {
        if result.isNull { return ChainTransactionStatus(state: .pending) }
        guard case .object = result else { throw .malformed("result: not a transaction or null") }
        let slot = try NodeAnswer.u64Number(result["slot"], "slot")
        guard let meta = NodeAnswer.optional(result, "meta") else { return ChainTransactionStatus(state: .pending, blockNumber: slot) }
        let fee = BigUInt(try NodeAnswer.u64Number(meta["fee"], "meta.fee"))
        let failed = NodeAnswer.optional(meta, "err") != nil
        return ChainTransactionStatus(state: failed ? .failed : .confirmed, blockNumber: slot, fee: fee)
    }

    /// `getSignatureStatuses` for one signature: `value[0]` null → pending (not yet seen); `err` non-null →
    /// failed; `confirmationStatus` "processed" → pending, "confirmed" or "finalized" → confirmed; with the slot.
    /// No fee: the client reads it from `getTransaction`.
    public static func signatureStatus(_ result: JSON) throws(ChainClientError) -> ChainTransactionStatus {
        let values = try NodeAnswer.array(result["value"], "value")
        guard let status = values.first else { throw .malformed("value: empty") }
        if status.isNull { return ChainTransactionStatus(state: .pending) }
        let slot = try NodeAnswer.u64Number(status["slot"], "value[0].slot")
        if NodeAnswer.optional(status, "err") != nil { return ChainTransactionStatus(state: .failed, blockNumber: slot) }
        switch NodeAnswer.optional(status, "confirmationStatus")?.stringValue {
        case "confirmed"?, "finalized"?: return ChainTransactionStatus(state: .confirmed, blockNumber: slot)
        case "processed"?, nil: return ChainTransactionStatus(state: .pending, blockNumber: slot)
        case let other?: throw .malformed("value[0].confirmationStatus: unknown (\(ChainClientError.prefix(other, 30)))")
        }
    }

    /// `getSlot` / `getBlockHeight`: a u64.
    public static func block(_ result: JSON) throws(ChainClientError) -> UInt64 {
        try NodeAnswer.u64Number(result, "result")
    }

    /// `getGenesisHash`: base58 of 32 bytes (mainnet-beta 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d).
    public static func genesisHash(_ result: JSON) throws(ChainClientError) -> String {
        try base58(result, "result", bytes: 32)
    }

    /// A base58 string that decodes to exactly `bytes` bytes (length checked before decoding, which is
    /// quadratic in the text).
    static func base58(_ json: JSON?, _ name: String, bytes: Int) throws(ChainClientError) -> String {
        let text = try NodeAnswer.string(json, name)
        guard text.utf8.count <= bytes * 138 / 100 + 1, let decoded = try? Base58.decode(text), decoded.count == bytes else {
            throw .malformed("\(name): not base58 of \(bytes) bytes")
        }
        return text
    }
}
