import GemCrypto
import Primitives

/// Wallets: create, import, preview, rename, pin, delete, switch, and export a secret (spec
/// `GemWalletService`). The one owner of `GemWalletStore` writes and of the keystore.
///
/// Import order (spec: "GemWalletService::import_wallet defines that order once"), for create and every
/// import type:
/// 1. The plan: validate the input and derive the wallet id and accounts. No I/O.
/// 2. A wallet already stored under that id is answered as `existing` (made current; its secret is
///    written again if it went missing), never duplicated.
/// 3. Keystore: the secret is sealed under the password port's password and written to the secure store.
/// 4. Wallet store: the wallet and its accounts are added in one transaction.
/// 5. Session: the new wallet becomes the current one.
/// Success is reported only after all three writes. A failing write undoes the earlier ones in reverse
/// order (the secret deleted, the wallet deleted), so no half-written wallet remains; the error of the
/// failing write is the one thrown. When an undo fails too, the import throws `.store` naming both
/// failures and what stays stored (the wallet and its secret, or a secret with no wallet); a failed
/// compensation is never swallowed.
///
/// Repair: in step 3, once the secret is sealed and before it is written, its key is listed in the secure
/// store's journal (`PendingSecrets`), and it is taken off once the wallet is stored or the secret undone.
/// When the service starts, before any command, `sweep` deletes every listed secret whose wallet is not
/// stored (what a crash or a failed undo left) and reports stored wallets whose secret is missing
/// (`GemSecretSweep`).
///
/// Commands that write run one at a time in arrival order (`CommandLane`), so two imports cannot both
/// take the same index or race a deletion. The keystore is never exposed: a secret leaves the core only
/// through `exportSecret`, after the password port answered.
public final class GemWalletService: Sendable {
    let session: GemWalletSessionService
    let keystore: GemKeystore
    private let random: any RandomSource
    private let lane = CommandLane()
    /// The sweep started by `init`; every command that writes waits for it first.
    private let startup: Task<GemSecretSweep, Never>

    private var walletStore: any GemWalletStore { session.walletStore }
    private var sessionStore: any GemWalletSessionStore { session.sessionStore }

    /// The service over `session`'s stores, with a keystore over `secureStore` and `password`.
    public convenience init(session: GemWalletSessionService, secureStore: any GemSecureStore,
                            password: any GemKeystorePassword) {
        self.init(session: session, keystore: GemKeystore(secureStore: secureStore, password: password))
    }

    package init(session: GemWalletSessionService, keystore: GemKeystore, random: any RandomSource = SystemRandom()) {
        self.session = session
        self.keystore = keystore
        self.random = random
        let walletStore = session.walletStore
        startup = Task { await Self.sweep(keystore: keystore, walletStore: walletStore) }
    }

    /// What the sweep at start found and did (waits for it).
    public func startupSweep() async -> GemSecretSweep {
        await startup.value
    }

    /// Runs `body` on the lane, after the start-up sweep.
    private func serialized<T>(_ body: () async throws(GemServiceError) -> T) async throws(GemServiceError) -> T {
        _ = await startup.value
        return try await lane.run(body)
    }

    // MARK: the sweep at start

    /// Deletes every journal-listed secret whose wallet is not stored, takes the settled keys off the
    /// journal, and lists the stored wallets whose secret is missing. A failure stops the sweep where it
    /// happened: the keys not yet settled stay listed for the next start, and the failure is reported.
    static func sweep(keystore: GemKeystore, walletStore: any GemWalletStore) async -> GemSecretSweep {
        var result = GemSecretSweep()
        do throws(GemServiceError) {
            let listed = try await keystore.pendingKeys()
            let wallets = try await walletStore.getWallets()
            let owned = Set(wallets.compactMap(\.externalId))
            for key in listed {
                if !owned.contains(key) {
                    try await keystore.delete(key: key)
                    result.removedSecrets.append(key)
                }
                try await keystore.clearPending(key)
            }
            for wallet in wallets where wallet.type != .view {
                guard let key = wallet.externalId else { continue }
                if try await keystore.record(key: key) == nil { result.walletsWithoutSecret.append(wallet.id) }
            }
        } catch {
            result.failure = error
        }
        return result
    }

