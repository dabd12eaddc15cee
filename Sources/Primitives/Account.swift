/// A wallet's account on one chain.
public struct Account: Sendable, Hashable, Codable {
    public let chain: Chain
    /// The address as the chain writes it (EIP-55 for EVM, CashAddr without `bitcoincash:` for Bitcoin Cash).
    public let address: String
    /// The path the account key was derived with (`m/84'/0'/0'/0/0`); empty for private-key and watch-only wallets.
    public let derivationPath: String
    /// The account-level extended public key (`zpub…`, `xpub…`, `dgub…`) on Bitcoin-family chains.
    public let extendedPublicKey: String?

    public init(chain: Chain, address: String, derivationPath: String, extendedPublicKey: String? = nil) {
        self.chain = chain
        self.address = address
        self.derivationPath = derivationPath
        self.extendedPublicKey = extendedPublicKey
    }
}
