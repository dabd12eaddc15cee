/// An exact unsigned integer of any size: on-chain amounts, balances, fees, approval limits.
///
/// Stored as little-endian 64-bit limbs with no zero limb at the top (zero has no limbs), so two
/// equal values always have equal storage. Crosses the ABI as a decimal string (DESIGN § 3).
///
/// No operation traps on a value input can reach: subtraction and division return `nil` where the
/// result does not exist (a negative difference, a zero divisor).
public struct BigUInt: Sendable, Hashable {
    /// Little-endian limbs; the last one is never zero.
    public private(set) var limbs: [UInt64]

    public static let zero = BigUInt()

    /// 2^256 - 1, the largest amount: every chain's amounts, balances and fees fit 256 bits, so decimal text and
    /// the JSON wire form are read as amounts only up to it.
    public static let uint256Max = BigUInt(limbs: [.max, .max, .max, .max])

    /// The decimal digits of `uint256Max` (78): a count of significant digits above it is refused before any
    /// arithmetic.
    public static let uint256DecimalDigits = 78

    public init() {
        limbs = []
    }

    public init(_ value: UInt64) {
        limbs = value == 0 ? [] : [value]
    }

    /// A non-negative Swift integer; `nil` when it is negative.
    public init?<T: BinaryInteger>(exactly value: T) {
        guard value >= 0 else { return nil }
        var rest = value
        var limbs: [UInt64] = []
        while rest != 0 {
            limbs.append(UInt64(truncatingIfNeeded: rest))
            rest >>= 64
        }
        self.limbs = limbs
    }

    /// Limbs in little-endian order; zero limbs at the top are dropped.
    public init(limbs: [UInt64]) {
        self.limbs = limbs
        normalize()
    }

    public var isZero: Bool { limbs.isEmpty }

    /// The value as a `UInt64`, or `nil` when it does not fit.
    public var uint64: UInt64? {
        switch limbs.count {
        case 0: 0
        case 1: limbs[0]
        default: nil
        }
    }

    /// The number of bits needed to write the value (0 for zero).
    public var bitLength: Int {
        guard let top = limbs.last else { return 0 }
        return limbs.count * 64 - top.leadingZeroBitCount
    }

    mutating func normalize() {
        while let last = limbs.last, last == 0 {
            limbs.removeLast()
        }
    }
}

// MARK: - Comparison

extension BigUInt: Comparable {
    public static func < (lhs: BigUInt, rhs: BigUInt) -> Bool {
        compare(lhs.limbs, rhs.limbs) < 0
    }

    /// -1, 0 or 1 as `a` is below, equal to or above `b` (both normalized).
    static func compare(_ a: [UInt64], _ b: [UInt64]) -> Int {
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        var index = a.count - 1
        while index >= 0 {
            if a[index] != b[index] { return a[index] < b[index] ? -1 : 1 }
            index -= 1
        }
        return 0
    }
}

// MARK: - Arithmetic

extension BigUInt {
    public static func + (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
        let (long, short) = lhs.limbs.count >= rhs.limbs.count ? (lhs.limbs, rhs.limbs) : (rhs.limbs, lhs.limbs)
        var result = long
        var carry: UInt64 = 0
        for index in 0..<long.count {
            let addend = index < short.count ? short[index] : 0
            if index >= short.count && carry == 0 { break }
            let (partial, overflow1) = result[index].addingReportingOverflow(addend)
            let (sum, overflow2) = partial.addingReportingOverflow(carry)
            result[index] = sum
            carry = (overflow1 ? 1 : 0) + (overflow2 ? 1 : 0)
        }
        if carry != 0 { result.append(carry) }
        return BigUInt(normalized: result)
    }

    public static func += (lhs: inout BigUInt, rhs: BigUInt) {
        lhs = lhs + rhs
    }

    /// `self - other`, or `nil` when `other` is larger (the difference would be negative).
    public func subtracting(_ other: BigUInt) -> BigUInt? {
        guard BigUInt.compare(limbs, other.limbs) >= 0 else { return nil }
        var result = limbs
        var borrow: UInt64 = 0
        for index in 0..<result.count {
            let subtrahend = index < other.limbs.count ? other.limbs[index] : 0
            if index >= other.limbs.count && borrow == 0 { break }
            let (partial, overflow1) = result[index].subtractingReportingOverflow(subtrahend)
            let (difference, overflow2) = partial.subtractingReportingOverflow(borrow)
            result[index] = difference
            borrow = (overflow1 ? 1 : 0) + (overflow2 ? 1 : 0)
        }
        var value = BigUInt(normalized: result)
        value.normalize()
        return value
    }