    // MARK: create and import

    /// Creates a multi-coin wallet from a new phrase of `wordCount` words (12 or 24) and returns it with
    /// the phrase as a sensitive copy model, which the core shows only this once (for the user's backup).
    public func createWallet(name: String?, wordCount: Int = 12, chains: [Chain] = []) async throws(GemServiceError) -> GemWalletCreated {
        let (wallet, words) = try await createWalletWords(name: name, wordCount: wordCount, chains: chains)
        return GemWalletCreated(wallet: wallet, phrase: .secretPhrase(words))
    }

    func createWalletWords(name: String?, wordCount: Int, chains: [Chain]) async throws(GemServiceError) -> (wallet: Wallet, words: [String]) {
        guard wordCount == 12 || wordCount == 24 else {
            throw .invalidInput(message: "a new phrase has 12 or 24 words, not \(wordCount)")
        }
        let mnemonic: Mnemonic
        do {
            mnemonic = try Mnemonic.generate(wordCount: wordCount, random: random)
        } catch {
            throw .crypto(message: error.description)
        }
        let words = mnemonic.revealWords()
        let plan = try await WalletImportPlan.make(.multicoin(phrase: Secret(text: words.joined(separator: " ")), chains: chains, name: name))
        let result = try await serialized { () async throws(GemServiceError) -> GemWalletImportResult in
            try await commit(plan, name: name, source: .create)
        }
        guard case .imported(let wallet) = result else {
            throw .internal(message: "a newly generated phrase matched a stored wallet")
        }
        return (wallet, words)
    }

    /// Imports a wallet (see the type's order of operations). Answers `existing` for a wallet already
    /// stored under the same id.
    public func importWallet(_ request: GemWalletImport) async throws(GemServiceError) -> GemWalletImportResult {
        let plan = try await WalletImportPlan.make(request)
        return try await serialized { () async throws(GemServiceError) -> GemWalletImportResult in
            try await commit(plan, name: request.name, source: .import)
        }
    }

    /// What `importWallet` would make, without writing: the wallet id, its accounts, and whether it is
    /// already stored.
    public func previewImport(_ request: GemWalletImport) async throws(GemServiceError) -> GemWalletPreview {
        let plan = try await WalletImportPlan.make(request)
        let existing = try await walletStore.getWallet(walletId: plan.walletId) != nil
        return GemWalletPreview(walletId: plan.walletId, accounts: plan.accounts, existing: existing)
    }

    // MARK: manage

    /// Renames a wallet (trimmed, not blank, at most 64 characters). Writes only when the name changes.
    public func renameWallet(walletId: WalletId, name: String) async throws(GemServiceError) -> Wallet {
        let name = try WalletRules.validName(name)
        return try await serialized { () async throws(GemServiceError) -> Wallet in
            let wallet = try await session.requireWallet(walletId: walletId)
            guard wallet.name != name else { return wallet }
            let renamed = wallet.with(name: name)
            try await walletStore.saveWallet(renamed)
            return renamed
        }
    }

    /// Pins or unpins a wallet. Writes only when the flag changes.
    public func setPinned(walletId: WalletId, pinned: Bool) async throws(GemServiceError) -> Wallet {
        try await serialized { () async throws(GemServiceError) -> Wallet in
            let wallet = try await session.requireWallet(walletId: walletId)
            guard wallet.isPinned != pinned else { return wallet }
            let updated = wallet.with(isPinned: pinned)
            try await walletStore.saveWallet(updated)
            return updated
        }
    }

    /// Makes a stored wallet the current one.
    public func setCurrentWalletId(_ walletId: WalletId) async throws(GemServiceError) -> Wallet {
        try await serialized { () async throws(GemServiceError) -> Wallet in
            let wallet = try await session.requireWallet(walletId: walletId)
            try sessionStore.setCurrentWalletId(walletId)
            return wallet
        }
    }

