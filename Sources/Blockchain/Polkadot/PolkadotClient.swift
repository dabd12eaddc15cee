import Primitives

/// What `PolkadotSignerInput` needs from the node for one transfer.
public struct PolkadotPreload: Sendable, Equatable {
    public var material: PolkadotMaterial
    public var account: PolkadotAccount

    public init(material: PolkadotMaterial, account: PolkadotAccount) {
        self.material = material
        self.account = account
    }

    /// The signer's input: the era starts at the material's block with the app's period of 64; `fee` is the
    /// estimate (`PolkadotClient.feeEstimate`, zero for the estimation build itself).
    public func signerInput(sender: String, recipient: String, value: BigUInt, fee: BigUInt, tip: BigUInt = 0,
                            runtime: PolkadotRuntime = .assetHubPolkadot) -> PolkadotSignerInput {
        PolkadotSignerInput(sender: sender, recipient: recipient, value: value,
                            balance: account.free.saturatingSubtracting(account.reserved), fee: fee, tip: tip, nonce: account.nonce,
                            blockNumber: material.blockNumber, blockHash: material.blockHash, eraPeriod: PolkadotMapper.eraPeriod,
                            genesisHash: material.genesisHash, specVersion: material.specVersion,
                            transactionVersion: material.transactionVersion, runtime: runtime)
    }
}

/// The Polkadot Asset Hub client: chain-apis.md § 13 through a `ChainTransport` (requests from `PolkadotAPI`,
/// answers through `PolkadotMapper`), one request after another. Addresses are validated (SS58, prefix 0)
/// before they enter a path.
public struct PolkadotClient: Sendable {
    public let transport: any ChainTransport
    public let runtime: PolkadotRuntime

    public init(transport: any ChainTransport, runtime: PolkadotRuntime = .assetHubPolkadot) {
        self.transport = transport
        self.runtime = runtime
    }

    public func call(_ api: PolkadotAPI) async throws(ChainClientError) -> JSON {
        try PolkadotMapper.json(try await transport.send(api.request))
    }

    /// DOT balance: `balance-info`; available = max(free − reserved, 0), `reserved` beside it.
    public func balance(address: String) async throws(ChainClientError) -> ChainBalance {
        PolkadotMapper.balance(try PolkadotMapper.account(try await call(.balanceInfo(address: try valid(address, "address")))))
    }

    /// As the app: Asset Hub tokens are not read, so every token asked is refused rather than reported as 0.
    public func tokenBalances(owner: String, tokens: [String]) async throws(ChainClientError) -> [ChainBalance] {
        _ = try valid(owner, "owner")
        guard tokens.isEmpty else { throw .malformed("token: Polkadot tokens are not supported") }
        return []
    }

    /// As the app: no request, one Normal rate of 1 (the real fee is `feeEstimate` of the built extrinsic).
    public func feeRates() -> FeeRates {
        FeeRates(unit: .nativeUnit, rates: [FeeRate(priority: .normal, value: BigUInt(1))])
    }

    /// `POST /transaction/fee-estimate` of an extrinsic's 0x-hex → `partialFee` in planck.
    public func feeEstimate(_ extrinsic: SignedTransaction) async throws(ChainClientError) -> BigUInt {
        try PolkadotMapper.partialFee(try await call(.feeEstimate(transaction: extrinsic.encoded)))
    }

    /// `GET /transaction/material`, then `GET /accounts/{sender}/balance-info`.
    public func preload(sender: String) async throws(ChainClientError) -> PolkadotPreload {
        let sender = try valid(sender, "sender")
        let material = try PolkadotMapper.material(try await call(.material))
        let account = try PolkadotMapper.account(try await call(.balanceInfo(address: sender)))
        return PolkadotPreload(material: material, account: account)
    }

    /// `POST /transaction` `{tx}` of the signer's extrinsic → its hash; a refusal is `rejected`.
    public func broadcast(_ signed: SignedTransaction) async throws(ChainClientError) -> String {
        try PolkadotMapper.broadcast(try await transport.send(PolkadotAPI.submit(transaction: signed.encoded).request))
    }

    /// `GET /blocks/head`, then `GET /blocks?range={from}-{to}&noFees=true` from `fromBlock` (the block the
    /// transaction was built at, above 0): found → confirmed or failed in its block, absent → pending.
    public func status(hash: String, fromBlock: UInt64) async throws(ChainClientError) -> ChainTransactionStatus {
        _ = try PolkadotMapper.hash32(.string(hash), "hash")
        guard fromBlock > 0 else { throw .malformed("block_number: must be above 0") }
        let head = try PolkadotMapper.blockNumber(try await call(.head))
        let range = PolkadotMapper.statusRange(from: fromBlock, head: head)
        return try PolkadotMapper.transactionStatus(try await call(.blocks(from: range.from, to: range.to)), hash: hash)
    }

    /// `GET /blocks/head/header` `number`.
    public func latestBlock() async throws(ChainClientError) -> UInt64 {
        try PolkadotMapper.blockNumber(try await call(.headHeader))
    }

    /// `GET /node/version` `chain` ("Polkadot Asset Hub").
    public func networkId() async throws(ChainClientError) -> String {
        try PolkadotMapper.chain(try await call(.nodeVersion))
    }

    private func valid(_ address: String, _ name: String) throws(ChainClientError) -> String {
        do { return try PolkadotAddress.validate(address, network: runtime.ss58Prefix) } catch { throw .malformed("\(name): not a Polkadot address") }
    }
}
