import Primitives

extension GemEmptyState {
    /// The empty state of a list whose empty state never changes.
    public static func of(_ kind: GemEmptyStateKind) -> GemEmptyState {
        switch kind {
        case .activity: GemEmptyState(kind: kind, image: .activity, action: .receive)
        case .assetActivity: GemEmptyState(kind: kind, image: .activity, action: .receive)
        case .searchActivity: GemEmptyState(kind: kind, image: .search, action: .clearFilters)
        case .assets: GemEmptyState(kind: kind, image: .assets, action: .buy)
        case .searchAssets: GemEmptyState(kind: kind, image: .search, action: nil)
        case .nfts: GemEmptyState(kind: kind, image: .nft, action: .receive)
        case .priceAlerts: GemEmptyState(kind: kind, image: .priceAlert, action: .addPriceAlert)
        case .contacts: GemEmptyState(kind: kind, image: .contacts, action: .addContact)
        case .notifications: GemEmptyState(kind: kind, image: .notifications, action: nil)
        case .walletConnect: GemEmptyState(kind: kind, image: .walletConnect, action: .connect)
        }
    }
}

// MARK: - Hand-written JSON (the smallest pure answer: a few hundred nanoseconds, not Codable's microseconds)

extension GemEmptyState: JSONWritable {
    public func write(to out: inout JSONOutput) {
        out.beginObject()
        out.key("kind")
        out.string(kind.rawValue)
        out.key("image")
        out.string(image.rawValue)
        if let action {
            out.key("action")
            out.string(action.rawValue)
        }
        out.endObject()
    }
}

extension GemEmptyStateRequest: JSONScannable {
    public init(scanning scanner: inout JSONScanner) throws(JSONCodecError) {
        var kind: GemEmptyStateKind?
        try scanner.beginObject()
        while try scanner.nextMember() {
            if try scanner.readNull() { continue }
            if scanner.key("kind") { try scanner.field(&kind) { s throws(JSONCodecError) in try s.rawValue(GemEmptyStateKind.self) } }
            else { try scanner.skipValue() }
        }
        guard let kind else { throw scanner.missing("kind") }
        self.init(kind: kind)
    }
}