    /// Deletes a wallet with its secret, and returns the current wallet id afterwards.
    ///
    /// Order: the secret is deleted first, then the wallet; if deleting the wallet fails, the secret is put
    /// back and the error thrown, so a wallet never outlives its secret silently and a secret never
    /// outlives its wallet. If putting it back fails too, the delete throws `.store` naming both failures
    /// and that the wallet stays without its secret (the sweep at the next start reports it; importing
    /// the same secret again writes it back). When the deleted wallet was current, the first remaining
    /// wallet becomes current; if that last write fails the deletion stands and the answer is still
    /// true: `GemWalletSessionService` resolves the stale id to that same first wallet until the next
    /// switch.
    public func deleteWallet(walletId: WalletId) async throws(GemServiceError) -> WalletId? {
        try await serialized { () async throws(GemServiceError) -> WalletId? in
            let wallet = try await session.requireWallet(walletId: walletId)
            let wallets = try await walletStore.getWallets()
            var removedRecord: (key: String, text: String)?
            if let key = wallet.externalId, let text = try await keystore.record(key: key) {
                try await keystore.delete(key: key)
                removedRecord = (key, text)
            }
            do throws(GemServiceError) {
                try await walletStore.deleteWallet(walletId: walletId)
            } catch {
                if let removedRecord {
                    do throws(GemServiceError) {
                        try await keystore.restore(key: removedRecord.key, record: removedRecord.text)
                    } catch let compensation {
                        throw .store(message: "delete failed (\(error.type): \(error.message)); putting its secret back "
                                     + "failed too (\(compensation.type): \(compensation.message)), leaving the wallet "
                                     + "stored without its encrypted secret")
                    }
                }
                throw error
            }
            let current = sessionStore.getCurrentWalletId()
            let next = WalletRules.currentAfterDeleting(walletId, current: current, wallets: wallets)
            if next != current {
                do throws(GemServiceError) {
                    try sessionStore.setCurrentWalletId(next)
                } catch {
                    // Not a failure of the delete (see above): the stale id resolves to `next`.
                    return next
                }
            }
            return next
        }
    }

    // MARK: secrets

    /// The wallet's secret as a copy model whose kind (`secretPhrase`, `privateKey`) marks it sensitive.
    public func exportSecret(walletId: WalletId) async throws(GemServiceError) -> GemCopy {
        switch try await revealSecret(walletId: walletId) {
        case .phrase(let words): .secretPhrase(words)
        case .privateKey(let key): .privateKey(key)
        }
    }

    /// The wallet's secret for the user to copy: its phrase (words joined by one space) or its private key
    /// in the chain's export form. The password port is asked first; a watch-only wallet has none.
    func revealSecret(walletId: WalletId) async throws(GemServiceError) -> RevealedSecret {
        let wallet = try await session.requireWallet(walletId: walletId)
        guard wallet.type != .view, let key = wallet.externalId else {
            throw .invalidInput(message: "a watch-only wallet has no secret to export")
        }
        return try await keystore.unlock(walletId: walletId, key: key) { (secret) throws(GemServiceError) -> RevealedSecret in
            switch secret {
            case .phrase(let phrase):
                var bytes = phrase.withSpan { SecretBytes.copy($0) }
                defer { SecretBytes.wipe(&bytes) }
                let text = String(decoding: bytes, as: UTF8.self)
                guard (try? Mnemonic(text)) != nil else { throw GemServiceError(GemKeystoreError.invalidSecret) }
                return .phrase(words: text.split(separator: " ").map(String.init))
            case .privateKey(let bytes):
                guard let chain = walletId.chain, bytes.count == 32 else {
                    throw GemServiceError(GemKeystoreError.invalidSecret)
                }
                return .privateKey(try PrivateKeyEncoding.encode(bytes, chain: chain))
            }
        }
    }

    // MARK: the import order

