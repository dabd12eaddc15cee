// GemCrypto benchmark, Swift side. Prints one line per figure: "<name> <nanoseconds per operation> <check>".
// bench/crypto/run.py runs this program and the Python side in the same run and prints the ratios.
//
// Each figure is the best of several rounds of this thread's CPU time (CLOCK_THREAD_CPUTIME_ID), so that other
// processes on a shared machine disturb it as little as possible; run.py measures the Python side the same way.
// The raw C figures call libsecp256k1 and libsodium directly, with the same inputs, so the ratio is GemCrypto's
// overhead.
import CSecp256k1
import CSodium
import GemCrypto
import Glibc

/// This thread's CPU time in nanoseconds.
func cpuNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1e9 + Double(ts.tv_nsec)
}

enum BenchError: Error { case noContext }

/// Best nanoseconds per operation over `rounds` rounds of `iterations` calls.
func best(rounds: Int, iterations: Int, _ body: () throws -> Void) rethrows -> Double {
    var bestNs = Double.infinity
    for _ in 0..<rounds {
        let start = cpuNow()
        for _ in 0..<iterations { try body() }
        bestNs = min(bestNs, (cpuNow() - start) / Double(iterations))
    }
    return bestNs
}

/// Best nanoseconds per operation of `a` and of `b`, measured in alternating rounds so that both see the same load.
func bestPair(rounds: Int, iterations: Int, _ a: () throws -> Void, _ b: () throws -> Void) rethrows -> (Double, Double) {
    var bestA = Double.infinity, bestB = Double.infinity
    for _ in 0..<rounds {
        bestA = min(bestA, try best(rounds: 1, iterations: iterations, a))
        bestB = min(bestB, try best(rounds: 1, iterations: iterations, b))
    }
    return (bestA, bestB)
}

func report(_ name: String, _ ns: Double, _ check: String = "-") {
    print(name, String(Int(ns + 0.5)), check)
}

let args = CommandLine.arguments
let quick = args.contains("--quick")
let rounds = quick ? 3 : 7

// Fixed inputs shared with run.py.
let phrase = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
let passphrase = "TREZOR"

do {
    // 1. Mnemonic -> seed (PBKDF2-HMAC-SHA512, 2048 iterations).
    let mnemonic = try Mnemonic(phrase)
    var seedHex = ""
    let seedNs = best(rounds: rounds, iterations: quick ? 20 : 50) {
        let seed = mnemonic.seed(passphrase: passphrase)
        _ = seed.count
    }
    seedHex = Hex.encode(mnemonic.seed(passphrase: passphrase).revealBytes())
    report("mnemonic_to_seed", seedNs, seedHex)

    // 2. 1,000 BIP44 derivations m/44'/60'/0'/0/i from the master key, public key of each.
    let master = try ExtendedPrivateKey(seed: mnemonic.seed(passphrase: passphrase))
    let paths = try (0..<1000).map { try DerivationPath("m/44'/60'/0'/0/\($0)") }
    var last = [UInt8]()
    let deriveNs = try best(rounds: rounds, iterations: 1) {
        for path in paths {
            last = try master.derive(path).publicKey.compressed
        }
    }
    report("bip44_1000_derivations", deriveNs, Hex.encode(last))

    // 3. secp256k1 recoverable sign: GemCrypto vs raw libsecp256k1 on its own randomized context.
    let keyBytes = Hash.sha256(Array("bench key".utf8))
    let key = try Secp256k1PrivateKey(bytes: keyBytes)
    let digest = Hash.sha256(Array("bench message".utf8))
    var ours = [UInt8]()
    guard let ctx = secp256k1_context_create(UInt32(SECP256K1_CONTEXT_NONE)) else { throw BenchError.noContext }
    var seed32 = [UInt8](repeating: 0, count: 32)
    randombytes_buf(&seed32, 32)
    _ = secp256k1_context_randomize(ctx, seed32)
    var raw = [UInt8](repeating: 0, count: 65)
    let (oursSignNs, rawSignNs) = try bestPair(rounds: rounds * 3, iterations: 1000, {
        ours = try key.signRecoverable(digest: digest).rsv
    }, {
        var sig = secp256k1_ecdsa_recoverable_signature()
        _ = secp256k1_ecdsa_sign_recoverable(ctx, &sig, digest, keyBytes, nil, nil)
        var recid: Int32 = 0
        var out = [UInt8](repeating: 0, count: 65)
        _ = secp256k1_ecdsa_recoverable_signature_serialize_compact(ctx, &out, &recid, &sig)
        out[64] = UInt8(recid)
        raw = out
    })
    report("secp256k1_sign_recoverable", oursSignNs, Hex.encode(ours))
    report("secp256k1_sign_recoverable_raw", rawSignNs, Hex.encode(raw))

    // 4. ed25519 sign of a 32-byte message: GemCrypto vs raw crypto_sign_detached with the expanded key.
    _ = sodium_init()
    let edSeed = Hash.sha256(Array("bench ed25519".utf8))
    let edKey = try Ed25519PrivateKey(seed: edSeed)
    var edOurs = [UInt8]()
    var pk = [UInt8](repeating: 0, count: 32)
    var sk = [UInt8](repeating: 0, count: 64)
    _ = crypto_sign_seed_keypair(&pk, &sk, edSeed)
    var edRaw = [UInt8]()
    let (edOursNs, edRawNs) = bestPair(rounds: rounds * 3, iterations: 1000, {
        edOurs = edKey.sign(digest)
    }, {
        var sig = [UInt8](repeating: 0, count: 64)
        _ = crypto_sign_detached(&sig, nil, digest, UInt64(digest.count), sk)
        edRaw = sig
    })
    report("ed25519_sign", edOursNs, Hex.encode(edOurs))
    report("ed25519_sign_raw", edRawNs, Hex.encode(edRaw))
    // Parts of one derivation step, for reading the figures above (not compared by run.py).
    if args.contains("--parts") {
        var pub = secp256k1_pubkey()
        report("part_pubkey_create", best(rounds: rounds, iterations: 2000) { _ = secp256k1_ec_pubkey_create(ctx, &pub, keyBytes) })
        let tweak = Hash.sha256([1])
        report("part_pubkey_tweak_add", best(rounds: rounds, iterations: 2000) {
            var p = pub
            _ = secp256k1_ec_pubkey_tweak_add(ctx, &p, tweak)
        })
        report("part_hmac_sha512", best(rounds: rounds, iterations: 20000) { _ = HMAC.sha512(key: tweak, message: keyBytes) })
        report("part_hash160", best(rounds: rounds, iterations: 20000) { _ = Hash.hash160(keyBytes + [1]) })
        report("part_keccak256", best(rounds: rounds, iterations: 20000) { _ = Hash.keccak256(keyBytes + keyBytes) })
        let account = try master.derive(DerivationPath("m/44'/60'/0'/0"))
        report("part_derive_one_normal_child", try best(rounds: rounds, iterations: 2000) {
            _ = try account.derive(DerivationPath.Component(childNumber: 7))
        })
    }
} catch {
    print("error", error)
}
