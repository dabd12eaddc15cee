import Primitives

/// The Solana JSON-RPC calls the client makes (chain-apis.md § 3; params as gemwalletcom/core
/// `crates/gem_solana/src/rpc/client.rs` sends them). No commitment is passed, so the node's default applies
/// (`finalized` on the public RPC), as the specification's app does.
public enum SolanaRPC: Sendable, Equatable {
    /// `getBalance [address]` → `{context, value: lamports}`.
    case balance(address: String)
    /// `getTokenAccountsByOwner [owner, {mint}, {encoding:"jsonParsed"}]`: the owner's token accounts of one mint.
    case tokenAccountsByMint(owner: String, mint: String)
    /// `getTokenAccountsByOwner [owner, {programId}, {encoding:"jsonParsed"}]`: every token account the owner
    /// has under one token program (SPL Token or Token-2022).
    case tokenAccountsByProgram(owner: String, program: SolanaSignerInput.TokenProgram)
    /// `getAccountInfo [address, {encoding:"jsonParsed"}]` → `{context, value: account or null}`.
    case accountInfo(address: String)
    /// `getLatestBlockhash []` → `{context, value: {blockhash, lastValidBlockHeight}}`.
    case latestBlockhash
    /// `getRecentPrioritizationFees []` → `[{slot, prioritizationFee}]` (micro-lamports per compute unit).
    case recentPrioritizationFees
    /// `getMinimumBalanceForRentExemption [size]` → lamports.
    case minimumBalanceForRentExemption(size: Int)
    /// `sendTransaction [base64 tx, {encoding:"base64"(, skipPreflight)}]` → the signature.
    case sendTransaction(base64: String, skipPreflight: Bool?)
    /// `getSignatureStatuses [[signatures], {searchTransactionHistory:true}]` → `{context, value: [status or null]}`.
    /// The history search (not made by the specification's app) keeps a transaction older than the node's
    /// recent status cache (about 150 slots) from reading as not seen after the wallet restarts.
    case signatureStatuses([String])
    /// `getTransaction [signature, {maxSupportedTransactionVersion:0}]` → the transaction or null.
    case transaction(signature: String)
    /// `getSlot []` → the slot (the latest block the app shows and the node check reads).
    case slot
    /// `getBlockHeight []` → the block height (what `lastValidBlockHeight` is compared with).
    case blockHeight
    /// `getGenesisHash []` → base58 genesis hash (the network id).
    case genesisHash

    public var method: String {
        switch self {
        case .balance: "getBalance"
        case .tokenAccountsByMint, .tokenAccountsByProgram: "getTokenAccountsByOwner"
        case .accountInfo: "getAccountInfo"
        case .latestBlockhash: "getLatestBlockhash"
        case .recentPrioritizationFees: "getRecentPrioritizationFees"
        case .minimumBalanceForRentExemption: "getMinimumBalanceForRentExemption"
        case .sendTransaction: "sendTransaction"
        case .signatureStatuses: "getSignatureStatuses"
        case .transaction: "getTransaction"
        case .slot: "getSlot"
        case .blockHeight: "getBlockHeight"
        case .genesisHash: "getGenesisHash"
        }
    }

    public var params: JSON {
        let jsonParsed = JSON.object([("encoding", .string("jsonParsed"))])
        switch self {
        case let .balance(address):
            return .array([.string(address)])
        case let .tokenAccountsByMint(owner, mint):
            return .array([.string(owner), .object([("mint", .string(mint))]), jsonParsed])
        case let .tokenAccountsByProgram(owner, program):
            return .array([.string(owner), .object([("programId", .string(SolanaTokenPrograms.id(program)))]), jsonParsed])
        case let .accountInfo(address):
            return .array([.string(address), jsonParsed])
        case .latestBlockhash, .recentPrioritizationFees, .slot, .blockHeight, .genesisHash:
            return .array([])
        case let .minimumBalanceForRentExemption(size):
            return .array([.int(Int64(size))])
        case let .sendTransaction(base64, skipPreflight):
            var options: [(String, JSON)] = [("encoding", .string("base64"))]
            if let skipPreflight { options.append(("skipPreflight", .bool(skipPreflight))) }
            return .array([.string(base64), .object(options)])
        case let .signatureStatuses(signatures):
            return .array([.array(signatures.map(JSON.string)), .object([("searchTransactionHistory", .bool(true))])])
        case let .transaction(signature):
            return .array([.string(signature), .object([("maxSupportedTransactionVersion", .int(0))])])
        }
    }

    /// The request: the JSON-RPC envelope POSTed to the node's base URL.
    public var request: ChainRequest {
        JSONRPC.request(method, params)
    }
}

/// The token programs' ids as the node prints them.
public enum SolanaTokenPrograms {
    public static let token = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"
    public static let token2022 = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb"

    public static func id(_ program: SolanaSignerInput.TokenProgram) -> String {
        switch program {
        case .token: token
        case .token2022: token2022
        }
    }

    /// The program an account owner id names, or nil for neither token program.
    public static func program(_ id: String) -> SolanaSignerInput.TokenProgram? {
        switch id {
        case token: .token
        case token2022: .token2022
        default: nil
        }
    }
}
