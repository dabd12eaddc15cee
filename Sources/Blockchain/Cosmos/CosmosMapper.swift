import Primitives

/// An account's signing state (`GET /cosmos/auth/v1beta1/accounts/{address}`).
public struct CosmosAccount: Sendable, Equatable {
    public let accountNumber: UInt64
    public let sequence: UInt64

    public init(accountNumber: UInt64, sequence: UInt64) {
        self.accountNumber = accountNumber
        self.sequence = sequence
    }
}

/// A delegator's stake in the native denom, as the app sums it (`balances_mapper.rs` `map_balance_staking`).
public struct CosmosStaking: Sendable, Equatable {
    /// Delegated (bonded) amount.
    public let staked: BigUInt
    /// Unbonding: leaving the stake, not yet spendable.
    public let pending: BigUInt
    /// Unclaimed rewards, integer part.
    public let rewards: BigUInt

    public init(staked: BigUInt, pending: BigUInt, rewards: BigUInt) {
        self.staked = staked
        self.pending = pending
        self.rewards = rewards
    }
}

/// Pure mappers from Cosmos SDK REST answers (chain-apis.md § 4) to the client contract. Amounts are the SDK's
/// `Int` (at most 256 bits) as decimal text, parsed exactly; every failure is a `ChainClientError`.
public enum CosmosMapper {
    /// Answers larger than this are refused before parsing.
    public static let maximumBody = 4 << 20
    /// Balance lists longer than this are refused (a bank page holds at most 100 by default).
    public static let maximumDenoms = 1000
    /// The gas limit the app gives a transfer (`preload_mapper.rs` `get_gas_limit`).
    public static let transferGasLimit: UInt64 = 200_000

    /// The chain's base fee (`constants.rs` `get_base_fee`), in its native denom.
    public static func baseFee(_ chain: Chain) -> BigUInt {
        switch chain {
        case .thorchain: 2_000_000
        case .osmosis: 10_000
        case .sei: 100_000
        case .injective: 100_000_000_000_000
        case .noble: 25_000
        default: 3_000  // Cosmos Hub, Celestia
        }
    }

    /// The fixed fee the app charges a transfer (`preload_mapper.rs` `get_fee`): the base fee on every chain.
    public static func transferFee(_ chain: Chain) -> BigUInt { baseFee(chain) }

    /// The fee rates the app offers, with no request (`state_mapper.rs` `calculate_fee_rates`): Thorchain Normal
    /// only; the others Normal = base fee and Fast = 2 × base fee. There is no Slow rate.
    public static func feeRates(_ chain: Chain) -> FeeRates {
        let base = baseFee(chain)
        let rates = chain == .thorchain
            ? [FeeRate(priority: .normal, value: base)]
            : [FeeRate(priority: .normal, value: base), FeeRate(priority: .fast, value: base.multiplied(bySmall: 2))]
        return FeeRates(unit: .nativeUnit, rates: rates)
    }

    // MARK: - Answers

    /// The JSON of an answer. The SDK's REST gateway answers errors as `{"code": n, "message": "…", "details": []}`
    /// (gRPC status codes; 5 is NotFound), usually with HTTP 4xx/5xx: those are `.rpc(code:message:)`. A body that
    /// is not JSON is `.http` for an error status and `.malformed` otherwise.
    public static func json(_ response: ChainResponse) throws(ChainClientError) -> JSON {
        guard response.body.count <= maximumBody else { throw .malformed("the answer is larger than \(maximumBody) bytes") }
        let json: JSON
        do {
            json = try JSONParser.parse(response.body)
        } catch {
            let text = String(decoding: response.body.prefix(400), as: UTF8.self)
            guard (200..<300).contains(response.status) else { throw .http(status: response.status, body: ChainClientError.prefix(text)) }
            throw .malformed("the answer is not JSON: \(ChainClientError.prefix(text, 80))")
        }
        if let code = json["code"]?.int64Value, code != 0, let message = json["message"]?.stringValue {
            throw .rpc(code: code, message: ChainClientError.prefix(message))
        }
        guard (200..<300).contains(response.status) else {
            let text = String(decoding: response.body.prefix(400), as: UTF8.self)
            throw .http(status: response.status, body: ChainClientError.prefix(text))
        }
        return json
    }

