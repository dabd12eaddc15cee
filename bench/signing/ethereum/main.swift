// EVM signing benchmark (issue 9). In one run, on one key:
//   signer:   an EVM native EIP-1559 transfer built and signed by EthereumSigner.sign (input validation, address
//             decoding, RLP, keccak of the signing payload, the recoverable signature, the signed RLP, the 0x-hex
//             raw transaction and its hash);
//   baseline: the raw libsecp256k1 recoverable signature plus one Keccak-256 of the same signing payload, through
//             GemCrypto's thin wrappers (Hash.keccak256, Secp256k1PrivateKey.signRecoverable).
// Each operation is timed on its own, the two paths alternating, and each figure is the median over `iterations`
// operations. Prints both, the ratio and its bound (<= 1.2x), and one JSON line.
//
// Run: swift run -c release bench-signing-ethereum [iterations]
import Blockchain
import Dispatch
import GemCrypto
import Primitives

let arguments = CommandLine.arguments
let iterations = arguments.count > 1 ? max(11, Int(arguments[1]) ?? 20_001) : 20_001
let bound = 1.2

func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    return sorted[sorted.count / 2]
}

guard let key = try? Secp256k1PrivateKey(bytes: [UInt8](repeating: 0x46, count: 32)) else { fatalError("bad key") }
let input = EthereumSignerInput(
    chain: .ethereum, type: .eip1559,
    operation: .transfer(to: "0x3535353535353535353535353535353535353535", value: BigUInt(1_000_000_000_000_000_000)),
    nonce: 9, gasLimit: 21_000, maxFeePerGas: BigUInt(30_000_000_000), maxPriorityFeePerGas: BigUInt(2_000_000_000),
    balance: BigUInt(2_000_000_000_000_000_000))

// The same signing payload the signer hashes: 0x02 ‖ rlp([1, 9, 2 gwei, 30 gwei, 21000, to, 1 ether, "", []]).
var fields: [UInt8] = []
RLP.appendUInt(UInt64(1), into: &fields)
RLP.appendUInt(UInt64(9), into: &fields)
RLP.appendUInt(UInt64(2_000_000_000), into: &fields)
RLP.appendUInt(UInt64(30_000_000_000), into: &fields)
RLP.appendUInt(UInt64(21_000), into: &fields)
RLP.appendBytes([UInt8](repeating: 0x35, count: 20), into: &fields)
RLP.appendUInt(UInt64(1_000_000_000_000_000_000), into: &fields)
RLP.appendBytes([UInt8](), into: &fields)
fields.append(0xC0)
let payload = [0x02] + RLP.list(fields)

// Both paths must sign the same digest: the signer's output carries the baseline's r ‖ s.
guard let signed = try? EthereumSigner.sign(input, key: key),
      let reference = try? key.signRecoverable(digest: Hash.keccak256(payload))
else { fatalError("bench-signing-ethereum: signing failed") }
var trailer: [UInt8] = []
RLP.appendBytes(reference.compact[0..<32].drop(while: { $0 == 0 }), into: &trailer)
RLP.appendBytes(reference.compact[32..<64].drop(while: { $0 == 0 }), into: &trailer)
guard Array(signed.bytes.suffix(trailer.count)) == trailer else { fatalError("bench-signing-ethereum: the two paths signed different digests") }

// One timed operation per sample, the two paths alternating sample by sample: on a loaded machine a preemption
// lands on a few samples of either path (outliers the median ignores), not on whole rounds of one path.
var sink = 0
for _ in 0..<200 {
    if let tx = try? EthereumSigner.sign(input, key: key) { sink &+= tx.bytes.count }
    if let signature = try? key.signRecoverable(digest: Hash.keccak256(payload)) { sink &+= signature.compact.count }
}
var signerSamples: [Double] = []
var baselineSamples: [Double] = []
signerSamples.reserveCapacity(iterations)
baselineSamples.reserveCapacity(iterations)
for _ in 0..<iterations {
    var start = nanoseconds()
    if let tx = try? EthereumSigner.sign(input, key: key) { sink &+= tx.bytes.count }
    signerSamples.append(Double(nanoseconds() - start))
    start = nanoseconds()
    let digest = Hash.keccak256(payload)
    if let signature = try? key.signRecoverable(digest: digest) { sink &+= signature.compact.count }
    baselineSamples.append(Double(nanoseconds() - start))
}
let signerNs = median(signerSamples)
let baselineNs = median(baselineSamples)
let ratio = signerNs / baselineNs
func us(_ ns: Double) -> String {
    let tenths = Int((ns / 100).rounded())
    return "\(tenths / 10).\(tenths % 10) us"
}
print("EVM native EIP-1559 transfer, built and signed:        \(us(signerNs)) per op (median of \(iterations) alternating ops)")
print("raw recoverable signature + one keccak256 of payload:  \(us(baselineNs)) per op")
let hundredths = Int((ratio * 100).rounded())
print("ratio \(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)x, bound at most \(bound)x: \(ratio <= bound ? "within" : "OVER")")
print("{\"bench\":\"signing-ethereum\",\"signer_ns\":\(Int(signerNs)),\"baseline_ns\":\(Int(baselineNs)),\"ratio\":\(Double(hundredths) / 100),\"bound\":\(bound),\"sink\":\(sink % 2)}")

