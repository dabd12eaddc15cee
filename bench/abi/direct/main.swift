// The direct-Swift side of the ABI benchmark: the same work as bench_abi.c, called in Swift
// without crossing the C ABI. Prints one JSON line: {"noop_ns":…,"get_price_alerts_us":…}.
import Dispatch
import Gemstone

/// The price alerts the benchmark reads, held in memory (the direct twin of bench_abi.c's C port).
final class BenchPriceAlertStore: GemPriceAlertStore {
    let alerts: [PriceAlert]

    init(count: Int) {
        alerts = (0..<count).map { index in
            PriceAlert(assetId: "ethereum_0x\(String(index, radix: 16))", currency: "USD", price: Double(1000 + index),
                       pricePercentChange: nil, priceDirection: index % 2 == 0 ? .up : .down)
        }
    }

    func getPriceAlerts(assetId: String?) async throws(GemServiceError) -> [PriceAlert] { alerts }
    func updatePriceAlerts(alerts: [PriceAlert], deleteIds: [String]) async throws(GemServiceError) {}
}

final class NoPreferences: GemPreferencesStore {
    func get(key: String) -> String? { nil }
    func set(key: String, value: String) {}
    func remove(key: String) {}
}

struct NoTransport: GemHTTPTransport {
    func request(_ request: GemHTTPRequest) async throws(GemServiceError) -> GemHTTPResponse { GemHTTPResponse(status: 200, body: "[]") }
}

struct Granted: GemNotificationPermissions {
    func request() async throws(GemServiceError) -> Bool { true }
}

// optnone keeps the optimizer from proving the call pure and hoisting it out of the loop, so each
// iteration pays one real call, as each gem_abi_version() call on the C side does.
@inline(never) @_optimize(none)
func noop() -> UInt32 { 1 }

func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 100 : 100
let rounds = 2000

var sink: UInt32 = 0
let iterations = 10_000_000
let start = nanoseconds()
for _ in 0..<iterations { sink &+= noop() }
let noopNs = Double(nanoseconds() - start) / Double(iterations)

let service = try GemPriceAlertService(
    baseURL: "http://127.0.0.1:9", transport: NoTransport(),
    preferences: GemPreferencesService(store: NoPreferences()),
    store: BenchPriceAlertStore(count: count), permissions: Granted())
var samples: [Double] = []
for _ in 0..<rounds {
    let begin = nanoseconds()
    let alerts = try await service.getPriceAlerts(assetId: nil)
    samples.append(Double(nanoseconds() - begin) / 1000)
    sink &+= UInt32(alerts.count)
}
samples.sort()
print("{\"noop_ns\":\(noopNs),\"get_price_alerts_us\":\(samples[samples.count / 2]),\"alerts\":\(count),\"sink\":\(sink % 2)}")
