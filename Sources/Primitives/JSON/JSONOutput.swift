/// A record that writes its JSON straight into a byte buffer, without building a `JSON` tree
/// first: the encoding path of long lists (a page of 500 transaction rows within a 1 ms budget).
/// `JSONCodec.encode` prefers it over `JSONConvertible` and Codable; the bytes must equal the
/// record's Codable shape, which each record's golden test pins.
public protocol JSONWritable {
    func write(to out: inout JSONOutput)
    /// About how many bytes the record writes, so the output is allocated once at its size
    /// (a long list would otherwise grow through a chain of copies, each a large allocation).
    var jsonSizeEstimate: Int { get }
}

extension JSONWritable {
    public var jsonSizeEstimate: Int { 256 }
}

/// Where a `JSONOutput` writes when it does not keep its bytes itself: the C ABI writes an
/// answer straight into the buffer it hands the host, so a long list is neither held twice nor
/// copied. A sink appends exactly what it is given.
public protocol JSONByteSink: AnyObject {
    func append(_ byte: UInt8)
    /// A literal's bytes.
    func append(_ text: StaticString)
    /// Bytes as they are (a string's UTF-8, which the output escaped already where needed).
    func append(_ bytes: Span<UInt8>)
    func append(contentsOf bytes: [UInt8])
    /// The decimal digits of `integer`, with a minus sign when it is negative.
    func append(integer: Int64)
    /// The shortest digits that read back as `value`, a finite double: what `value.description`
    /// spells.
    func append(shortest value: Double)
    /// The last byte appended, if any.
    var lastByte: UInt8? { get }
}

/// Compact JSON appended to one growing byte array (or a `JSONByteSink`), in the shape
/// `JSONWriter` prints a tree: keys in the order written, no spaces, integral doubles without a
/// fraction. Commas are placed by looking at the last byte written, so a writer only says where
/// values and keys go.
public struct JSONOutput {
    /// The bytes written, when the output keeps them (empty when it writes to a sink).
    public private(set) var bytes: [UInt8]
    private let sink: (any JSONByteSink)?
    /// Whether `sink` is set. The `put` calls below test this and reach the sink by optional
    /// chaining, which borrows it (binding it with `if let` would retain and release it once for
    /// every fragment).
    private let writesToSink: Bool
    /// Set when a double that is not finite was written (as null); `JSONCodec` then refuses the record.
    public private(set) var wroteNonFinite = false

    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
        sink = nil
        writesToSink = false
    }

    /// An output that appends to `sink` instead of keeping its bytes.
    public init(sink: any JSONByteSink) {
        bytes = []
        self.sink = sink
        writesToSink = true
    }

    // MARK: Bytes (to the array or the sink)

    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        if writesToSink { sink?.append(byte) } else { bytes.append(byte) }
    }

    @inline(__always)
    private mutating func put(_ text: StaticString) {
        if writesToSink { sink?.append(text) } else { text.withUTF8Buffer { bytes.append(contentsOf: $0) } }
    }

    @inline(__always)
    private mutating func put(utf8 text: String) {
        if writesToSink {
            sink?.append(text.utf8Span.span)  // borrowed: no retain of the string
        } else {
            let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
            if copied == nil { bytes.append(contentsOf: text.utf8) }
        }
    }

    @inline(__always)
    private mutating func put(_ value: [UInt8]) {
        if writesToSink { sink?.append(contentsOf: value) } else { bytes.append(contentsOf: value) }
    }

    private var lastByte: UInt8? {
        writesToSink ? sink?.lastByte : bytes.last
    }

    // MARK: Values

    @inline(__always)
    private mutating func separate() {
        if let last = lastByte, last != UInt8(ascii: "{"), last != UInt8(ascii: "["), last != UInt8(ascii: ":") {
            put(UInt8(ascii: ","))
        }
    }

    public mutating func beginObject() {
        separate()
        put(UInt8(ascii: "{"))
    }

    public mutating func endObject() { put(UInt8(ascii: "}")) }

    public mutating func beginArray() {
        separate()
        put(UInt8(ascii: "["))
    }

    public mutating func endArray() { put(UInt8(ascii: "]")) }

    /// The separator a value needs here (a comma after an earlier element or member), for a
    /// writer that then writes its value as fragments.
    public mutating func beginValue() {
        separate()
    }

    /// An object key; `name` is a snake_case literal, so it needs no escaping.
    public mutating func key(_ name: StaticString) {
        separate()
        put(UInt8(ascii: "\""))
        put(name)
        put(UInt8(ascii: "\""))
        put(UInt8(ascii: ":"))
    }

    public mutating func string(_ text: String) {
        separate()
        put(UInt8(ascii: "\""))
        stringContent(text)
        put(UInt8(ascii: "\""))
    }

    /// A payload-less enum case or a literal text: written as a string without escaping.
    public mutating func literal(_ text: StaticString) {
        separate()
        put(UInt8(ascii: "\""))
        put(text)
        put(UInt8(ascii: "\""))
    }

    public mutating func bool(_ flag: Bool) {
        separate()
        put(flag ? "true" : "false")
    }

    public mutating func null() {
        separate()
        put("null")
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
        put(value)
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
        put(text)
    }

    /// The characters of a string, escaped, without the quotes around them (the fragments
    /// before and after supply those).
    public mutating func stringContent(_ text: String) {
        let utf8 = text.utf8Span.span  // borrowed: no retain of the string
        if JSONScanner.plainRun(utf8, from: 0) == utf8.count {
            // Nothing to escape (the usual case): the bytes in one copy.
            if writesToSink { sink?.append(utf8) } else { put(utf8: text) }
        } else {
            var escaped: [UInt8] = []
            JSONWriter.writeEscaped(text.utf8, into: &escaped)
            put(escaped)
        }
    }

    /// A number (the form `double(_:)` writes) with no separator before it.
    public mutating func number(_ number: Double) {
        guard number.isFinite else {
            wroteNonFinite = true
            put("null")
            return
        }
        if number.rounded() == number, number.magnitude < 1e15 {
            appendDigits(Int64(number))
        } else if writesToSink {
            sink?.append(shortest: number)
        } else {
            put(utf8: number.description)
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
        if writesToSink {
            sink?.append(integer: number)
            return
        }
        if number < 0 { put(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        if magnitude < 10 {
            put(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        var divisor: UInt64 = 1
        while divisor <= magnitude / 10 { divisor *= 10 }
        while divisor > 0 {
            put(UInt8(ascii: "0") + UInt8(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        }
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    public var jsonSizeEstimate: Int { 2 + count * ((first?.jsonSizeEstimate ?? 0) + 1) }

    public func write(to out: inout JSONOutput) {
        out.beginArray()
        for index in indices { self[index].write(to: &out) }  // borrowed, not copied
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
