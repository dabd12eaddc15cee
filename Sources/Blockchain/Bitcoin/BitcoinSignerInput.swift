import Primitives

/// An unspent output of the sender, as Blockbook's `/api/v2/utxo/<address>` lists it.
public struct BitcoinUTXO: Sendable, Equatable {
    /// The funding transaction's id in display order (as explorers and Blockbook print it): 64 hex digits.
    public let txid: String
    public let vout: UInt32
    /// In satoshis (koinu, zatoshis).
    public let value: UInt64

    public init(txid: String, vout: UInt32, value: UInt64) {
        self.txid = txid
        self.vout = vout
        self.value = value
    }
}

/// What to send: an exact amount, or everything the UTXOs hold less the fee.
public enum BitcoinSendAmount: Sendable, Equatable {
    case exact(BigUInt)
    case max
}

/// A Bitcoin-family transfer (Bitcoin, Litecoin, Dogecoin, Bitcoin Cash, Zcash transparent) and the chain
/// metadata its preload returns.
///
/// Fee units (`fee_rate`): satoshis per virtual byte on Bitcoin and Litecoin; satoshis per byte on Bitcoin Cash and
/// Dogecoin (koinu per byte; no witness, so bytes are vbytes); on Zcash the ZIP-317 marginal fee in zatoshis per
/// logical action (5,000 is ZIP-317's, and less is refused), the fee being marginal fee × max(2, logical actions).
public struct BitcoinSignerInput: Sendable, Equatable {
    /// One of `.bitcoin`, `.litecoin`, `.doge`, `.bitcoinCash`, `.zcash`.
    public let chain: Chain
    /// The address whose UTXOs are spent; it must be an address of the signing key (P2WPKH, P2TR key path or
    /// P2PKH), and it decides how each input is signed.
    public let senderAddress: String
    public let destinationAddress: String
    public let amount: BitcoinSendAmount
    /// Where change goes; nil sends it back to `senderAddress`.
    public let changeAddress: String?
    public let feeRate: BigUInt
    public let utxos: [BitcoinUTXO]
    /// Zcash only: the consensus branch id of the upgrade active at the height the transaction is mined at
    /// (NU5 0xC2D6D0B4, NU6 0xC8E71055, NU6.1 0x4DEC4DF0, …), as the node reports it for the next block.
    public let consensusBranchId: UInt32?
    /// Zcash only: the block height after which the transaction can no longer be mined (0: no expiry).
    public let expiryHeight: UInt32?

    public init(chain: Chain, senderAddress: String, destinationAddress: String, amount: BitcoinSendAmount,
                changeAddress: String? = nil, feeRate: BigUInt, utxos: [BitcoinUTXO],
                consensusBranchId: UInt32? = nil, expiryHeight: UInt32? = nil) {
        self.chain = chain
        self.senderAddress = senderAddress
        self.destinationAddress = destinationAddress
        self.amount = amount
        self.changeAddress = changeAddress
        self.feeRate = feeRate
        self.utxos = utxos
        self.consensusBranchId = consensusBranchId
        self.expiryHeight = expiryHeight
    }
}

/// A message to sign with BIP-137 ("Bitcoin Signed Message").
public struct BitcoinMessageInput: Sendable, Equatable {
    /// `.bitcoin` only.
    public let chain: Chain
    /// The signing key's address: P2PKH (header 31 + recid) or P2WPKH (39 + recid).
    public let address: String
    /// The message bytes (UTF-8 text as the requesting app sent it).
    public let message: [UInt8]

    public init(chain: Chain, address: String, message: [UInt8]) {
        self.chain = chain
        self.address = address
        self.message = message
    }
}