    /// `self - other`, or zero when `other` is larger.
    public func saturatingSubtracting(_ other: BigUInt) -> BigUInt {
        subtracting(other) ?? .zero
    }

    public static func * (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
        if lhs.isZero || rhs.isZero { return .zero }
        if rhs.limbs.count == 1 { return lhs.multiplied(bySmall: rhs.limbs[0]) }
        if lhs.limbs.count == 1 { return rhs.multiplied(bySmall: lhs.limbs[0]) }
        var result = [UInt64](repeating: 0, count: lhs.limbs.count + rhs.limbs.count)
        for (i, a) in lhs.limbs.enumerated() {
            var carry: UInt64 = 0
            for (j, b) in rhs.limbs.enumerated() {
                let (high, low) = a.multipliedFullWidth(by: b)
                let (sum1, overflow1) = result[i + j].addingReportingOverflow(low)
                let (sum2, overflow2) = sum1.addingReportingOverflow(carry)
                result[i + j] = sum2
                // high <= 2^64 - 2, so adding two carry bits cannot overflow.
                carry = high &+ (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0)
            }
            result[i + rhs.limbs.count] = carry
        }
        var value = BigUInt(normalized: result)
        value.normalize()
        return value
    }

    public static func *= (lhs: inout BigUInt, rhs: BigUInt) {
        lhs = lhs * rhs
    }

    /// `self * factor` for a one-limb factor.
    public func multiplied(bySmall factor: UInt64) -> BigUInt {
        if factor == 0 || isZero { return .zero }
        var result = limbs
        var carry: UInt64 = 0
        for index in 0..<result.count {
            let (high, low) = result[index].multipliedFullWidth(by: factor)
            let (sum, overflow) = low.addingReportingOverflow(carry)
            result[index] = sum
            carry = high &+ (overflow ? 1 : 0)
        }
        if carry != 0 { result.append(carry) }
        return BigUInt(normalized: result)
    }

    /// `self * factor + addend` in one pass (the step of decimal parsing).
    func multipliedAdding(factor: UInt64, addend: UInt64) -> BigUInt {
        var result = limbs
        var carry = addend
        for index in 0..<result.count {
            let (high, low) = result[index].multipliedFullWidth(by: factor)
            let (sum, overflow) = low.addingReportingOverflow(carry)
            result[index] = sum
            carry = high &+ (overflow ? 1 : 0)
        }
        if carry != 0 { result.append(carry) }
        var value = BigUInt(normalized: result)
        value.normalize()
        return value
    }

    /// Quotient and remainder by a one-limb divisor; `nil` when the divisor is zero.
    public func quotientAndRemainder(dividingBySmall divisor: UInt64) -> (quotient: BigUInt, remainder: UInt64)? {
        guard divisor != 0 else { return nil }
        var quotient = limbs
        var remainder: UInt64 = 0
        var index = quotient.count - 1
        while index >= 0 {
            let (q, r) = divisor.dividingFullWidth((high: remainder, low: quotient[index]))
            quotient[index] = q
            remainder = r
            index -= 1
        }
        var value = BigUInt(normalized: quotient)
        value.normalize()
        return (value, remainder)
    }

    /// Truncating quotient and remainder; `nil` when the divisor is zero.
    public func quotientAndRemainder(dividingBy divisor: BigUInt) -> (quotient: BigUInt, remainder: BigUInt)? {
        if divisor.isZero { return nil }
        if BigUInt.compare(limbs, divisor.limbs) < 0 { return (.zero, self) }
        if divisor.limbs.count == 1 {
            guard let (quotient, remainder) = quotientAndRemainder(dividingBySmall: divisor.limbs[0]) else { return nil }
            return (quotient, BigUInt(remainder))
        }
        return BigUInt.longDivision(self.limbs, divisor.limbs)
    }

