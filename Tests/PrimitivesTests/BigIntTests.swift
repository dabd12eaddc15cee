import Primitives
import Testing

/// SplitMix64: a deterministic generator so the identity tests replay the same values.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func bigUInt(maxLimbs: Int) -> BigUInt {
        let count = Int(next() % UInt64(maxLimbs)) + 1
        var limbs = (0..<count).map { _ in next() }
        // Bias the top limb toward its extremes, where the quotient estimate is corrected.
        switch next() % 4 {
        case 0: limbs[count - 1] |= 0xFFFF_FFFF_0000_0000
        case 1: limbs[count - 1] = 1 << 63
        default: break
        }
        return BigUInt(limbs: limbs)
    }
}

@Suite struct BigUIntArithmetic {
    @Test func arithmeticMatchesPythonIntegers() throws {
        for (a, b, sum, difference, product, quotient, remainder, hex) in bigUIntVectors {
            let x = try #require(BigUInt(a))
            let y = try #require(BigUInt(b))
            #expect((x + y).description == sum, "\(a) + \(b)")
            #expect(x.subtracting(y)?.description == difference, "\(a) - \(b)")
            #expect((x * y).description == product, "\(a) * \(b)")
            let division = x.quotientAndRemainder(dividingBy: y)
            #expect(division?.quotient.description == quotient, "\(a) / \(b)")
            #expect(division?.remainder.description == remainder, "\(a) % \(b)")
            #expect(x.hexString == hex)
            #expect(BigUInt(hex: hex) == x)
        }
    }

    @Test func divisionSatisfiesQuotientTimesDivisorPlusRemainder() throws {
        var random = SplitMix64(state: 42)
        for _ in 0..<2_000 {
            let dividend = random.bigUInt(maxLimbs: 8)
            let divisor = random.bigUInt(maxLimbs: 5)
            let (quotient, remainder) = try #require(dividend.quotientAndRemainder(dividingBy: divisor))
            #expect(remainder < divisor)
            #expect(quotient * divisor + remainder == dividend)
        }
    }

    @Test func divisionByZeroIsNilNotATrap() {
        #expect(BigUInt(5).quotientAndRemainder(dividingBy: .zero) == nil)
        #expect(BigUInt(5).quotientAndRemainder(dividingBySmall: 0) == nil)
    }

    @Test func subtractionBelowZeroIsNilAndSaturatingIsZero() {
        #expect(BigUInt(3).subtracting(BigUInt(4)) == nil)
        #expect(BigUInt(4).subtracting(BigUInt(4)) == .zero)
        #expect(BigUInt(3).saturatingSubtracting(BigUInt(4)) == .zero)
        #expect(BigUInt(limbs: [0, 1]).subtracting(BigUInt(1)) == BigUInt(UInt64.max))
    }

    @Test func equalValuesHaveEqualStorage() {
        #expect(BigUInt(limbs: [7, 0, 0]) == BigUInt(7))
        #expect(BigUInt(limbs: [7, 0, 0]).limbs == [7])
        #expect(BigUInt(limbs: [0]).isZero)
        let difference = BigUInt(limbs: [0, 1]).subtracting(BigUInt(limbs: [1, 1]))
        #expect(difference == nil)
        #expect(BigUInt(limbs: [5, 1]).subtracting(BigUInt(limbs: [4, 1]))?.limbs == [1])
    }

    @Test func shiftsMoveBitsAcrossLimbs() {
        #expect(BigUInt(1) << 64 == BigUInt(limbs: [0, 1]))
        #expect(BigUInt(1) << 127 == BigUInt(limbs: [0, 1 << 63]))
        #expect(BigUInt(limbs: [0, 1]) >> 1 == BigUInt(1 << 63))
        #expect(BigUInt(limbs: [0, 1]) >> 65 == .zero)
        #expect((BigUInt(0xFF) << 60) >> 60 == BigUInt(0xFF))
    }

    @Test func bitLengthCountsSignificantBits() {
        #expect(BigUInt.zero.bitLength == 0)
        #expect(BigUInt(1).bitLength == 1)
        #expect(BigUInt(UInt64.max).bitLength == 64)
        #expect((BigUInt(1) << 64).bitLength == 65)
    }

    @Test func powerOfTenCrossesTheOneLimbBoundary() {
        #expect(BigUInt.powerOfTen(0) == BigUInt(1))
        #expect(BigUInt.powerOfTen(19).description == "1" + String(repeating: "0", count: 19))
        #expect(BigUInt.powerOfTen(20).description == "1" + String(repeating: "0", count: 20))
        #expect(BigUInt.powerOfTen(77).description == "1" + String(repeating: "0", count: 77))
    }
}

