/// Whether a wallet was created here or imported. Raw values are the specification's strings.
public enum WalletSource: String, CaseIterable, Sendable, Hashable, Codable {
    case create
    case `import`
}