    /// Knuth's Algorithm D (The Art of Computer Programming, vol. 2, § 4.3.1) in base 2^64.
    /// Requires `v.count >= 2` and `u >= v`.
    private static func longDivision(_ u: [UInt64], _ v: [UInt64]) -> (quotient: BigUInt, remainder: BigUInt) {
        let n = v.count
        let m = u.count - n
        let shift = UInt64(v[n - 1].leadingZeroBitCount)
        // Normalize so that the divisor's top limb has its high bit set.
        let vn = shiftedLeft(v, by: shift, extraLimb: false)
        var un = shiftedLeft(u, by: shift, extraLimb: true)
        var quotient = [UInt64](repeating: 0, count: m + 1)
        let top = vn[n - 1]
        let next = vn[n - 2]

        var j = m
        while j >= 0 {
            // Estimate the quotient digit from the top two limbs of the running remainder.
            var qhat: UInt64
            var rhat: UInt64
            var rhatOverflow = false
            if un[j + n] >= top {
                qhat = UInt64.max
                let (sum, overflow) = un[j + n - 1].addingReportingOverflow(top)
                rhat = sum
                rhatOverflow = overflow
            } else {
                (qhat, rhat) = top.dividingFullWidth((high: un[j + n], low: un[j + n - 1]))
            }
            while !rhatOverflow {
                let (productHigh, productLow) = qhat.multipliedFullWidth(by: next)
                let tooBig = productHigh > rhat || (productHigh == rhat && productLow > un[j + n - 2])
                guard tooBig else { break }
                qhat -= 1
                let (sum, overflow) = rhat.addingReportingOverflow(top)
                rhat = sum
                rhatOverflow = overflow
            }

            // Multiply and subtract qhat * vn from un[j ... j+n].
            var borrow: UInt64 = 0
            var carry: UInt64 = 0
            for i in 0..<n {
                let (productHigh, productLow) = qhat.multipliedFullWidth(by: vn[i])
                let (low, lowOverflow) = productLow.addingReportingOverflow(carry)
                carry = productHigh &+ (lowOverflow ? 1 : 0)
                let (difference1, overflow1) = un[i + j].subtractingReportingOverflow(low)
                let (difference2, overflow2) = difference1.subtractingReportingOverflow(borrow)
                un[i + j] = difference2
                borrow = (overflow1 ? 1 : 0) + (overflow2 ? 1 : 0)
            }
            let (difference1, overflow1) = un[j + n].subtractingReportingOverflow(carry)
            let (difference2, overflow2) = difference1.subtractingReportingOverflow(borrow)
            un[j + n] = difference2

            if overflow1 || overflow2 {
                // The estimate was one too large (rare): add the divisor back.
                qhat -= 1
                var addCarry: UInt64 = 0
                for i in 0..<n {
                    let (sum1, o1) = un[i + j].addingReportingOverflow(vn[i])
                    let (sum2, o2) = sum1.addingReportingOverflow(addCarry)
                    un[i + j] = sum2
                    addCarry = (o1 ? 1 : 0) + (o2 ? 1 : 0)
                }
                un[j + n] = un[j + n] &+ addCarry
            }
            quotient[j] = qhat
            j -= 1
        }

        // The remainder is the low n limbs of un, shifted back.
        var remainder = [UInt64](repeating: 0, count: n)
        for i in 0..<n {
            remainder[i] = shift == 0 ? un[i] : (un[i] >> shift) | (un[i + 1] << (64 - shift))
        }
        var q = BigUInt(normalized: quotient)
        q.normalize()
        var r = BigUInt(normalized: remainder)
        r.normalize()
        return (q, r)
    }

    private static func shiftedLeft(_ limbs: [UInt64], by shift: UInt64, extraLimb: Bool) -> [UInt64] {
        var result = [UInt64](repeating: 0, count: limbs.count + (extraLimb ? 1 : 0))
        var carry: UInt64 = 0
        for (index, limb) in limbs.enumerated() {
            result[index] = shift == 0 ? limb : (limb << shift) | carry
            carry = shift == 0 ? 0 : limb >> (64 - shift)
        }
        if extraLimb { result[limbs.count] = carry }
        return result
    }

    public static func << (lhs: BigUInt, rhs: Int) -> BigUInt {
        guard rhs > 0, !lhs.isZero else { return rhs < 0 ? lhs >> -rhs : lhs }
        let limbShift = rhs / 64
        let bitShift = UInt64(rhs % 64)
        var result = [UInt64](repeating: 0, count: limbShift)
        result.append(contentsOf: shiftedLeft(lhs.limbs, by: bitShift, extraLimb: true))
        var value = BigUInt(normalized: result)
        value.normalize()
        return value
    }

