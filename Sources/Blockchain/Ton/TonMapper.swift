import GemCrypto
import Primitives

/// `getWalletInformation`'s part the signer needs.
public struct TonWalletInformation: Sendable, Equatable {
    /// The wallet's seqno (0 when the answer has none: a wallet that is not deployed).
    public var seqno: UInt32
    /// Whether the wallet contract is deployed (`account_state` "active").
    public var deployed: Bool
    /// The wallet's TON balance in nanotons.
    public var balance: BigUInt

    public init(seqno: UInt32, deployed: Bool, balance: BigUInt) {
        self.seqno = seqno
        self.deployed = deployed
        self.balance = balance
    }
}

/// A jetton wallet as `jetton/wallets` lists it.
public struct TonJettonWallet: Sendable, Equatable {
    /// The jetton wallet's address (raw `0:<HEX>`, as toncenter v3 prints it).
    public var address: String
    /// The jetton balance in its base units.
    public var balance: BigUInt
    /// The jetton master's raw address, upper-cased.
    public var jetton: String

    public init(address: String, balance: BigUInt, jetton: String) {
        self.address = address
        self.balance = balance
        self.jetton = jetton
    }
}

/// Pure mappers from toncenter answers to the client records. Shapes: toncenter API v2 and v3
/// (https://toncenter.com/api/v2/, https://toncenter.com/api/v3/) and chain-apis.md § 5.
public enum TonMapper {
    /// The most entries a list answer may hold (a `jetton/wallets` page is at most 100; a message's
    /// transactions are one or a few).
    static let maxEntries = 1_000

    // MARK: Envelopes

    /// A v2 answer's `result`: an HTTP error status, `ok: false` (its `error` and `code`) or a body that is not
    /// the v2 envelope is thrown.
    public static func v2Result(_ response: ChainResponse) throws(ChainClientError) -> JSON {
        let json = try body(response, v2: true)
        guard let result = json["result"], json["ok"]?.boolValue == true else { throw .malformed("ok: not true, or no result") }
        return result
    }

    /// A v3 answer's body (an object); an HTTP error status or a body that is not a JSON object is thrown.
    public static func v3Body(_ response: ChainResponse) throws(ChainClientError) -> JSON {
        let json = try body(response, v2: false)
        guard case .object = json else { throw .malformed("the answer is not an object") }
        return json
    }

    private static func body(_ response: ChainResponse, v2: Bool) throws(ChainClientError) -> JSON {
        let text = String(decoding: response.body, as: UTF8.self)
        let json = try? JSONParser.parse(response.body)
        if v2, let json, json["ok"]?.boolValue == false {
            throw .rpc(code: json["code"]?.int64Value ?? Int64(response.status), message: ChainClientError.prefix(json["error"]?.stringValue ?? ""))
        }
        guard (200..<300).contains(response.status) else {
            throw .http(status: response.status, body: ChainClientError.prefix(text))
        }
        guard let json else { throw .malformed("the answer is not JSON: \(ChainClientError.prefix(text, 80))") }
        return json
    }

    // MARK: Balances

    /// `getAddressBalance`'s result: nanotons as a decimal string.
    public static func balance(_ result: JSON) throws(ChainClientError) -> ChainBalance {
        ChainBalance(assetId: AssetId(chain: .ton), available: try NodeAnswer.decimal(result, "result", bits: 64))
    }

