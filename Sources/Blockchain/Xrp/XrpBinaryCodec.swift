import GemCrypto
import Primitives

/// The XRPL binary format of the fields a Payment uses (rippled include/xrpl/protocol/detail/sfields.macro,
/// https://xrpl.org/docs/references/protocol/binary-format): each field is its id (type code, field code) then
/// its value; fields are written sorted by (type code, field code), the canonical order signatures cover.
struct XrpFields {
    enum TypeCode: UInt8 {
        case uint16 = 1, uint32 = 2, amount = 6, blob = 7, account = 8, object = 14, array = 15
    }

    private var fields: [(type: UInt8, field: UInt8, bytes: [UInt8])] = []

    mutating func uint16(_ field: UInt8, _ value: UInt16) {
        add(.uint16, field, [UInt8(value >> 8), UInt8(truncatingIfNeeded: value)])
    }

    mutating func uint32(_ field: UInt8, _ value: UInt32) {
        add(.uint32, field, (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) })
    }

    mutating func amount(_ field: UInt8, _ encoded: [UInt8]) { add(.amount, field, encoded) }

    mutating func blob(_ field: UInt8, _ value: [UInt8]) { add(.blob, field, Self.lengthPrefix(value.count) + value) }

    mutating func account(_ field: UInt8, _ accountId: [UInt8]) { add(.account, field, Self.lengthPrefix(20) + accountId) }

    /// An STArray of STObjects, each given as its inner fields (the object and array end markers are added).
    mutating func array(_ field: UInt8, objectField: UInt8, _ objects: [XrpFields]) {
        add(.array, field, Self.arrayContents(objectField: objectField, objects) + [0xF1])
    }

    private mutating func add(_ type: TypeCode, _ field: UInt8, _ bytes: [UInt8]) {
        fields.append((type.rawValue, field, bytes))
    }

    /// The serialized fields in canonical order.
    var bytes: [UInt8] {
        var out: [UInt8] = []
        for entry in fields.sorted(by: { ($0.type, $0.field) < ($1.type, $1.field) }) {
            out += Self.fieldId(type: entry.type, field: entry.field) + entry.bytes
        }
        return out
    }

    /// The objects of an array without its end marker: what rippled measures for the 1 KB memo limit.
    static func arrayContents(objectField: UInt8, _ objects: [XrpFields]) -> [UInt8] {
        objects.flatMap { fieldId(type: TypeCode.object.rawValue, field: objectField) + $0.bytes + [0xE1] }
    }

    static func fieldId(type: UInt8, field: UInt8) -> [UInt8] {
        switch (type < 16, field < 16) {
        case (true, true): [type << 4 | field]
        case (true, false): [type << 4, field]
        case (false, true): [field, type]
        case (false, false): [0, type, field]
        }
    }

    /// Variable-length prefix (binary-format "Length Prefixing"): 1 byte up to 192, 2 up to 12,480, else 3.
    static func lengthPrefix(_ count: Int) -> [UInt8] {
        if count <= 192 { return [UInt8(count)] }
        if count <= 12_480 {
            let rest = count - 193
            return [UInt8(193 + (rest >> 8)), UInt8(truncatingIfNeeded: rest)]
        }
        let rest = count - 12_481
        return [UInt8(241 + (rest >> 16)), UInt8(truncatingIfNeeded: rest >> 8), UInt8(truncatingIfNeeded: rest)]
    }
}

/// An XRPL issued-currency value: mantissa × 10^exponent, normalized as rippled's STAmount keeps it
/// (10^15 ≤ mantissa < 10^16, -96 ≤ exponent ≤ 80; https://xrpl.org/docs/references/protocol/binary-format#token-amount-format).
struct XrpIouValue: Equatable {
    static let minMantissa: UInt64 = 1_000_000_000_000_000
    static let maxMantissa: UInt64 = 9_999_999_999_999_999
    static let minExponent = -96
    static let maxExponent = 80

    let mantissa: UInt64
    let exponent: Int

    enum ParseError: Error { case malformed, notPositive, tooPrecise, outOfRange }

    /// Parses a positive decimal: digits, an optional fraction, an optional exponent (`e`/`E`, signed).
    init(_ text: String) throws(ParseError) {
        var digits: [UInt8] = []
        var exponent = 0
        var seenPoint = false
        var seenDigit = false
        var bytes = Array(text.utf8)[...]
        if bytes.first == 0x2D { throw .notPositive }
        if bytes.first == 0x2B { bytes = bytes.dropFirst() }
        while let byte = bytes.first, byte != 0x65, byte != 0x45 {
            bytes = bytes.dropFirst()
            if byte == 0x2E {
                guard !seenPoint else { throw .malformed }
                seenPoint = true
            } else if (0x30...0x39).contains(byte) {
                seenDigit = true
                if digits.isEmpty && byte == 0x30 {
                    if seenPoint { exponent -= 1 }
                    continue
                }
                guard digits.count < 40 else {
                    // Beyond 40 significant digits: only zeros may follow, and they scale the value.
                    guard byte == 0x30 else { throw .tooPrecise }
                    if !seenPoint { exponent += 1 }
                    continue
                }
                digits.append(byte - 0x30)
                if seenPoint { exponent -= 1 }
            } else {
                throw .malformed
            }
        }
        guard seenDigit else { throw .malformed }
        if let marker = bytes.first, marker == 0x65 || marker == 0x45 {
            var rest = bytes.dropFirst()
            var negative = false
            if let sign = rest.first, sign == 0x2D || sign == 0x2B {
                negative = sign == 0x2D
                rest = rest.dropFirst()
            }
            guard !rest.isEmpty, rest.count <= 6, rest.allSatisfy({ (0x30...0x39).contains($0) }) else { throw .malformed }
            let value = rest.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            exponent += negative ? -value : value
        }
        while let last = digits.last, last == 0 {
            digits.removeLast()
            exponent += 1
        }
        guard !digits.isEmpty else { throw .notPositive }
        guard digits.count <= 16 else { throw .tooPrecise }
        var mantissa: UInt64 = digits.reduce(0) { $0 * 10 + UInt64($1) }
        while mantissa < Self.minMantissa {
            mantissa *= 10
            exponent -= 1
        }
        guard (Self.minExponent...Self.maxExponent).contains(exponent) else { throw .outOfRange }
        self.mantissa = mantissa
        self.exponent = exponent
    }

    /// The 8-byte amount: bit 63 set (not XRP), bit 62 set (positive), 8 bits of exponent + 97, 54 of mantissa.
    var encoded: [UInt8] {
        let bits = (UInt64(1) << 63) | (UInt64(1) << 62) | (UInt64(exponent + 97) << 54) | mantissa
        return (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * $0)) }
    }

    /// Both values as integers in one unit, a power of ten (the largest that keeps both whole), so they compare
    /// exactly: 2.5 and 2 become 25 and 20.
    static func commonScale(_ a: XrpIouValue, _ b: XrpIouValue) -> (BigUInt, BigUInt) {
        let base = min(a.exponent, b.exponent)
        var first = BigUInt(a.mantissa) * BigUInt.powerOfTen(a.exponent - base)
        var second = BigUInt(b.mantissa) * BigUInt.powerOfTen(b.exponent - base)
        // At most 15 + 176 shared factors of ten (mantissas have 16 digits, exponents span -96...80).
        while let (q1, r1) = first.quotientAndRemainder(dividingBySmall: 10), r1 == 0,
              let (q2, r2) = second.quotientAndRemainder(dividingBySmall: 10), r2 == 0,
              !q1.isZero || !q2.isZero {
            first = q1
            second = q2
        }
        return (first, second)
    }
}
