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

    /// The wallet_v4_r2 code as a bag of cells (736 bytes, 20 cells), as published with the wallet contract
    /// (ton-blockchain/wallet-contract, wallet-v4-code.fc) and shipped by ton-core, tonweb and pytoniq
    /// (`WALLET_V4_R2_CODE`). Its root must hash to `codeHash` (tested).
    static let codeBoc: String = [
        "b5ee9c72010214010002d4000114ff00f4a413f4bcf2c80b01020120020f020148030602e6d001d0d3032171b0925f04e022d749c120925f",
        "04e002d31f218210706c7567bd22821064737472bdb0925f05e003fa403020fa4401c8ca07cbffc9d0ed44d0810140d721f404305c810108",
        "f40a6fa131b3925f07e005d33fc8258210706c7567ba923830e30d03821064737472ba925f06e30d0405007801fa00f40430f8276f223050",
        "0aa121bef2e0508210706c7567831eb17080185004cb0526cf1658fa0219f400cb6917cb1f5260cb3f20c98040fb0006008a5004810108f4",
        "5930ed44d0810140d720c801cf16f400c9ed540172b08e23821064737472831eb17080185005cb055003cf1623fa0213cb6acb1fcb3fc980",
        "40fb00925f03e2020120070e020120080d020158090a003db29dfb513420405035c87d010c00b23281f2fff274006040423d029be84c6002",
        "01200b0c0019adce76a26840206b90eb85ffc00019af1df6a26840106b90eb858fc00011b8c97ed44d0d70b1f80059bd242b6f6a2684080a",
        "06b90fa0218470d4080847a4937d29910ce6903e9ff9837812801b7810148987159f318404f8f28308d71820d31fd31fd31f02f823bbf264",
        "ed44d0d31fd31fd3fff404d15143baf2a15151baf2a205f901541064f910f2a3f80024a4c8cb1f5240cb1f5230cbff5210f400c9ed54f80f",
        "01d30721c0009f6c519320d74a96d307d402fb00e830e021c001e30021c002e30001c0039130e30d03a4c8cb1f12cb1fcbff10111213006e",
        "d207fa00d4d422f90005c8ca0715cbffc9d077748018c8cb05cb0222cf165005fa0214cb6b12ccccc973fb00c84014810108f451f2a70200",
        "70810108d718fa00d33fc8542047810108f451f2a782106e6f746570748018c8cb05cb025006cf165004fa0214cb6a12cb1fcb3fc973fb00",
        "02006c810108d718fa00d33f305224810108f459f2a782106473747270748018c8cb05cb025005cf165003fa0213cb6acb1f12cb3fc973fb",
        "00000af400c9ed54",
    ].joined()

    /// The code cell, parsed once; nil only if the constant above were damaged (a test pins its hash).
    static let code: TonCell? = {
        guard let bytes = try? Hex.decode(codeBoc), let cell = TonBoc.deserialize(bytes), cell.hash == codeHash else {
            return nil
        }
        return cell
    }()

    /// The initial data cell: seqno 0, wallet id, public key, empty plugin dictionary.
    static func dataCell(publicKey: [UInt8], workchain: Int8) throws(SignerError) -> TonCell {
        var data = TonCellBuilder()
        try data.uint(0, bits: 32)
        try data.uint(UInt64(walletId(workchain: workchain)), bits: 32)
        try data.bytes(publicKey)
        try data.bit(false)
        return data.build()
    }

    /// StateInit: split_depth and special absent, code and data present, library empty.
    static func stateInit(publicKey: [UInt8], workchain: Int8) throws(SignerError) -> TonCell {
        guard let code else { throw .unsupported("the wallet v4R2 code is unavailable") }
        var state = TonCellBuilder()
        try state.uint(0b00110, bits: 5)
        try state.ref(code)
        try state.ref(try dataCell(publicKey: publicKey, workchain: workchain))
        return state.build()
    }

    static func walletId(workchain: Int8) -> UInt32 {
        baseWalletId &+ UInt32(bitPattern: Int32(workchain))
    }

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
