import CGemstone
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Copies a host's callback table. The host's `struct_size` (its first field) says how many
/// bytes it wrote; the core copies at most its own layout, zero-fills the rest, and rejects a
/// table smaller than `minimumSize` (the size of the table's first published version).
///
/// Ownership: `pointer` is borrowed for this call only; the returned value is the core's copy.
func copyTable<T>(_ pointer: UnsafePointer<T>?, _ name: String, minimumSize: Int = MemoryLayout<T>.size) throws(ABIError) -> T {
    guard let pointer else { throw ABIError.null(name) }
    let hostSize = Int(UnsafeRawPointer(pointer).load(as: UInt32.self))
    guard hostSize >= minimumSize else {
        throw ABIError(message: "\(name).struct_size is \(hostSize), expected at least \(minimumSize)")
    }
    let copy = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
    defer { copy.deallocate() }
    memset(copy, 0, MemoryLayout<T>.size)
    memcpy(copy, UnsafeRawPointer(pointer), min(hostSize, MemoryLayout<T>.size))
    return copy.load(as: T.self)
}

/// Reads a required method of a copied table. The method holds the table's release, so the
/// host's `release(context)` cannot run while a call to the method is queued or running.
func requireMethod(_ function: gem_port_fn?, _ name: String, _ table: TableRelease) throws(ABIError) -> PortMethod {
    guard let function else { throw ABIError(message: "\(name) is NULL") }
    return PortMethod(function: function, table: table)
}

/// Calls the host's `release(context)` once, when the last adapter holding the table goes away,
/// provided the constructor that copied the table succeeded (`Construction.commit`): a table
/// of a failed constructor still belongs to the host.
final class TableRelease: Sendable {
    private let release: gem_release_fn?
    let context: HostPointer
    private let armed = Atomic<Bool>(false)

    init(_ release: gem_release_fn?, _ context: HostPointer, _ construction: Construction) {
        self.release = release
        self.context = context
        construction.add(self)
    }

    fileprivate func arm() {
        armed.store(true, ordering: .releasing)
    }

    deinit {
        if armed.load(ordering: .acquiring) { release?(context.raw) }
    }
}

/// The tables one constructor copies; committed once the service exists.
final class Construction: Sendable {
    private let releases = Mutex<[TableRelease]>([])

    func add(_ release: TableRelease) {
        releases.withLock { $0.append(release) }
    }

    func commit() {
        for release in releases.withLock({ $0 }) { release.arm() }
    }
}
