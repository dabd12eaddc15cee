// Secret bytes: private keys, seeds, entropy, passwords. The bytes live in one heap block owned by this object,
// are zeroed with sodium_memzero when the last reference goes away, and never appear in `print`, string
// interpolation, `debugPrint` or `dump`.
import CSodium

/// Immutable secret bytes that wipe themselves.
///
/// `Sendable` although it stores a raw pointer (hence `@unchecked`): the block is written only in `init`, before the
/// object is shared, and read-only afterwards; `deinit` wipes it when no other reference can exist. No API hands out
/// a mutable view or lets the pointer escape.
///
/// Reading the bytes: GemCrypto reads them in place; `revealBytes()` copies them into an ordinary array for an
/// explicit export (that copy is not wiped; the caller owns it).
public final class Secret: @unchecked Sendable {
    /// Owned by this object: allocated in `init` (at least one byte, so it is never null), wiped and freed in
    /// `deinit`. Initialized as `UInt8` memory.
    private let base: UnsafeMutableRawPointer
    /// Size of the allocation (`max(count, 1)`).
    private let allocated: Int
    /// Number of secret bytes.
    public let count: Int

    /// Copies `bytes` into wiped storage. The caller's array is left as it is; prefer `init(wiping:)` when the
    /// caller's copy is no longer needed.
    public convenience init(_ bytes: [UInt8]) {
        self.init(count: bytes.count) { (buffer: UnsafeMutableRawBufferPointer) in
            bytes.withUnsafeBytes { source in
                // `source` is the caller's array, borrowed for the copy into `buffer` (this object's storage).
                buffer.copyMemory(from: source)
            }
        }
    }

    /// Moves `bytes` into wiped storage and zeroes the caller's array (which must not share its storage with
    /// another array, or copy-on-write leaves the shared copy untouched).
    public convenience init(wiping bytes: inout [UInt8]) {
        self.init(bytes)
        Sodium.wipe(&bytes)
    }

    /// Builds a secret by letting `fill` write `count` bytes into fresh zeroed storage (lent for the call), so that
    /// C libraries write key material straight into memory that will be wiped. If `fill` throws, the storage is
    /// wiped and freed before the error propagates.
    init<E: Error>(count: Int, fill: (UnsafeMutableRawBufferPointer) throws(E) -> Void) throws(E) {
        let allocated = max(count, 1)
        let base = UnsafeMutableRawPointer.allocate(byteCount: allocated, alignment: 16)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: allocated)
        do {
            try fill(UnsafeMutableRawBufferPointer(start: base, count: count))
        } catch {
            sodium_memzero(base, allocated)
            base.deallocate()
            throw error
        }
        self.base = base
        self.allocated = allocated
        self.count = count
    }

    deinit {
        // Last reference gone: zero, then free the block this object allocated.
        sodium_memzero(base, allocated)
        base.deallocate()
    }

    /// Lends the bytes for the duration of `body`. The pointer must not escape `body`.
    func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Lends a non-null pointer to the bytes (at least one byte is allocated) for the duration of `body`, for C
    /// functions whose parameters are declared non-null. The pointer must not escape `body`.
    func withBytePointer<R, E: Error>(_ body: (UnsafePointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(UnsafePointer(base.assumingMemoryBound(to: UInt8.self)))
    }

    /// Lends the bytes as a bounds-checked, non-escaping span for the duration of `body`.
    public func withSpan<R, E: Error>(_ body: (Span<UInt8>) throws(E) -> R) throws(E) -> R {
        try withUnsafeBytes { (raw) throws(E) -> R in
            // `raw` is this object's storage, alive for the whole call; the span cannot outlive `body`.
            let span = Span<UInt8>(_unsafeBytes: raw)
            return try body(span)
        }
    }

    /// A plain copy of the secret bytes, for an explicit export (e.g. showing a private key after a password check).
    /// The returned array is not wiped automatically.
    public func revealBytes() -> [UInt8] {
        withUnsafeBytes { Array($0) }
    }

    /// Internal copy for code that must hand bytes to a Swift algorithm; the caller wipes it.
    func copyBytes() -> [UInt8] {
        withUnsafeBytes { Array($0) }
    }
}

extension Secret: Equatable {
    /// Constant-time comparison (sodium_memcmp); lengths are not secret.
    public static func == (lhs: Secret, rhs: Secret) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.count == 0 { return true }
        return lhs.withBytePointer { a in
            rhs.withBytePointer { b in
                // Both blocks are owned by their Secret objects, alive for this call.
                sodium_memcmp(a, b, lhs.count) == 0
            }
        }
    }
}

extension Secret: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Always redacted: only the length is shown.
    public var description: String { "Secret(\(count) bytes, redacted)" }
    /// Always redacted: only the length is shown.
    public var debugDescription: String { description }
    /// No children, so `dump` and reflection show nothing of the bytes.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .class) }
}