    /// `jetton/wallets`: `jetton_wallets[]` of `{address, balance, jetton}`.
    public static func jettonWallets(_ body: JSON) throws(ChainClientError) -> [TonJettonWallet] {
        let entries = try NodeAnswer.array(body["jetton_wallets"], "jetton_wallets")
        guard entries.count <= maxEntries else { throw .malformed("jetton_wallets: more than \(maxEntries) entries") }
        var wallets: [TonJettonWallet] = []
        wallets.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            let name = "jetton_wallets[\(index)]"
            let address = try self.address(entry["address"], "\(name).address")
            let balance = try NodeAnswer.decimal(entry["balance"], "\(name).balance", bits: 128)
            let jetton = try raw(try self.address(entry["jetton"], "\(name).jetton"), "\(name).jetton")
            wallets.append(TonJettonWallet(address: address, balance: balance, jetton: jetton))
        }
        return wallets
    }

    /// One balance per token id asked for (the jetton master's user-friendly form), in that order: the owner's
    /// jetton wallet of that master (0 when it has none). Only requested ids are kept; an id asked twice is
    /// answered once.
    public static func tokenBalances(_ wallets: [TonJettonWallet], tokenIds: [String]) throws(ChainClientError) -> [ChainBalance] {
        var seen = Set<String>()
        var balances: [ChainBalance] = []
        for tokenId in tokenIds where seen.insert(tokenId).inserted {
            let master = try raw(tokenId, "token id")
            let assetId: AssetId
            do { assetId = try AssetId(chain: .ton, tokenId: tokenId) } catch { throw .malformed("token id: empty") }
            balances.append(ChainBalance(assetId: assetId, available: wallet(wallets, master: master)?.balance ?? .zero))
        }
        return balances
    }

    /// The wallet of `master` (its upper-cased raw form) among `wallets`.
    public static func wallet(_ wallets: [TonJettonWallet], master: String) -> TonJettonWallet? {
        wallets.first { $0.jetton == master }
    }

    /// The upper-cased raw form `<workchain>:<HEX>` of a TON address in any form (how toncenter v3 prints
    /// `jetton` and what the specification's app compares a token id with).
    public static func raw(_ address: String, _ name: String) throws(ChainClientError) -> String {
        guard address.utf8.count <= 80, let parts = try? TonAddress.parse(address) else {
            throw .malformed("\(name): not a TON address (\(ChainClientError.prefix(address, 50)))")
        }
        return "\(parts.workchain):\(Hex.encode(parts.account).uppercased())"
    }

    private static func address(_ json: JSON?, _ name: String) throws(ChainClientError) -> String {
        let text = try NodeAnswer.string(json, name)
        _ = try raw(text, name)
        return text
    }

    // MARK: Fees, preload

    /// The fee the specification's app charges a TON transfer (`provider/preload.rs`: 0.01 TON), nanotons.
    public static let transferFee = BigUInt(10_000_000)

    /// TON fees: no request, a single normal rate of 0.01 TON (chain-apis.md § 5).
    public static func feeRates() -> FeeRates {
        FeeRates(unit: .nativeUnit, rates: [FeeRate(priority: .normal, value: transferFee)])
    }

    /// `getWalletInformation`'s result: `seqno` (missing or null → 0), `account_state`, `balance`.
    public static func walletInformation(_ result: JSON) throws(ChainClientError) -> TonWalletInformation {
        guard case .object = result else { throw .malformed("result: not an object") }
        var seqno: UInt32 = 0
        if let value = NodeAnswer.optional(result, "seqno") {
            guard let small = UInt32(exactly: try NodeAnswer.u64Number(value, "result.seqno")) else {
                throw .malformed("result.seqno: above u32")
            }
            seqno = small
        }
        let state = try NodeAnswer.string(result["account_state"], "result.account_state")
        let balance = try NodeAnswer.decimal(result["balance"], "result.balance", bits: 128)
        return TonWalletInformation(seqno: seqno, deployed: state == "active", balance: balance)
    }

    // MARK: Broadcast, status, chain

    /// `sendBocReturnHash`: `result.hash` (base64 of 32 bytes) → lower-case hex; a refusal (`ok: false`, or an
    /// HTTP error status) is `rejected`.
    public static func broadcast(_ response: ChainResponse) throws(ChainClientError) -> String {
        let result: JSON
        do {
            result = try v2Result(response)
        } catch {
            switch error {
            case let .rpc(_, message): throw .rejected(message)
            case let .http(_, body): throw .rejected(body)
            default: throw error
            }
        }
        let hash = try NodeAnswer.string(result["hash"], "result.hash")
        guard hash.utf8.count <= 64, let bytes = try? Base64.decode(hash, alphabet: hash.contains("-") || hash.contains("_") ? .url : .standard),
              bytes.count == 32 else { throw .malformed("result.hash: not base64 of 32 bytes") }
        return Hex.encode(bytes)
    }

    /// In-message opcodes of an operation that failed although the chain reports success (gemwalletcom/core
    /// `constants.rs`).
    public static let revertedOpcodes: Set<String> = ["0x93be2305", "0xd6182fce", "0x77d0fee6"]

    /// `transactionsByMessage`: the first of `transactions[]`. An empty list is a message not yet seen: pending
    /// (the specification's app answers an error there). Failed if `description.aborted`, if
    /// `compute_ph.success` is not true, if `compute_ph.exit_code` is neither 0 nor 1, if `action.success` is not
    /// true, or if `out_msgs` is empty; reverted if the in-message opcode is one of `revertedOpcodes`; else
    /// confirmed. Block = `mc_block_seqno`, fee = `total_fees`.
    public static func transactionStatus(_ body: JSON) throws(ChainClientError) -> ChainTransactionStatus {
        let transactions = try NodeAnswer.array(body["transactions"], "transactions")
        guard transactions.count <= maxEntries else { throw .malformed("transactions: more than \(maxEntries) entries") }
        guard let transaction = transactions.first else { return ChainTransactionStatus(state: .pending) }
        let name = "transactions[0]"
        let fee = try NodeAnswer.decimal(transaction["total_fees"], "\(name).total_fees", bits: 128)
        let block = try NodeAnswer.optional(transaction, "mc_block_seqno").map { value throws(ChainClientError) in
            try NodeAnswer.u64Number(value, "\(name).mc_block_seqno")
        }
        let description = try NodeAnswer.member(transaction, "description", "\(name).description")
        guard case .object = description else { throw .malformed("\(name).description: not an object") }
        let aborted = try NodeAnswer.bool(description["aborted"], "\(name).description.aborted")
        let compute = NodeAnswer.optional(description, "compute_ph")
        let computeSuccess = compute?["success"]?.boolValue == true
        let exitCode = compute?["exit_code"]?.int64Value
        let actionSuccess = NodeAnswer.optional(description, "action")?["success"]?.boolValue == true
        let outMessages = try NodeAnswer.array(transaction["out_msgs"], "\(name).out_msgs")

        let state: TransactionState
        if aborted || !computeSuccess || !(exitCode == 0 || exitCode == 1) || !actionSuccess || outMessages.isEmpty {
            state = .failed
        } else if let opcode = NodeAnswer.optional(transaction, "in_msg")?["opcode"]?.stringValue,
                  revertedOpcodes.contains(opcode.lowercased()) {
            state = .reverted
        } else {
            state = .confirmed
        }
        return ChainTransactionStatus(state: state, blockNumber: block, fee: fee)
    }

    /// `masterchainInfo`: the network id is `first.root_hash` (the masterchain's first block).
    public static func networkId(_ body: JSON) throws(ChainClientError) -> String {
        let hash = try NodeAnswer.string(body["first"]?["root_hash"], "first.root_hash")
        guard !hash.isEmpty, hash.utf8.count <= 64 else { throw .malformed("first.root_hash: empty or too long") }
        return hash
    }

    /// `masterchainInfo`: the latest block is `last.seqno`.
    public static func latestBlock(_ body: JSON) throws(ChainClientError) -> UInt64 {
        try NodeAnswer.u64Number(body["last"]?["seqno"], "last.seqno")
    }
}
