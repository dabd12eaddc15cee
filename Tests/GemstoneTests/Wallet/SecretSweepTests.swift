import GemCrypto
import Primitives
import Testing
@testable import Gemstone

private let request = GemWalletImport.multicoin(phrase: Secret(text: Phrases.abandon), chains: [], name: nil)

/// The journal of pending secrets and the sweep at service start (GemWalletService, PendingSecrets).
struct SecretSweepTests {
    /// The key an import of `request` writes its secret under.
    private func key() async throws -> String {
        try await WalletHarness().service.previewImport(request).walletId.id
    }

    // MARK: the journal around an import

    @Test func anImportListsItsKeyBeforeTheSecretAndClearsItAfter() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(request).wallet
        #expect(await h.secureStore.journalWrites == [.set, .delete])
        #expect(await h.secureStore.journal.isEmpty)
        #expect(await h.secureStore.values.keys.sorted() == [wallet.id.id])
    }

    @Test func aJournalThatCannotBeWrittenStopsTheImportBeforeAnySecret() async throws {
        let h = WalletHarness()
        await h.secureStore.fail(.set, key: PendingSecrets.key)
        await #expect(throws: GemServiceError.store(message: "scripted secure store failure")) {
            try await h.service.importWallet(request)
        }
        #expect(await h.secureStore.writes.isEmpty)
        #expect(await h.expectUntouched())
    }

    @Test func aSecretThatCannotBeWrittenTakesItsKeyOffTheJournal() async throws {
        let h = WalletHarness()
        await h.secureStore.fail(.set, key: try await key())
        await #expect(throws: GemServiceError.store(message: "scripted secure store failure")) {
            try await h.service.importWallet(request)
        }
        #expect(await h.secureStore.journalWrites == [.set, .delete])
        #expect(await h.expectUntouched())
    }

    // MARK: the sweep

    /// Before, a failed undo left the secret for good; now the next start removes it.
    @Test func aSecretLeftByAFailedUndoIsSweptAtTheNextStart() async throws {
        let h = WalletHarness()
        await h.walletStore.fail(.addWallet)
        await h.secureStore.fail(.delete)
        await #expect(throws: GemServiceError.self) { try await h.service.importWallet(request) }
        let key = try await key()
        #expect(await h.secureStore.values.keys.sorted() == [key])
        #expect(await h.secureStore.journal == [key])

        await h.walletStore.heal()
        await h.secureStore.heal()
        let sweep = await h.restarted().startupSweep()
        #expect(sweep == GemSecretSweep(removedSecrets: [key]))
        #expect(await h.secureStore.values.isEmpty)
        #expect(await h.secureStore.journal.isEmpty)
    }

    /// A crash between the secret write and the wallet write: the journal lists the key, the secret is
    /// there, the wallet is not.
    @Test func aSecretLeftByACrashIsSwept() async throws {
        let h = WalletHarness()
        let key = try await key()
        await h.secureStore.overwrite(key: key, value: "sealed record")
        await h.secureStore.overwrite(key: PendingSecrets.key, value: PendingSecrets.text([key]))
        #expect(await h.restarted().startupSweep().removedSecrets == [key])
        #expect(await h.secureStore.values.isEmpty)
        #expect(await h.secureStore.journal.isEmpty)
    }

    /// A listed key whose wallet is stored (the crash came after the wallet write) keeps its secret.
    @Test func aListedSecretWhoseWalletIsStoredIsKept() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(request).wallet
        await h.secureStore.overwrite(key: PendingSecrets.key, value: PendingSecrets.text([wallet.id.id]))
        #expect(await h.restarted().startupSweep() == GemSecretSweep())
        #expect(await h.secureStore.values.keys.sorted() == [wallet.id.id])
        #expect(await h.secureStore.journal.isEmpty)
        _ = try await h.service.exportSecret(walletId: wallet.id)
    }

    /// Only what the journal lists is swept: a secret the core did not list is never touched.
    @Test func anUnlistedSecretIsNeverSwept() async throws {
        let h = WalletHarness()
        await h.secureStore.overwrite(key: "someone-else", value: "theirs")
        #expect(await h.restarted().startupSweep() == GemSecretSweep())
        #expect(await h.secureStore.values == ["someone-else": "theirs"])
    }

    @Test func aWalletWithoutItsSecretIsReported() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(request).wallet
        await h.secureStore.overwrite(key: wallet.id.id, value: nil)
        #expect(await h.restarted().startupSweep().walletsWithoutSecret == [wallet.id])
        // Importing the same secret again writes it back.
        #expect(try await h.service.importWallet(request) == .existing(wallet: wallet))
        #expect(await h.restarted().startupSweep() == GemSecretSweep())
    }

    @Test func aSweepThatCannotReadReportsItAndDeletesNothing() async throws {
        let h = WalletHarness()
        let key = try await key()
        await h.secureStore.overwrite(key: key, value: "sealed record")
        await h.secureStore.overwrite(key: PendingSecrets.key, value: PendingSecrets.text([key]))
        await h.walletStore.fail(.getWallets)
        let sweep = await h.restarted().startupSweep()
        #expect(sweep.failure == .store(message: "scripted store failure"))
        #expect(sweep.removedSecrets.isEmpty)
        #expect(await h.secureStore.values.keys.sorted() == [key])
        #expect(await h.secureStore.journal == [key])
    }

    @Test(arguments: ["{", "[1]", "{\"a\":1}", String(repeating: " ", count: PendingSecrets.maximumBytes + 1)])
    func anUnreadableJournalIsReportedAndLeftAlone(_ text: String) async throws {
        let h = WalletHarness()
        await h.secureStore.overwrite(key: PendingSecrets.key, value: text)
        #expect(await h.restarted().startupSweep().failure != nil)
        #expect(await h.secureStore.writes.isEmpty)
        #expect(await h.secureStore.journalWrites.isEmpty)
    }

    /// Every write of the import failing, with each of its compensations failing too: once the stores work
    /// again, the next start leaves either nothing or a whole wallet with its secret, never a secret alone.
    @Test(arguments: ImportWrite.allCases, [[], [MemoryWalletStore.Method.deleteWallet]])
    func afterAnyFailureTheNextStartLeavesNoOrphan(_ write: ImportWrite, _ walletFailures: [MemoryWalletStore.Method]) async throws {
        for secretDeleteFails in [false, true] {
            let h = WalletHarness()
            await write.inject(h)
            for method in walletFailures { await h.walletStore.fail(method) }
            if secretDeleteFails { await h.secureStore.fail(.delete) }
            await #expect(throws: GemServiceError.self) { try await h.service.importWallet(request) }
            await h.walletStore.heal()
            await h.secureStore.heal()
            h.sessionStore.failWrites(nil)
            _ = await h.restarted().startupSweep()
            let wallets = await h.walletStore.wallets
            let secrets = await h.secureStore.values
            #expect(wallets.isEmpty ? secrets.isEmpty : secrets.keys.sorted() == wallets.compactMap(\.externalId))
            #expect(await h.secureStore.journal.isEmpty)
        }
    }

    /// Commands wait for the sweep: an import started at once after a restart finds the orphan already
    /// swept and writes its own secret.
    @Test func commandsRunAfterTheSweep() async throws {
        let h = WalletHarness()
        let key = try await key()
        await h.secureStore.overwrite(key: key, value: "stale record")
        await h.secureStore.overwrite(key: PendingSecrets.key, value: PendingSecrets.text([key]))
        let service = h.restarted()
        let wallet = try await service.importWallet(request).wallet
        #expect(await service.startupSweep().removedSecrets == [key])
        #expect(await h.secureStore.values[key] != "stale record")
        _ = try await service.exportSecret(walletId: wallet.id)
    }

    // MARK: delete

    /// Before, putting the secret back was a `try?`: the delete threw the wallet store's error while the
    /// wallet stayed without its secret, unsaid.
    @Test func aDeleteWhoseRestoreFailsSaysTheWalletLostItsSecret() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(request).wallet
        await h.walletStore.fail(.deleteWallet)
        await h.secureStore.fail(.set)
        await #expect(throws: GemServiceError.store(message: "delete failed (store: scripted store failure); putting its "
            + "secret back failed too (store: scripted secure store failure), leaving the wallet stored without its "
            + "encrypted secret")) {
            try await h.service.deleteWallet(walletId: wallet.id)
        }
        await h.walletStore.heal()
        await h.secureStore.heal()
        #expect(await h.restarted().startupSweep().walletsWithoutSecret == [wallet.id])
    }

    @Test func aDeleteWhoseWalletWriteFailsPutsTheSecretBack() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(request).wallet
        let sealed = await h.secureStore.values[wallet.id.id]
        await h.walletStore.fail(.deleteWallet)
        await #expect(throws: GemServiceError.store(message: "scripted store failure")) {
            try await h.service.deleteWallet(walletId: wallet.id)
        }
        #expect(await h.secureStore.values[wallet.id.id] == sealed)
    }
}
