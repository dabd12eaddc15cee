import CGemstone
import Gemstone
import Primitives

/// GemWalletSessionStore over a host's gem_wallet_session_store table. SYNC: each method runs on the
/// calling thread and the host answers before returning. A get the host fails, does not answer, or
/// answers with something other than a wallet id reads as no current wallet; a set the host fails or
/// does not answer throws.
final class WalletSessionStoreAdapter: GemWalletSessionStore {
    private let get: PortMethod
    private let set: PortMethod
    private let release: TableRelease

    init(_ pointer: UnsafePointer<gem_wallet_session_store>?, construction: Construction) throws(ABIError) {
        let table = try copyTable(pointer, "session_store")
        let release = TableRelease(table.release, HostPointer(raw: table.context), construction)
        self.release = release
        get = try requireMethod(table.get_current_wallet_id, "session_store.get_current_wallet_id", release)
        set = try requireMethod(table.set_current_wallet_id, "session_store.set_current_wallet_id", release)
    }

    func getCurrentWalletId() -> WalletId? {
        guard case let .success(bytes)? = get.callSync(Array("{}".utf8)),
              let text = (try? JSONParser.parse(bytes))?.stringValue else { return nil }
        return try? WalletId(parsing: text)
    }

    func setCurrentWalletId(_ walletId: WalletId?) throws(GemServiceError) {
        let args = JSONWriter.bytes(.object([("wallet_id", walletId.map { .string($0.id) } ?? .null)]))
        guard let result = set.callSync(args) else {
            throw .port(message: "session_store.set_current_wallet_id did not answer before returning")
        }
        _ = try result.get()
    }
}
