import GemCrypto
import Primitives

/// `GET /accounts/{address}/balance-info`: the nonce and the balances, in planck.
public struct PolkadotAccount: Sendable, Equatable {
    public var nonce: UInt32
    public var free: BigUInt
    public var reserved: BigUInt

    public init(nonce: UInt32, free: BigUInt, reserved: BigUInt) {
        self.nonce = nonce
        self.free = free
        self.reserved = reserved
    }
}

/// `GET /transaction/material`: the block a transaction is built at, the genesis hash and the runtime versions.
public struct PolkadotMaterial: Sendable, Equatable {
    public var blockHash: [UInt8]
    public var blockNumber: UInt64
    public var genesisHash: [UInt8]
    public var specVersion: UInt32
    public var transactionVersion: UInt32

    public init(blockHash: [UInt8], blockNumber: UInt64, genesisHash: [UInt8], specVersion: UInt32, transactionVersion: UInt32) {
        self.blockHash = blockHash
        self.blockNumber = blockNumber
        self.genesisHash = genesisHash
        self.specVersion = specVersion
        self.transactionVersion = transactionVersion
    }
}

/// Pure mappers from Substrate API Sidecar answers (paritytech.github.io/substrate-api-sidecar/dist; chain-apis.md
/// § 13) to the client records. Sidecar writes every number as a decimal string.
public enum PolkadotMapper {
    /// The era period the app's preload uses.
    public static let eraPeriod: UInt64 = 64
    /// The most blocks a status range is asked for past its start (the app's window).
    public static let statusWindow: UInt64 = 64

    /// The JSON body of a 2xx answer. Sidecar's error answer is `{code, message}` or, for a transaction,
    /// `{code, error, cause, …}`: `rpc` with the HTTP status as the code; another error body is `http`.
    public static func json(_ response: ChainResponse) throws(ChainClientError) -> JSON {
        let text = String(decoding: response.body, as: UTF8.self)
        let json = try? JSONParser.parse(response.body)
        guard (200..<300).contains(response.status) else {
            guard let json, let message = json["error"]?.stringValue ?? json["message"]?.stringValue else {
                throw .http(status: response.status, body: ChainClientError.prefix(text))
            }
            let cause = json["cause"]?.stringValue ?? ""
            throw .rpc(code: Int64(response.status), message: ChainClientError.prefix(cause.isEmpty ? message : "\(message): \(cause)"))
        }
        guard let json else { throw .malformed("the answer is not JSON: \(ChainClientError.prefix(text, 80))") }
        return json
    }

    /// `balance-info`: `nonce` (u32), `free` and `reserved` (u128).
    public static func account(_ json: JSON) throws(ChainClientError) -> PolkadotAccount {
        let nonce = try NodeAnswer.u64String(json["nonce"], "nonce")
        guard nonce <= UInt64(UInt32.max) else { throw .malformed("nonce: above u32") }
        return PolkadotAccount(nonce: UInt32(nonce), free: try NodeAnswer.decimal(json["free"], "free", bits: 128),
                               reserved: try NodeAnswer.decimal(json["reserved"], "reserved", bits: 128))
    }

    /// The DOT balance as the app reports it: available = max(free − reserved, 0), `reserved` beside it.
    public static func balance(_ account: PolkadotAccount) -> ChainBalance {
        ChainBalance(assetId: AssetId(chain: .polkadot), available: account.free.saturatingSubtracting(account.reserved), reserved: account.reserved)
    }

