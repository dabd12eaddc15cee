import GemCrypto
import Primitives

/// EIP-712 typed structured data hashing, as `eth_signTypedData_v4` does it (EIP-712 § Specification; arrays and
/// nested structs as MetaMask's eth-sig-util V4 encodes them):
///
///     digest = keccak256(0x19 ‖ 0x01 ‖ hashStruct("EIP712Domain", domain) ‖ hashStruct(primaryType, message))
///     hashStruct(T, v) = keccak256(typeHash(T) ‖ enc(field 1) ‖ … ‖ enc(field n))
///     typeHash(T) = keccak256(encodeType(T)), encodeType = T's "Name(type name,…)" then its referenced structs,
///                   sorted by name
///
/// Each field is one 32-byte word: `bool`, `address`, `uintN`, `intN` (two's complement) and `bytesN` (right-padded)
/// in place; `string` and `bytes` as keccak256 of their bytes; a struct as its hashStruct; an array `T[]` / `T[n]` as
/// keccak256 of its elements' words.
///
/// Anything two wallets could hash differently is refused as `SignerError.invalidField("typed_data", reason:)`:
/// a missing or null value (eth-sig-util hashes missing structs as zero, eth-account missing strings as zero, the
/// EIP says nothing), a key given twice in an object, a number beyond 2^53 given as a JSON number (precision already lost), a value out of its
/// type's range, `bytesN` of another length, text where hex is expected, an address that is not 0x and 40 hex digits,
/// an undeclared domain key, an unknown or malformed type, non-ASCII or separator characters in names (encodeType
/// would be ambiguous and sort orders differ between languages). Message keys the types do not declare are not
/// signed and are ignored, as every implementation does.
public enum EIP712 {
    /// The digest of typed data given as JSON text.
    public static func digest(json: String) throws(SignerError) -> [UInt8] {
        let value: JSON
        do {
            value = try JSONParser.parse(json)
        } catch {
            throw invalid("not JSON (\(error.reason) at byte \(error.offset))")
        }
        return try digest(value)
    }

    /// The digest of typed data {types, primaryType, domain, message}.
    public static func digest(_ typedData: JSON) throws(SignerError) -> [UInt8] {
        guard case let .object(top) = typedData else { throw invalid("not a JSON object") }
        _ = try uniqueKeys(top, path: "typed data")
        guard let typesValue = typedData["types"] else { throw invalid("no types") }
        guard let primaryType = typedData["primaryType"]?.stringValue else { throw invalid("no primaryType string") }
        guard let domain = typedData["domain"] else { throw invalid("no domain") }
        guard let message = typedData["message"] else { throw invalid("no message") }
        var encoder = try Encoder(types: typesValue)
        guard encoder.structs[domainType] != nil else { throw invalid("types has no EIP712Domain") }
        guard primaryType != domainType else { throw invalid("primaryType is EIP712Domain") }
        guard encoder.structs[primaryType] != nil else { throw invalid("primaryType \(primaryType) is not in types") }
        // Every domain key must be a declared field: an undeclared one would not be signed.
        guard case let .object(domainMembers) = domain else { throw invalid("domain is not an object") }
        _ = try uniqueKeys(domainMembers, path: "domain")
        let declared = Set((encoder.structs[domainType] ?? []).map(\.name))
        for (key, _) in domainMembers where !declared.contains(key) {
            throw invalid("domain.\(key) is not a field of EIP712Domain")
        }
        var preimage: [UInt8] = [0x19, 0x01]
        preimage.reserveCapacity(66)
        preimage.append(contentsOf: try encoder.hashStruct(domainType, domain, path: "domain"))
        preimage.append(contentsOf: try encoder.hashStruct(primaryType, message, path: "message"))
        return Hash.keccak256(preimage)
    }

    static let domainType = "EIP712Domain"

    /// The members by key. A key given twice is refused: a display would show one value and the hash take another.
    static func uniqueKeys(_ members: [(String, JSON)], path: String) throws(SignerError) -> [String: JSON] {
        var byKey: [String: JSON] = [:]
        byKey.reserveCapacity(members.count)
        for (key, value) in members {
            guard byKey.updateValue(value, forKey: key) == nil else { throw invalid("\(path) has the key \(key) twice") }
        }
        return byKey
    }