    public static func >> (lhs: BigUInt, rhs: Int) -> BigUInt {
        guard rhs > 0 else { return rhs < 0 ? lhs << -rhs : lhs }
        let limbShift = rhs / 64
        guard limbShift < lhs.limbs.count else { return .zero }
        let bitShift = UInt64(rhs % 64)
        let source = Array(lhs.limbs[limbShift...])
        var result = [UInt64](repeating: 0, count: source.count)
        for index in 0..<source.count {
            let high = index + 1 < source.count ? source[index + 1] : 0
            result[index] = bitShift == 0 ? source[index] : (source[index] >> bitShift) | (high << (64 - bitShift))
        }
        var value = BigUInt(normalized: result)
        value.normalize()
        return value
    }

    /// 10^exponent.
    public static func powerOfTen(_ exponent: Int) -> BigUInt {
        guard exponent > 0 else { return BigUInt(1) }
        var result = BigUInt(1)
        var remaining = exponent
        while remaining >= 19 {
            result = result.multiplied(bySmall: 10_000_000_000_000_000_000)
            remaining -= 19
        }
        if remaining > 0 { result = result.multiplied(bySmall: smallPowersOfTen[remaining]) }
        return result
    }

    /// 10^0 ... 10^19, each fits one limb.
    static let smallPowersOfTen: [UInt64] = {
        var powers: [UInt64] = [1]
        for _ in 1...19 { powers.append(powers[powers.count - 1] * 10) }
        return powers
    }()

    /// Wraps limbs already known to be normalized (or normalized right after by the caller).
    init(normalized limbs: [UInt64]) {
        self.limbs = limbs
    }
}

// MARK: - Text

extension BigUInt: CustomStringConvertible, LosslessStringConvertible {
    /// Parses ASCII decimal digits only (leading zeros allowed, no sign, no separators).
    public init?(_ text: String) {
        var text = text
        text.makeContiguousUTF8()
        guard let parsed = BigUInt.parseDecimal(text.utf8.span) else { return nil }
        self = parsed
    }

    /// Parses `digits` (ASCII '0'...'9' only) as an amount: `nil` when there are more than 78 of them (leading
    /// zeros included: decided from the count alone, before any byte is read), when they are not digits, or when
    /// the value is above `uint256Max`.
    static func parseAmount(_ digits: Span<UInt8>) -> BigUInt? {
        guard digits.count <= uint256DecimalDigits, let value = parseDecimal(digits), value <= uint256Max else { return nil }
        return value
    }

    /// An amount of decimal text: `parseAmount` over its bytes.
    static func parseAmount(_ text: String) -> BigUInt? {
        var text = text
        text.makeContiguousUTF8()
        return parseAmount(text.utf8.span)
    }

    /// Parses `digits` (ASCII '0'...'9' only) in chunks of 19 digits, each a multiply-add over the limbs in
    /// place: quadratic in the digit count only through the limb count, a 19th of it.
    static func parseDecimal(_ digits: Span<UInt8>) -> BigUInt? {
        guard !digits.isEmpty else { return nil }
        if digits.count <= 19 {  // below 10^19 < 2^64: one limb, no arithmetic on limbs
            var value: UInt64 = 0
            for index in digits.indices {
                let digit = digits[index] &- 0x30
                guard digit < 10 else { return nil }
                value = value &* 10 &+ UInt64(digit)
            }
            return BigUInt(value)
        }
        var limbs: [UInt64] = []
        limbs.reserveCapacity(digits.count / 19 + 1)
        var chunk: UInt64 = 0
        var chunkLength = 0
        for index in digits.indices {
            let digit = digits[index] &- 0x30
            guard digit < 10 else { return nil }
            chunk = chunk &* 10 &+ UInt64(digit)
            chunkLength += 1
            if chunkLength == 19 {
                multiplyAdd(&limbs, factor: smallPowersOfTen[19], addend: chunk)
                chunk = 0
                chunkLength = 0
            }
        }
        if chunkLength > 0 {
            multiplyAdd(&limbs, factor: smallPowersOfTen[chunkLength], addend: chunk)
        }
        return BigUInt(limbs: limbs)
    }

