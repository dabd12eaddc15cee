import Primitives

/// The rule every base URL the core sends requests to follows (an API's, a node's).
enum BaseURL {
    /// The longest base URL accepted, in UTF-8 bytes.
    static let maxBytes = 2_048

    /// Checks `text` and returns it without a trailing `/`: `https://` or `http://` (any letter case), a non-empty
    /// host, an optional path prefix, no query or fragment, no spaces or control characters, at most `maxBytes`.
    /// Cleartext `http://` is only for a loopback host: `127.0.0.1`, `[::1]` or `localhost`, with an optional
    /// `:port` and no user info. `name` ("the API base URL") starts each error message.
    static func validated(_ text: String, name: String) throws(GemServiceError) -> String {
        let shown = JSONCodec.excerpt(text)
        guard text.utf8.count <= maxBytes else {
            throw .invalidInput(message: "\(name) is longer than \(maxBytes) bytes: \"\(shown)\"")
        }
        let lowered = text.lowercased()
        let scheme = ["https://", "http://"].first { lowered.hasPrefix($0) }
        let invalid = GemServiceError.invalidInput(message: "\(name) is http(s)://host[/prefix], got \"\(shown)\"")
        guard let scheme else { throw invalid }
        let rest = text.unicodeScalars.dropFirst(scheme.count)
        let host = rest.prefix { $0 != "/" }
        guard !host.isEmpty,
              !rest.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || $0 == "?" || $0 == "#" })
        else { throw invalid }
        if scheme == "http://", !isLoopback(authority: String(Substring(host)).lowercased()) {
            throw .invalidInput(message: "\(name) must be https:// (cleartext http:// only to 127.0.0.1, ::1 or localhost), got \"\(shown)\"")
        }
        var normalized = text
        while normalized.hasSuffix("/") { normalized.removeLast() }
        return normalized
    }

    /// Whether an authority (`host[:port]`, lowercased) names a loopback host: `127.0.0.1`,
    /// `[::1]` or `localhost`, with an optional decimal port and no user info.
    static func isLoopback(authority: String) -> Bool {
        for host in ["127.0.0.1", "[::1]", "localhost"] where authority.hasPrefix(host) {
            let port = authority.unicodeScalars.dropFirst(host.unicodeScalars.count)
            if port.isEmpty { return true }
            guard port.first == ":" else { continue }
            let digits = port.dropFirst()
            return !digits.isEmpty && digits.count <= 5 && digits.allSatisfy { ("0"..."9").contains($0) }
        }
        return false
    }
}
