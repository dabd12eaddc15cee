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

    /// The separator a value needs here (a comma after an earlier element or member), for a
    /// writer that then writes its value as fragments.
    public mutating func beginValue() {
        separate()
    }

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
        bytes.append(UInt8(ascii: "\""))
        stringContent(text)
        bytes.append(UInt8(ascii: "\""))
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
        self.number(number)
    }

    /// Bytes already known to be one complete JSON value (a cached encoding).
    public mutating func raw(_ value: [UInt8]) {
        separate()
        bytes.append(contentsOf: value)
    }

    public mutating func value(_ record: some JSONWritable) {
        record.write(to: &self)
    }

    // MARK: Fragments (the long-list path)
    //
    // A writer of a long list spells its punctuation, keys and quotes as fragments, so that one
    // append replaces a key(), a separator and the quotes around the string that follows. The
    // calls below write exactly what they are given, with no separator.

    /// JSON text the writer vouches for (punctuation, quoted keys, literal values), as is.
    public mutating func fragment(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// The characters of a string, escaped, without the quotes around them (the fragments
    /// before and after supply those).
    public mutating func stringContent(_ text: String) {
        let utf8 = text.utf8
        if JSONScanner.plainRun(utf8.span, from: 0).stop == utf8.count {
            // Nothing to escape (the usual case): the bytes in one copy.
            let copied: Void? = utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
            if copied == nil { bytes.append(contentsOf: utf8) }
        } else {
            JSONWriter.writeEscaped(utf8, into: &bytes)
        }
    }

    /// A number (the form `double(_:)` writes) with no separator before it.
    public mutating func number(_ number: Double) {
        guard number.isFinite else {
            wroteNonFinite = true
            bytes.append(contentsOf: Self.nullBytes)
            return
        }
        if number.rounded() == number, number.magnitude < 1e15 {
            appendDigits(Int64(number))
        } else {
            let text = number.description
            let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
            if copied == nil { bytes.append(contentsOf: text.utf8) }
        }
    }

    /// An integer with no separator before it.
    public mutating func integer(_ number: Int) {
        appendDigits(Int64(number))
    }

    /// An integer with no separator before it.
    public mutating func integer(_ number: Int64) {
        appendDigits(number)
    }

    private mutating func appendDigits(_ number: Int64) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        if magnitude < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        // The digits from the lowest, packed eight to a word, then appended from the highest.
        var digits = 0
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        while magnitude > 0 {
            let digit = UInt64(UInt8(ascii: "0")) + magnitude % 10
            magnitude /= 10
            let shift = UInt64(8 * (digits % 8))
            switch digits / 8 {
            case 0: words.0 |= digit << shift
            case 1: words.1 |= digit << shift
            default: words.2 |= digit << shift
            }
            digits += 1
        }
        bytes.append(addingCapacity: digits) { out in
            var at = digits - 1
            while at >= 0 {
                let word = at < 8 ? words.0 : at < 16 ? words.1 : words.2
                out.append(UInt8(truncatingIfNeeded: word >> UInt64(8 * (at % 8))))
                at -= 1
            }
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
