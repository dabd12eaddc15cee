import Primitives

/// What `CardanoSignerInput` needs from cardano-graphql for one transfer.
public struct CardanoPreload: Sendable, Equatable {
    /// The sender's UTxOs, largest first (`UtxoSetForAddress`).
    public var utxos: [CardanoUTXO]
    /// The tip's slot, which a ttl counts from.
    public var tipSlot: UInt64

    public init(utxos: [CardanoUTXO], tipSlot: UInt64) {
        self.utxos = utxos
        self.tipSlot = tipSlot
    }

    /// The signer's input, valid until `ttlSlots` slots (seconds, since Shelley) after the tip (saturating).
    public func signerInput(sender: String, recipient: String, amount: BigUInt, ttlSlots: UInt64 = 7_200,
                            parameters: CardanoProtocolParameters = .mainnet) -> CardanoSignerInput {
        let (ttl, overflow) = tipSlot.addingReportingOverflow(ttlSlots)
        return CardanoSignerInput(sender: sender, recipient: recipient, amount: amount, utxos: utxos, ttl: overflow ? UInt64.max : ttl,
                                  parameters: parameters)
    }
}

/// The Cardano chain client: chain-apis.md § 14 through a `ChainTransport` (requests from `CardanoGraphQL`,
/// answers through `CardanoGraphQLMapper`), one request after another. Addresses are validated (mainnet Shelley)
/// before they enter a body.
public struct CardanoClient: Sendable {
    public let transport: any ChainTransport

    public init(transport: any ChainTransport) {
        self.transport = transport
    }

    public func call(_ query: CardanoGraphQL) async throws(ChainClientError) -> JSON {
        try CardanoGraphQLMapper.data(try await transport.send(query.request))
    }

    /// ADA: `GetBalance`.
    public func balance(address: String) async throws(ChainClientError) -> ChainBalance {
        try CardanoGraphQLMapper.balance(try await call(.balance(address: try valid(address))))
    }

    /// The app reads no Cardano token balances: every token asked is 0, without a request.
    public func tokenBalances(owner: String, tokens: [String]) async throws(ChainClientError) -> [ChainBalance] {
        _ = try valid(owner)
        return try tokens.map { token throws(ChainClientError) in
            do { return ChainBalance(assetId: try AssetId(chain: .cardano, tokenId: token), available: .zero) } catch {
                throw .malformed("token: not a token id (\(ChainClientError.prefix(token, 80)))")
            }
        }
    }

    /// No request: the app's placeholder rate.
    public func feeRates() async throws(ChainClientError) -> FeeRates {
        CardanoGraphQLMapper.feeRates()
    }

    /// `UtxoSetForAddress` for the sender, then the tip's slot.
    public func preload(sender: String) async throws(ChainClientError) -> CardanoPreload {
        let utxos = try CardanoGraphQLMapper.utxos(try await call(.utxos(address: try valid(sender))))
        let tip = try CardanoGraphQLMapper.tip(try await call(.tip))
        return CardanoPreload(utxos: utxos, tipSlot: tip.slot)
    }

    /// `SubmitTransaction` of the signer's CBOR hex (`SignedTransaction.encoded`) → the hash; a refusal is `rejected`,
    /// a hash other than the signed one (`SignedTransaction.hash`, when set) `malformed`.
    public func broadcast(_ signed: SignedTransaction) async throws(ChainClientError) -> String {
        let hash = try CardanoGraphQLMapper.broadcast(try await transport.send(CardanoGraphQL.submit(transactionHex: signed.encoded).request))
        guard signed.hash.isEmpty || hash == signed.hash.lowercased() else {
            throw .malformed("the node answered hash \(hash) for transaction \(ChainClientError.prefix(signed.hash, 64))")
        }
        return hash
    }

    /// `GetTransaction`; a hash not in a block yet is pending.
    public func status(hash: String) async throws(ChainClientError) -> ChainTransactionStatus {
        let hash = try CardanoGraphQLMapper.hash(.string(hash), "hash")
        return try CardanoGraphQLMapper.transactionStatus(try await call(.transaction(hash: hash)))
    }

    /// `{ cardano { tip { number } } }`.
    public func latestBlock() async throws(ChainClientError) -> UInt64 {
        try CardanoGraphQLMapper.tipNumber(try await call(.tipNumber))
    }

    /// `GetNetworkMagic` ("764824073" on mainnet).
    public func networkId() async throws(ChainClientError) -> String {
        try CardanoGraphQLMapper.networkMagic(try await call(.networkMagic))
    }

    private func valid(_ address: String) throws(ChainClientError) -> String {
        do { return try CardanoAddress.validate(address, hrp: "addr", network: 1) } catch { throw .malformed("address: not a Cardano mainnet address") }
    }
}
