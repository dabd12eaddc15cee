/// BCS (Binary Canonical Serialization, the Diem/Move format Sui and Aptos sign): little-endian fixed-width
/// integers, ULEB128 lengths and enum variant indexes, length-prefixed byte vectors and UTF-8 strings, structs as
/// their fields in order (spec: github.com/diem/bcs README, "Detailed specifications").
public struct BCSWriter: Sendable {
    public private(set) var bytes: [UInt8]

    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// ULEB128: 7 bits a byte, low first, high bit set while more follow (lengths and variant indexes; BCS
    /// bounds them to u32).
    public mutating func uleb128(_ value: UInt32) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: rest))
    }

    /// A sequence length (a count that can only come from an array in memory, so it fits u32).
    public mutating func length(_ count: Int) {
        uleb128(UInt32(truncatingIfNeeded: count))
    }

    /// An enum's variant index.
    public mutating func variant(_ index: UInt32) { uleb128(index) }

    public mutating func u8(_ value: UInt8) { bytes.append(value) }
    public mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }
    public mutating func u16(_ value: UInt16) { little(value) }
    public mutating func u32(_ value: UInt32) { little(value) }
    public mutating func u64(_ value: UInt64) { little(value) }

    /// Bytes written as they are (a fixed-size array: an address, a key).
    public mutating func fixed(_ value: [UInt8]) { bytes += value }

    /// `vector<u8>`: the length, then the bytes.
    public mutating func vector(_ value: [UInt8]) {
        length(value.count)
        bytes += value
    }

    /// A string: its UTF-8 bytes as `vector<u8>`.
    public mutating func string(_ value: String) { vector(Array(value.utf8)) }

    /// `Option<T>`: 0 for none, 1 then the value.
    public mutating func option<T>(_ value: T?, _ write: (inout BCSWriter, T) -> Void) {
        if let value {
            bytes.append(1)
            write(&self, value)
        } else {
            bytes.append(0)
        }
    }

    private mutating func little<T: FixedWidthInteger & UnsignedInteger>(_ value: T) {
        for shift in stride(from: 0, to: T.bitWidth, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }
}
