/// A record that writes its JSON straight into a byte buffer, without building a `JSON` tree
/// first: the encoding path of long lists (a page of 500 transaction rows within a 1 ms budget).
/// `JSONCodec.encode` prefers it over `JSONConvertible` and Codable; the bytes must equal the
/// record's Codable shape, which each record's golden test pins.
public protocol JSONWritable {
    func write(to out: inout JSONOutput)
}

/// Compact JSON appended to one growing byte array, in the shape `JSONWriter` prints a tree:
/// keys in the order written, no spaces, integral doubles without a fraction. Commas are placed
/// by looking at the last byte written, so a writer only says where values and keys go.
public struct JSONOutput {
    public private(set) var bytes: [UInt8]
    /// Set when a double that is not finite was written (as null); `JSONCodec` then refuses the record.
    public private(set) var wroteNonFinite = false

    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    @inline(__always)
    private mutating func separate() {
        if let last = bytes.last, last != UInt8(ascii: "{"), last != UInt8(ascii: "["), last != UInt8(ascii: ":") {
            bytes.append(UInt8(ascii: ","))
        }
    }

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
    }

    public mutating func endObject() { bytes.append(UInt8(ascii: "}")) }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
    }

    public mutating func endArray() { bytes.append(UInt8(ascii: "]")) }

    /// An object key; `name` is a snake_case literal, so it needs no escaping.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    public mutating func string(_ text: String) {
        separate()
        JSONWriter.writeString(text, into: &bytes)
    }

    /// A payload-less enum case or a literal text: written as a string without escaping.
    public mutating func literal(_ text: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
    }

    public mutating func bool(_ flag: Bool) {
        separate()
        bytes.append(contentsOf: flag ? Self.trueBytes : Self.falseBytes)
    }

    public mutating func null() {
        separate()
        bytes.append(contentsOf: Self.nullBytes)
    }

    public mutating func int(_ number: Int) { int(Int64(number)) }

    public mutating func int(_ number: Int64) {
        separate()
        appendDigits(number)
    }

    /// Shortest round-trip digits; integral values below 1e15 print as integers (as `JSONWriter`).
    public mutating func double(_ number: Double) {
        separate()
        guard number.isFinite else {
            wroteNonFinite = true
            bytes.append(contentsOf: Self.nullBytes)
            return
        }
        if number.rounded() == number, number.magnitude < 1e15 {
            appendDigits(Int64(number))
        } else {
            bytes.append(contentsOf: number.description.utf8)
        }
    }

    /// Bytes already known to be one complete JSON value (a cached encoding).
    public mutating func raw(_ value: [UInt8]) {
        separate()
        bytes.append(contentsOf: value)
    }

    public mutating func value(_ record: some JSONWritable) {
        record.write(to: &self)
    }

    private mutating func appendDigits(_ number: Int64) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        if magnitude < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        var digits = 0
        var rest = magnitude
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let end = bytes.count + digits
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        var at = end - 1
        while magnitude > 0 {
            bytes[at] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            at -= 1
        }
    }

    private static let trueBytes: [UInt8] = Array("true".utf8)
    private static let falseBytes: [UInt8] = Array("false".utf8)
    private static let nullBytes: [UInt8] = Array("null".utf8)
}

extension Array: JSONWritable where Element: JSONWritable {
    public func write(to out: inout JSONOutput) {
        out.beginArray()
        for element in self { element.write(to: &out) }
        out.endArray()
    }
}

extension Optional: JSONWritable where Wrapped: JSONWritable {
    public func write(to out: inout JSONOutput) {
        switch self {
        case let .some(value): value.write(to: &out)
        case .none: out.null()
        }
    }
}

extension JSON: JSONWritable {
    public func write(to out: inout JSONOutput) {
        out.raw(JSONWriter.bytes(self))
    }
}