    static func invalid(_ reason: String) -> SignerError {
        .invalidField("typed_data", reason: reason)
    }

    /// A field's type, parsed once per distinct type text.
    indirect enum FieldType: Equatable {
        case bool
        case address
        case string
        case bytes
        /// bytes1 ... bytes32.
        case fixedBytes(Int)
        /// uint8 ... uint256 (bits).
        case uint(Int)
        /// int8 ... int256 (bits).
        case int(Int)
        case structure(String)
        /// `T[]` (nil) or `T[n]`.
        case array(FieldType, Int?)
    }

    struct Field {
        let name: String
        let typeText: String
        let type: FieldType
    }

    struct Encoder {
        /// Each struct's fields, in declared order.
        var structs: [String: [Field]] = [:]
        /// typeHash of each struct, computed when first needed.
        var typeHashes: [String: [UInt8]] = [:]

        init(types: JSON) throws(SignerError) {
            guard case let .object(members) = types else { throw invalid("types is not an object") }
            var declared: [String: [(String, String)]] = [:]
            var order: [String] = []
            for (name, fieldsValue) in members {
                guard isValidName(name) else { throw invalid("type name \"\(name)\" is empty or has a character other than ASCII letters, digits and _$:.") }
                guard atomicType(name) == nil else { throw invalid("types redefines the atomic type \(name)") }
                guard declared[name] == nil else { throw invalid("types defines \(name) twice") }
                guard case let .array(fieldValues) = fieldsValue else { throw invalid("types.\(name) is not an array") }
                var fields: [(String, String)] = []
                var fieldNames: Set<String> = []
                fields.reserveCapacity(fieldValues.count)
                for (index, fieldValue) in fieldValues.enumerated() {
                    guard let fieldName = fieldValue["name"]?.stringValue, let fieldType = fieldValue["type"]?.stringValue else {
                        throw invalid("types.\(name)[\(index)] needs name and type strings")
                    }
                    guard isValidName(fieldName) else { throw invalid("field name \"\(fieldName)\" in \(name) is empty or has a character other than ASCII letters, digits and _$:.") }
                    guard fieldNames.insert(fieldName).inserted else { throw invalid("types.\(name) declares \(fieldName) twice") }
                    fields.append((fieldName, fieldType))
                }
                declared[name] = fields
                order.append(name)
            }
            for name in order {
                let fields = declared[name] ?? []
                var parsed: [Field] = []
                parsed.reserveCapacity(fields.count)
                for (fieldName, typeText) in fields {
                    guard let type = parseType(typeText, structs: declared) else {
                        throw invalid("types.\(name).\(fieldName) has unknown type \(typeText)")
                    }
                    parsed.append(Field(name: fieldName, typeText: typeText, type: type))
                }
                structs[name] = parsed
            }
        }

        /// keccak256(typeHash ‖ enc(fields…)) of `value`, an object of struct `name`.
        mutating func hashStruct(_ name: String, _ value: JSON, path: String) throws(SignerError) -> [UInt8] {
            guard case let .object(members) = value else { throw invalid("\(path) is not an object") }
            let byKey = try uniqueKeys(members, path: path)
            guard let fields = structs[name] else { throw invalid("\(path): no type \(name)") }
            var data = try typeHash(name)
            data.reserveCapacity(32 * (fields.count + 1))
            for field in fields {
                let fieldPath = path + "." + field.name
                guard let fieldValue = byKey[field.name], !fieldValue.isNull else { throw invalid("\(fieldPath) is missing") }
                try encode(field.type, fieldValue, path: fieldPath, into: &data)
            }
            return Hash.keccak256(data)
        }