    /// `limbs = limbs * factor + addend`, in place.
    private static func multiplyAdd(_ limbs: inout [UInt64], factor: UInt64, addend: UInt64) {
        var carry = addend
        for index in limbs.indices {
            let (high, low) = limbs[index].multipliedFullWidth(by: factor)
            let (sum, overflow) = low.addingReportingOverflow(carry)
            limbs[index] = sum
            carry = high &+ (overflow ? 1 : 0)
        }
        if carry != 0 { limbs.append(carry) }
    }

    /// Decimal digits, no grouping.
    public var description: String {
        guard limbs.count > 1 else { return String(limbs.first ?? 0) }
        // Peel 19 digits at a time from the bottom.
        var chunks: [UInt64] = []
        var rest = self
        while !rest.isZero {
            guard let (quotient, remainder) = rest.quotientAndRemainder(dividingBySmall: BigUInt.smallPowersOfTen[19]) else { break }
            chunks.append(remainder)
            rest = quotient
        }
        var text = String(chunks.last ?? 0)
        for chunk in chunks.dropLast().reversed() {
            let digits = String(chunk)
            text += String(repeating: "0", count: 19 - digits.count) + digits
        }
        return text
    }

    /// Parses hexadecimal digits, with or without a `0x` prefix; `nil` for anything else or no digits.
    public init?(hex text: String) {
        var digits = Substring(text)
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") { digits = digits.dropFirst(2) }
        guard !digits.isEmpty else { return nil }
        var packer = LimbPacker(capacity: (digits.utf8.count + 15) / 16)
        for byte in digits.utf8.reversed() {
            guard let nibble = BigUInt.hexValue(byte) else { return nil }
            packer.append(UInt64(nibble), bits: 4)
        }
        self.init(limbs: packer.finish())
    }

    /// Lowercase hexadecimal digits without prefix ("0" for zero).
    public var hexString: String {
        guard let top = limbs.last else { return "0" }
        var text = String(top, radix: 16)
        for limb in limbs.dropLast().reversed() {
            let digits = String(limb, radix: 16)
            text += String(repeating: "0", count: 16 - digits.count) + digits
        }
        return text
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x61...0x66: byte - 0x61 + 10
        case 0x41...0x46: byte - 0x41 + 10
        default: nil
        }
    }
}

// MARK: - Bytes

extension BigUInt {
    /// A big-endian unsigned byte string (leading zero bytes allowed).
    public init(bigEndian bytes: some Collection<UInt8>) {
        var packer = LimbPacker(capacity: (bytes.count + 7) / 8)
        for byte in bytes.reversed() {
            packer.append(UInt64(byte), bits: 8)
        }
        self.init(limbs: packer.finish())
    }

    /// The minimal big-endian byte string (empty for zero).
    public var bigEndianBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(limbs.count * 8)
        for limb in limbs.reversed() {
            for index in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: limb >> UInt64(index)))
            }
        }
        return Array(bytes.drop(while: { $0 == 0 }))
    }
}

/// Packs digits of a power-of-two width (4 for hex, 8 for bytes), least significant first, into
/// little-endian limbs.
struct LimbPacker {
    private var limbs: [UInt64] = []
    private var limb: UInt64 = 0
    private var filled: UInt64 = 0

    init(capacity: Int) {
        limbs.reserveCapacity(capacity)
    }

    /// `bits` divides 64, so a digit never straddles two limbs.
    mutating func append(_ digit: UInt64, bits: UInt64) {
        limb |= digit << filled
        filled += bits
        if filled == 64 {
            limbs.append(limb)
            limb = 0
            filled = 0
        }
    }

    consuming func finish() -> [UInt64] {
        if filled > 0 { limbs.append(limb) }
        return limbs
    }
}

// MARK: - Decimal scaling (atomic units <-> decimal text)

extension BigUInt {
    /// Reads a machine decimal string such as `"1.5"` in atomic units of `decimals` places
    /// (`"1.5"`, 18 → 1500000000000000000). ASCII digits and at most one `.` only; `nil` when the
    /// text has more fractional digits than `decimals` (other than trailing zeros), is malformed, or is
    /// an amount above `uint256Max`. Bounded before any byte is read: text longer than 79 + `decimals` bytes
    /// (a 78-digit amount, its point and `decimals` fraction digits, leading zeros included) is refused; then
    /// the digits are counted before any arithmetic, so a whole part of more significant digits than
    /// 78 - `decimals` is refused without being parsed.
    public init?(decimalText text: String, decimals: Int) {
        guard decimals >= 0, text.utf8.count <= BigUInt.uint256DecimalDigits + 1 + decimals else { return nil }
        var text = text
        text.makeContiguousUTF8()
        guard let value = BigUInt.parseDecimalText(text.utf8.span, decimals: decimals) else { return nil }
        self = value
    }

