/// The host's price-stream connection (the specification's `GemStreamConnection` foreign trait, gemwalletcom/core
/// gemstone crate, services/stream: `is_connected() -> bool` and `send(StreamMessage)`). The host owns the
/// WebSocket; the core only says what it should carry. `send` hands one message to the socket as it is; a failure
/// (a closed socket) throws.
public protocol GemStreamConnection: Sendable {
    func isConnected() async throws(GemServiceError) -> Bool
    func send(_ message: GemStreamMessage) async throws(GemServiceError)
}
