import Primitives

/// What `NearSignerInput` needs from the node (chain-apis.md § 10 preload: `Near{sequence, block_hash}`).
public struct NearPreload: Sendable, Equatable {
    /// The access key's nonce + 1.
    public var nonce: UInt64
    /// The final block's hash (the transaction's reference block).
    public var blockHash: [UInt8]
    /// The sender's balance in yocto.
    public var balance: BigUInt

    public init(nonce: UInt64, blockHash: [UInt8], balance: BigUInt) {
        self.nonce = nonce
        self.blockHash = blockHash
        self.balance = balance
    }

    public func signerInput(receiver: String, amount: BigUInt) -> NearSignerInput {
        NearSignerInput(receiver: receiver, amount: amount, nonce: nonce, blockHash: blockHash, balance: balance)
    }
}

/// The NEAR chain client: the calls of chain-apis.md § 10 through a `ChainTransport`, each request from
/// `NearRPC`, each answer through `NearMapper`. Requests are made one after another, in the order documented.
public struct NearClient: Sendable {
    public let transport: any ChainTransport

    public init(transport: any ChainTransport) {
        self.transport = transport
    }

    func call(_ rpc: NearRPC) async throws(ChainClientError) -> JSON {
        try JSONRPC.result(try await transport.send(rpc.request))
    }

    /// NEAR balance: `query view_account` (an account that does not exist: 0).
    public func balance(address: String) async throws(ChainClientError) -> ChainBalance {
        try NearMapper.balance(try await transport.send(NearRPC.viewAccount(accountId: address).request))
    }

    /// NEAR has no token balances in the specification's app: none, no request.
    public func tokenBalances(owner: String, tokenIds: [String]) async throws(ChainClientError) -> [ChainBalance] {
        []
    }

    /// `gas_price [null]`.
    public func feeRates() async throws(ChainClientError) -> FeeRates {
        try NearMapper.feeRates(try await call(.gasPrice))
    }

    /// What the signer needs: `query view_access_key` (the implicit account's key), `block {finality:"final"}`,
    /// then `query view_account` (the sender's balance).
    public func preload(sender: String) async throws(ChainClientError) -> NearPreload {
        let key = try NearMapper.implicitPublicKey(sender)
        let nonce = try NearMapper.nextNonce(try await call(.viewAccessKey(accountId: sender, publicKey: key)))
        let block = try NearMapper.block(try await call(.finalBlock))
        let balance = try await self.balance(address: sender).available
        return NearPreload(nonce: nonce, blockHash: block.hash, balance: balance)
    }

    /// `send_tx` of the signer's transaction (`encoded`: base64 borsh) → its hash; a refusal is `rejected`. The node's
    /// hash must be the transaction's own (`hash`: Base58 of SHA-256 of the borsh transaction), or the answer is
    /// refused as malformed.
    public func broadcast(_ transaction: SignedTransaction) async throws(ChainClientError) -> String {
        let hash = try NearMapper.broadcast(try await transport.send(NearRPC.sendTransaction(base64: transaction.encoded).request))
        guard transaction.hash.isEmpty || hash == transaction.hash else {
            throw .malformed("the node answered hash \(ChainClientError.prefix(hash, 64)) for transaction \(transaction.hash)")
        }
        return hash
    }

    /// `tx` of `hash` sent by `sender`: unknown yet → pending.
    public func status(hash: String, sender: String) async throws(ChainClientError) -> ChainTransactionStatus {
        try NearMapper.transactionStatus(try await transport.send(NearRPC.transaction(hash: hash, sender: sender).request))
    }

    /// `block {finality:"final"}` → `header.height`.
    public func latestBlock() async throws(ChainClientError) -> UInt64 {
        try NearMapper.block(try await call(.finalBlock)).height
    }

    /// `status []` → `chain_id`.
    public func networkId() async throws(ChainClientError) -> String {
        try NearMapper.networkId(try await call(.status))
    }
}
