import Foundation
import GemCrypto
import Primitives
import Testing
@testable import Gemstone

/// One write of the import order, and how to make it fail.
enum ImportWrite: String, CaseIterable, CustomStringConvertible {
    case secret, wallet, current
    var description: String { rawValue }

    func inject(_ h: WalletHarness) async {
        switch self {
        case .secret: await h.secureStore.fail(.set)
        case .wallet: await h.walletStore.fail(.addWallet)
        case .current: h.sessionStore.failWrites()
        }
    }

    var error: GemServiceError {
        switch self {
        case .secret: .store(message: "scripted secure store failure")
        case .wallet: .store(message: "scripted store failure")
        case .current: .store(message: "scripted session failure")
        }
    }
}

private let requests: [GemWalletImport] = [
    .multicoin(phrase: Secret(text: Phrases.abandon), chains: [], name: nil),
    .single(phrase: Secret(text: Phrases.shoot), chain: .solana, name: nil),
    .privateKey(privateKey: "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318", chain: .ethereum, name: nil),
]

private let words = Phrases.abandon.split(separator: " ").map(String.init)

struct GemWalletServiceTests {
    // MARK: failures at each write leave no wallet

    @Test(arguments: ImportWrite.allCases, requests)
    func aFailedWriteLeavesNoPartialWallet(_ write: ImportWrite, _ request: GemWalletImport) async throws {
        let before = WalletId.view(chain: .tron, address: "TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio")
        let h = WalletHarness(current: before)
        await write.inject(h)
        await #expect(throws: write.error) { try await h.service.importWallet(request) }
        #expect(await h.expectUntouched(current: before))
        // The same import succeeds once the store works again.
        await h.secureStore.heal()
        await h.walletStore.heal()
        h.sessionStore.failWrites(nil)
        let wallet = try await h.service.importWallet(request).wallet
        #expect(await h.walletStore.wallets == [wallet])
        #expect(await h.secureStore.values.keys.sorted() == [wallet.id.id])
        #expect(h.sessionStore.current == wallet.id)
    }

    @Test(arguments: ImportWrite.allCases)
    func aFailedWatchOnlyImportLeavesNothing(_ write: ImportWrite) async throws {
        let h = WalletHarness()
        await write.inject(h)
        let request = GemWalletImport.view(address: "TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio", chain: .tron, name: nil)
        if write == .secret {
            // A watch-only wallet writes no secret: the failing secure store is never reached.
            _ = try await h.service.importWallet(request)
            #expect(await h.secureStore.writes.isEmpty)
        } else {
            await #expect(throws: write.error) { try await h.service.importWallet(request) }
            #expect(await h.expectUntouched())
        }
    }

    // MARK: the import order and failed compensations

    /// Pins the order secret, wallet, current: a failing secret write reaches no other store; a failing wallet
    /// write comes after the secret was written (and undone); a failing current switch comes after both.
    @Test(arguments: requests)
    func theImportWritesTheSecretThenTheWalletThenTheCurrentId(_ request: GemWalletImport) async throws {
        let secretFails = WalletHarness()
        await ImportWrite.secret.inject(secretFails)
        await #expect(throws: ImportWrite.secret.error) { try await secretFails.service.importWallet(request) }
        #expect(await secretFails.walletStore.writes.isEmpty)
        #expect(secretFails.sessionStore.writes == 0)

        let walletFails = WalletHarness()
        await ImportWrite.wallet.inject(walletFails)
        await #expect(throws: ImportWrite.wallet.error) { try await walletFails.service.importWallet(request) }
        #expect(await walletFails.secureStore.writes == [.set, .delete])
        #expect(walletFails.sessionStore.writes == 0)

        let currentFails = WalletHarness()
        await ImportWrite.current.inject(currentFails)
        await #expect(throws: ImportWrite.current.error) { try await currentFails.service.importWallet(request) }
        #expect(await currentFails.secureStore.writes == [.set, .delete])
        #expect(await currentFails.walletStore.writes == [.addWallet, .deleteWallet])
    }

