import Primitives

// GemWalletImport, GemWalletImportResult and GemWalletPreview are generated from schema/wallet_service.json
// (Generated/WalletService+Schema.swift); their behaviour stays here. A phrase or key is held in GemCrypto's
// wiping `Secret`, so a description, interpolation or dump never shows it.

extension GemWalletImport {
    /// The wallet's name as given (absent or blank: "Wallet #<index>").
    public var name: String? {
        switch self {
        case .multicoin(_, _, let name), .single(_, _, let name), .privateKey(_, _, let name), .view(_, _, let name): name
        }
    }

    /// The type of the wallet the import makes.
    public var walletType: WalletType {
        switch self {
        case .multicoin: .multicoin
        case .single: .single
        case .privateKey: .privateKey
        case .view: .view
        }
    }
}

extension GemWalletImportResult {
    /// The wallet imported, or the one stored before.
    public var wallet: Wallet {
        switch self {
        case .imported(let wallet), .existing(let wallet): wallet
        }
    }
}

extension GemWalletPreview {
    /// The preview of a wallet of `walletId`, its type the one the id names.
    public init(walletId: WalletId, accounts: [Account], existing: Bool) {
        self.init(walletId: walletId, walletType: walletId.type, accounts: accounts, existing: existing)
    }

    /// A decoded preview's type must be the one its id names.
    var schemaViolation: String? {
        walletType == walletId.type ? nil : "wallet_type \(walletType.rawValue) does not match the id (\(walletId.type.rawValue))"
    }
}
