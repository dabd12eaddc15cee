import GemCrypto

/// NEAR accounts. The wallet derives the implicit account (64 lower-case hex digits of the ed25519 key);
/// validation also accepts named accounts (`alice.near`) and Ethereum-style implicit accounts (`0x` + 40
/// lower-case hex, NEP-518), following the account-id rules of NEAR's protocol documentation: 2 to 64
/// characters of `a-z 0-9 - _ .`, where `-`, `_` and `.` separate non-empty runs of letters and digits.
public enum NearAddress {
    public static func derive(_ publicKey: [UInt8]) -> String {
        Hex.encode(publicKey)
    }

    public static func validate(_ address: String) throws(AddressError) -> String {
        let utf8 = Array(address.utf8)
        guard utf8.allSatisfy(isAllowed) else {
            // Upper case is the usual mistake (implicit accounts are lower-case hex).
            throw .invalidCharacter
        }
        guard (2...64).contains(utf8.count) else { throw .invalidLength }
        var previousSeparator = true
        for c in utf8 {
            let separator = c == UInt8(ascii: "-") || c == UInt8(ascii: "_") || c == UInt8(ascii: ".")
            if separator && previousSeparator { throw .invalidCharacter }
            previousSeparator = separator
        }
        if previousSeparator { throw .invalidCharacter }
        return address
    }

    private static func isAllowed(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
            || c == UInt8(ascii: "-") || c == UInt8(ascii: "_") || c == UInt8(ascii: ".")
    }
}
