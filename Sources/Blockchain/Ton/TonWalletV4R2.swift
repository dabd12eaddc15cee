import GemCrypto

/// The TON wallet contract v4R2 that the specification's apps derive (chains.md § 2): its address is the
/// representation hash of the StateInit cell holding the contract code and the initial data
/// (seqno 0, wallet id, public key, empty plugin dictionary). Cell hashing follows the TON Virtual Machine
/// documentation (tvm.pdf § 3.1.4–3.1.5: descriptors d1, d2, data with completion tag, child depths and hashes).
enum TonWalletV4R2 {
    /// Representation hash and depth of the v4R2 code cell (the wallet_v4_r2 code BOC). Checked against
    /// tests/oracles, which computes them from the published BOC.
    static let codeHash: [UInt8] = [
        0xFE, 0xB5, 0xFF, 0x68, 0x20, 0xE2, 0xFF, 0x0D, 0x94, 0x83, 0xE7, 0xE0, 0xD6, 0x2C, 0x81, 0x7D,
        0x84, 0x67, 0x89, 0xFB, 0x4A, 0xE5, 0x80, 0xC8, 0x78, 0x86, 0x6D, 0x95, 0x9D, 0xAB, 0xD5, 0xC0,
    ]
    static let codeDepth: UInt16 = 7
    /// The default wallet id: 698983191 + workchain.
    static let baseWalletId: UInt32 = 698_983_191

    /// The 32-byte account id of the wallet for `publicKey` in `workchain`.
    static func accountId(publicKey: [UInt8], workchain: Int8) -> [UInt8] {
        let walletId = baseWalletId &+ UInt32(bitPattern: Int32(workchain))
        // Data cell: seqno u32 = 0, wallet id u32, public key (256 bits), plugins dict bit 0: 321 bits, no refs.
        var data = [UInt8](repeating: 0, count: 4) + bigEndian(walletId) + publicKey
        data.append(0b0100_0000)  // the '0' dict bit, then the completion tag '1'
        let dataHash = Hash.sha256([0, 81] + data)  // d1 = 0 refs; d2 = 40 + 41 (321 bits)
        // StateInit: split_depth absent 0, special absent 0, code present 1, data present 1, library empty 0:
        // 5 bits 00110 + completion tag -> 0x34; two refs (d1 = 2), d2 = 0 + 1.
        let dataDepth: UInt16 = 0
        return Hash.sha256([2, 1, 0x34] + bigEndian(codeDepth) + bigEndian(dataDepth) + codeHash + dataHash)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func bigEndian(_ value: UInt16) -> [UInt8] {
        [UInt8(value >> 8), UInt8(value & 0xFF)]
    }
}