    private static func parseDecimalText(_ bytes: Span<UInt8>, decimals: Int) -> BigUInt? {
        var point: Int?
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == 0x2E {
                guard point == nil else { return nil }
                point = index
            } else {
                guard byte &- 0x30 < 10 else { return nil }
            }
        }
        let wholeEnd = point ?? bytes.count
        let fractionStart = point.map { $0 + 1 } ?? bytes.count
        guard wholeEnd > 0 || fractionStart < bytes.count else { return nil }  // "" and "." are not numbers
        // The fraction without its trailing zeros must fit `decimals`.
        var fractionEnd = bytes.count
        while fractionEnd > fractionStart, bytes[fractionEnd - 1] == 0x30 { fractionEnd -= 1 }
        let fractionDigits = fractionEnd - fractionStart
        guard fractionDigits <= decimals else { return nil }
        // The value's digits are whole ‖ fraction ‖ (decimals - fractionDigits) zeros, leading zeros aside:
        // counted before anything is built or parsed.
        var first = 0
        while first < wholeEnd, bytes[first] == 0x30 { first += 1 }
        var fractionFirst = fractionStart
        if first == wholeEnd {
            while fractionFirst < fractionEnd, bytes[fractionFirst] == 0x30 { fractionFirst += 1 }
            if fractionFirst == fractionEnd { return .zero }
        }
        let padding = decimals - fractionDigits
        let significant = (wholeEnd - first) + (fractionEnd - fractionFirst) + padding
        guard significant <= uint256DecimalDigits else { return nil }
        var digits: [UInt8] = []
        digits.reserveCapacity(significant)
        for index in first..<wholeEnd { digits.append(bytes[index]) }
        for index in fractionFirst..<fractionEnd { digits.append(bytes[index]) }
        digits.append(contentsOf: repeatElement(0x30, count: padding))
        return parseAmount(digits.span)
    }

    /// The value read in units of `decimals` places as a machine decimal string, trailing zeros
    /// dropped (1500000000000000000, 18 → `"1.5"`; 0 → `"0"`).
    public func decimalText(decimals: Int) -> String {
        let digits = description
        guard decimals > 0 else { return digits }
        let padded = digits.count <= decimals ? String(repeating: "0", count: decimals - digits.count + 1) + digits : digits
        let split = padded.index(padded.endIndex, offsetBy: -decimals)
        let whole = padded[..<split]
        var fraction = padded[split...]
        while fraction.last == "0" { fraction = fraction.dropLast() }
        return fraction.isEmpty ? String(whole) : whole + "." + fraction
    }

    /// The value read in units of `decimals` places, as the nearest `Double` (for display only;
    /// exact amounts stay `BigUInt`).
    public func doubleValue(decimals: Int) -> Double {
        guard !isZero else { return 0 }
        if decimals >= 0, decimals < BigUInt.exactPowersOfTen.count, let exact = exactDouble {
            // Both operands are exact doubles, so the one division is correctly rounded.
            return exact / BigUInt.exactPowersOfTen[decimals]
        }
        if decimals >= 0, decimals <= 19, limbs.count <= 2 {
            return roundedQuotient(dividingBy: BigUInt.smallPowersOfTen[decimals])
        }
        // Otherwise the C library's correctly rounded decimal conversion reads "<digits>e-<decimals>".
        var text = description
        if decimals >= 0, decimals < BigUInt.negativeExponents.count {
            text += BigUInt.negativeExponents[decimals]
        } else {
            text += decimals >= 0 ? "e-" + String(decimals) : "e" + String(-decimals)
        }
        return Double(text) ?? .infinity
    }

    /// The double nearest to `self / divisor` (ties to even), for a value below 2^128 and a
    /// one-limb divisor, in 128-bit integer arithmetic: the quotient is scaled to at least 54
    /// bits, so its 53 leading bits, the next bit and whether anything below it is non-zero
    /// (remainder included) decide the rounding exactly.
    func roundedQuotient(dividingBy divisor: UInt64) -> Double {
        let value = UInt128(limbs.count > 1 ? limbs[1] : 0) << 64 | UInt128(limbs.first ?? 0)
        guard value != 0, divisor != 0 else { return 0 }
        let valueBits = 128 - value.leadingZeroBitCount
        let divisorBits = 64 - divisor.leadingZeroBitCount
        // value << scale < 2^(55 + divisorBits) <= 2^119 whenever scale > 0: no overflow.
        let scale = max(0, 55 + divisorBits - valueBits)
        let (quotient, remainder) = (value << scale).quotientAndRemainder(dividingBy: UInt128(divisor))
        let shift = (128 - quotient.leadingZeroBitCount) - 53
        var significand = UInt64(truncatingIfNeeded: quotient >> shift)
        let roundBit = (quotient >> (shift - 1)) & 1 == 1
        let sticky = quotient & ((1 << (shift - 1)) - 1) != 0 || remainder != 0
        if roundBit && (sticky || significand & 1 == 1) { significand += 1 }
        return Double(sign: .plus, exponent: shift - scale, significand: Double(significand))
    }

    /// The value as a `Double` when the double holds it exactly: at most 53 significant bits
    /// (amounts in wei often qualify, since 10^18 carries 18 factors of two).
    var exactDouble: Double? {
        guard let low = limbs.first else { return 0 }
        var trailingZeros = 0
        for limb in limbs {
            if limb == 0 {
                trailingZeros += 64
            } else {
                trailingZeros += limb.trailingZeroBitCount
                break
            }
        }
        guard bitLength - trailingZeros <= Double.significandBitCount + 1 else { return nil }
        let significand = limbs.count == 1 ? low >> UInt64(trailingZeros) : (self >> trailingZeros).limbs.first ?? 0
        return Double(significand) * Double(sign: .plus, exponent: trailingZeros, significand: 1)
    }

    /// "e-0" ... "e-40": the exponent suffixes of the decimals assets have.
    static let negativeExponents: [String] = (0...40).map { "e-\($0)" }

    /// 10^0 ... 10^22: the powers of ten a `Double` holds exactly.
    static let exactPowersOfTen: [Double] = {
        var powers: [Double] = [1]
        for _ in 1...22 { powers.append(powers[powers.count - 1] * 10) }
        return powers
    }()
}

