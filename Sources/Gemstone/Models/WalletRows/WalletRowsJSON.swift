import Primitives

// The wallet list read and written straight between the host's bytes and the records (gem_wallet_sections
// answers a whole list at once): the same shape as the generated Codable, which the golden files pin and
// WalletRowsJSONTests compares byte for byte.

extension GemWalletSectionsRequest: JSONScannable {
    public init(scanning scanner: inout JSONScanner) throws(JSONCodecError) {
        var wallets: [WalletListItem]?
        var currentWalletId: WalletId?
        try scanner.beginObject()
        while try scanner.nextMember() {
            if try scanner.readNull() { continue }
            if scanner.key("wallets") { try scanner.field(&wallets) { s throws(JSONCodecError) in try s.decode([WalletListItem].self) } }
            else if scanner.key("current_wallet_id") { try scanner.field(&currentWalletId) { s throws(JSONCodecError) in try s.decode(WalletId.self) } }
            else { try scanner.skipValue() }
        }
        guard let wallets else { throw scanner.missing("wallets") }
        self.init(wallets: wallets, currentWalletId: currentWalletId)
    }
}

extension GemWalletSection: JSONWritable {
    public var jsonSizeEstimate: Int { 32 + rows.count * 256 }

    public func write(to out: inout JSONOutput) {
        out.beginObject()
        out.key("kind")
        out.string(kind.rawValue)
        out.key("rows")
        out.value(rows)
        out.endObject()
    }
}

extension GemWalletRow: JSONWritable {
    /// A row with a one-chain subtitle writes about 230 bytes.
    public var jsonSizeEstimate: Int { 256 }

    public func write(to out: inout JSONOutput) {
        out.beginObject()
        out.key("id")
        out.string(id.id)
        out.key("name")
        out.string(name)
        out.key("subtitle")
        subtitle.write(to: &out)
        out.key("placeholder")
        out.string(placeholder)
        out.key("shows_watch_badge")
        out.bool(showsWatchBadge)
        out.key("is_pinned")
        out.bool(isPinned)
        out.key("is_current")
        out.bool(isCurrent)
        out.key("has_avatar")
        out.bool(hasAvatar)
        if let imageUrl {
            out.key("image_url")
            out.string(imageUrl)
        }
        out.endObject()
    }
}
