/// The CBOR (RFC 8949) items a Cardano transaction is made of, in the shortest ("preferred") serialization the
/// ledger and every SDK write: unsigned integers, byte strings, definite-length arrays and maps, true, null.
/// Items are appended to a byte buffer in order; an array or map head is followed by its elements.
struct CBORWriter {
    private(set) var bytes: [UInt8] = []

    /// A head: major type (3 bits) and its argument, inline below 24, else in 1, 2, 4 or 8 big-endian bytes.
    mutating func head(_ major: UInt8, _ argument: UInt64) {
        let type = major << 5
        switch argument {
        case ..<24: bytes.append(type | UInt8(argument))
        case ..<0x100: bytes += [type | 24, UInt8(argument)]
        case ..<0x1_0000: bytes.append(type | 25); append(argument, width: 2)
        case ..<0x1_0000_0000: bytes.append(type | 26); append(argument, width: 4)
        default: bytes.append(type | 27); append(argument, width: 8)
        }
    }

    private mutating func append(_ value: UInt64, width: Int) {
        for shift in stride(from: (width - 1) * 8, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    mutating func unsigned(_ value: UInt64) { head(0, value) }

    mutating func byteString(_ value: [UInt8]) {
        head(2, UInt64(value.count))
        bytes += value
    }

    mutating func array(count: Int) { head(4, UInt64(count)) }

    mutating func map(count: Int) { head(5, UInt64(count)) }

    mutating func bool(_ value: Bool) { bytes.append(value ? 0xf5 : 0xf4) }

    mutating func null() { bytes.append(0xf6) }

    /// Already-encoded items, appended as they are.
    mutating func raw(_ encoded: [UInt8]) { bytes += encoded }
}
