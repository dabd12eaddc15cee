import CGemstone
import Gemstone
import Primitives

/// GemStreamConnection over a host's gem_stream_connection table.
final class StreamConnectionAdapter: GemStreamConnection {
    private let isConnectedMethod: PortMethod
    private let sendMethod: PortMethod
    private let release: TableRelease
    private let lifetime: Lifetime
    /// How long one call may wait for the host before it fails with `timeout` (GemStoreTimeout).
    private let timeout: Duration

    init(_ pointer: UnsafePointer<gem_stream_connection>?, lifetime: Lifetime, timeout: Duration, construction: Construction) throws(ABIError) {
        let table = try copyTable(pointer, "connection")
        let release = TableRelease(table.release, HostPointer(raw: table.context), construction)
        self.release = release
        isConnectedMethod = try requireMethod(table.is_connected, "connection.is_connected", release)
        sendMethod = try requireMethod(table.send, "connection.send", release)
        self.lifetime = lifetime
        self.timeout = timeout
    }

    func isConnected() async throws(GemServiceError) -> Bool {
        let answer = try await isConnectedMethod.call(Array("{}".utf8), lifetime: lifetime, timeout: timeout)
        return try decodeAnswer(Bool.self, answer, "connection.is_connected")
    }

    func send(_ message: GemStreamMessage) async throws(GemServiceError) {
        let args: [UInt8]
        do {
            args = try JSONCodec.encode(message)
        } catch {
            throw .internal(message: error.description)
        }
        _ = try await sendMethod.call(args, lifetime: lifetime, timeout: timeout)
    }
}
