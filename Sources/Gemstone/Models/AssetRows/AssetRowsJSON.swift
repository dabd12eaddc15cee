import Primitives

// The asset rows written straight into the answer's bytes (gem_asset_list_rows, gem_wallet_asset_rows write a
// whole list at once): the same shape as the generated Codable, which the golden files pin (JSONCodec writes
// through this path, so schema/golden/GemAssetItemRow.json holds it byte for byte).

extension GemAssetItemRow: JSONWritable {
    /// A priced balance row writes about 1,250 bytes.
    public var jsonSizeEstimate: Int { 1_280 }

    public func write(to out: inout JSONOutput) {
        out.beginObject()
        out.key("asset_id")
        out.string(assetId.id)
        out.key("icon")
        out.beginObject()
        out.key("asset_id")
        out.string(icon.assetId.id)
        if let badge = icon.badge {
            out.key("badge")
            out.string(badge.rawValue)
        }
        out.endObject()
        out.key("title")
        title.write(to: &out)
        if let titleExtra {
            out.key("title_extra")
            titleExtra.write(to: &out)
        }
        if let subtitle {
            out.key("subtitle")
            subtitle.write(to: &out)
        }
        if let subtitleExtra {
            out.key("subtitle_extra")
            subtitleExtra.write(to: &out)
        }
        out.key("trailing")
        out.beginObject()
        switch trailing {
        case let .value(value, extra):
            out.key("type")
            out.fragment(#""value""#)
            out.key("value")
            value.write(to: &out)
            if let extra {
                out.key("extra")
                extra.write(to: &out)
            }
        case let .toggle(isOn):
            out.key("type")
            out.fragment(#""toggle""#)
            out.key("is_on")
            out.bool(isOn)
        case let .copy(copy):
            out.key("type")
            out.fragment(#""copy""#)
            out.key("copy")
            out.raw(codableBytes(copy))
        case .none:
            out.key("type")
            out.fragment(#""none""#)
        }
        out.endObject()
        out.key("masks_balance")
        out.bool(masksBalance)
        out.endObject()
    }
}

extension GemRowText: JSONWritable {
    public var jsonSizeEstimate: Int { 256 }

    public func write(to out: inout JSONOutput) {
        out.beginObject()
        out.key("text")
        text.write(to: &out)
        out.key("tone")
        out.string(tone.rawValue)
        out.endObject()
    }
}

extension GemLocalizedText: JSONWritable {
    public var jsonSizeEstimate: Int { 256 }

    /// The cases lists write most (a name, a number, a wallet's kind) written here; the others through Codable.
    public func write(to out: inout JSONOutput) {
        switch self {
        case let .text(value):
            out.beginObject()
            out.key("type")
            out.fragment(#""text""#)
            out.key("text")
            out.string(value)
            out.endObject()
        case let .number(number):
            out.beginObject()
            out.key("type")
            out.fragment(#""number""#)
            out.key("number")
            number.write(to: &out)
            out.endObject()
        case let .walletType(walletType):
            out.beginObject()
            out.key("type")
            out.fragment(#""wallet_type""#)
            out.key("wallet_type")
            out.string(walletType.rawValue)
            out.endObject()
        default:
            out.raw(codableBytes(self))
        }
    }
}

/// A value the fast path does not write itself (a copy, a rarely used text case), through its Codable (never
/// through its own `JSONWritable`, which would call back here).
func codableBytes(_ value: some Encodable) -> [UInt8] {
    (try? JSONCodec.encodeValue(value)).map(JSONWriter.bytes) ?? Array("null".utf8)
}

// The row requests read straight from the host's bytes (a list of a thousand assets is the hot input); the
// same shape as their Codable, with the style read through its Codable.

extension GemWalletAssetRowsRequest: JSONScannable {
    public init(scanning scanner: inout JSONScanner) throws(JSONCodecError) {
        var assets: [GemAssetData]?
        var currency: String?
        try scanner.beginObject()
        while try scanner.nextMember() {
            if try scanner.readNull() { continue }
            if scanner.key("assets") { try scanner.field(&assets) { s throws(JSONCodecError) in try s.decode([GemAssetData].self) } }
            else if scanner.key("currency") { try scanner.field(&currency) { s throws(JSONCodecError) in try s.string() } }
            else { try scanner.skipValue() }
        }
        guard let assets else { throw scanner.missing("assets") }
        guard let currency else { throw scanner.missing("currency") }
        self.init(assets: assets, currency: currency)
    }
}

extension GemAssetListRowsRequest: JSONScannable {
    public init(scanning scanner: inout JSONScanner) throws(JSONCodecError) {
        var assets: [GemAssetData]?
        var currency: String?
        var title: GemAssetTitleStyle?
        var showsSymbol: Bool?
        var subtitle: GemAssetSubtitleStyle?
        var trailing: GemAssetTrailingStyle?
        try scanner.beginObject()
        while try scanner.nextMember() {
            if try scanner.readNull() { continue }
            if scanner.key("assets") { try scanner.field(&assets) { s throws(JSONCodecError) in try s.decode([GemAssetData].self) } }
            else if scanner.key("currency") { try scanner.field(&currency) { s throws(JSONCodecError) in try s.string() } }
            else if scanner.key("style") {
                try scanner.beginObject()
                while try scanner.nextMember() {
                    if try scanner.readNull() { continue }
                    if scanner.key("title") { try scanner.field(&title) { s throws(JSONCodecError) in try s.rawValue(GemAssetTitleStyle.self) } }
                    else if scanner.key("shows_symbol") { try scanner.field(&showsSymbol) { s throws(JSONCodecError) in try s.bool() } }
                    else if scanner.key("subtitle") { try scanner.field(&subtitle) { s throws(JSONCodecError) in try s.rawValue(GemAssetSubtitleStyle.self) } }
                    else if scanner.key("trailing") { try scanner.field(&trailing) { s throws(JSONCodecError) in try s.rawValue(GemAssetTrailingStyle.self) } }
                    else { try scanner.skipValue() }
                }
            }
            else { try scanner.skipValue() }
        }
        guard let assets else { throw scanner.missing("assets") }
        guard let currency else { throw scanner.missing("currency") }
        guard let title, let showsSymbol, let subtitle, let trailing else { throw scanner.missing("style") }
        self.init(assets: assets, currency: currency,
                  style: GemAssetRowStyle(title: title, showsSymbol: showsSymbol, subtitle: subtitle, trailing: trailing))
    }
}
