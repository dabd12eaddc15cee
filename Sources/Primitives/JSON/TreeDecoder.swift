/// Decodes Decodable records from a parsed `JSON` value, strictly: a string is never read as a
/// number or the reverse, a missing key is an error unless the property is optional, and every
/// failure names its snake_case path.
struct TreeDecoder: Decoder {
    let value: JSON
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case let .object(members) = value else {
            throw mismatch("an object", value, codingPath)
        }
        return KeyedDecodingContainer(KeyedTreeDecoder<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case let .array(elements) = value else {
            throw mismatch("an array", value, codingPath)
        }
        return UnkeyedTreeDecoder(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleTreeDecoder(value: value, codingPath: codingPath)
    }
}

private func kind(_ value: JSON) -> String {
    switch value {
    case .null: "null"
    case .bool: "a boolean"
    case .int, .double: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
}

private func mismatch(_ expected: String, _ value: JSON, _ path: [any CodingKey]) -> JSONCodecError {
    JSONCodecError(path: JSONCodec.render(path), reason: "expected \(expected), found \(kind(value))")
}

/// Reads one primitive out of a JSON value; shared by the three container kinds.
private func read<T: Decodable>(_ type: T.Type, _ value: JSON, _ path: [any CodingKey]) throws -> T {
    if T.self == String.self, case let .string(text) = value, let typed = text as? T { return typed }
    if !isPrimitive(T.self) {
        return try T(from: TreeDecoder(value: value, codingPath: path))
    }
    switch type {
    case is String.Type:
        guard case let .string(text) = value else { throw mismatch("a string", value, path) }
        return try cast(text, path)
    case is Bool.Type:
        guard case let .bool(flag) = value else { throw mismatch("a boolean", value, path) }
        return try cast(flag, path)
    case is Double.Type:
        switch value {
        case let .double(number): return try cast(number, path)
        case let .int(number): return try cast(Double(number), path)
        default: throw mismatch("a number", value, path)
        }
    case is Float.Type:
        switch value {
        case let .double(number): return try cast(Float(number), path)
        case let .int(number): return try cast(Float(number), path)
        default: throw mismatch("a number", value, path)
        }
    case is Int.Type: return try cast(try readInteger(Int.self, value, path), path)
    case is Int8.Type: return try cast(try readInteger(Int8.self, value, path), path)
    case is Int16.Type: return try cast(try readInteger(Int16.self, value, path), path)
    case is Int32.Type: return try cast(try readInteger(Int32.self, value, path), path)
    case is Int64.Type: return try cast(try readInteger(Int64.self, value, path), path)
    case is UInt.Type: return try cast(try readInteger(UInt.self, value, path), path)
    case is UInt8.Type: return try cast(try readInteger(UInt8.self, value, path), path)
    case is UInt16.Type: return try cast(try readInteger(UInt16.self, value, path), path)
    case is UInt32.Type: return try cast(try readInteger(UInt32.self, value, path), path)
    case is UInt64.Type: return try cast(try readInteger(UInt64.self, value, path), path)
    case is JSON.Type: return try cast(value, path)
    default:
        return try T(from: TreeDecoder(value: value, codingPath: path))
    }
}

private func isPrimitive(_ type: Any.Type) -> Bool {
    type == String.self || type == Bool.self || type == Double.self || type == Float.self || type == Int.self
        || type == Int8.self || type == Int16.self || type == Int32.self || type == Int64.self || type == UInt.self
        || type == UInt8.self || type == UInt16.self || type == UInt32.self || type == UInt64.self || type == JSON.self
}

private func readInteger<T: FixedWidthInteger>(_ type: T.Type, _ value: JSON, _ path: [any CodingKey]) throws -> T {
    switch value {
    case let .int(number):
        guard let exact = T(exactly: number) else {
            throw JSONCodecError(path: JSONCodec.render(path), reason: "\(number) is out of range \(T.min)...\(T.max)")
        }
        return exact
    case let .double(number):
        // Only a double that is exactly the integer its text wrote: not a fraction, not negative zero, not
        // beyond 2^53 (where the double may be a rounding of another integer).
        guard let integer = JSONNumber.exactInteger(number) else {
            throw JSONCodecError(path: JSONCodec.render(path), reason: "expected an integer, found \(number)")
        }
        guard let exact = T(exactly: integer) else {
            throw JSONCodecError(path: JSONCodec.render(path), reason: "\(number) is out of range \(T.min)...\(T.max)")
        }
        return exact
    default:
        throw mismatch("an integer", value, path)
    }
}

private func cast<T>(_ value: Any, _ path: [any CodingKey]) throws -> T {
    guard let typed = value as? T else {
        throw JSONCodecError(path: JSONCodec.render(path), reason: "internal type mismatch")
    }
    return typed
}

struct KeyedTreeDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [(String, JSON)]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.0) } }

    private func lookup(_ key: Key) -> JSON? {
        let name = key.stringValue
        for member in members where JSONCodec.matches(member: member.0, name: name) { return member.1 }
        return nil
    }

    private func require(_ key: Key) throws -> JSON {
        guard let value = lookup(key) else {
            throw JSONCodecError(path: JSONCodec.render(codingPath + [key]), reason: "missing key")
        }
        return value
    }

    func contains(_ key: Key) -> Bool { lookup(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let value = lookup(key) else { return true }
        return value.isNull
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try read(type, try require(key), codingPath + [key])
    }

    // Concrete primitives: no generic dispatch, no dynamic cast, no coding path unless it fails.
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let value = try require(key)
        guard case let .string(text) = value else { throw mismatch("a string", value, codingPath + [key]) }
        return text
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        let value = try require(key)
        guard case let .bool(flag) = value else { throw mismatch("a boolean", value, codingPath + [key]) }
        return flag
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        let value = try require(key)
        switch value {
        case let .double(number): return number
        case let .int(number): return Double(number)
        default: throw mismatch("a number", value, codingPath + [key])
        }
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try readInteger(Int.self, try require(key), codingPath + [key])
    }

    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try readInteger(Int64.self, try require(key), codingPath + [key])
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let value = lookup(key), !value.isNull else { return nil }
        guard case let .string(text) = value else { throw mismatch("a string", value, codingPath + [key]) }
        return text
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let value = lookup(key), !value.isNull else { return nil }
        return try decode(Double.self, forKey: key)
    }

    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        guard let value = lookup(key), !value.isNull else { return nil }
        return try readInteger(Int64.self, value, codingPath + [key])
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let value = lookup(key), !value.isNull else { return nil }
        return try decode(Bool.self, forKey: key)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = lookup(key), !value.isNull else { return nil }
        return try read(type, value, codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try TreeDecoder(value: try require(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TreeDecoder(value: try require(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        TreeDecoder(value: .object(members), codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TreeDecoder(value: try require(key), codingPath: codingPath + [key])
    }
}

struct UnkeyedTreeDecoder: UnkeyedDecodingContainer {
    let elements: [JSON]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(elements: [JSON], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> (JSON, [any CodingKey]) {
        let path = codingPath + [IndexKey(currentIndex)]
        guard currentIndex < elements.count else {
            throw JSONCodecError(path: JSONCodec.render(path), reason: "array has too few elements")
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], path)
    }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < elements.count, elements[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try next()
        return try read(type, value, path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, path) = try next()
        return try TreeDecoder(value: value, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try next()
        return try TreeDecoder(value: value, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try next()
        return TreeDecoder(value: value, codingPath: path)
    }
}

struct SingleTreeDecoder: SingleValueDecodingContainer {
    let value: JSON
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value.isNull }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try read(type, value, codingPath)
    }
}
