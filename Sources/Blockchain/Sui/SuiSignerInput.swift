import Primitives

/// What the Sui signer needs: the transfer, and what the preload read (the sender's coin objects with their
/// versions, digests and balances, the reference gas price, a gas budget from a dry run).
public struct SuiSignerInput: Sendable, Equatable {
    /// A coin object the sender owns, as `suix_getCoins` returns it.
    public struct Coin: Sendable, Equatable {
        /// The object id, `0x` + 64 hex digits.
        public var objectId: String
        public var version: UInt64
        /// The object digest, base58 of 32 bytes.
        public var digest: String
        /// The coin's balance in base units.
        public var balance: BigUInt

        public init(objectId: String, version: UInt64, digest: String, balance: BigUInt) {
            self.objectId = objectId
            self.version = version
            self.digest = digest
            self.balance = balance
        }
    }

    public enum Asset: Sendable, Equatable {
        /// SUI: the amount is split from the gas coin (the gas coins merged by the runtime).
        case sui
        /// Another coin type: these coin objects of it are merged into the first, the amount split off (or the
        /// merged coin sent whole when the amount is their total balance).
        case coin(coins: [Coin])
    }

    public var asset: Asset
    /// The recipient, `0x` + 64 hex digits.
    public var recipient: String
    /// In MIST for SUI, base units of the coin otherwise.
    public var amount: BigUInt
    /// The SUI coins that pay the gas (and, for SUI, the amount).
    public var gasCoins: [Coin]
    /// The reference gas price (MIST per unit), `suix_getReferenceGasPrice`.
    public var gasPrice: UInt64
    /// The most MIST the transaction may spend on gas.
    public var gasBudget: UInt64

    public init(asset: Asset, recipient: String, amount: BigUInt, gasCoins: [Coin], gasPrice: UInt64, gasBudget: UInt64) {
        self.asset = asset
        self.recipient = recipient
        self.amount = amount
        self.gasCoins = gasCoins
        self.gasPrice = gasPrice
        self.gasBudget = gasBudget
    }
}
