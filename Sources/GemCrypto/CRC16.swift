// CRC-16/XMODEM (polynomial 0x1021, initial value 0, no reflection, no final XOR): the checksum of Stellar StrKeys
// and TON user-friendly addresses.

public enum CRC16 {
    private static let table: [UInt16] = (0..<256).map { i in
        var crc = UInt16(i) << 8
        for _ in 0..<8 { crc = crc & 0x8000 != 0 ? (crc << 1) ^ 0x1021 : crc << 1 }
        return crc
    }

    /// CRC-16/XMODEM of `bytes` (check value of "123456789" is 0x31C3).
    public static func xmodem(_ bytes: [UInt8]) -> UInt16 {
        var crc: UInt16 = 0
        for b in bytes { crc = (crc << 8) ^ table[Int(UInt8(truncatingIfNeeded: crc >> 8) ^ b)] }
        return crc
    }
}