    /// Before, each of these threw the failing write's own error (the undo's `try?` swallowed its failure)
    /// while the stores kept what the message now names.
    @Test(arguments: requests)
    func aFailedUndoIsReportedWithWhatItLeaves(_ request: GemWalletImport) async throws {
        // The wallet write fails, and so does deleting the secret: a secret with no wallet stays.
        let orphan = WalletHarness()
        await orphan.walletStore.fail(.addWallet)
        await orphan.secureStore.fail(.delete)
        await #expect(throws: GemServiceError.store(message: "import failed (store: scripted store failure); undoing it "
            + "failed too (store: scripted secure store failure), leaving an encrypted secret with no wallet stored")) {
            try await orphan.service.importWallet(request)
        }
        #expect(await orphan.walletStore.wallets.isEmpty)
        #expect(await orphan.secureStore.values.count == 1)

        // The current switch fails, and so does deleting the wallet: the wallet and its secret stay.
        let kept = WalletHarness()
        kept.sessionStore.failWrites()
        await kept.walletStore.fail(.deleteWallet)
        await #expect(throws: GemServiceError.store(message: "import failed (store: scripted session failure); undoing it "
            + "failed too (store: scripted store failure), leaving the wallet and its encrypted secret stored")) {
            try await kept.service.importWallet(request)
        }
        #expect(await kept.walletStore.wallets.count == 1)
        #expect(await kept.secureStore.values.count == 1)

        // The current switch fails, the wallet is deleted, deleting the secret fails.
        let secretKept = WalletHarness()
        secretKept.sessionStore.failWrites()
        await secretKept.secureStore.fail(.delete)
        await #expect(throws: GemServiceError.store(message: "import failed (store: scripted session failure); undoing it "
            + "failed too (store: scripted secure store failure), leaving an encrypted secret with no wallet stored")) {
            try await secretKept.service.importWallet(request)
        }
        #expect(await secretKept.walletStore.wallets.isEmpty)
        #expect(await secretKept.secureStore.values.count == 1)
    }

    @Test func aFailedUndoOfAWatchOnlyImportNamesTheWallet() async throws {
        let h = WalletHarness()
        h.sessionStore.failWrites()
        await h.walletStore.fail(.deleteWallet)
        let request = GemWalletImport.view(address: "TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio", chain: .tron, name: nil)
        await #expect(throws: GemServiceError.store(message: "import failed (store: scripted session failure); undoing it "
            + "failed too (store: scripted store failure), leaving the wallet stored")) {
            try await h.service.importWallet(request)
        }
    }

    @Test func aRefusedPasswordImportsNothing() async throws {
        let h = WalletHarness()
        await h.password.refuse()
        await #expect(throws: GemServiceError.permissionDenied(message: "the user cancelled")) {
            try await h.service.importWallet(requests[0])
        }
        #expect(await h.expectUntouched())
    }

    @Test func aFailingWalletReadImportsNothing() async throws {
        let h = WalletHarness()
        await h.walletStore.fail(.getWallet)
        await #expect(throws: GemServiceError.store(message: "scripted store failure")) {
            try await h.service.importWallet(requests[0])
        }
        #expect(await h.expectUntouched())
    }

    // MARK: create

    @Test func createMakesANewPhraseWalletAndShowsThePhraseOnce() async throws {
        let h = WalletHarness(random: FixedRandom(byte: 0))
        let (wallet, created) = try await h.service.createWalletWords(name: nil, wordCount: 12, chains: [.ethereum, .bitcoin])
        // All-zero entropy is BIP39's "abandon … about".
        #expect(created == words)
        #expect(wallet.source == .create)
        #expect(wallet.id.id == "multicoin_0x9858EfFD232B4033E47d90003D41EC34EcaEda94")
        #expect(wallet.accounts.map(\.chain) == [.bitcoin, .ethereum])
        #expect(h.sessionStore.current == wallet.id)
        #expect(try await h.service.revealSecret(walletId: wallet.id) == .phrase(words: words))
    }

    @Test func createAndExportAnswerSensitiveCopies() async throws {
        let h = WalletHarness(random: FixedRandom(byte: 0))
        let created = try await h.service.createWallet(name: nil, chains: [.ethereum])
        #expect(created.phrase == GemCopy(kind: .secretPhrase, value: Secret(text: Phrases.abandon), display: ""))
        #expect(created.phrase.kind.isSensitive)
        #expect(try await h.service.exportSecret(walletId: created.wallet.id) == created.phrase)
        let json = try JSONCodec.encodeString(created)
        #expect(json.hasSuffix(#","phrase":{"kind":{"type":"secret_phrase"},"value":"\#(Phrases.abandon)","display":""}}"#))
        let key = try await h.service.importWallet(requests[2]).wallet
        let exported = try await h.service.exportSecret(walletId: key.id)
        #expect(exported == GemCopy(kind: .privateKey, value: "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318", display: ""))
        #expect(try JSONCodec.encodeString(exported) == #"{"kind":{"type":"private_key"},"value":"0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318","display":""}"#)
        #expect(!String(describing: exported).contains("4c0883"))
    }

    @Test func createDrawsFreshPhrases() async throws {
        let h = WalletHarness()
        let (a, wordsA) = try await h.service.createWalletWords(name: "A", wordCount: 24, chains: [.ethereum])
        let (b, wordsB) = try await h.service.createWalletWords(name: "B", wordCount: 12, chains: [.ethereum])
        #expect(wordsA.count == 24 && wordsB.count == 12)
        #expect(a.id != b.id)
        #expect((try? Mnemonic(wordsA.joined(separator: " "))) != nil)
    }

    @Test func createRefusesOtherWordCountsAndFailingRandomness() async throws {
        let h = WalletHarness()
        await #expect(throws: GemServiceError.invalidInput(message: "a new phrase has 12 or 24 words, not 15")) {
            try await h.service.createWallet(name: nil, wordCount: 15)
        }
        let broken = WalletHarness(random: FailingRandom())
        await #expect(throws: GemServiceError.crypto(message: "system randomness is unavailable")) {
            try await broken.service.createWallet(name: nil)
        }
        #expect(await h.expectUntouched())
        #expect(await broken.expectUntouched())
    }

    // MARK: rename and pin

    @Test func renameTrimsAndWritesOnlyChanges() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(requests[2]).wallet
        let renamed = try await h.service.renameWallet(walletId: wallet.id, name: "  Savings ")
        #expect(renamed.name == "Savings")
        #expect(await h.walletStore.wallets == [renamed])
        let writes = await h.walletStore.writes.count
        #expect(try await h.service.renameWallet(walletId: wallet.id, name: "Savings") == renamed)
        #expect(await h.walletStore.writes.count == writes)
    }

    @Test(arguments: [
        ("   ", "a wallet name cannot be blank"),
        (String(repeating: "w", count: 65), "a wallet name has at most 64 characters"),
        ("tab\tname", "a wallet name cannot contain control characters"),
    ])
    func renameRefusesBadNames(_ name: String, _ message: String) async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(requests[2]).wallet
        await #expect(throws: GemServiceError.invalidInput(message: message)) {
            try await h.service.renameWallet(walletId: wallet.id, name: name)
        }
        #expect(await h.walletStore.wallets == [wallet])
    }

    @Test func aNameOfSixtyFourCharactersIsKept() async throws {
        let h = WalletHarness()
        let name = String(repeating: "é", count: 64)
        let wallet = try await h.service.importWallet(.view(address: "TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio", chain: .tron, name: name)).wallet
        #expect(wallet.name == name)
    }

    @Test func pinWritesOnlyChanges() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(requests[2]).wallet
        let pinned = try await h.service.setPinned(walletId: wallet.id, pinned: true)
        #expect(pinned.isPinned)
        #expect(await h.walletStore.wallets == [pinned])
        let writes = await h.walletStore.writes.count
        _ = try await h.service.setPinned(walletId: wallet.id, pinned: true)
        #expect(await h.walletStore.writes.count == writes)
        #expect(try await h.service.setPinned(walletId: wallet.id, pinned: false).isPinned == false)
    }

    @Test func commandsOnAnUnknownWalletAreNotFound() async throws {
        let h = WalletHarness()
        let id = WalletId.view(chain: .ethereum, address: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94")
        let notFound = GemServiceError.notFound(message: "no wallet \(id.id)")
        await #expect(throws: notFound) { try await h.service.renameWallet(walletId: id, name: "x") }
        await #expect(throws: notFound) { try await h.service.setPinned(walletId: id, pinned: true) }
        await #expect(throws: notFound) { try await h.service.setCurrentWalletId(id) }
        await #expect(throws: notFound) { try await h.service.deleteWallet(walletId: id) }
        await #expect(throws: notFound) { try await h.service.revealSecret(walletId: id) }
        #expect(await h.walletStore.writes.isEmpty && h.sessionStore.writes == 0)
    }

    // MARK: current wallet

    @Test func setCurrentSwitchesToAStoredWallet() async throws {
        let h = WalletHarness()
        let a = try await h.service.importWallet(requests[0]).wallet
        let b = try await h.service.importWallet(requests[2]).wallet
        #expect(h.sessionStore.current == b.id)
        #expect(try await h.service.setCurrentWalletId(a.id) == a)
        #expect(h.sessionStore.current == a.id)
        #expect(try await h.session.getCurrentWallet() == a)
    }

    // MARK: delete

    @Test func deleteRemovesTheWalletAndItsSecretAndMovesCurrent() async throws {
        let h = WalletHarness()
        let a = try await h.service.importWallet(requests[0]).wallet
        let b = try await h.service.importWallet(requests[2]).wallet
        #expect(h.sessionStore.current == b.id)
        #expect(try await h.service.deleteWallet(walletId: b.id) == a.id)
        #expect(await h.walletStore.wallets == [a])
        #expect(await h.secureStore.values.keys.sorted() == [a.id.id])
        #expect(h.sessionStore.current == a.id)
        // Deleting a wallet that is not current leaves the current one.
        let c = try await h.service.importWallet(requests[1]).wallet
        _ = try await h.service.setCurrentWalletId(a.id)
        #expect(try await h.service.deleteWallet(walletId: c.id) == a.id)
        #expect(h.sessionStore.current == a.id)
        // The last wallet: no current wallet remains, and no secret.
        #expect(try await h.service.deleteWallet(walletId: a.id) == nil)
        #expect(h.sessionStore.current == nil)
        #expect(await h.secureStore.values.isEmpty)
        #expect(await h.walletStore.wallets.isEmpty)
    }

    @Test func aFailedWalletDeletionPutsTheSecretBack() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(requests[0]).wallet
        await h.walletStore.fail(.deleteWallet)
        await #expect(throws: GemServiceError.store(message: "scripted store failure")) {
            try await h.service.deleteWallet(walletId: wallet.id)
        }
        #expect(await h.walletStore.wallets == [wallet])
        #expect(try await h.service.revealSecret(walletId: wallet.id) == .phrase(words: words))
        #expect(h.sessionStore.current == wallet.id)
    }

    @Test func aFailedSecretDeletionDeletesNothing() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(requests[0]).wallet
        await h.secureStore.fail(.delete)
        await #expect(throws: GemServiceError.store(message: "scripted secure store failure")) {
            try await h.service.deleteWallet(walletId: wallet.id)
        }
        #expect(await h.walletStore.wallets == [wallet])
        #expect(await h.secureStore.values.keys.sorted() == [wallet.id.id])
    }

    @Test func deleteStandsWhenOnlyTheSwitchFails() async throws {
        let h = WalletHarness()
        let a = try await h.service.importWallet(requests[0]).wallet
        let b = try await h.service.importWallet(requests[2]).wallet
        h.sessionStore.failWrites()
        #expect(try await h.service.deleteWallet(walletId: b.id) == a.id)
        #expect(await h.walletStore.wallets == [a])
        // The stored id is stale; the session service resolves it to the first wallet.
        #expect(h.sessionStore.current == b.id)
        #expect(try await h.session.getCurrentWallet() == a)
    }

    // MARK: export

    @Test func exportAsksThePasswordEveryTime() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(requests[0]).wallet
        let asks = await h.password.asks
        #expect(try await h.service.revealSecret(walletId: wallet.id) == .phrase(words: words))
        #expect(try await h.service.revealSecret(walletId: wallet.id) == .phrase(words: words))
        #expect(await h.password.asks == asks + 2)
        await h.password.refuse()
        await #expect(throws: GemServiceError.permissionDenied(message: "the user cancelled")) {
            try await h.service.revealSecret(walletId: wallet.id)
        }
    }

    @Test func exportOfAWatchOnlyWalletIsRefused() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(.view(address: "TQ5NMqJjhpQGK7YJbESKtNCo86PJ89ujio", chain: .tron, name: nil)).wallet
        await #expect(throws: GemServiceError.invalidInput(message: "a watch-only wallet has no secret to export")) {
            try await h.service.revealSecret(walletId: wallet.id)
        }
        #expect(await h.password.asks == 0)
    }

    @Test func exportOfATamperedRecordFailsClosed() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(requests[0]).wallet
        let text = try #require(await h.secureStore.values[wallet.id.id])
        var record = try KeystoreRecord(text: text)
        record.ciphertext[0] ^= 1
        await h.secureStore.overwrite(key: wallet.id.id, value: record.text)
        await #expect(throws: GemServiceError.crypto(message: "keystore record's ciphertext was modified")) {
            try await h.service.revealSecret(walletId: wallet.id)
        }
    }

    /// A stored record rewritten to 10 passes x 1 GiB: before the cost ceiling came down to what this version
    /// writes, this export allocated 1 GiB for about 7 s and then failed on the metadata check.
    @Test func exportOfARecordCostlierThanThisVersionWritesFailsBeforeDeriving() async throws {
        let h = WalletHarness()
        let wallet = try await h.service.importWallet(requests[0]).wallet
        let text = try #require(await h.secureStore.values[wallet.id.id])
        let costly = text.replacingOccurrences(of: #""iterations":2"#, with: #""iterations":10"#)
            .replacingOccurrences(of: #""memory_kib":19456"#, with: #""memory_kib":1048576"#)
        #expect(costly.contains(#""iterations":10"#) && costly.contains(#""memory_kib":1048576"#))
        await h.secureStore.overwrite(key: wallet.id.id, value: costly)
        let start = ContinuousClock.now
        await #expect(throws: GemServiceError.crypto(message: "keystore record's Argon2id parameters are out of range")) {
            try await h.service.revealSecret(walletId: wallet.id)
        }
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test func exportedPrivateKeyImportsToTheSameWallet() async throws {
        for vector in PrivateKeyVectors.shared.keys {
            let chain = try #require(Chain(rawValue: vector.chain))
            let h = WalletHarness()
            let wallet = try await h.service.importWallet(.privateKey(privateKey: Secret(text: vector.keyHex), chain: chain, name: nil)).wallet
            guard case .privateKey(let exported) = try await h.service.revealSecret(walletId: wallet.id) else {
                Issue.record("\(chain.id): not a private key")
                continue
            }
            #expect(try await WalletHarness().service.previewImport(.privateKey(privateKey: Secret(text: exported), chain: chain, name: nil)).walletId == wallet.id)
        }
    }
}
