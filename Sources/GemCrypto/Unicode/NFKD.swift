// Unicode Normalization Form KD (UAX #15) in Swift: BIP39 requires NFKD for mnemonics and passphrases, and the
// Swift standard library only exposes NFC. The data (NFKDTable.swift) is generated from UnicodeData; the algorithm
// is: full compatibility decomposition, algorithmic Hangul decomposition, then canonical ordering of combining marks.

enum NFKD {
    private static let decompositions: [UInt32: [UInt32]] = parse(NFKDTable.decompositions) { $0 }
    private static let combiningClasses: [UInt32: UInt8] = parse(NFKDTable.combiningClasses) { UInt8(truncatingIfNeeded: $0[0]) }

    /// Parses `hex=hex,hex;` entries. The generated table is well-formed; a malformed entry would be skipped.
    private static func parse<V>(_ text: String, _ value: ([UInt32]) -> V) -> [UInt32: V] {
        var table = [UInt32: V]()
        for entry in text.utf8.split(whereSeparator: { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "\n") }) {
            let parts = entry.split(separator: UInt8(ascii: "="))
            guard parts.count == 2, let key = UInt32(String(decoding: parts[0], as: UTF8.self), radix: 16) else { continue }
            let values = parts[1].split(separator: UInt8(ascii: ",")).compactMap { UInt32(String(decoding: $0, as: UTF8.self), radix: 16) }
            guard !values.isEmpty else { continue }
            table[key] = value(values)
        }
        return table
    }

    // Hangul syllable decomposition constants (Unicode § 3.12).
    private static let sBase: UInt32 = 0xAC00, lBase: UInt32 = 0x1100, vBase: UInt32 = 0x1161, tBase: UInt32 = 0x11A7
    private static let vCount: UInt32 = 21, tCount: UInt32 = 28, sCount: UInt32 = 11172

    /// The NFKD form of `text`. ASCII text is returned unchanged without touching the tables.
    static func normalize(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        var scalars = [UInt32]()
        scalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            let cp = scalar.value
            if cp >= sBase && cp < sBase + sCount {
                let index = cp - sBase
                scalars.append(lBase + index / (vCount * tCount))
                scalars.append(vBase + (index % (vCount * tCount)) / tCount)
                let t = index % tCount
                if t != 0 { scalars.append(tBase + t) }
            } else if let mapped = decompositions[cp] {
                scalars.append(contentsOf: mapped)
            } else {
                scalars.append(cp)
            }
        }
        // Canonical ordering: within each run of non-starters, a stable sort by combining class.
        var i = 0
        while i < scalars.count {
            guard combiningClasses[scalars[i]] != nil else { i += 1; continue }
            var end = i
            while end < scalars.count, combiningClasses[scalars[end]] != nil { end += 1 }
            if end - i > 1 {
                let run = scalars[i..<end].enumerated().sorted { a, b in
                    let ca = combiningClasses[a.element] ?? 0, cb = combiningClasses[b.element] ?? 0
                    return ca != cb ? ca < cb : a.offset < b.offset
                }
                for (k, item) in run.enumerated() { scalars[i + k] = item.element }
            }
            i = end
        }
        var out = String.UnicodeScalarView()
        for cp in scalars {
            if let s = Unicode.Scalar(cp) { out.append(s) }
        }
        return String(out)
    }
}
