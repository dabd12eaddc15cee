/// An exact signed integer of any size: balance changes, signed deltas, values a chain reports
/// with a sign. A sign and a `BigUInt` magnitude; zero is never negative, so equal values have
/// equal storage. Crosses the ABI as a decimal string with an optional leading `-`.
public struct BigInt: Sendable, Hashable {
    public private(set) var isNegative: Bool
    public private(set) var magnitude: BigUInt

    public static let zero = BigInt(BigUInt.zero)

    public init(_ magnitude: BigUInt) {
        self.isNegative = false
        self.magnitude = magnitude
    }

    public init(isNegative: Bool, magnitude: BigUInt) {
        self.isNegative = isNegative && !magnitude.isZero
        self.magnitude = magnitude
    }

    public init(_ value: Int64) {
        self.init(isNegative: value < 0, magnitude: BigUInt(value.magnitude))
    }

    public var isZero: Bool { magnitude.isZero }

    /// -1, 0 or 1.
    public var signum: Int { isZero ? 0 : (isNegative ? -1 : 1) }

    /// The value when it is not negative.
    public var unsigned: BigUInt? { isNegative ? nil : magnitude }
}

extension BigInt: Comparable {
    public static func < (lhs: BigInt, rhs: BigInt) -> Bool {
        switch (lhs.isNegative, rhs.isNegative) {
        case (true, false): true
        case (false, true): false
        case (false, false): lhs.magnitude < rhs.magnitude
        case (true, true): rhs.magnitude < lhs.magnitude
        }
    }
}

extension BigInt {
    public static prefix func - (value: BigInt) -> BigInt {
        BigInt(isNegative: !value.isNegative, magnitude: value.magnitude)
    }

    public static func + (lhs: BigInt, rhs: BigInt) -> BigInt {
        if lhs.isNegative == rhs.isNegative {
            return BigInt(isNegative: lhs.isNegative, magnitude: lhs.magnitude + rhs.magnitude)
        }
        // Opposite signs: subtract the smaller magnitude from the larger one.
        if let difference = lhs.magnitude.subtracting(rhs.magnitude) {
            return BigInt(isNegative: lhs.isNegative, magnitude: difference)
        }
        return BigInt(isNegative: rhs.isNegative, magnitude: rhs.magnitude.saturatingSubtracting(lhs.magnitude))
    }

    public static func - (lhs: BigInt, rhs: BigInt) -> BigInt {
        lhs + -rhs
    }

    public static func * (lhs: BigInt, rhs: BigInt) -> BigInt {
        BigInt(isNegative: lhs.isNegative != rhs.isNegative, magnitude: lhs.magnitude * rhs.magnitude)
    }

    public static func += (lhs: inout BigInt, rhs: BigInt) { lhs = lhs + rhs }
    public static func -= (lhs: inout BigInt, rhs: BigInt) { lhs = lhs - rhs }
    public static func *= (lhs: inout BigInt, rhs: BigInt) { lhs = lhs * rhs }

    /// Quotient truncated toward zero and a remainder with the dividend's sign (as Swift's `/`
    /// and `%` on fixed-width integers); `nil` when the divisor is zero.
    public func quotientAndRemainder(dividingBy divisor: BigInt) -> (quotient: BigInt, remainder: BigInt)? {
        guard let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: divisor.magnitude) else { return nil }
        return (
            BigInt(isNegative: isNegative != divisor.isNegative, magnitude: quotient),
            BigInt(isNegative: isNegative, magnitude: remainder)
        )
    }

    /// The value read in units of `decimals` places, as the nearest `Double` (display only).
    public func doubleValue(decimals: Int) -> Double {
        let value = magnitude.doubleValue(decimals: decimals)
        return isNegative ? -value : value
    }

    /// The value read in units of `decimals` places as a machine decimal string (`"-1.5"`).
    public func decimalText(decimals: Int) -> String {
        (isNegative ? "-" : "") + magnitude.decimalText(decimals: decimals)
    }
}

extension BigInt: CustomStringConvertible, LosslessStringConvertible {
    /// An optional `-` or `+` followed by ASCII decimal digits.
    public init?(_ text: String) {
        var digits = Substring(text)
        var negative = false
        if let first = digits.first, first == "-" || first == "+" {
            negative = first == "-"
            digits = digits.dropFirst()
        }
        guard let magnitude = BigUInt(String(digits)) else { return nil }
        self.init(isNegative: negative, magnitude: magnitude)
    }

    public var description: String {
        (isNegative ? "-" : "") + magnitude.description
    }
}

extension BigInt: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) {
        self.init(value)
    }
}

extension BigInt: Codable {
    /// A decimal string with an optional leading `-` (DESIGN § 3).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = BigInt(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a decimal integer string")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
