import Primitives

/// The answer of an import: the new wallet, or the wallet already stored under the same id (importing the
/// same phrase, key or address twice never makes a second wallet). Crosses as
/// `{"type":"imported","wallet":{…}}` or `{"type":"existing","wallet":{…}}`.
public enum GemWalletImportResult: Sendable, Equatable {
    case imported(Wallet)
    case existing(Wallet)

    public var wallet: Wallet {
        switch self {
        case .imported(let wallet), .existing(let wallet): wallet
        }
    }
}

extension GemWalletImportResult: Codable {
    private enum CodingKeys: String, CodingKey { case type, wallet }
    private enum Kind: String, Codable { case imported, existing }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let wallet = try c.decode(Wallet.self, forKey: .wallet)
        switch try c.decode(Kind.self, forKey: .type) {
        case .imported: self = .imported(wallet)
        case .existing: self = .existing(wallet)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .imported: try c.encode(Kind.imported, forKey: .type)
        case .existing: try c.encode(Kind.existing, forKey: .type)
        }
        try c.encode(wallet, forKey: .wallet)
    }
}

/// What an import would make, computed without writing anything: the wallet id, its accounts, and whether
/// a wallet with that id is already stored. Crosses as
/// `{"wallet_id":"multicoin_0x…","wallet_type":"multicoin","accounts":[…],"existing":false}`.
public struct GemWalletPreview: Sendable, Equatable, Codable {
    public var walletId: WalletId
    public var walletType: WalletType
    public var accounts: [Account]
    public var existing: Bool

    public init(walletId: WalletId, accounts: [Account], existing: Bool) {
        self.walletId = walletId
        self.walletType = walletId.type
        self.accounts = accounts
        self.existing = existing
    }
}
