import Primitives

/// A Shelley-era ADA transfer: the transfer, the sender's UTxOs (Gem's preload: cardano-graphql
/// `UtxoSetForAddress`), the validity bound and the protocol parameters of the fee and minimum-ada rules.
public struct CardanoSignerInput: Sendable, Equatable {
    /// `sender`: the sender's Shelley address (its payment credential must be the signing key's hash); change
    /// goes back to it.
    public var sender: String
    /// `recipient`: a Shelley payment address on mainnet (bech32 "addr1…"; base, pointer or enterprise).
    public var recipient: String
    /// `amount`: lovelace to send (a u64 on chain).
    public var amount: BigUInt
    /// `utxos`: the sender's unspent outputs to choose from.
    public var utxos: [CardanoUTXO]
    /// `ttl`: the slot after which the transaction is invalid (body key 3).
    public var ttl: UInt64?
    public var parameters: CardanoProtocolParameters

    public init(sender: String, recipient: String, amount: BigUInt, utxos: [CardanoUTXO], ttl: UInt64?,
                parameters: CardanoProtocolParameters = .mainnet) {
        self.sender = sender
        self.recipient = recipient
        self.amount = amount
        self.utxos = utxos
        self.ttl = ttl
        self.parameters = parameters
    }
}

/// One unspent output of the sender.
public struct CardanoUTXO: Sendable, Equatable {
    /// The id (blake2b-256 of the body) of the transaction that made it, 32 bytes.
    public var transactionId: [UInt8]
    /// Its index in that transaction's outputs (`uint .size 2` in the Conway CDDL).
    public var index: UInt32
    public var lovelace: BigUInt
    /// Whether it also holds native tokens. Such outputs are never spent: their tokens would have to be carried
    /// to a multi-asset change output, which this signer does not build.
    public var hasTokens: Bool

    public init(transactionId: [UInt8], index: UInt32, lovelace: BigUInt, hasTokens: Bool = false) {
        self.transactionId = transactionId
        self.index = index
        self.lovelace = lovelace
        self.hasTokens = hasTokens
    }
}

/// The protocol parameters the signer's rules read.
public struct CardanoProtocolParameters: Sendable, Equatable {
    /// min fee = minFeeA · size(signed transaction in bytes) + minFeeB (Shelley `txFeePerByte`, `txFeeFixed`).
    public var minFeeA: UInt64
    public var minFeeB: UInt64
    /// Babbage/Conway `utxoCostPerByte`: an output must hold at least (160 + size of the output) · this.
    public var coinsPerUTxOByte: UInt64
    /// `maxTxSize` in bytes.
    public var maxTxSize: Int

    public init(minFeeA: UInt64, minFeeB: UInt64, coinsPerUTxOByte: UInt64, maxTxSize: Int) {
        self.minFeeA = minFeeA
        self.minFeeB = minFeeB
        self.coinsPerUTxOByte = coinsPerUTxOByte
        self.maxTxSize = maxTxSize
    }

    /// Mainnet's current values: minFeeA 44, minFeeB 155381 (mainnet Shelley genesis, unchanged since), maxTxSize
    /// 16384 and utxoCostPerByte 4310 (the Babbage-era value, still current in Conway; as in MeshJS
    /// DEFAULT_PROTOCOL_PARAMETERS and `cardano-cli conway query protocol-parameters --mainnet`).
    public static let mainnet = CardanoProtocolParameters(minFeeA: 44, minFeeB: 155_381, coinsPerUTxOByte: 4_310, maxTxSize: 16_384)
}

/// What a transfer spends and pays, as `CardanoSigner.plan` reports it before signing.
public struct CardanoTransactionPlan: Sendable, Equatable {
    public struct Outpoint: Sendable, Equatable {
        public let transactionId: [UInt8]
        public let index: UInt32
    }

    /// The UTxOs spent, in selection order (largest first).
    public let inputs: [Outpoint]
    /// The fee in lovelace (the rule's minimum, or more when change below the minimum ada was folded into it).
    public let fee: BigUInt
    /// The change back to the sender, or nil when there is no change output.
    public let change: BigUInt?
}
