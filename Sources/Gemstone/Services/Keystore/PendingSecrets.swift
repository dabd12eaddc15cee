import Primitives

/// The journal of secrets that may have no wallet: the keys an import is about to write, kept in the
/// secure store itself under `PendingSecrets.key` as a JSON array of strings. An import adds its key
/// before it writes the secret and removes it once the wallet is stored or the secret is undone, so a
/// crash, a failed write or a failed compensation at any step leaves the key listed; the sweep at the
/// next start (`GemWalletService.sweep`) then deletes every listed secret whose wallet is not stored and
/// clears the list. A wallet's own key can never be listed on its own: a wallet id (`multicoin_0x…`,
/// `single_…`) has no dot, this key has.
package enum PendingSecrets {
    /// Where the journal lives in the secure store.
    package static let key = "gemstone.pending_secrets"
    /// A journal text longer than this is refused unread (an import lists one key of at most a few
    /// hundred bytes, and removes it before the next import starts).
    package static let maximumBytes = 64 * 1024

    /// The listed keys, in the order they were added; an empty list when there is no journal.
    static func parse(_ text: String?) throws(GemServiceError) -> [String] {
        guard let text else { return [] }
        guard text.utf8.count <= maximumBytes else {
            throw .store(message: "the pending-secrets journal is longer than \(maximumBytes) bytes")
        }
        guard let value = try? JSONParser.parse(text), let items = value.arrayValue else {
            throw .store(message: "the pending-secrets journal is not a JSON array")
        }
        var keys: [String] = []
        for item in items {
            guard let key = item.stringValue else { throw .store(message: "the pending-secrets journal lists a non-string") }
            if !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    static func text(_ keys: [String]) -> String {
        JSONWriter.string(.array(keys.map { .string($0) }))
    }
}

extension GemKeystore {
    /// The keys whose secrets may have no wallet.
    package func pendingKeys() async throws(GemServiceError) -> [String] {
        try PendingSecrets.parse(try await secureStore.get(key: PendingSecrets.key))
    }

    /// Lists `key` before its secret is written; a failure here fails the import before any secret exists.
    package func markPending(_ key: String) async throws(GemServiceError) {
        var keys = try await pendingKeys()
        guard !keys.contains(key) else { return }
        keys.append(key)
        try await secureStore.set(key: PendingSecrets.key, value: PendingSecrets.text(keys))
    }

    /// Removes `key` from the list once its secret has its wallet or is deleted; the journal itself is
    /// deleted when it becomes empty.
    package func clearPending(_ key: String) async throws(GemServiceError) {
        let keys = try await pendingKeys()
        guard keys.contains(key) else { return }
        let rest = keys.filter { $0 != key }
        if rest.isEmpty {
            try await secureStore.delete(key: PendingSecrets.key)
        } else {
            try await secureStore.set(key: PendingSecrets.key, value: PendingSecrets.text(rest))
        }
    }
}
