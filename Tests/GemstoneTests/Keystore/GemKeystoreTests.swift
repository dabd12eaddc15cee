import GemCrypto
import Primitives
import Testing
@testable import Gemstone

private let walletId = WalletId.privateKey(chain: .ethereum, address: "0x2c7536E3605D9C16a7a3D7b1898e529396a65c23")
private let key = [UInt8](repeating: 7, count: 32)

private struct Harness {
    let secureStore = MemorySecureStore()
    let password = TestKeystorePassword()
    var keystore: GemKeystore { GemKeystore(secureStore: secureStore, password: password, parameters: .minimum) }
}

struct GemKeystoreTests {
    @Test func storesUnderTheKeyAndUnlocksForOneClosure() async throws {
        let h = Harness()
        try await h.keystore.store(.privateKey(Secret(key)), walletId: walletId, key: "external-1")
        #expect(await h.secureStore.values.keys.sorted() == ["external-1"])
        let revealed = try await h.keystore.unlock(walletId: walletId, key: "external-1") { secret in
            secret.bytes.revealBytes()
        }
        #expect(revealed == key)
        #expect(await h.password.asks == 2)  // asked to seal and again to open
    }

    @Test func aMissingRecordIsNotFoundAndThePasswordIsNotAsked() async throws {
        let h = Harness()
        await #expect(throws: GemServiceError.notFound(message: "no keystore record for this wallet")) {
            try await h.keystore.unlock(walletId: walletId, key: "nothing") { _ in 0 }
        }
        #expect(await h.password.asks == 0)
    }

    @Test func aRefusedPasswordWritesAndRevealsNothing() async throws {
        let h = Harness()
        await h.password.refuse()
        await #expect(throws: GemServiceError.permissionDenied(message: "the user cancelled")) {
            try await h.keystore.store(.privateKey(Secret(key)), walletId: walletId, key: "k")
        }
        #expect(await h.secureStore.values.isEmpty)
    }

    @Test func secureStoreFailuresPropagate() async throws {
        let h = Harness()
        await h.secureStore.fail(.set)
        await #expect(throws: GemServiceError.store(message: "scripted secure store failure")) {
            try await h.keystore.store(.privateKey(Secret(key)), walletId: walletId, key: "k")
        }
        await h.secureStore.heal()
        try await h.keystore.store(.privateKey(Secret(key)), walletId: walletId, key: "k")
        await h.secureStore.fail(.get)
        // A read that fails is never taken for "no record".
        await #expect(throws: GemServiceError.store(message: "scripted secure store failure")) {
            try await h.keystore.unlock(walletId: walletId, key: "k") { _ in 0 }
        }
    }

    @Test func anotherInstallsPasswordCannotOpen() async throws {
        let h = Harness()
        try await h.keystore.store(.privateKey(Secret(key)), walletId: walletId, key: "k")
        let other = GemKeystore(secureStore: h.secureStore, password: TestKeystorePassword("another install"), parameters: .minimum)
        await #expect(throws: GemServiceError.crypto(message: "wrong keystore password")) {
            try await other.unlock(walletId: walletId, key: "k") { _ in 0 }
        }
    }

    @Test func deleteRemovesTheRecord() async throws {
        let h = Harness()
        try await h.keystore.store(.privateKey(Secret(key)), walletId: walletId, key: "k")
        let text = try #require(try await h.keystore.record(key: "k"))
        try await h.keystore.delete(key: "k")
        #expect(try await h.keystore.record(key: "k") == nil)
        try await h.keystore.delete(key: "k")  // deleting again is not an error
        try await h.keystore.restore(key: "k", record: text)
        #expect(try await h.keystore.unlock(walletId: walletId, key: "k") { $0.bytes.revealBytes() } == key)
    }
}