@Suite struct BigUIntText {
    @Test(arguments: ["0", "000", "1", "007", "18446744073709551615", "18446744073709551616",
                      "115792089237316195423570985008687907853269984665640564039457584007913129639935"])
    func decimalTextRoundTrips(text: String) throws {
        let value = try #require(BigUInt(text))
        let canonical = String(text.drop(while: { $0 == "0" }))
        #expect(value.description == (canonical.isEmpty ? "0" : canonical))
    }

    @Test(arguments: ["", "-1", "+1", " 1", "1 ", "1.0", "1e3", "0x10", "1,000", "١", "１"])
    func decimalParsingAcceptsAsciiDigitsOnly(text: String) {
        #expect(BigUInt(text) == nil)
    }

    @Test func hexAcceptsAnOptionalPrefixAndEitherCase() {
        #expect(BigUInt(hex: "0xff") == BigUInt(255))
        #expect(BigUInt(hex: "0XFF") == BigUInt(255))
        #expect(BigUInt(hex: "FfFf") == BigUInt(65535))
        #expect(BigUInt(hex: "0x") == nil)
        #expect(BigUInt(hex: "") == nil)
        #expect(BigUInt(hex: "0xg") == nil)
        #expect(BigUInt.zero.hexString == "0")
        #expect(BigUInt(hex: "0x" + String(repeating: "f", count: 64))?.bitLength == 256)
    }

    @Test func bigEndianBytesRoundTripWithoutLeadingZeros() {
        let bytes: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09]
        let value = BigUInt(bigEndian: bytes)
        #expect(value == BigUInt(limbs: [0x0203_0405_0607_0809, 0x01]))
        #expect(value.bigEndianBytes == bytes)
        #expect(BigUInt(bigEndian: [0, 0, 1]).bigEndianBytes == [1])
        #expect(BigUInt.zero.bigEndianBytes.isEmpty)
    }
}

@Suite struct BigUIntDecimalScaling {
    @Test(arguments: [
        ("1.5", 18, "1500000000000000000"),
        ("0.000001", 6, "1"),
        ("1", 0, "1"),
        ("1.", 2, "100"),
        (".5", 2, "50"),
        ("1.50", 1, "15"),
        ("0.10000000000000000000", 18, "100000000000000000"),
        ("00012.3400", 4, "123400"),
    ])
    func decimalTextReadsAtomicUnits(text: String, decimals: Int, atomic: String) {
        #expect(BigUInt(decimalText: text, decimals: decimals)?.description == atomic)
    }

    @Test(arguments: [("1.0000001", 6), ("0.5", 0), (".", 2), ("", 2), ("1.2.3", 4), ("1,5", 2), ("-1", 2), ("1e5", 2)])
    func decimalTextRejectsMorePlacesThanTheAssetHasAndMalformedText(text: String, decimals: Int) {
        #expect(BigUInt(decimalText: text, decimals: decimals) == nil)
    }

    @Test(arguments: [
        ("1500000000000000000", 18, "1.5"),
        ("1", 18, "0.000000000000000001"),
        ("0", 6, "0"),
        ("1000000", 6, "1"),
        ("123456", 0, "123456"),
        ("1234567", 3, "1234.567"),
    ])
    func decimalTextWritesTrailingZerosDropped(atomic: String, decimals: Int, text: String) throws {
        let value = try #require(BigUInt(atomic))
        #expect(value.decimalText(decimals: decimals) == text)
    }

    @Test func doubleValueIsTheNearestDouble() throws {
        #expect(BigUInt(1).doubleValue(decimals: 18) == 1e-18)
        #expect(BigUInt(1_500_000).doubleValue(decimals: 6) == 1.5)
        #expect(BigUInt(123).doubleValue(decimals: 0) == 123)
        // Beyond 2^53 the fast path does not apply; the text path still rounds correctly.
        let large = try #require(BigUInt("123456789012345678901234567890"))
        #expect(large.doubleValue(decimals: 18) == 123456789012.34567890123456789)
        #expect(BigUInt(UInt64.max).doubleValue(decimals: 0) == 18446744073709551615.0)
        #expect(BigUInt(9_007_199_254_740_993).doubleValue(decimals: 0) == 9_007_199_254_740_992)
    }
}

@Suite struct BigUIntDoubleConversion {
    /// The C library's strtod, through Swift's Double(String), reads "<digits>e-<decimals>"
    /// correctly rounded: the oracle for the 128-bit path.
    static func oracle(_ value: BigUInt, _ decimals: Int) -> Double? {
        Double(value.description + "e-\(decimals)")
    }