    private func commit(_ plan: WalletImportPlan, name: String?, source: WalletSource) async throws(GemServiceError) -> GemWalletImportResult {
        if let existing = try await walletStore.getWallet(walletId: plan.walletId) {
            try await repairSecret(of: existing, plan: plan)
            try sessionStore.setCurrentWalletId(existing.id)
            return .existing(wallet: existing)
        }
        let wallet = try plan.wallet(name: name, source: source, existing: try await walletStore.getWallets())
        if let secret = plan.secret, let key = wallet.externalId {
            // Sealed first (the password port may look at the secure store), listed, then written.
            let record = try await keystore.seal(secret, walletId: wallet.id)
            try await keystore.markPending(key)
            do throws(GemServiceError) {
                try await keystore.restore(key: key, record: record)
            } catch {
                // Nothing was written (a failed set writes nothing), so only the journal entry is undone.
                await settle(key)
                throw error
            }
        }
        do throws(GemServiceError) {
            try await walletStore.addWallet(wallet)
        } catch {
            if let failed = await undoSecret(of: wallet) { throw Self.compensationFailed(error, failed) }
            throw error
        }
        do throws(GemServiceError) {
            try sessionStore.setCurrentWalletId(wallet.id)
        } catch {
            do throws(GemServiceError) {
                try await walletStore.deleteWallet(walletId: wallet.id)
            } catch let compensation {
                let left = wallet.externalId == nil ? "the wallet" : "the wallet and its encrypted secret"
                throw Self.compensationFailed(error, FailedUndo(left: left, error: compensation))
            }
            if let failed = await undoSecret(of: wallet) { throw Self.compensationFailed(error, failed) }
            throw error
        }
        if let key = wallet.externalId { await settle(key) }
        return .imported(wallet: wallet)
    }

    /// Takes `key` off the journal once its secret has its wallet or is gone. A failure to do so is not
    /// the import's failure and loses nothing: the key stays listed, and the sweep at the next start
    /// finds the wallet stored (keeping the secret) or the secret absent, and clears it then.
    private func settle(_ key: String) async {
        do throws(GemServiceError) {
            try await keystore.clearPending(key)
        } catch {
            return
        }
    }

    /// A compensating write that failed: what it leaves in the stores and why.
    private struct FailedUndo {
        let left: String
        let error: GemServiceError
    }

    /// The import's error when undoing its writes failed too: a `.store` error naming the import's own
    /// failure, what stays stored and the compensation's failure, so that neither is swallowed.
    private static func compensationFailed(_ error: GemServiceError, _ undo: FailedUndo) -> GemServiceError {
        .store(message: "import failed (\(error.type): \(error.message)); undoing it failed too (\(undo.error.type): "
               + "\(undo.error.message)), leaving \(undo.left) stored")
    }

    /// A stored wallet whose keystore record is missing (a delete or import interrupted by a failure) gets
    /// its secret back when the user imports it again.
    private func repairSecret(of wallet: Wallet, plan: WalletImportPlan) async throws(GemServiceError) {
        guard let secret = plan.secret, let key = wallet.externalId,
              try await keystore.record(key: key) == nil else { return }
        try await keystore.store(secret, walletId: wallet.id, key: key)
    }

    /// Deletes the secret an import wrote, unless the wallet is stored after all (another writer added the
    /// same wallet, which has the same secret): a secret is never removed from under a stored wallet.
    /// Answers what is left when that fails (nil when the undo is done or not needed).
    private func undoSecret(of wallet: Wallet) async -> FailedUndo? {
        guard let key = wallet.externalId else { return nil }
        do throws(GemServiceError) {
            guard try await walletStore.getWallet(walletId: wallet.id) == nil else { return nil }
        } catch {
            // The store cannot say: keep the secret rather than risk orphaning a stored wallet.
            return FailedUndo(left: "an encrypted secret that may have no wallet", error: error)
        }
        do throws(GemServiceError) {
            try await keystore.delete(key: key)
        } catch {
            // The key stays in the journal: the sweep at the next start deletes the secret.
            return FailedUndo(left: "an encrypted secret with no wallet", error: error)
        }
        await settle(key)
        return nil
    }
}

/// A decrypted secret on its way to the user's clipboard.
enum RevealedSecret: Equatable {
    case phrase(words: [String])
    case privateKey(String)
}

extension Wallet {
    func with(name: String? = nil, isPinned: Bool? = nil) -> Wallet {
        Wallet(id: id, externalId: externalId, name: name ?? self.name, index: index, accounts: accounts, order: order,
               isPinned: isPinned ?? self.isPinned, imageUrl: imageUrl, source: source)
    }
}
