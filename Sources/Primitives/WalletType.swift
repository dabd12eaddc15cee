// The type is generated from schema/primitives.json (Generated/Primitives+Schema.swift). Its raw values are
// the JSON form (snake_case, DESIGN § 3), while `idPrefix` is the specification's camelCase string that starts a
// `WalletId`.

extension WalletType {
    /// The first part of a `WalletId`: `multicoin`, `single`, `privateKey`, `view`.
    public var idPrefix: String {
        switch self {
        case .multicoin: "multicoin"
        case .single: "single"
        case .privateKey: "privateKey"
        case .view: "view"
        }
    }

    /// The type an id prefix names; `nil` for anything else (prefixes are case-sensitive).
    public init?(idPrefix: String) {
        guard let type = Self.allCases.first(where: { $0.idPrefix == idPrefix }) else { return nil }
        self = type
    }
}
