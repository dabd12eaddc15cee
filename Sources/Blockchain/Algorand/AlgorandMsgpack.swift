/// The canonical MessagePack Algorand signs (go-algorand `protocol/codec`, "canonical msgpack"): maps with keys
/// sorted, fields with zero or empty values left out, every integer and length in its shortest form, strings as
/// str, byte arrays as bin (MessagePack specification, "formats").
enum AlgorandMsgpack {
    indirect enum Value {
        case uint(UInt64)
        case string(String)
        case bytes([UInt8])
        /// Keys in any order; written sorted. Callers leave zero/empty fields out.
        case map([(String, Value)])
    }

    static func encode(_ value: Value) -> [UInt8] {
        var out: [UInt8] = []
        write(value, into: &out)
        return out
    }

    static func write(_ value: Value, into out: inout [UInt8]) {
        switch value {
        case .uint(let number):
            switch number {
            case 0..<0x80: out.append(UInt8(number))
            case 0x80...0xFF: out += [0xCC, UInt8(number)]
            case 0x100...0xFFFF: out.append(0xCD); bigEndian(number, bytes: 2, into: &out)
            case 0x1_0000...0xFFFF_FFFF: out.append(0xCE); bigEndian(number, bytes: 4, into: &out)
            default: out.append(0xCF); bigEndian(number, bytes: 8, into: &out)
            }
        case .string(let text):
            let utf8 = Array(text.utf8)
            let count = UInt64(utf8.count)
            if count < 32 {
                out.append(0xA0 | UInt8(count))
            } else {
                sized(count, formats: (0xD9, 0xDA, 0xDB), into: &out)
            }
            out += utf8
        case .bytes(let bytes):
            sized(UInt64(bytes.count), formats: (0xC4, 0xC5, 0xC6), into: &out)
            out += bytes
        case .map(let members):
            let count = UInt64(members.count)
            if count < 16 {
                out.append(0x80 | UInt8(count))
            } else if count <= 0xFFFF {
                out.append(0xDE)
                bigEndian(count, bytes: 2, into: &out)
            } else {
                out.append(0xDF)
                bigEndian(count, bytes: 4, into: &out)
            }
            for (key, member) in members.sorted(by: { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }) {
                write(.string(key), into: &out)
                write(member, into: &out)
            }
        }
    }

    /// A length with an 8-, 16- or 32-bit header (str 8/16/32, bin 8/16/32).
    private static func sized(_ count: UInt64, formats: (UInt8, UInt8, UInt8), into out: inout [UInt8]) {
        if count <= 0xFF {
            out += [formats.0, UInt8(count)]
        } else if count <= 0xFFFF {
            out.append(formats.1)
            bigEndian(count, bytes: 2, into: &out)
        } else {
            out.append(formats.2)
            bigEndian(count, bytes: 4, into: &out)
        }
    }

    private static func bigEndian(_ value: UInt64, bytes: Int, into out: inout [UInt8]) {
        for index in stride(from: bytes - 1, through: 0, by: -1) { out.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }
}