        /// Appends the 32-byte word of `value` as `type`.
        mutating func encode(_ type: FieldType, _ value: JSON, path: String, into out: inout [UInt8]) throws(SignerError) {
            switch type {
            case .bool:
                guard let flag = value.boolValue else { throw invalid("\(path) is not true or false") }
                out.append(contentsOf: repeatElement(0, count: 31))
                out.append(flag ? 1 : 0)
            case .address:
                // Any letter case: the 20 bytes are what is signed, and neither eth-sig-util nor eth-account checks
                // EIP-55 here (dApps send lower-case and mixed forms alike).
                guard let text = value.stringValue, text.hasPrefix("0x"), text.utf8.count == 42,
                      let account = try? Hex.decode(String(text.dropFirst(2)))
                else { throw invalid("\(path) is not a 0x address of 20 bytes") }
                EthereumSigner.appendWord(account, into: &out)
            case .string:
                guard let text = value.stringValue else { throw invalid("\(path) is not a string") }
                out.append(contentsOf: Hash.keccak256(Array(text.utf8)))
            case .bytes:
                out.append(contentsOf: Hash.keccak256(try hexBytes(value, path: path)))
            case let .fixedBytes(size):
                let bytes = try hexBytes(value, path: path)
                guard bytes.count == size else { throw invalid("\(path) has \(bytes.count) bytes, bytes\(size) needs \(size)") }
                out.append(contentsOf: bytes)
                out.append(contentsOf: repeatElement(0, count: 32 - size))
            case let .uint(bits):
                let (negative, magnitude) = try integer(value, path: path)
                guard !negative || magnitude.isZero else { throw invalid("\(path) is negative for uint\(bits)") }
                guard magnitude.bitLength <= bits else { throw invalid("\(path) does not fit uint\(bits)") }
                EthereumSigner.appendWord(magnitude.bigEndianBytes, into: &out)
            case let .int(bits):
                let (negative, magnitude) = try integer(value, path: path)
                if negative && !magnitude.isZero {
                    // −2^(bits−1) ≤ value: magnitude − 1 fits bits − 1 bits. Two's complement word: ~(magnitude − 1).
                    guard let below = magnitude.subtracting(BigUInt(1)), below.bitLength <= bits - 1 else {
                        throw invalid("\(path) does not fit int\(bits)")
                    }
                    let bytes = below.bigEndianBytes
                    out.append(contentsOf: repeatElement(0xFF, count: 32 - bytes.count))
                    out.append(contentsOf: bytes.map { ~$0 })
                } else {
                    guard magnitude.bitLength <= bits - 1 else { throw invalid("\(path) does not fit int\(bits)") }
                    EthereumSigner.appendWord(magnitude.bigEndianBytes, into: &out)
                }
            case let .structure(name):
                out.append(contentsOf: try hashStruct(name, value, path: path))
            case let .array(element, length):
                guard let elements = value.arrayValue else { throw invalid("\(path) is not an array") }
                if let length, elements.count != length {
                    throw invalid("\(path) has \(elements.count) elements, its type needs \(length)")
                }
                var words: [UInt8] = []
                words.reserveCapacity(32 * elements.count)
                for (index, item) in elements.enumerated() {
                    guard !item.isNull else { throw invalid("\(path)[\(index)] is missing") }
                    try encode(element, item, path: "\(path)[\(index)]", into: &words)
                }
                out.append(contentsOf: Hash.keccak256(words))
            }
        }

        /// keccak256(encodeType(name)), cached.
        mutating func typeHash(_ name: String) throws(SignerError) -> [UInt8] {
            if let known = typeHashes[name] { return known }
            let hash = Hash.keccak256(Array(encodeType(name).utf8))
            typeHashes[name] = hash
            return hash
        }

        /// `name`'s "Name(type field,…)" followed by every struct it references (transitively), sorted by name.
        func encodeType(_ name: String) -> String {
            var seen: Set<String> = [name]
            var stack = [name]
            var dependencies: [String] = []
            while let current = stack.popLast() {
                for field in structs[current] ?? [] {
                    guard let referenced = field.type.structName, !seen.contains(referenced) else { continue }
                    seen.insert(referenced)
                    dependencies.append(referenced)
                    stack.append(referenced)
                }
            }
            // Names are ASCII (checked when parsed), so byte order is every implementation's order.
            dependencies.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            var text = ""
            for typeName in [name] + dependencies {
                text += typeName + "("
                for (index, field) in (structs[typeName] ?? []).enumerated() {
                    if index > 0 { text += "," }
                    text += field.typeText + " " + field.name
                }
                text += ")"
            }
            return text
        }
    }

