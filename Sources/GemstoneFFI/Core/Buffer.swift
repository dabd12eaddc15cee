import CGemstone
import Gemstone
import Primitives
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

/// A JSON answer written straight into the bytes a gem_buffer hands the host: no Swift array
/// holds the answer first, so a long list (a page of rows, ~360 KB) is neither copied nor held
/// twice.
///
/// Ownership: `data` is malloc'ed here with room for a trailing NUL and belongs to the sink until
/// `deliver(_:)` hands it to the host, who then owns it until gem_buffer_free. Growing copies the
/// bytes to a larger block and wipes and frees the old one; a sink that is never delivered wipes
/// and frees its block when it is dropped. If an allocation fails the sink stops writing and
/// `failed` is set; `deliver` then hands over nothing.
final class BufferSink: JSONByteSink {
    private var data: UnsafeMutablePointer<UInt8>?
    private var count = 0
    private var capacity = 0
    private(set) var failed = false

    init(capacity: Int) {
        reserve(max(capacity, 64))
    }

    deinit {
        if let data {
            wipe(data, count: count)
            free(data)
        }
    }

    /// Makes room for `extra` more bytes (and the NUL); false when memory ran out.
    @inline(__always)
    private func ensure(_ extra: Int) -> Bool {
        if count + extra < capacity { return true }
        return reserve(max(capacity * 2, count + extra + 1))
    }

    @discardableResult
    private func reserve(_ size: Int) -> Bool {
        guard !failed, let grown = malloc(size)?.bindMemory(to: UInt8.self, capacity: size) else {
            failed = true
            return false
        }
        if let data {
            memcpy(grown, data, count)
            wipe(data, count: count)
            free(data)
        }
        data = grown
        capacity = size
        return true
    }

    func append(_ byte: UInt8) {
        guard ensure(1), let data else { return }
        data[count] = byte
        count += 1
    }

    func append(_ text: StaticString) {
        text.withUTF8Buffer { source in
            guard ensure(source.count), let data, let base = source.baseAddress else { return }
            memcpy(data + count, base, source.count)
            count += source.count
        }
    }

    func append(_ bytes: Span<UInt8>) {
        bytes.withUnsafeBufferPointer { source in
            guard ensure(source.count), let data, let base = source.baseAddress else { return }
            memcpy(data + count, base, source.count)
            count += source.count
        }
    }

    func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { source in
            guard ensure(source.count), let data, let base = source.baseAddress else { return }
            memcpy(data + count, base, source.count)
            count += source.count
        }
    }

    func append(integer: Int64) {
        guard ensure(20), let data else { return }  // at most a sign and 19 digits
        var magnitude = integer.magnitude
        var digits = 1
        while digits < 20, magnitude >= Self.powersOfTen[digits] { digits += 1 }
        var at = count + digits + (integer < 0 ? 1 : 0)
        if integer < 0 { data[count] = UInt8(ascii: "-") }
        count = at
        repeat {
            at -= 1
            data[at] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
    }

    /// 10^0 ... 10^19, the bounds of each count of decimal digits in a UInt64.
    private static let powersOfTen: [UInt64] = (0...19).map { exponent in (0..<exponent).reduce(1) { power, _ in power * 10 } }

    func append(shortest value: Double) {
        // Double's TextOutputStreamable form hands its digits (the same as `description`) to
        // `_writeASCII` from a buffer on the stack: no string is built.
        var stream = DigitsStream(sink: self)
        value.write(to: &stream)
    }

    var lastByte: UInt8? {
        guard count > 0, let data else { return nil }
        return data[count - 1]
    }

    /// Finishes an answer written through `output` (which wrote to this sink): hands the bytes
    /// (NUL-terminated) to the host's buffer and answers GEM_OK, or the error record of an answer
    /// JSON cannot hold (a number that is not finite) or that ran out of memory. With no buffer
    /// (a NULL `out`) the bytes stay with the sink and are freed with it.
    func deliver(_ output: JSONOutput, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
        if output.wroteNonFinite {
            return Outcome(JSONCodecError(path: "", reason: "not a finite number, which JSON cannot hold")).deliver(out)
        }
        guard !failed, let data else {
            return Outcome(GemServiceError.internal(message: "out of memory writing the answer")).deliver(out)
        }
        guard let out else { return GEM_OK }
        data[count] = 0
        out.pointee.data = data
        out.pointee.len = count
        self.data = nil
        count = 0
        capacity = 0
        return GEM_OK
    }
}

/// The text stream a double writes its digits through into a `BufferSink`.
private struct DigitsStream: TextOutputStream {
    let sink: BufferSink

    mutating func write(_ string: String) {
        var string = string
        string.makeContiguousUTF8()
        sink.append(string.utf8Span.span)
    }

    /// Double.write(to:) calls this with its digits (ASCII); the bytes are borrowed for the call.
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        sink.append(Span(_unsafeElements: buffer))
    }
}