// MARK: - Literals and Codable

extension BigUInt: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: UInt64) {
        self.init(value)
    }
}

extension BigUInt: Codable {
    /// A decimal string (DESIGN § 3: big integers cross as decimal strings).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = BigUInt.parseAmount(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: BigUInt.wireReason(text.utf8))
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension BigUInt {
    /// Why wire text is not an amount (amounts cross as decimal strings of at most 78 digits, DESIGN § 3),
    /// decided without reading more than 78 bytes.
    static func wireReason(_ bytes: some Collection<UInt8>) -> String {
        bytes.count > uint256DecimalDigits || (!bytes.isEmpty && bytes.allSatisfy({ $0 &- 0x30 < 10 }))
            ? "an amount above 2^256 - 1 (at most 78 digits)" : "expected an unsigned decimal integer string"
    }

    static func wireReason(_ bytes: Span<UInt8>) -> String {
        guard bytes.count <= uint256DecimalDigits else { return "an amount above 2^256 - 1 (at most 78 digits)" }
        var digits = !bytes.isEmpty
        for index in bytes.indices where bytes[index] &- 0x30 >= 10 {
            digits = false
            break
        }
        return digits ? "an amount above 2^256 - 1 (at most 78 digits)" : "expected an unsigned decimal integer string"
    }
}

/// The hand-written conversion of the transaction-row path: a decimal string, as Codable writes it.
extension BigUInt: JSONConvertible {
    public init(json: JSON) throws(JSONCodecError) {
        guard case let .string(text) = json else { throw JSONCodecError(path: "", reason: "expected a string") }
        guard let value = BigUInt.parseAmount(text) else { throw JSONCodecError(path: "", reason: BigUInt.wireReason(text.utf8)) }
        self = value
    }

    public var json: JSON { .string(description) }
}

extension BigUInt: JSONScannable {
    public init(scanning scanner: inout JSONScanner) throws(JSONCodecError) {
        var reason = ""
        let value = try scanner.withStringBytes { digits throws(JSONCodecError) -> BigUInt? in
            guard let value = BigUInt.parseAmount(digits) else {
                reason = BigUInt.wireReason(digits)
                return nil
            }
            return value
        }
        guard let value else { throw scanner.error(reason) }
        self = value
    }
}
