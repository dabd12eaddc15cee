extension GemPrecision {
    /// Exactly two places ($1.50).
    public static let twoPlaces = GemPrecision.fraction(min: GemConstants.currencyPlaces, max: GemConstants.currencyPlaces)
    /// Up to two places, trailing zeros dropped (1.5).
    public static let upToTwoPlaces = GemPrecision.fraction(min: 0, max: 2)
    /// Up to four places, trailing zeros dropped.
    public static let upToFourPlaces = GemPrecision.fraction(min: 0, max: GemConstants.smallAmountPlaces)
    /// Four significant digits (0.0008382).
    public static let fourSignificant = GemPrecision.significant(max: GemConstants.adaptiveSignificantDigits)
    /// Every place an amount has.
    public static let full = GemPrecision.fraction(min: 0, max: GemConstants.fullPlaces)

    /// The adaptive rule: a magnitude from `adaptiveFloor` up to (not including)
    /// `smallValueThreshold` reads in four significant digits; everything else, zero and
    /// sub-floor dust included, reads in two places.
    public static func adaptive(_ magnitude: Double) -> GemPrecision {
        isSmall(magnitude) ? .fourSignificant : .twoPlaces
    }

    /// The currency form of the adaptive rule: never fewer than two places ($0.90, never $0.9),
    /// and a small value keeps four significant digits after its leading zeros ($0.0008382).
    public static func currency(_ magnitude: Double) -> GemPrecision {
        guard isSmall(magnitude) else { return .twoPlaces }
        return .fraction(min: GemConstants.currencyPlaces, max: zerosAfterPoint(magnitude) + GemConstants.adaptiveSignificantDigits)
    }

    static func isSmall(_ magnitude: Double) -> Bool {
        let size = magnitude.magnitude
        return size >= GemConstants.adaptiveFloor && size < GemConstants.smallValueThreshold
    }

    /// Zeros between the decimal point and the first significant digit of a magnitude below one
    /// (0.0345 → 1, 0.000838 → 3), read against the nearest doubles of 10^-1 … 10^-k so that
    /// 0.001 counts 2 whatever rounding a logarithm would add.
    static func zerosAfterPoint(_ magnitude: Double) -> Int {
        let size = magnitude.magnitude
        var zeros = 0
        while zeros < negativePowersOfTen.count, size < negativePowersOfTen[zeros] {
            zeros += 1
        }
        return zeros
    }

    /// 10^-1 … 10^-20 as the nearest doubles (decimal literals).
    private static let negativePowersOfTen: [Double] = [
        1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10,
        1e-11, 1e-12, 1e-13, 1e-14, 1e-15, 1e-16, 1e-17, 1e-18, 1e-19, 1e-20,
    ]
}

extension GemCurrencyStyle {
    public func precision(_ magnitude: Double) -> GemPrecision {
        switch self {
        case .fiat: .twoPlaces
        case .currency, .abbreviated: .currency(magnitude)
        }
    }

    public func abbreviates(_ magnitude: Double) -> Bool {
        switch self {
        case .abbreviated: magnitude.magnitude >= GemConstants.abbreviationThreshold
        case .currency, .fiat: false
        }
    }
}

extension GemValueStyle {
    public func precision(_ magnitude: Double) -> GemPrecision {
        let size = magnitude.magnitude
        switch self {
        case .full: return .full
        case .short: return size >= GemConstants.smallAmountThreshold ? .upToTwoPlaces : .upToFourPlaces
        case .auto: return size >= 1 ? .upToTwoPlaces : .fourSignificant
        }
    }

    public func abbreviates(_ magnitude: Double) -> Bool {
        self == .short && magnitude.magnitude >= GemConstants.abbreviationThreshold
    }

    /// A non-zero amount below the dust threshold, in a style that cuts dust.
    public func isDust(_ magnitude: Double) -> Bool {
        self == .short && magnitude != 0 && magnitude.magnitude < GemConstants.dustThreshold
    }
}

