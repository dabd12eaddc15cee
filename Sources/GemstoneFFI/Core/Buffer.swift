import CGemstone
#if canImport(Glibc)
import Glibc
#endif

// Ownership: a gem_buffer's bytes are allocated here with malloc (len + 1, NUL-terminated) and
// handed to the caller, who owns them until gem_buffer_free wipes and frees them.

@c @implementation
public func gem_buffer_free(_ buffer: UnsafeMutablePointer<gem_buffer>?) {
    guard let buffer, let data = buffer.pointee.data else { return }
    wipe(data, count: buffer.pointee.len)
    free(data)
    buffer.pointee.data = nil
    buffer.pointee.len = 0
}

/// Zeroes `count` bytes with glibc's explicit_bzero, which the optimizer may not drop.
func wipe(_ data: UnsafeMutablePointer<UInt8>, count: Int) {
    explicit_bzero(data, count)
}

extension UnsafeMutablePointer where Pointee == gem_buffer {
    /// Fills the caller's buffer with a malloc'ed copy of `bytes` plus a trailing NUL.
    /// The caller owns the copy (gem_buffer_free).
    func fill(_ bytes: some Collection<UInt8>) {
        let count = bytes.count
        guard let raw = malloc(count + 1) else {
            pointee.data = nil
            pointee.len = 0
            return
        }
        let data = raw.bindMemory(to: UInt8.self, capacity: count + 1)
        // Contiguous bytes (every answer) are copied in one memcpy; other collections byte by byte.
        let copied: Void? = bytes.withContiguousStorageIfAvailable { source in
            if let base = source.baseAddress { memcpy(data, base, count) }
        }
        if copied == nil {
            var offset = 0
            for byte in bytes {
                data[offset] = byte
                offset += 1
            }
        }
        data[count] = 0
        pointee.data = data
        pointee.len = count
    }
}
