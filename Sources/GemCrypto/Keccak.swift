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

    private var lanes = InlineArray<25, UInt64>(repeating: 0)

    /// Rotation left by 1...63 bits.
    @inline(__always) private static func rotl(_ x: UInt64, _ n: UInt64) -> UInt64 { (x &<< n) | (x &>> (64 &- n)) }

    /// Keccak-f[1600] (FIPS 202 § 3.3), unrolled over the 25 lanes held in locals: theta, rho and pi, chi, iota.
    /// Lane (x, y) is `a<x + 5y>`; rho's offsets are FIPS 202 Table 2, pi moves lane (x, y) to (y, 2x + 3y).
    private mutating func permute() {
        var a0 = lanes[0]
        var a1 = lanes[1]
        var a2 = lanes[2]
        var a3 = lanes[3]
        var a4 = lanes[4]
        var a5 = lanes[5]
        var a6 = lanes[6]
        var a7 = lanes[7]
        var a8 = lanes[8]
        var a9 = lanes[9]
        var a10 = lanes[10]
        var a11 = lanes[11]
        var a12 = lanes[12]
        var a13 = lanes[13]
        var a14 = lanes[14]
        var a15 = lanes[15]
        var a16 = lanes[16]
        var a17 = lanes[17]
        var a18 = lanes[18]
        var a19 = lanes[19]
        var a20 = lanes[20]
        var a21 = lanes[21]
        var a22 = lanes[22]
        var a23 = lanes[23]
        var a24 = lanes[24]
        for round in 0..<24 {
            let c0 = a0 ^ a5 ^ a10 ^ a15 ^ a20
            let c1 = a1 ^ a6 ^ a11 ^ a16 ^ a21
            let c2 = a2 ^ a7 ^ a12 ^ a17 ^ a22
            let c3 = a3 ^ a8 ^ a13 ^ a18 ^ a23
            let c4 = a4 ^ a9 ^ a14 ^ a19 ^ a24
            let d0 = c4 ^ Keccak.rotl(c1, 1)
            let d1 = c0 ^ Keccak.rotl(c2, 1)
            let d2 = c1 ^ Keccak.rotl(c3, 1)
            let d3 = c2 ^ Keccak.rotl(c4, 1)
            let d4 = c3 ^ Keccak.rotl(c0, 1)
            let b0 = a0 ^ d0
            let b1 = Keccak.rotl((a6 ^ d1), 44)
            let b2 = Keccak.rotl((a12 ^ d2), 43)
            let b3 = Keccak.rotl((a18 ^ d3), 21)
            let b4 = Keccak.rotl((a24 ^ d4), 14)
            let b5 = Keccak.rotl((a3 ^ d3), 28)
            let b6 = Keccak.rotl((a9 ^ d4), 20)
            let b7 = Keccak.rotl((a10 ^ d0), 3)
            let b8 = Keccak.rotl((a16 ^ d1), 45)
            let b9 = Keccak.rotl((a22 ^ d2), 61)
            let b10 = Keccak.rotl((a1 ^ d1), 1)
            let b11 = Keccak.rotl((a7 ^ d2), 6)
            let b12 = Keccak.rotl((a13 ^ d3), 25)
            let b13 = Keccak.rotl((a19 ^ d4), 8)
            let b14 = Keccak.rotl((a20 ^ d0), 18)
            let b15 = Keccak.rotl((a4 ^ d4), 27)
            let b16 = Keccak.rotl((a5 ^ d0), 36)
            let b17 = Keccak.rotl((a11 ^ d1), 10)
            let b18 = Keccak.rotl((a17 ^ d2), 15)
            let b19 = Keccak.rotl((a23 ^ d3), 56)
            let b20 = Keccak.rotl((a2 ^ d2), 62)
            let b21 = Keccak.rotl((a8 ^ d3), 55)
            let b22 = Keccak.rotl((a14 ^ d4), 39)
            let b23 = Keccak.rotl((a15 ^ d0), 41)
            let b24 = Keccak.rotl((a21 ^ d1), 2)
            a0 = b0 ^ (~b1 & b2)
            a1 = b1 ^ (~b2 & b3)
            a2 = b2 ^ (~b3 & b4)
            a3 = b3 ^ (~b4 & b0)
            a4 = b4 ^ (~b0 & b1)
            a5 = b5 ^ (~b6 & b7)
            a6 = b6 ^ (~b7 & b8)
            a7 = b7 ^ (~b8 & b9)
            a8 = b8 ^ (~b9 & b5)
            a9 = b9 ^ (~b5 & b6)
            a10 = b10 ^ (~b11 & b12)
            a11 = b11 ^ (~b12 & b13)
            a12 = b12 ^ (~b13 & b14)
            a13 = b13 ^ (~b14 & b10)
            a14 = b14 ^ (~b10 & b11)
            a15 = b15 ^ (~b16 & b17)
            a16 = b16 ^ (~b17 & b18)
            a17 = b17 ^ (~b18 & b19)
            a18 = b18 ^ (~b19 & b15)
            a19 = b19 ^ (~b15 & b16)
            a20 = b20 ^ (~b21 & b22)
            a21 = b21 ^ (~b22 & b23)
            a22 = b22 ^ (~b23 & b24)
            a23 = b23 ^ (~b24 & b20)
            a24 = b24 ^ (~b20 & b21)
            a0 ^= Keccak.roundConstants[round]
        }
        lanes[0] = a0
        lanes[1] = a1
        lanes[2] = a2
        lanes[3] = a3
        lanes[4] = a4
        lanes[5] = a5
        lanes[6] = a6
        lanes[7] = a7
        lanes[8] = a8
        lanes[9] = a9
        lanes[10] = a10
        lanes[11] = a11
        lanes[12] = a12
        lanes[13] = a13
        lanes[14] = a14
        lanes[15] = a15
        lanes[16] = a16
        lanes[17] = a17
        lanes[18] = a18
        lanes[19] = a19
        lanes[20] = a20
        lanes[21] = a21
        lanes[22] = a22
        lanes[23] = a23
        lanes[24] = a24
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