    /// `transaction/material`: `at.hash`, `at.height`, `genesisHash`, `specVersion`, `txVersion`.
    public static func material(_ json: JSON) throws(ChainClientError) -> PolkadotMaterial {
        let spec = try NodeAnswer.u64String(json["specVersion"], "specVersion")
        let tx = try NodeAnswer.u64String(json["txVersion"], "txVersion")
        guard spec <= UInt64(UInt32.max) else { throw .malformed("specVersion: above u32") }
        guard tx <= UInt64(UInt32.max) else { throw .malformed("txVersion: above u32") }
        return PolkadotMaterial(blockHash: try hash32(json["at"]?["hash"], "at.hash"),
                                blockNumber: try NodeAnswer.u64String(json["at"]?["height"], "at.height"),
                                genesisHash: try hash32(json["genesisHash"], "genesisHash"), specVersion: UInt32(spec),
                                transactionVersion: UInt32(tx))
    }

    /// `transaction/fee-estimate`: `partialFee` (u128).
    public static func partialFee(_ json: JSON) throws(ChainClientError) -> BigUInt {
        try NodeAnswer.decimal(json["partialFee"], "partialFee", bits: 128)
    }

    /// `POST /transaction`: `hash`; an error answer (`error`, `cause`) is `rejected`.
    public static func broadcast(_ response: ChainResponse) throws(ChainClientError) -> String {
        let answer: JSON
        do { answer = try json(response) } catch {
            if case let .rpc(_, message) = error { throw .rejected(message) }
            throw error
        }
        if let error = answer["error"]?.stringValue {
            let cause = answer["cause"]?.stringValue ?? ""
            throw .rejected(ChainClientError.prefix(cause.isEmpty ? error : "\(error): \(cause)"))
        }
        return "0x" + Hex.encode(try hash32(answer["hash"], "hash"))
    }

    /// A block's `number` (a decimal string): `blocks/head`, `blocks/head/header`.
    public static func blockNumber(_ json: JSON) throws(ChainClientError) -> UInt64 {
        try NodeAnswer.u64String(json["number"], "number")
    }

    /// `node/version`: `chain` ("Polkadot Asset Hub").
    public static func chain(_ json: JSON) throws(ChainClientError) -> String {
        try NodeAnswer.string(json["chain"], "chain")
    }

    /// The range `blocks?range` is asked for from `from` with the head at `head`: to = min(head, from + 64),
    /// never below from + 1.
    public static func statusRange(from: UInt64, head: UInt64) -> (from: UInt64, to: UInt64) {
        let (window, overflow) = from.addingReportingOverflow(statusWindow)
        let to = min(head, overflow ? UInt64.max : window)
        let next = from == UInt64.max ? from : from + 1
        return (from, max(to, next))
    }

    /// `blocks?range`: the extrinsic whose `hash` is `hash` (case-insensitive): `success` true → confirmed, false →
    /// failed, in its block; absent → pending. Sidecar's answer carries no fee (`noFees=true`).
    public static func transactionStatus(_ json: JSON, hash: String) throws(ChainClientError) -> ChainTransactionStatus {
        let blocks = try NodeAnswer.array(json, "blocks")
        guard blocks.count <= Int(statusWindow) + 1 else { throw .malformed("blocks: more than \(statusWindow + 1) blocks") }
        let wanted = hash.lowercased()
        for block in blocks {
            let extrinsics = try NodeAnswer.array(block["extrinsics"], "extrinsics")
            for extrinsic in extrinsics where extrinsic["hash"]?.stringValue?.lowercased() == wanted {
                let number = try blockNumber(block)
                let success = try NodeAnswer.bool(extrinsic["success"], "success")
                return ChainTransactionStatus(state: success ? .confirmed : .failed, blockNumber: number)
            }
        }
        return ChainTransactionStatus(state: .pending)
    }

    /// `0x` + 64 hex digits, as 32 bytes.
    static func hash32(_ json: JSON?, _ name: String) throws(ChainClientError) -> [UInt8] {
        let text = try NodeAnswer.string(json, name)
        guard text.utf8.count == 66, text.hasPrefix("0x"), let bytes = try? Hex.decode(text, allowPrefix: true) else {
            throw .malformed("\(name): not 0x + 64 hex digits")
        }
        return bytes
    }
}
