// Solana signing benchmark. In one run:
//   signer: a SOL transfer built and signed by SolanaSigner.sign (addresses and blockhash decoded, message
//           compiled, ed25519 signature, wire bytes, base64 and the base58 signature id);
//   raw:    one libsodium crypto_sign_detached of the same message bytes, with the same expanded key.
// Prints the medians and the median per-round signer/raw ratio against its bound (issue 9: at most 1.2x), and one JSON line.
//
// Run: swift run -c release bench-signing-solana [rounds]
import Blockchain
import CSodium
import Dispatch
import GemCrypto
import Primitives

let rounds = CommandLine.arguments.count > 1 ? max(3, Int(CommandLine.arguments[1]) ?? 201) : 201
let batch = 200
let bound = 1.2

func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Microseconds per call of `body`, one batch of `batch` calls.
func batchTime(_ body: () throws -> Void) rethrows -> Double {
    let start = nanoseconds()
    for _ in 0..<batch { try body() }
    return Double(nanoseconds() - start) / 1e3 / Double(batch)
}

/// The two bodies timed in alternating batches (so that load on the shared machine falls on both alike), after
/// a warm-up batch each: the median time of each and the median of the per-round ratios.
func compare(_ first: () throws -> Void, _ second: () throws -> Void) rethrows -> (Double, Double, Double) {
    _ = try batchTime(first)
    _ = try batchTime(second)
    var a: [Double] = [], b: [Double] = [], ratios: [Double] = []
    for _ in 0..<rounds {
        let x = try batchTime(first)
        let y = try batchTime(second)
        a.append(x)
        b.append(y)
        ratios.append(x / y)
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    return (median(a), median(b), median(ratios))
}

guard sodium_init() >= 0 else { fatalError("libsodium did not initialise") }
let seed = [UInt8](repeating: 0x42, count: 32)
guard let key = try? Ed25519PrivateKey(seed: seed) else { fatalError("key") }
let input = SolanaSignerInput(
    asset: .native, recipient: "9hSR6S7WPtxmTojgo6GG3k4yDPecgJY292j7xrsUGWBu", amount: 1_000_000,
    balance: 5_000_000_000, recentBlockhash: "4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM", version: .v0
)
guard let signed = try? SolanaSigner.sign(input, key: key) else { fatalError("sign") }
let message = Array(signed.bytes.dropFirst(65))

// The raw peer: libsodium's expanded secret key (seed ‖ public key) and one detached signature.
var publicKey = [UInt8](repeating: 0, count: 32)
var secretKey = [UInt8](repeating: 0, count: 64)
_ = crypto_sign_seed_keypair(&publicKey, &secretKey, seed)
var signature = [UInt8](repeating: 0, count: 64)
_ = crypto_sign_detached(&signature, nil, message, UInt64(message.count), secretKey)
guard signature == Array(signed.bytes[1..<65]) else { fatalError("the raw signature differs from the signer's") }

var sink = 0
let (signer, raw, ratio) = try compare({ sink &+= try SolanaSigner.sign(input, key: key).bytes.count }, {
    _ = crypto_sign_detached(&signature, nil, message, UInt64(message.count), secretKey)
    sink &+= Int(signature[0])
})
print("solana SOL transfer, \(message.count)-byte v0 message, \(rounds) rounds of \(batch)")
print("  signer (build + sign + encode): \(format3(signer)) us")
print("  raw crypto_sign_detached:       \(format3(raw)) us")
print("  ratio \(format3(ratio))x (bound \(bound)x): \(ratio <= bound ? "within" : "OVER")")
print("{\"bench\":\"signing-solana\",\"signer_us\":\(format3(signer)),\"raw_us\":\(format3(raw)),\"ratio\":\(format3(ratio)),\"bound\":\(bound),\"sink\":\(sink % 2)}")

func format3(_ value: Double) -> String {
    let scaled = Int((value * 1000).rounded())
    let fraction = String(scaled % 1000)
    return "\(scaled / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
}
