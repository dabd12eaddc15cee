import GemCrypto
import Primitives

// GemCopyKind and GemCopy are generated from schema/wallet_service.json (Generated/WalletService+Schema.swift);
// their behaviour stays here. The value is held in GemCrypto's wiping `Secret` for every kind.

extension GemCopyKind {
    /// A secret: the app marks the clipboard item sensitive and never shows it in a toast.
    public var isSensitive: Bool {
        switch self {
        case .address, .plain: false
        case .secretPhrase, .privateKey: true
        }
    }

    /// How long the copy may stay on the clipboard: a minute for a secret, no limit otherwise.
    public var clipboardExpirySeconds: Int? {
        isSensitive ? GemConstants.secretClipboardSeconds : nil
    }
}

extension GemCopy {
    /// An address on `chain`, its display shortened.
    public static func address(_ address: String, chain: Chain) -> GemCopy {
        GemCopy(kind: .address(chain: chain), value: Secret(text: address), display: formatAddress(address, style: .short))
    }

    /// Text shown as it is copied (a memo, a transaction hash).
    public static func plain(_ value: String) -> GemCopy {
        GemCopy(kind: .plain, value: Secret(text: value), display: value)
    }

    /// A secret phrase, words joined by single spaces; nothing to display.
    public static func secretPhrase(_ words: [String]) -> GemCopy {
        GemCopy(kind: .secretPhrase, value: Secret(text: words.joined(separator: " ")), display: "")
    }

    /// A private key in its export encoding; nothing to display.
    public static func privateKey(_ key: String) -> GemCopy {
        GemCopy(kind: .privateKey, value: Secret(text: key), display: "")
    }
}

/// An address as a screen shows it. Short keeps `addressShortPrefixLength` characters from the
/// start and `addressShortSuffixLength` from the end, and leaves an address that would not get
/// shorter whole.
public func formatAddress(_ address: String, style: GemAddressFormatStyle) -> String {
    let prefix = GemConstants.addressShortPrefixLength
    let suffix = GemConstants.addressShortSuffixLength
    let ellipsis = "..."
    guard style == .short else { return address }
    if isASCII(address) {
        // ASCII (every chain's address format): one character per byte, sliced without grapheme
        // breaking, and put together in a buffer on the stack (a list shortens one address a row).
        let utf8 = address.utf8
        guard utf8.count > prefix + ellipsis.utf8.count + suffix else { return address }
        if let short = shortASCII(address.utf8Span.span, prefix: prefix, suffix: suffix) { return short }
        let head = utf8.index(utf8.startIndex, offsetBy: prefix)
        let tail = utf8.index(utf8.endIndex, offsetBy: -suffix)
        return String(Substring(utf8[..<head])) + ellipsis + String(Substring(utf8[tail...]))
    }
    guard address.count > prefix + ellipsis.count + suffix else { return address }
    return address.prefix(prefix) + ellipsis + address.suffix(suffix)
}

/// The first `prefix` and last `suffix` bytes of an ASCII address around "...", built without
/// intermediate strings; nil when they do not fit the buffer (the caller then joins strings).
private func shortASCII(_ bytes: Span<UInt8>, prefix: Int, suffix: Int) -> String? {
    var buffer = InlineArray<24, UInt8>(repeating: UInt8(ascii: "."))
    guard prefix >= 0, suffix >= 0, prefix + 3 + suffix <= buffer.count, prefix + suffix <= bytes.count else { return nil }
    for index in 0..<prefix { buffer[index] = bytes[index] }
    for index in 0..<suffix { buffer[prefix + 3 + index] = bytes[bytes.count - suffix + index] }
    guard let text = try? UTF8Span(validating: buffer.span.extracting(0..<(prefix + 3 + suffix))) else { return nil }
    return String(copying: text)
}

/// Whether every byte of `text` is ASCII: the string's own flag when it knows, else a scan.
func isASCII(_ text: String) -> Bool {
    if text.utf8Span.isKnownASCII { return true }
    let bytes = text.utf8.span
    for index in bytes.indices where bytes[index] >= 0x80 {
        return false
    }
    return true
}

// A secret never reaches a log through print, string interpolation or dump.
extension GemCopy: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        kind.isSensitive ? "GemCopy(kind: \(kind), value: <redacted>)" : "GemCopy(kind: \(kind), value: \(value.revealText()), display: \(display))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        kind.isSensitive
            ? Mirror(self, children: ["kind": kind], displayStyle: .struct)
            : Mirror(self, children: ["kind": kind, "value": value.revealText(), "display": display], displayStyle: .struct)
    }
}
