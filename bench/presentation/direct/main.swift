// The direct-Swift side of the presentation benchmark: the same page as bench_presentation.c,
// with the rule called on Swift values (no C ABI, no JSON), and the JSON crossing's Swift half
// (parse + decode, rule, encode) timed by phase. Prints one JSON line.
// Usage: bench-presentation-direct PAGE.json [ROUNDS]
import Dispatch
import Gemstone
import Primitives
#if canImport(Glibc)
import Glibc
#endif

func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }

func readFile(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
}

/// Times `body` `rounds` times (after a warm-up) and answers the median in microseconds.
func timeMicros(_ rounds: Int, _ body: () throws -> Void) rethrows -> Double {
    for _ in 0..<10 { try body() }
    var samples: [Double] = []
    samples.reserveCapacity(rounds)
    for _ in 0..<rounds {
        let start = nanoseconds()
        try body()
        samples.append(Double(nanoseconds() - start) / 1000)
    }
    return median(samples)
}

/// The direct twin of the C side's no-op answer; kept out of line so each call is a real call.
@inline(never)
func emptyState(_ kind: GemEmptyStateKind) -> Int {
    GemEmptyStateRequest(kind: kind).answer().action == nil ? 0 : 1
}

let arguments = CommandLine.arguments
guard arguments.count > 1, let page = readFile(arguments[1]) else {
    print("usage: bench-presentation-direct PAGE.json [ROUNDS]")
    exit(2)
}
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 400 : 400

do {
    let request = try JSONCodec.decode(GemTransactionRowsRequest.self, from: page)
    var rowCount = 0
    let ruleUs = try timeMicros(rounds) {
        rowCount = try transactionRows(request.transactions, assets: request.assets, currency: request.currency).count
    }
    let decodeUs = try timeMicros(rounds) { _ = try JSONCodec.decode(GemTransactionRowsRequest.self, from: page) }
    let rows = try request.answer()
    var answerBytes = 0
    let encodeUs = try timeMicros(rounds) { answerBytes = try JSONCodec.encode(rows).count }
    let crossingUs = try timeMicros(rounds) {
        _ = try JSONCodec.encode(try JSONCodec.decode(GemTransactionRowsRequest.self, from: page).answer())
    }
    var sink = 0
    let batch = 1000
    var noop: [Double] = []
    for _ in 0..<rounds {
        let start = nanoseconds()
        for _ in 0..<batch { sink &+= emptyState(.activity) }
        noop.append(Double(nanoseconds() - start) / Double(batch))
    }
    print(#"{"transactions":\#(rowCount),"rounds":\#(rounds),"answer_bytes":\#(answerBytes),"rule_us":\#(ruleUs),"#
        + #""decode_us":\#(decodeUs),"encode_us":\#(encodeUs),"swift_crossing_us":\#(crossingUs),"noop_pure_ns":\#(median(noop)),"sink":\#(sink % 2)}"#)
} catch {
    print("benchmark failed: \(error)")
    exit(1)
}
