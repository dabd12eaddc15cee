/// Serializes a JSON value to compact UTF-8 (no spaces), keys in their stored order.
public enum JSONWriter {
    public static func bytes(_ value: JSON) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, into: &out)
        return out
    }

    public static func string(_ value: JSON) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    public static func write(_ value: JSON, into out: inout [UInt8]) {
        switch value {
        case .null:
            out.append(contentsOf: "null".utf8)
        case let .bool(flag):
            out.append(contentsOf: (flag ? "true" : "false").utf8)
        case let .int(number):
            out.append(contentsOf: String(number).utf8)
        case let .double(number):
            writeDouble(number, into: &out)
        case let .string(text):
            writeString(text, into: &out)
        case let .array(elements):
            out.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                write(element, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case let .object(members):
            out.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                writeString(member.0, into: &out)
                out.append(UInt8(ascii: ":"))
                write(member.1, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Shortest round-trip form; integral values print without a fraction. Non-finite values
    /// cannot be JSON and are written as null (the encoder rejects them before this point).
    private static func writeDouble(_ number: Double, into out: inout [UInt8]) {
        guard number.isFinite else {
            out.append(contentsOf: "null".utf8)
            return
        }
        if number.rounded() == number, abs(number) < 1e15 {
            out.append(contentsOf: String(Int64(number)).utf8)
        } else {
            out.append(contentsOf: number.description.utf8)
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private static func needsEscaping(_ bytes: Span<UInt8>) -> Bool {
        for index in bytes.indices {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C { return true }
        }
        return false
    }

    static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let utf8 = text.utf8
        // Most strings need no escaping: copy them in one go.
        if !needsEscaping(utf8.span) {
            out.append(contentsOf: utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        writeEscaped(utf8, into: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// The bytes of a string with JSON's escapes, without quotes.
    static func writeEscaped(_ utf8: String.UTF8View, into out: inout [UInt8]) {
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x00..<0x20:
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            default: out.append(byte)
            }
        }
    }
}
