import Primitives

/// How urgently a transaction should be included; each family maps the three to its own fee market.
public enum FeePriority: String, Sendable, Equatable, Hashable, CaseIterable {
    case slow, normal, fast
}

/// The unit a family's fee rate is in.
public enum FeeUnit: String, Sendable, Equatable, Hashable {
    /// EVM: wei per gas (the priority fee; `FeeRates.baseFee` holds the base fee).
    case weiPerGas = "wei_per_gas"
    /// Bitcoin, Litecoin: satoshis per virtual byte.
    case satoshiPerVByte = "satoshi_per_vbyte"
    /// Bitcoin Cash, Dogecoin: satoshis per byte.
    case satoshiPerByte = "satoshi_per_byte"
    /// Zcash: the ZIP-317 marginal fee in zatoshis per logical action.
    case zatoshiPerAction = "zatoshi_per_action"
    /// Solana: micro-lamports per compute unit (the compute-unit price).
    case microLamportsPerComputeUnit = "micro_lamports_per_compute_unit"
    /// Chains with one fixed or node-set fee (Cosmos gas price, Sui reference gas price, Aptos gas unit price,
    /// Xrp drops, Stellar stroops, Algorand microalgos, TON, Tron, Near, Polkadot, Cardano): the chain's base unit.
    case nativeUnit = "native_unit"
}

/// One fee rate of a priority.
public struct FeeRate: Sendable, Equatable, Hashable {
    public var priority: FeePriority
    public var value: BigUInt

    public init(priority: FeePriority, value: BigUInt) {
        self.priority = priority
        self.value = value
    }
}

/// The fee rates a chain offers now: one per priority, in `unit`; EVM chains also give the base fee.
public struct FeeRates: Sendable, Equatable {
    public var unit: FeeUnit
    public var rates: [FeeRate]
    public var baseFee: BigUInt?

    public init(unit: FeeUnit, rates: [FeeRate], baseFee: BigUInt? = nil) {
        self.unit = unit
        self.rates = rates
        self.baseFee = baseFee
    }

    public func rate(_ priority: FeePriority) -> BigUInt? {
        rates.first { $0.priority == priority }?.value
    }
}

/// An address's balance of one asset, by kind, in the asset's base unit; a kind a chain does not have is nil.
public struct ChainBalance: Sendable, Equatable {
    public var assetId: AssetId
    public var available: BigUInt
    public var staked: BigUInt?
    public var pending: BigUInt?
    public var locked: BigUInt?
    public var reserved: BigUInt?

    public init(assetId: AssetId, available: BigUInt, staked: BigUInt? = nil, pending: BigUInt? = nil, locked: BigUInt? = nil,
                reserved: BigUInt? = nil) {
        self.assetId = assetId
        self.available = available
        self.staked = staked
        self.pending = pending
        self.locked = locked
        self.reserved = reserved
    }
}

/// Where a broadcast transaction is, as its chain reports it.
public struct ChainTransactionStatus: Sendable, Equatable {
    /// pending (not yet seen, or seen and not final), confirmed, failed, or reverted.
    public var state: TransactionState
    /// The block it was included in, once it was.
    public var blockNumber: UInt64?
    /// The fee it paid, in the fee asset's base unit, once it is final.
    public var fee: BigUInt?

    public init(state: TransactionState, blockNumber: UInt64? = nil, fee: BigUInt? = nil) {
        self.state = state
        self.blockNumber = blockNumber
        self.fee = fee
    }
}
