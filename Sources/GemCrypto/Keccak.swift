// Keccak-f[1600] sponge (FIPS 202), written in Swift: it backs Keccak-256 (Ethereum) and SHA3-256 (Aptos), which
// differ only in the domain-separation padding byte.

struct Keccak {
    /// Round constants RC[i] of the iota step (FIPS 202 § 3.2.5).
    private static let roundConstants: [UInt64] = [
        0x0000_0000_0000_0001, 0x0000_0000_0000_8082, 0x8000_0000_0000_808A, 0x8000_0000_8000_8000,
        0x0000_0000_0000_808B, 0x0000_0000_8000_0001, 0x8000_0000_8000_8081, 0x8000_0000_0000_8009,
        0x0000_0000_0000_008A, 0x0000_0000_0000_0088, 0x0000_0000_8000_8009, 0x0000_0000_8000_000A,
        0x0000_0000_8000_808B, 0x8000_0000_0000_008B, 0x8000_0000_0000_8089, 0x8000_0000_0000_8003,
        0x8000_0000_0000_8002, 0x8000_0000_0000_0080, 0x0000_0000_0000_800A, 0x8000_0000_8000_000A,
        0x8000_0000_8000_8081, 0x8000_0000_0000_8080, 0x0000_0000_8000_0001, 0x8000_0000_8000_8008,
    ]

    /// Rotation offsets and destination lanes of the combined rho and pi steps, walked along pi's cycle from lane 1.
    private static let rhoOffsets: [UInt64] = [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 2, 14, 27, 41, 56, 8, 25, 43, 62, 18, 39, 61, 20, 44]
    private static let piLanes: [Int] = [10, 7, 11, 17, 18, 3, 5, 16, 8, 21, 24, 4, 15, 23, 19, 13, 12, 2, 20, 14, 22, 9, 6, 1]

    private var lanes = InlineArray<25, UInt64>(repeating: 0)

    private static func rotl(_ x: UInt64, _ n: UInt64) -> UInt64 { (x << n) | (x >> (64 &- n)) }

    private mutating func permute() {
        var c = InlineArray<5, UInt64>(repeating: 0)
        for round in 0..<24 {
            // theta
            for x in 0..<5 { c[x] = lanes[x] ^ lanes[x + 5] ^ lanes[x + 10] ^ lanes[x + 15] ^ lanes[x + 20] }
            for x in 0..<5 {
                let d = c[(x + 4) % 5] ^ Keccak.rotl(c[(x + 1) % 5], 1)
                lanes[x] ^= d; lanes[x + 5] ^= d; lanes[x + 10] ^= d; lanes[x + 15] ^= d; lanes[x + 20] ^= d
            }
            // rho and pi
            var current = lanes[1]
            for i in 0..<24 {
                let j = Keccak.piLanes[i]
                let next = lanes[j]
                lanes[j] = Keccak.rotl(current, Keccak.rhoOffsets[i])
                current = next
            }
            // chi
            for y in stride(from: 0, to: 25, by: 5) {
                let a0 = lanes[y], a1 = lanes[y + 1], a2 = lanes[y + 2], a3 = lanes[y + 3], a4 = lanes[y + 4]
                lanes[y] = a0 ^ (~a1 & a2)
                lanes[y + 1] = a1 ^ (~a2 & a3)
                lanes[y + 2] = a2 ^ (~a3 & a4)
                lanes[y + 3] = a3 ^ (~a4 & a0)
                lanes[y + 4] = a4 ^ (~a0 & a1)
            }
            // iota
            lanes[0] ^= Keccak.roundConstants[round]
        }
    }

    /// XORs `count` bytes of `data` starting at `start` into the state, little-endian lanes.
    private mutating func absorb(_ data: [UInt8], from start: Int, count: Int) {
        for i in 0..<count {
            let lane = i >> 3
            lanes[lane] ^= UInt64(data[start + i]) << UInt64((i & 7) << 3)
        }
    }

    /// Sponge with the given rate (bytes), domain-separation byte (0x01 Keccak, 0x06 SHA-3) and output length
    /// (at most one rate block, which covers every digest used here).
    static func hash(_ data: [UInt8], rate: Int, domain: UInt8, length: Int) -> [UInt8] {
        var sponge = Keccak()
        var offset = 0
        while data.count - offset >= rate {
            sponge.absorb(data, from: offset, count: rate)
            sponge.permute()
            offset += rate
        }
        var last = [UInt8](repeating: 0, count: rate)
        let rest = data.count - offset
        for i in 0..<rest { last[i] = data[offset + i] }
        last[rest] ^= domain
        last[rate - 1] ^= 0x80
        sponge.absorb(last, from: 0, count: rate)
        sponge.permute()
        var out = [UInt8](repeating: 0, count: length)
        for i in 0..<length {
            out[i] = UInt8(truncatingIfNeeded: sponge.lanes[i >> 3] >> UInt64((i & 7) << 3))
        }
        return out
    }
}