    /// Type and field names: non-empty ASCII letters, digits, `_`, `$`, `:` and `.` (Hyperliquid names its types
    /// "HyperliquidTransaction:UsdSend"); nothing that could read as part of encodeType's syntax.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
                || c == UInt8(ascii: "_") || c == UInt8(ascii: "$") || c == UInt8(ascii: ":") || c == UInt8(ascii: ".")
        }
    }

    /// bool, address, string, bytes, bytes1…32, uint8…256, int8…256 (multiples of 8, no leading zeros).
    static func atomicType(_ text: String) -> FieldType? {
        switch text {
        case "bool": return .bool
        case "address": return .address
        case "string": return .string
        case "bytes": return .bytes
        default: break
        }
        func size(after prefix: String) -> Int? {
            guard text.hasPrefix(prefix) else { return nil }
            let digits = text.utf8.dropFirst(prefix.utf8.count)
            guard !digits.isEmpty, digits.count <= 3, digits.first != UInt8(ascii: "0"),
                  digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        if let n = size(after: "bytes"), (1...32).contains(n) { return .fixedBytes(n) }
        if let n = size(after: "uint"), n % 8 == 0, (8...256).contains(n) { return .uint(n) }
        if let n = size(after: "int"), n % 8 == 0, (8...256).contains(n) { return .int(n) }
        return nil
    }

    /// More `[]` suffixes than any contract uses; a hostile type text cannot recurse deeper.
    static let maximumArrayDimensions = 16

    /// An atomic type, a declared struct, or either followed by `[]` / `[n]` suffixes (n ≥ 1).
    static func parseType(_ text: String, structs: [String: [(String, String)]], depth: Int = 0) -> FieldType? {
        guard depth <= maximumArrayDimensions else { return nil }
        let utf8 = Array(text.utf8)
        guard let open = utf8.lastIndex(of: UInt8(ascii: "[")) else {
            if let atomic = atomicType(text) { return atomic }
            return structs[text] != nil ? .structure(text) : nil
        }
        guard utf8.last == UInt8(ascii: "]"), open > 0 else { return nil }
        let digits = utf8[(open + 1)..<(utf8.count - 1)]
        var length: Int?
        if !digits.isEmpty {
            guard digits.count <= 9, digits.first != UInt8(ascii: "0"), digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            length = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        guard let element = parseType(String(decoding: utf8[0..<open], as: UTF8.self), structs: structs, depth: depth + 1) else { return nil }
        return .array(element, length)
    }

    /// Bytes given as a 0x-prefixed hex string of even length ("0x" is empty bytes).
    static func hexBytes(_ value: JSON, path: String) throws(SignerError) -> [UInt8] {
        guard let text = value.stringValue, text.hasPrefix("0x") else { throw invalid("\(path) is not a 0x-hex string") }
        do {
            return try Hex.decode(String(text.dropFirst(2)))
        } catch {
            throw invalid("\(path) is not a 0x-hex string")
        }
    }

    /// An integer given as a JSON integer, a decimal string ("-12", "12") or a 0x-hex string; (negative, magnitude).
    static func integer(_ value: JSON, path: String) throws(SignerError) -> (Bool, BigUInt) {
        switch value {
        case let .int(number):
            return (number < 0, BigUInt(number.magnitude))
        case let .double(number):
            // The JSON parser keeps integers beyond Int64 as doubles: exact only below 2^53.
            guard number.rounded() == number, abs(number) < 9_007_199_254_740_992 else {
                throw invalid("\(path) is not an integer JSON number below 2^53 (give large integers as strings)")
            }
            return (number < 0, BigUInt(UInt64(abs(number))))
        case let .string(text):
            if text.hasPrefix("0x") {
                guard text.utf8.count > 2, let parsed = BigUInt(hex: text) else { throw invalid("\(path) is not a hex integer") }
                return (false, parsed)
            }
            let negative = text.hasPrefix("-")
            guard let parsed = BigUInt(negative ? String(text.dropFirst()) : text) else {
                throw invalid("\(path) is not a decimal or 0x-hex integer")
            }
            return (negative, parsed)
        default:
            throw invalid("\(path) is not an integer")
        }
    }
}

extension EIP712.FieldType {
    /// The struct this type refers to, through any array suffixes.
    var structName: String? {
        switch self {
        case let .structure(name): name
        case let .array(element, _): element.structName
        default: nil
        }
    }
}
