import Primitives

/// The parts of Substrate's SCALE codec the Polkadot signer writes (parity-scale-codec; "SCALE codec" in the
/// Polkadot documentation): little-endian fixed-width integers, compact integers and the mortal era of
/// `sp_runtime::generic::Era`.
enum SCALE {
    /// 2^128: compact integers here carry u128 balances (and u32 nonces), never more.
    static let u128Limit = BigUInt(1) << 128

    /// `Compact<T>`: below 2^6 one byte (v << 2), below 2^14 two bytes (v << 2 | 0b01), below 2^30 four bytes
    /// (v << 2 | 0b10), otherwise the "big-integer mode": a byte ((n - 4) << 2 | 0b11) and the n ≥ 4 little-endian
    /// bytes of v without trailing zeros. The caller keeps `value` below 2^128 (n ≤ 16).
    static func compact(_ value: BigUInt) -> [UInt8] {
        if let small = value.uint64, small < (1 << 30) { return compact(small) }
        var bytes = Array(value.bigEndianBytes.reversed())
        while bytes.count > 4, bytes.last == 0 { bytes.removeLast() }
        while bytes.count < 4 { bytes.append(0) }
        return [UInt8(truncatingIfNeeded: ((bytes.count - 4) << 2) | 0b11)] + bytes
    }

    static func compact(_ value: UInt64) -> [UInt8] {
        switch value {
        case ..<(1 << 6): return [UInt8(truncatingIfNeeded: value << 2)]
        case ..<(1 << 14): return littleEndian(UInt16(truncatingIfNeeded: value << 2 | 0b01))
        case ..<(1 << 30): return littleEndian(UInt32(truncatingIfNeeded: value << 2 | 0b10))
        default: return compact(BigUInt(value))
        }
    }

    static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        (0..<(T.bitWidth / 8)).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    /// A mortal era as `sp_runtime::generic::Era::mortal(period, current)` builds it: the period rounded up to a
    /// power of two and clamped to 4...65536, the phase `current % period` quantized by max(period >> 12, 1);
    /// encoded as the u16 (trailing_zeros(period) - 1 clamped to 1...15) | (phase / quantize << 4), little-endian.
    struct MortalEra: Equatable {
        let period: UInt64
        let phase: UInt64

        init(period requested: UInt64, current: UInt64) {
            var period: UInt64 = 4
            while period < requested, period < (1 << 16) { period <<= 1 }
            let quantize = max(period >> 12, 1)
            self.period = period
            self.phase = current % period / quantize * quantize
        }

        var encoded: [UInt8] {
            let quantize = max(period >> 12, 1)
            let low = UInt16(min(max(period.trailingZeroBitCount - 1, 1), 15))
            return SCALE.littleEndian(low | UInt16(truncatingIfNeeded: (phase / quantize) << 4))
        }
    }
}
