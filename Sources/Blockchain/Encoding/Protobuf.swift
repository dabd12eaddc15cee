/// A Protocol Buffers (proto3) wire-format writer: the encoding of Cosmos SDK transactions (TxBody, AuthInfo,
/// SignDoc, TxRaw) and of Tron's `Transaction.raw`.
///
/// Wire format from https://protobuf.dev/programming-guides/encoding/: a field is its key
/// `(field_number << 3) | wire_type` as a base-128 varint, then a varint (wire type 0) or a varint length and
/// that many bytes (wire type 2: strings, bytes, embedded messages). Proto3 does not write a scalar field that
/// holds its default (0, empty string, empty bytes), so those are skipped here as every proto3 serializer skips
/// them; the signed bytes of both chains are compared byte for byte with what their nodes re-derive.
/// Embedded messages are always written, even when empty (a set sub-message is present on the wire).
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    init() {}

    /// A varint field (uint64, int64 holding a non-negative value, enum, bool); skipped when zero.
    mutating func varint(_ field: UInt32, _ value: UInt64) {
        guard value != 0 else { return }
        key(field, wireType: 0)
        Self.appendVarint(value, to: &bytes)
    }

    /// A length-delimited bytes field; skipped when empty.
    mutating func bytes(_ field: UInt32, _ value: [UInt8]) {
        guard !value.isEmpty else { return }
        lengthDelimited(field, value)
    }

    /// A string field (UTF-8); skipped when empty.
    mutating func string(_ field: UInt32, _ value: String) {
        bytes(field, Array(value.utf8))
    }

    /// An embedded message field: written even when the message encodes to no bytes.
    mutating func message(_ field: UInt32, _ value: [UInt8]) {
        lengthDelimited(field, value)
    }

    /// An embedded message field built by `build`.
    mutating func message(_ field: UInt32, _ build: (inout ProtobufWriter) -> Void) {
        var inner = ProtobufWriter()
        build(&inner)
        message(field, inner.bytes)
    }

    private mutating func lengthDelimited(_ field: UInt32, _ value: [UInt8]) {
        key(field, wireType: 2)
        Self.appendVarint(UInt64(value.count), to: &bytes)
        bytes.append(contentsOf: value)
    }

    private mutating func key(_ field: UInt32, wireType: UInt64) {
        Self.appendVarint(UInt64(field) << 3 | wireType, to: &bytes)
    }

    static func appendVarint(_ value: UInt64, to out: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        out.append(UInt8(rest))
    }

    /// Builds one message.
    static func encode(_ build: (inout ProtobufWriter) -> Void) -> [UInt8] {
        var writer = ProtobufWriter()
        build(&writer)
        return writer.bytes
    }
}