    /// An SDK `Int` amount: ASCII digits, no sign, no leading zero, at most 78 digits and 256 bits.
    public static func amount(_ value: JSON?, _ field: String) throws(ChainClientError) -> BigUInt {
        guard let text = value?.stringValue else { throw .malformed("\(field) is not a decimal string") }
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 78, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), bytes.count == 1 || bytes[0] != 0x30,
              let amount = BigUInt(text), amount.bitLength <= 256 else {
            throw .malformed("\(field) is not an amount: \(ChainClientError.prefix(text, 40))")
        }
        return amount
    }

    /// A uint64 as proto3 JSON writes it: decimal text.
    static func uint64(_ value: JSON?, _ field: String) throws(ChainClientError) -> UInt64 {
        guard let text = value?.stringValue else { throw .malformed("\(field) is not a decimal string") }
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 20, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), bytes.count == 1 || bytes[0] != 0x30,
              let number = UInt64(text) else {
            throw .malformed("\(field) is not a uint64: \(ChainClientError.prefix(text, 40))")
        }
        return number
    }

    /// The `balances` list as (denom, amount), in the node's order, and whether more pages follow
    /// (`pagination.next_key` set).
    static func coins(_ json: JSON) throws(ChainClientError) -> (coins: [(String, BigUInt)], paged: Bool) {
        guard let list = json["balances"]?.arrayValue else { throw .malformed("balances is not a list") }
        guard list.count <= maximumDenoms else { throw .malformed("balances has more than \(maximumDenoms) entries") }
        var coins: [(String, BigUInt)] = []
        coins.reserveCapacity(list.count)
        for (index, entry) in list.enumerated() {
            guard let denom = entry["denom"]?.stringValue, !denom.isEmpty, denom.utf8.count <= 128 else {
                throw .malformed("balances[\(index)].denom is not a denom")
            }
            coins.append((denom, try amount(entry["amount"], "balances[\(index)].amount")))
        }
        let nextKey = json["pagination"]?["next_key"]
        let paged = nextKey.map { !$0.isNull && $0.stringValue != "" } ?? false
        return (coins, paged)
    }

    /// `GET /cosmos/bank/v1beta1/balances/{address}` → the native balance: the entry of the chain's denom, or 0
    /// when the complete list has none (the bank module does not list zero balances). When the list is paged and
    /// the native denom is not on this page, the balance is unknown: `.malformed`.
    public static func nativeBalance(_ json: JSON, chain: Chain) throws(ChainClientError) -> ChainBalance {
        guard let denom = chain.config.denom else { throw .malformed("\(chain.id) has no native denom") }
        let (coins, paged) = try coins(json)
        if let coin = coins.first(where: { $0.0 == denom }) { return ChainBalance(assetId: chain.assetId, available: coin.1) }
        guard !paged else { throw .malformed("the native denom is not on the first page of balances") }
        return ChainBalance(assetId: chain.assetId, available: .zero)
    }

    /// The same answer → the balances of the token denoms asked for, in that order. A denom missing from the
    /// complete list is 0 (the bank module drops zero balances, so a token the wallet spent to nothing is no
    /// longer listed; the app leaves such denoms out, which keeps a stale balance). A denom missing from a paged
    /// list is left out: its balance is unknown.
    public static func tokenBalances(_ json: JSON, chain: Chain, denoms: [String]) throws(ChainClientError) -> [ChainBalance] {
        let (coins, paged) = try coins(json)
        var balances: [ChainBalance] = []
        for denom in denoms {
            let assetId: AssetId
            do {
                assetId = try AssetId(chain: chain, tokenId: denom)
            } catch {
                continue
            }
            if let coin = coins.first(where: { $0.0 == denom }) {
                balances.append(ChainBalance(assetId: assetId, available: coin.1))
            } else if !paged {
                balances.append(ChainBalance(assetId: assetId, available: .zero))
            }
        }
        return balances
    }

    /// Whether the app reads stake on `chain` (`Chain::is_stake_supported`): not on Thorchain or Noble.
    public static func hasStaking(_ chain: Chain) -> Bool {
        chain.type == .cosmos && chain != .thorchain && chain != .noble
    }

    /// The three staking answers → the stake: staked = Σ `delegation_responses[].balance.amount` in the native denom;
    /// pending = Σ `unbonding_responses[].entries[].balance`; rewards = Σ of the integer part of
    /// `rewards[].reward[].amount` in the native denom (decimal coins with up to 18 places).
    public static func staking(delegations: JSON, unbonding: JSON, rewards: JSON, chain: Chain) throws(ChainClientError) -> CosmosStaking {
        guard let denom = chain.config.denom else { throw .malformed("\(chain.id) has no native denom") }
        guard let delegated = delegations["delegation_responses"]?.arrayValue, delegated.count <= maximumDenoms else {
            throw .malformed("delegation_responses is not a list of at most \(maximumDenoms)")
        }
        var staked = BigUInt.zero
        for (index, entry) in delegated.enumerated() where entry["balance"]?["denom"]?.stringValue == denom {
            staked += try amount(entry["balance"]?["amount"], "delegation_responses[\(index)].balance.amount")
        }
        guard let unbondings = unbonding["unbonding_responses"]?.arrayValue, unbondings.count <= maximumDenoms else {
            throw .malformed("unbonding_responses is not a list of at most \(maximumDenoms)")
        }
        var pending = BigUInt.zero
        for (index, entry) in unbondings.enumerated() {
            guard let entries = entry["entries"]?.arrayValue, entries.count <= maximumDenoms else {
                throw .malformed("unbonding_responses[\(index)].entries is not a list")
            }
            for (inner, unbond) in entries.enumerated() {
                pending += try amount(unbond["balance"], "unbonding_responses[\(index)].entries[\(inner)].balance")
            }
        }
        guard let rewarded = rewards["rewards"]?.arrayValue, rewarded.count <= maximumDenoms else {
            throw .malformed("rewards is not a list of at most \(maximumDenoms)")
        }
        var earned = BigUInt.zero
        for (index, entry) in rewarded.enumerated() {
            guard let coins = entry["reward"]?.arrayValue, coins.count <= maximumDenoms else { throw .malformed("rewards[\(index)].reward is not a list") }
            for (inner, coin) in coins.enumerated() where coin["denom"]?.stringValue == denom {
                earned += try decimalCoinInteger(coin["amount"], "rewards[\(index)].reward[\(inner)].amount")
            }
        }
        return CosmosStaking(staked: staked, pending: pending, rewards: earned)
    }

    /// The integer part of an SDK `Dec` amount (`"1234.567890000000000000"`): digits, then at most one `.` and 18
    /// digits.
    static func decimalCoinInteger(_ value: JSON?, _ field: String) throws(ChainClientError) -> BigUInt {
        guard let text = value?.stringValue else { throw .malformed("\(field) is not a decimal string") }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts.first.map(String.init) ?? ""
        let fraction = parts.count == 2 ? Array(parts[1].utf8) : []
        guard fraction.count <= 18, fraction.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), parts.count == 1 || !fraction.isEmpty else {
            throw .malformed("\(field) is not a decimal: \(ChainClientError.prefix(text, 40))")
        }
        return try amount(.string(whole), field)
    }

    /// `GET /cosmos/auth/v1beta1/accounts/{address}` → account number and sequence, from `account`, or from the
    /// `base_account` an Injective `EthAccount` nests (and a vesting account's `base_vesting_account.base_account`).
    public static func account(_ json: JSON) throws(ChainClientError) -> CosmosAccount {
        guard let account = json["account"] else { throw .malformed("the answer has no account") }
        let base = account["base_account"] ?? account["base_vesting_account"]?["base_account"] ?? account
        return CosmosAccount(accountNumber: try uint64(base["account_number"], "account.account_number"),
                             sequence: try uint64(base["sequence"], "account.sequence"))
    }

    /// `POST /cosmos/tx/v1beta1/txs` → the tx hash: `tx_response.code` 0 gives `tx_response.txhash`; any other code
    /// is `.rejected(raw_log)`; no `tx_response` is `.rejected(message)` (`transactions_mapper.rs`).
    public static func broadcast(_ response: ChainResponse) throws(ChainClientError) -> String {
        // The app reads any JSON body that fits its model, whatever the HTTP status (chain-apis.md § 0.2).
        guard response.body.count <= maximumBody, let json = try? JSONParser.parse(response.body) else {
            _ = try self.json(response)
            throw .malformed("the answer is not JSON")
        }
        if let code = json["code"]?.int64Value, code != 0, let message = json["message"]?.stringValue {
            throw .rejected(ChainClientError.prefix(message))
        }
        guard let result = json["tx_response"], !result.isNull else {
            if let message = json["message"]?.stringValue { throw .rejected(ChainClientError.prefix(message)) }
            _ = try self.json(response)
            throw .rejected("the node answered no tx_response")
        }
        guard let code = result["code"]?.int64Value else { throw .malformed("tx_response.code is not an integer") }
        guard code == 0 else {
            let log = result["raw_log"]?.stringValue ?? ""
            let codespace = result["codespace"]?.stringValue ?? ""
            throw .rejected(ChainClientError.prefix(log.isEmpty ? "\(codespace.isEmpty ? "" : codespace + " ")code \(code)" : log))
        }
        guard let hash = result["txhash"]?.stringValue, isHash(hash) else { throw .malformed("tx_response.txhash is not 64 hex digits") }
        return hash
    }

    /// `GET /cosmos/tx/v1beta1/txs/{hash}` → the status: `tx_response.code` 0 is confirmed, any other code reverted
    /// (included, fee charged, messages undone; the app's mapping), with `tx_response.height` and the fee of
    /// `tx.auth_info.fee.amount` in the native denom. A NotFound answer (gRPC code 5, or a "not found" message:
    /// the node has not indexed it yet) is pending, not an error.
    public static func transactionStatus(_ response: ChainResponse, chain: Chain) throws(ChainClientError) -> ChainTransactionStatus {
        let json: JSON
        do {
            json = try self.json(response)
        } catch {
            if case let .rpc(code, message) = error, code == 5 || message.lowercased().contains("not found") {
                return ChainTransactionStatus(state: .pending)
            }
            throw error
        }
        guard let result = json["tx_response"], !result.isNull else { throw .malformed("the answer has no tx_response") }
        guard let code = result["code"]?.int64Value else { throw .malformed("tx_response.code is not an integer") }
        let height = try uint64(result["height"], "tx_response.height")
        guard height > 0 else { return ChainTransactionStatus(state: .pending) }
        var fee: BigUInt?
        if let denom = chain.config.denom, let coins = json["tx"]?["auth_info"]?["fee"]?["amount"]?.arrayValue {
            for coin in coins where coin["denom"]?.stringValue == denom {
                fee = (fee ?? .zero) + (try amount(coin["amount"], "tx.auth_info.fee.amount"))
            }
            // Thorchain takes its fixed native fee outside auth_info (an empty fee there); elsewhere an empty fee is 0.
            if fee == nil, coins.isEmpty { fee = chain == .thorchain ? transferFee(chain) : .zero }
        }
        return ChainTransactionStatus(state: code == 0 ? .confirmed : .reverted, blockNumber: height, fee: fee)
    }

    /// `GET /cosmos/base/tendermint/v1beta1/node_info` → `default_node_info.network`, the chain id.
    public static func networkId(_ json: JSON) throws(ChainClientError) -> String {
        guard let network = json["default_node_info"]?["network"]?.stringValue, !network.isEmpty, network.utf8.count <= 64 else {
            throw .malformed("default_node_info.network is not a chain id")
        }
        return network
    }

    /// `GET /cosmos/base/tendermint/v1beta1/blocks/latest` → `block.header.height`.
    public static func latestBlock(_ json: JSON) throws(ChainClientError) -> UInt64 {
        try uint64(json["block"]?["header"]?["height"], "block.header.height")
    }

    /// 64 hex digits (Cosmos prints tx hashes in upper case).
    static func isHash(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy(EthereumAddress.isHexDigit)
    }
}
