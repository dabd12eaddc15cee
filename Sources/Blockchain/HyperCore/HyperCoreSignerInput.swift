import Primitives

/// A HyperCore (Hyperliquid L1) transfer: a `usdSend` (perp USDC) or `spotSend` (a spot token) user-signed action.
public struct HyperCoreSignerInput: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        /// `usdSend`: USDC from the perp balance.
        case usdSend
        /// `spotSend` of `token`, written as the exchange names it: "NAME:0x<32 hex digits of the token id>"
        /// (for example "PURR:0xc4bf3f870c0e9465323c0b6ed28096c2").
        case spotSend(token: String)
    }

    /// Hyperliquid's own SDK signs user actions with this `signatureChainId` (0x66eee = 421614):
    /// hyperliquid-python-sdk 0.24.0, `hyperliquid/utils/signing.py` `sign_user_signed_action`. The exchange accepts
    /// any chain id here (it is the EIP-712 domain's); `hyperliquidChain` is what prevents replay across networks.
    public static let defaultSignatureChainId: UInt64 = 0x66EEE

    public var action: Action
    /// The recipient's 0x address (sent and signed in lower case).
    public var destination: String
    /// The amount in the asset's smallest unit; sent and signed as the decimal text of `decimals` places
    /// (trailing zeros dropped: 12500000 with 6 decimals is "12.5").
    public var amount: BigUInt
    /// Decimal places of `amount` (the token's wei decimals; USDC on perps has 6). 0...18.
    public var decimals: Int
    /// The action's `time` in milliseconds, which is also the request's nonce.
    public var time: UInt64?
    /// The sender's balance of the asset, in the same unit as `amount`.
    public var balance: BigUInt?
    public var signatureChainId: UInt64

    public init(
        action: Action, destination: String, amount: BigUInt, decimals: Int, time: UInt64?, balance: BigUInt?,
        signatureChainId: UInt64 = HyperCoreSignerInput.defaultSignatureChainId
    ) {
        self.action = action
        self.destination = destination
        self.amount = amount
        self.decimals = decimals
        self.time = time
        self.balance = balance
        self.signatureChainId = signatureChainId
    }
}
