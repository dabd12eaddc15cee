import Primitives

/// Recursive Length Prefix encoding, as the Ethereum Yellow Paper defines it (Appendix B): the serialization of
/// every EVM transaction. A writer appends items to one buffer; a list is its items' bytes behind a header that
/// `RLP.appendListHeader` writes once the payload length is known.
///
/// Byte strings: one byte below 0x80 is itself; up to 55 bytes get 0x80 + length; longer ones 0xB7 + the length of
/// the big-endian length, then the length. Lists: 0xC0 + length up to 55 bytes of payload, else 0xF7 + the length
/// of the length. Scalars are their minimal big-endian bytes (zero is the empty string, 0x80).
public enum RLP {
    /// Appends the RLP string of `bytes`.
    public static func appendBytes(_ bytes: some Collection<UInt8>, into out: inout [UInt8]) {
        let count = bytes.count
        if count == 1, let only = bytes.first, only < 0x80 {
            out.append(only)
            return
        }
        appendHeader(count, short: 0x80, long: 0xB7, into: &out)
        out.append(contentsOf: bytes)
    }

    /// Appends a scalar: its minimal big-endian bytes (0x80 for zero).
    public static func appendUInt(_ value: UInt64, into out: inout [UInt8]) {
        if value == 0 {
            out.append(0x80)
            return
        }
        if value < 0x80 {
            out.append(UInt8(truncatingIfNeeded: value))
            return
        }
        let length = (64 - value.leadingZeroBitCount + 7) / 8
        out.append(0x80 + UInt8(truncatingIfNeeded: length))
        appendBigEndian(value, length: length, into: &out)
    }

    /// Appends a big integer scalar: its minimal big-endian bytes (0x80 for zero).
    public static func appendUInt(_ value: BigUInt, into out: inout [UInt8]) {
        if let small = value.uint64 {
            appendUInt(small, into: &out)
            return
        }
        appendBytes(value.bigEndianBytes, into: &out)
    }

    /// Appends a list header for `payloadLength` bytes of already-encoded items.
    public static func appendListHeader(payloadLength: Int, into out: inout [UInt8]) {
        appendHeader(payloadLength, short: 0xC0, long: 0xF7, into: &out)
    }

    /// The length of the header `appendListHeader` writes (1 to 9 bytes).
    public static func listHeaderLength(payloadLength: Int) -> Int {
        payloadLength <= 55 ? 1 : 1 + (64 - UInt64(payloadLength).leadingZeroBitCount + 7) / 8
    }

    /// The RLP list of already-encoded `payload` items.
    public static func list(_ payload: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(listHeaderLength(payloadLength: payload.count) + payload.count)
        appendListHeader(payloadLength: payload.count, into: &out)
        out.append(contentsOf: payload)
        return out
    }

    private static func appendHeader(_ length: Int, short: UInt8, long: UInt8, into out: inout [UInt8]) {
        if length <= 55 {
            out.append(short + UInt8(truncatingIfNeeded: length))
            return
        }
        let value = UInt64(length)
        let lengthOfLength = (64 - value.leadingZeroBitCount + 7) / 8
        out.append(long + UInt8(truncatingIfNeeded: lengthOfLength))
        appendBigEndian(value, length: lengthOfLength, into: &out)
    }

    private static func appendBigEndian(_ value: UInt64, length: Int, into out: inout [UInt8]) {
        var shift = (length - 1) * 8
        while shift >= 0 {
            out.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }
}