    @Test func the128BitPathRoundsLikeStrtod() throws {
        var random = SplitMix64(state: 7)
        for _ in 0..<200_000 {
            let limbs = random.next() % 2 == 0 ? [random.next()] : [random.next(), random.next() >> (random.next() % 64)]
            let value = BigUInt(limbs: limbs)
            let decimals = Int(random.next() % 20)
            #expect(value.doubleValue(decimals: decimals) == Self.oracle(value, decimals), "\(value) e-\(decimals)")
        }
    }

    @Test func halfwayCasesRoundToEven() throws {
        // 2^53 + 1 sits halfway between two doubles: ties go to the even significand (2^53).
        let halfway = BigUInt((1 << 53) + 1)
        #expect(halfway.doubleValue(decimals: 0) == 9_007_199_254_740_992)
        #expect(BigUInt((1 << 53) + 3).doubleValue(decimals: 0) == 9_007_199_254_740_996)
        // The same ties scaled by powers of ten, so the 128-bit path sees them.
        for decimals in [1, 6, 18, 19] {
            let scaled = halfway * BigUInt.powerOfTen(decimals)
            #expect(scaled.doubleValue(decimals: decimals) == 9_007_199_254_740_992, "\(decimals)")
            let above = scaled + BigUInt(1)
            #expect(above.doubleValue(decimals: decimals) == Self.oracle(above, decimals))
            #expect(above.doubleValue(decimals: decimals) == 9_007_199_254_740_994, "one unit above the tie rounds up")
        }
    }

    @Test func everyPathAgreesWithTheOracle() throws {
        let values = ["1", "123456789012345678", "18446744073709551615", "18446744073709551616",
                      "340282366920938463463374607431768211455", "340282366920938463463374607431768211456",
                      "99999999999999999999999999999999999999999999"]
        for text in values {
            let value = try #require(BigUInt(text))
            for decimals in [0, 1, 6, 8, 9, 18, 19, 20, 24, 30] {
                #expect(value.doubleValue(decimals: decimals) == Self.oracle(value, decimals), "\(text) e-\(decimals)")
            }
        }
    }
}

@Suite struct BigIntSigned {
    @Test func signedArithmeticFollowsTheSigns() throws {
        let five = BigInt(5)
        let three = BigInt(3)
        #expect(five - three == BigInt(2))
        #expect(three - five == BigInt(-2))
        #expect(-five + three == BigInt(-2))
        #expect(-five - three == BigInt(-8))
        #expect(-five * three == BigInt(-15))
        #expect(-five * -three == BigInt(15))
        #expect(five + -five == .zero)
        #expect((five + -five).isNegative == false)
    }

    @Test func divisionTruncatesTowardZeroLikeSwiftIntegers() throws {
        for (a, b) in [(7, 2), (-7, 2), (7, -2), (-7, -2), (6, 3), (-1, 5)] as [(Int64, Int64)] {
            let result = try #require(BigInt(a).quotientAndRemainder(dividingBy: BigInt(b)))
            #expect(result.quotient == BigInt(a / b), "\(a) / \(b)")
            #expect(result.remainder == BigInt(a % b), "\(a) % \(b)")
        }
        #expect(BigInt(1).quotientAndRemainder(dividingBy: .zero) == nil)
    }

    @Test func orderPutsNegativesFirst() {
        let values: [BigInt] = [BigInt(3), BigInt(-10), .zero, BigInt(-2), BigInt(10)]
        #expect(values.sorted() == [BigInt(-10), BigInt(-2), .zero, BigInt(3), BigInt(10)])
    }

    @Test func textHasAnOptionalSignAndZeroIsNeverNegative() {
        #expect(BigInt("-123")?.description == "-123")
        #expect(BigInt("+123")?.description == "123")
        #expect(BigInt("-0") == .zero)
        #expect(BigInt("-0")?.description == "0")
        #expect(BigInt("-") == nil)
        #expect(BigInt("--1") == nil)
        #expect(BigInt("-1.5") == nil)
        #expect(BigInt(-1).unsigned == nil)
        #expect(BigInt(1).unsigned == BigUInt(1))
        #expect(BigInt(Int64.min).description == "-9223372036854775808")
    }

    @Test func scaledTextAndDoubleKeepTheSign() {
        #expect(BigInt(-1_500_000).decimalText(decimals: 6) == "-1.5")
        #expect(BigInt(-1_500_000).doubleValue(decimals: 6) == -1.5)
        #expect(BigInt(1_500_000).decimalText(decimals: 6) == "1.5")
    }
}
