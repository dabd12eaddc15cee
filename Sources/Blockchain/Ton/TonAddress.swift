import GemCrypto
import Primitives

/// TON addresses. The wallet derives the wallet contract's user-friendly form: base64url of
/// tag ‖ workchain ‖ 32-byte account id ‖ CRC16-XMODEM (big-endian), 48 characters; tag 0x11 bounceable ("EQ…"),
/// 0x51 non-bounceable ("UQ…"), plus 0x80 on testnet. Validation also accepts the standard base64 alphabet and the
/// raw form `<workchain>:<64 hex digits>` (TON documentation, "Smart contract addresses").
public enum TonAddress {
    static let bounceableTag: UInt8 = 0x11
    static let nonBounceableTag: UInt8 = 0x51
    static let testnetFlag: UInt8 = 0x80

    public static func derive(_ publicKey: [UInt8], version: TonWalletVersion, workchain: Int8, bounceable: Bool)
        -> String
    {
        let account: [UInt8] =
            switch version {
            case .v4R2: TonWalletV4R2.accountId(publicKey: publicKey, workchain: workchain)
            }
        return userFriendly(workchain: workchain, account: account, bounceable: bounceable)
    }

    static func userFriendly(workchain: Int8, account: [UInt8], bounceable: Bool) -> String {
        let body = [bounceable ? bounceableTag : nonBounceableTag, UInt8(bitPattern: workchain)] + account
        let crc = CRC16.xmodem(body)
        return Base64.encode(body + [UInt8(crc >> 8), UInt8(crc & 0xFF)], alphabet: .url, padding: false)
    }

    /// Returns the address as given.
    public static func validate(_ address: String) throws(AddressError) -> String {
        if let colon = address.firstIndex(of: ":") {
            try validateRaw(workchain: address[..<colon], account: address[address.index(after: colon)...])
            return address
        }
        guard address.utf8.count == 48 else { throw .invalidLength }
        let standard = address.contains("+") || address.contains("/")
        if standard && (address.contains("-") || address.contains("_")) { throw .invalidCharacter }
        let bytes = try decoding { () throws(EncodingError) in
            try Base64.decode(address, alphabet: standard ? .standard : .url)
        }
        guard bytes.count == 36 else { throw .invalidLength }
        let crc = CRC16.xmodem(Array(bytes[..<34]))
        guard bytes[34] == UInt8(crc >> 8), bytes[35] == UInt8(crc & 0xFF) else { throw .invalidChecksum }
        let tag = bytes[0]
        if tag & testnetFlag != 0 { throw .wrongNetwork }
        guard tag == bounceableTag || tag == nonBounceableTag else { throw .unsupportedFormat }
        try checkWorkchain(Int8(bitPattern: bytes[1]))
        return address
    }

    /// An address's parts: workchain, 32-byte account id, and whether a message to it should bounce.
    struct Parts: Sendable, Equatable {
        let workchain: Int8
        let account: [UInt8]
        let bounceable: Bool
    }

    /// The parts of a valid address. The raw form carries no flag and is read as bounceable, so that value sent
    /// to a contract that is not deployed comes back.
    static func parse(_ address: String) throws(AddressError) -> Parts {
        _ = try validate(address)
        if let colon = address.firstIndex(of: ":") {
            let account = try decoding { () throws(EncodingError) in
                try Hex.decode(String(address[address.index(after: colon)...]).lowercased())
            }
            guard let workchain = Int8(address[..<colon]) else { throw .unsupportedFormat }
            return Parts(workchain: workchain, account: account, bounceable: true)
        }
        let standard = address.contains("+") || address.contains("/")
        let bytes = try decoding { () throws(EncodingError) in
            try Base64.decode(address, alphabet: standard ? .standard : .url)
        }
        guard bytes.count == 36 else { throw .invalidLength }
        return Parts(
            workchain: Int8(bitPattern: bytes[1]), account: Array(bytes[2..<34]), bounceable: bytes[0] == bounceableTag)
    }

    private static func validateRaw(workchain: Substring, account: Substring) throws(AddressError) {
        // A decimal workchain id, optionally negative; no `+`, no spaces.
        let digits = workchain.first == "-" ? workchain.dropFirst() : workchain
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw .invalidCharacter
        }
        guard let chain = Int8(workchain) else { throw .unsupportedFormat }
        guard account.utf8.allSatisfy(EthereumAddress.isHexDigit) else { throw .invalidCharacter }
        guard account.utf8.count == 64 else { throw .invalidLength }
        try checkWorkchain(chain)
    }

    /// The basechain (0) and the masterchain (-1) are the workchains that exist.
    private static func checkWorkchain(_ workchain: Int8) throws(AddressError) {
        guard workchain == 0 || workchain == -1 else { throw .unsupportedFormat }
    }
}
