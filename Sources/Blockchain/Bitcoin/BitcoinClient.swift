import Primitives

/// What a Bitcoin-family signer needs from the node before it signs (the app's `TransactionLoadMetadata::Bitcoin`
/// and `::Zcash`): the sender's spendable outputs, the fee rates, and on Zcash the consensus branch id and height.
public struct BitcoinPreload: Sendable, Equatable {
    public let utxos: [BitcoinUTXO]
    public let feeRates: FeeRates
    /// Zcash only: the branch id the next block is mined under.
    public let consensusBranchId: UInt32?
    /// Zcash only: the node's latest block (an expiry height is counted from it).
    public let blockHeight: UInt64?

    public init(utxos: [BitcoinUTXO], feeRates: FeeRates, consensusBranchId: UInt32? = nil, blockHeight: UInt64? = nil) {
        self.utxos = utxos
        self.feeRates = feeRates
        self.consensusBranchId = consensusBranchId
        self.blockHeight = blockHeight
    }
}

/// The Bitcoin family's chain client (Bitcoin, Bitcoin Cash, Litecoin, Dogecoin, Zcash) over a Blockbook node
/// (chain-apis.md § 2): `BlockbookAPI` requests through the transport, `BlockbookMapper` over the answers.
public struct BitcoinClient: Sendable {
    public let chain: Chain
    let transport: any ChainTransport

    /// nil unless `chain` is of the Bitcoin family.
    public init?(chain: Chain, transport: any ChainTransport) {
        guard chain.type == .bitcoin else { return nil }
        self.chain = chain
        self.transport = transport
    }

    func get(_ target: BlockbookAPI) async throws(ChainClientError) -> JSON {
        try BlockbookMapper.json(try await transport.send(target.request))
    }

    /// The native balance of `address` (confirmed available, positive unconfirmed delta pending).
    public func balance(address: String) async throws(ChainClientError) -> ChainBalance {
        try BlockbookMapper.balance(try await get(.address(BlockbookMapper.blockbookAddress(address, chain: chain))), chain: chain)
    }

    /// The native balance of every address derived from `xpub`.
    public func balance(xpub: String) async throws(ChainClientError) -> ChainBalance {
        try BlockbookMapper.balance(try await get(.xpub(xpub)), chain: chain)
    }

    /// The spendable outputs of `address` (mempool ones included unless `confirmedOnly`).
    public func utxos(address: String, confirmedOnly: Bool = false) async throws(ChainClientError) -> [BlockbookUTXO] {
        try BlockbookMapper.utxos(try await get(.utxo(BlockbookMapper.blockbookAddress(address, chain: chain), confirmedOnly: confirmedOnly)),
                                  chain: chain)
    }

    /// Slow, normal and fast fee rates: three estimate-fee calls in that order (none on Zcash).
    public func feeRates() async throws(ChainClientError) -> FeeRates {
        guard chain != .zcash else { return BlockbookMapper.zcashFeeRates }
        let targets = BlockbookMapper.blockTargets(chain)
        let slow = try BlockbookMapper.byteFee(try await get(.estimateFee(blocks: targets.slow)), chain: chain)
        let normal = try BlockbookMapper.byteFee(try await get(.estimateFee(blocks: targets.normal)), chain: chain)
        let fast = try BlockbookMapper.byteFee(try await get(.estimateFee(blocks: targets.fast)), chain: chain)
        return BlockbookMapper.feeRates(slow: slow, normal: normal, fast: fast, chain: chain)
    }

    /// The sender's UTXOs and the fee rates; on Zcash also the node status (branch id and height).
    public func preload(address: String) async throws(ChainClientError) -> BitcoinPreload {
        let utxos = try await self.utxos(address: address).map(\.utxo)
        let rates = try await feeRates()
        guard chain == .zcash else { return BitcoinPreload(utxos: utxos, feeRates: rates) }
        let status = try await nodeStatus()
        guard let branchId = status.consensusBranchId else { throw .malformed("the Zcash node reports no consensus branch id") }
        return BitcoinPreload(utxos: utxos, feeRates: rates, consensusBranchId: branchId, blockHeight: status.bestHeight)
    }

    /// Sends a signed transaction (hex); answers its txid.
    public func broadcast(hex: String) async throws(ChainClientError) -> String {
        try BlockbookMapper.broadcast(try await transport.send(BlockbookAPI.sendTransaction(hex: hex).request))
    }

    /// Where transaction `txid` is: pending (including not yet seen), or confirmed with its block and fee.
    public func status(txid: String) async throws(ChainClientError) -> ChainTransactionStatus {
        try BlockbookMapper.transactionStatus(try await transport.send(BlockbookAPI.transaction(txid: txid).request))
    }

    /// `GET /api/`.
    public func nodeStatus() async throws(ChainClientError) -> BlockbookStatus {
        try BlockbookMapper.status(try await get(.status))
    }

    /// The latest block Blockbook has indexed.
    public func latestBlock() async throws(ChainClientError) -> UInt64 {
        try await nodeStatus().bestHeight
    }

    /// The genesis hash (block 1's previous hash), compared with `chain.config.networkId` by node checks.
    public func networkId() async throws(ChainClientError) -> String {
        try BlockbookMapper.networkId(try await get(.block(height: 1)))
    }
}
