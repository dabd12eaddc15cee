// bench/prices/direct: the rule alone in Swift, for run.py to print beside the C ABI figure: walletAssetRows over
// the decoded assets (no JSON, no ABI), and each half of the crossing (read the request, write the rows).
import Gemstone
import Primitives

#if canImport(Glibc)
import Glibc
#endif

func nowMicroseconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) * 1e6 + Double(t.tv_nsec) / 1e3
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func readFile(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let n = fread(&buffer, 1, buffer.count, file)
        if n <= 0 { break }
        bytes.append(contentsOf: buffer[0..<n])
    }
    return bytes
}

let arguments = CommandLine.arguments
guard arguments.count == 2, let bytes = readFile(arguments[1]) else {
    print("usage: bench-prices-direct ROWS_REQUEST")
    exit(2)
}
let rounds = 31
var rule: [Double] = []
var decode: [Double] = []
var encode: [Double] = []
var request: GemWalletAssetRowsRequest?
for _ in 0..<rounds {
    let start = nowMicroseconds()
    request = try JSONCodec.decode(GemWalletAssetRowsRequest.self, from: bytes)
    decode.append(nowMicroseconds() - start)
}
guard let request else { exit(1) }
var rows: [GemAssetItemRow] = []
for _ in 0..<rounds {
    let start = nowMicroseconds()
    rows = walletAssetRows(request.assets, currency: request.currency)
    rule.append(nowMicroseconds() - start)
}
var size = 0
for _ in 0..<rounds {
    let start = nowMicroseconds()
    size = try JSONCodec.encode(rows).count
    encode.append(nowMicroseconds() - start)
}
print("{\"rows\":\(rows.count),\"rule_us\":\(median(rule)),\"decode_us\":\(median(decode)),\"encode_us\":\(median(encode)),\"answer_bytes\":\(size)}")
