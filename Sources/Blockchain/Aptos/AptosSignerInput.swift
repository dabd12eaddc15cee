import Primitives

/// What the Aptos signer needs: the transfer, and what the preload read (the account's sequence number and
/// balances, the gas unit price estimate, a gas limit from a simulation, the chain id).
public struct AptosSignerInput: Sendable, Equatable {
    public enum Asset: Sendable, Equatable {
        /// APT: `0x1::aptos_account::transfer(to, amount)`.
        case apt
        /// A coin: `0x1::aptos_account::transfer_coins<T>(to, amount)`; `type` is T as `address::module::Name`
        /// (no type arguments), `balance` the sender's balance of it.
        case coin(type: String, balance: BigUInt)
        /// A fungible asset: `0x1::primary_fungible_store::transfer<0x1::fungible_asset::Metadata>(metadata, to,
        /// amount)`; `metadata` the asset's metadata object address, `balance` the sender's primary store balance.
        case fungibleAsset(metadata: String, balance: BigUInt)
    }

    public var asset: Asset
    /// The recipient account address (`0x` + 1...64 hex digits).
    public var recipient: String
    /// Octas for APT, base units of the coin or asset otherwise.
    public var amount: BigUInt
    /// The sender's APT balance in octas (pays the gas).
    public var balance: BigUInt
    public var sequenceNumber: UInt64
    /// The most gas units the transaction may use.
    public var maxGasAmount: UInt64
    /// Octas per gas unit.
    public var gasUnitPrice: UInt64
    /// Unix seconds after which the chain drops the transaction (the preload's clock, not the signer's).
    public var expirationTimestampSecs: UInt64
    /// 1 mainnet, 2 testnet.
    public var chainId: UInt8

    public init(
        asset: Asset, recipient: String, amount: BigUInt, balance: BigUInt, sequenceNumber: UInt64,
        maxGasAmount: UInt64, gasUnitPrice: UInt64, expirationTimestampSecs: UInt64, chainId: UInt8
    ) {
        self.asset = asset
        self.recipient = recipient
        self.amount = amount
        self.balance = balance
        self.sequenceNumber = sequenceNumber
        self.maxGasAmount = maxGasAmount
        self.gasUnitPrice = gasUnitPrice
        self.expirationTimestampSecs = expirationTimestampSecs
        self.chainId = chainId
    }
}
