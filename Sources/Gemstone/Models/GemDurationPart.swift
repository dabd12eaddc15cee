extension GemDurationUnit {
    var seconds: Int {
        switch self {
        case .days: 86_400
        case .hours: 3_600
        case .minutes: 60
        case .seconds: 1
        }
    }
}

extension GemDurationPart {
    /// A duration as its largest non-zero parts, at most `maxParts` of them, the smallest part
    /// truncated (3 725 s → 1 h 2 min). Zero or a negative duration is "0 s".
    public static func parts(seconds: Int, maxParts: Int = 2) -> [GemDurationPart] {
        guard seconds > 0, maxParts > 0 else { return [GemDurationPart(value: 0, unit: .seconds)] }
        var remaining = seconds
        var parts: [GemDurationPart] = []
        for unit in GemDurationUnit.allCases {
            let value = remaining / unit.seconds
            remaining %= unit.seconds
            if value > 0 || !parts.isEmpty {
                parts.append(GemDurationPart(value: value, unit: unit))
            }
            if parts.count == maxParts { break }
        }
        // A trailing zero part ("1 h 0 min") says nothing.
        while parts.count > 1, let last = parts.last, last.value == 0 { parts.removeLast() }
        return parts
    }
}
