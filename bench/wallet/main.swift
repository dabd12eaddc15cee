// Wallet import benchmark. In one run, on one 12-word phrase:
//   seed:    the phrase -> BIP39 seed derivation alone (PBKDF2-HMAC-SHA512, 2048 iterations);
//   import:  a multi-coin import with accounts on every chain a phrase wallet derives, keystore excluded
//            (GemWalletService.previewImport: phrase validation, seed, every account, the wallet id);
//   unlock:  opening a keystore record (Argon2id at the keystore's standard cost, then the checks and the AEAD),
//            printed beside it, with the floor cost for comparison.
// Prints the medians, the import/seed ratio against its target (<= 4x), and one JSON line.
//
// Run: swift run -c release bench-wallet [rounds]
import Dispatch
import GemCrypto
import Gemstone
import Primitives
import Synchronization

let phrase = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
let rounds = CommandLine.arguments.count > 1 ? max(3, Int(CommandLine.arguments[1]) ?? 31) : 31

/// An empty wallet store: the benchmark measures derivation, not storage.
struct NoWallets: GemWalletStore {
    func getWallets() async throws(GemServiceError) -> [Wallet] { [] }
    func getWallet(walletId: WalletId) async throws(GemServiceError) -> Wallet? { nil }
    func addWallet(_ wallet: Wallet) async throws(GemServiceError) {}
    func saveWallet(_ wallet: Wallet) async throws(GemServiceError) {}
    func deleteWallet(walletId: WalletId) async throws(GemServiceError) {}
}

final class NoSession: GemWalletSessionStore {
    func getCurrentWalletId() -> WalletId? { nil }
    func setCurrentWalletId(_ walletId: WalletId?) throws(GemServiceError) {}
}

final class OneSecret: GemSecureStore {
    private let value = Mutex<String?>(nil)
    func get(key: String) async throws(GemServiceError) -> String? { value.withLock { $0 } }
    func set(key: String, value: String) async throws(GemServiceError) { self.value.withLock { $0 = value } }
    func delete(key: String) async throws(GemServiceError) { value.withLock { $0 = nil } }
}

struct FixedPassword: GemKeystorePassword {
    func password() async throws(GemServiceError) -> Secret { Secret([UInt8](repeating: 0x5a, count: 32)) }
}

func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    return sorted[sorted.count / 2]
}

/// Milliseconds per call, median of `rounds` timed calls after two warm-up calls.
func measure(_ body: () async throws -> Void) async rethrows -> Double {
    for _ in 0..<2 { try await body() }
    var samples: [Double] = []
    for _ in 0..<rounds {
        let start = nanoseconds()
        try await body()
        samples.append(Double(nanoseconds() - start) / 1e6)
    }
    return median(samples)
}

func format(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

let session = GemWalletSessionService(walletStore: NoWallets(), sessionStore: NoSession())
let service = GemWalletService(session: session, secureStore: OneSecret(), password: FixedPassword())
let request = GemWalletImport.multicoin(phrase: Secret(text: phrase), chains: [], name: nil)

let mnemonic = try Mnemonic(phrase)
var seedSink = 0
let seedMs = await measure { seedSink &+= mnemonic.seed().count }

var chainCount = 0
let importMs = try await measure {
    let preview = try await service.previewImport(request)
    chainCount = preview.accounts.count
}
// The breakdown: every chain but Cardano, and Cardano alone (its CIP-3 Icarus master key is PBKDF2-HMAC-SHA512
// with 4096 iterations and two output blocks, four times the seed's work by definition).
let withoutCardano = GemWalletImport.multicoin(phrase: Secret(text: phrase), chains: Chain.allCases.filter { $0 != .cardano }, name: nil)
let withoutCardanoMs = try await measure { _ = try await service.previewImport(withoutCardano) }
let cardanoMs = try await measure { _ = try await service.previewImport(.single(phrase: Secret(text: phrase), chain: .cardano, name: nil)) }

func unlockMs(_ parameters: KeystoreParameters) async throws -> Double {
    let keystore = GemKeystore(secureStore: OneSecret(), password: FixedPassword(), parameters: parameters)
    let walletId = WalletId.multicoin(address: "0x9858EfFD232B4033E47d90003D41EC34EcaEda94")
    try await keystore.store(.phrase(mnemonic.phrase), walletId: walletId, key: "bench")
    return try await measure {
        _ = try await keystore.unlock(walletId: walletId, key: "bench") { $0.bytes.count }
    }
}

let unlockStandard = try await unlockMs(.standard)
let unlockMinimum = try await unlockMs(.minimum)
let ratio = importMs / seedMs

print("wallet import benchmark (\(rounds) rounds, medians)")
print("  phrase -> seed (PBKDF2-SHA512 x2048):       \(format(seedMs)) ms")
print("  import, \(chainCount) accounts, keystore excluded: \(format(importMs)) ms  ratio \(format(ratio))x (target <= 4x) \(ratio <= 4 ? "OK" : "OVER")")
print("    every chain but cardano (\(Chain.allCases.count - 1) accounts):  \(format(withoutCardanoMs)) ms  ratio \(format(withoutCardanoMs / seedMs))x")
print("    cardano alone (Icarus master + 2 keys):   \(format(cardanoMs)) ms  ratio \(format(cardanoMs / seedMs))x")
print("  keystore unlock, Argon2id 2 passes, 64 MiB: \(format(unlockStandard)) ms")
print("  keystore unlock, Argon2id 2 passes, 19 MiB: \(format(unlockMinimum)) ms (the floor)")
print(#"{"seed_ms":\#(format(seedMs)),"import_ms":\#(format(importMs)),"accounts":\#(chainCount),"ratio":\#(format(ratio)),"without_cardano_ms":\#(format(withoutCardanoMs)),"cardano_ms":\#(format(cardanoMs)),"unlock_ms":\#(format(unlockStandard)),"unlock_floor_ms":\#(format(unlockMinimum))}"#)
if seedSink == 0 { print("") }
