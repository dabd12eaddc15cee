import GemCrypto

// A secret string field of a schema record (a phrase, a private key: `"secret": true`) is held as GemCrypto's
// wiping `Secret`; these convert at the record's JSON edge, where the text exists anyway.

extension Secret {
    /// A secret holding the UTF-8 bytes of `text`; the intermediate byte copy is wiped. (A Swift `String`
    /// cannot be wiped: keep the text's own lifetime short.)
    public convenience init(text: String) {
        var bytes = Array(text.utf8)
        self.init(wiping: &bytes)
    }

    /// The secret as UTF-8 text, for the JSON of a record that carries it (invalid UTF-8 reads as U+FFFD).
    /// The intermediate byte copy is wiped; the returned string is not.
    public func revealText() -> String {
        var bytes = revealBytes()
        defer { SecretBytes.wipe(&bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
