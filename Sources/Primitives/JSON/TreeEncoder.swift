/// The mutable node a container writes into while a record encodes. Containers share nodes by
/// reference because Swift's Encoder protocol hands out nested containers that outlive the call
/// that created them; the tree is turned into a `JSON` value once encoding returns.
final class EncodingNode {
    enum Slot {
        case value(JSON)
        case node(EncodingNode)

        var json: JSON {
            switch self {
            case let .value(value): value
            case let .node(node): node.json
            }
        }
    }

    enum Content {
        case empty
        case single(JSON)
        case object([(String, Slot)])
        case array([Slot])
    }

    var content: Content = .empty

    var json: JSON {
        switch content {
        case .empty: .object([])
        case let .single(value): value
        case let .object(members): .object(members.map { ($0.0, $0.1.json) })
        case let .array(elements): .array(elements.map(\.json))
        }
    }

    func set(_ key: String, _ slot: Slot) {
        if case var .object(members) = content {
            content = .empty
            if let position = members.firstIndex(where: { $0.0 == key }) {
                members[position].1 = slot
            } else {
                members.append((key, slot))
            }
            content = .object(members)
        } else {
            content = .object([(key, slot)])
        }
    }

    func append(_ slot: Slot) {
        if case var .array(elements) = content {
            content = .empty
            elements.append(slot)
            content = .array(elements)
        } else {
            content = .array([slot])
        }
    }

    var arrayCount: Int {
        if case let .array(elements) = content { return elements.count }
        return 0
    }
}

struct TreeEncoder: Encoder {
    let storage = EncodingNode()
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(codingPath: [any CodingKey]) {
        self.codingPath = codingPath
    }

    init(node: EncodingNode, codingPath: [any CodingKey]) {
        self.codingPath = codingPath
        storageOverride = node
    }

    private var storageOverride: EncodingNode?
    var node: EncodingNode { storageOverride ?? storage }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .empty = node.content { node.content = .object([]) }
        return KeyedEncodingContainer(KeyedTreeEncoder<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .empty = node.content { node.content = .array([]) }
        return UnkeyedTreeEncoder(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleTreeEncoder(node: node, codingPath: codingPath)
    }
}

/// Turns one Encodable value into a slot: primitives directly, anything else through a child node.
/// The metatype comparisons are pointer compares, so a record costs no failed dynamic casts.
func encodeSlot<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> EncodingNode.Slot {
    if T.self == String.self, let text = value as? String { return .value(.string(text)) }
    if T.self == Int.self, let number = value as? Int { return .value(.int(Int64(number))) }
    if T.self == Bool.self, let flag = value as? Bool { return .value(.bool(flag)) }
    if T.self == Double.self, let number = value as? Double { return .value(try finite(number, codingPath)) }
    if T.self == Int64.self, let number = value as? Int64 { return .value(.int(number)) }
    if T.self == JSON.self, let json = value as? JSON { return .value(json) }
    let child = EncodingNode()
    try value.encode(to: TreeEncoder(node: child, codingPath: codingPath))
    if case let .single(json) = child.content { return .value(json) }
    return .node(child)
}

private func finite(_ number: Double, _ codingPath: [any CodingKey]) throws -> JSON {
    guard number.isFinite else {
        throw JSONCodecError(path: JSONCodec.render(codingPath), reason: "\(number) is not a JSON number")
    }
    return .double(number)
}

private func integer<T: BinaryInteger>(_ number: T, _ codingPath: [any CodingKey]) throws -> JSON {
    guard let exact = Int64(exactly: number) else {
        throw JSONCodecError(path: JSONCodec.render(codingPath), reason: "\(number) does not fit a 64-bit JSON integer; use a decimal string")
    }
    return .int(exact)
}

struct KeyedTreeEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    private func name(_ key: Key) -> String { JSONCodec.snakeCase(key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { node.set(name(key), .value(.null)) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { node.set(name(key), .value(.bool(value))) }
    mutating func encode(_ value: String, forKey key: Key) throws { node.set(name(key), .value(.string(value))) }
    mutating func encode(_ value: Double, forKey key: Key) throws { node.set(name(key), .value(try finite(value, codingPath + [key]))) }
    mutating func encode(_ value: Float, forKey key: Key) throws { node.set(name(key), .value(try finite(Double(value), codingPath + [key]))) }
    mutating func encode(_ value: Int, forKey key: Key) throws { node.set(name(key), .value(.int(Int64(value)))) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { node.set(name(key), .value(.int(Int64(value)))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { node.set(name(key), .value(.int(Int64(value)))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { node.set(name(key), .value(.int(Int64(value)))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { node.set(name(key), .value(.int(value))) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { node.set(name(key), .value(try integer(value, codingPath + [key]))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { node.set(name(key), .value(.int(Int64(value)))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { node.set(name(key), .value(.int(Int64(value)))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { node.set(name(key), .value(.int(Int64(value)))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { node.set(name(key), .value(try integer(value, codingPath + [key]))) }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        node.set(name(key), try encodeSlot(value, codingPath: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = EncodingNode()
        child.content = .object([])
        node.set(name(key), .node(child))
        return KeyedEncodingContainer(KeyedTreeEncoder<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = EncodingNode()
        child.content = .array([])
        node.set(name(key), .node(child))
        return UnkeyedTreeEncoder(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let child = EncodingNode()
        node.set("super", .node(child))
        return TreeEncoder(node: child, codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = EncodingNode()
        node.set(name(key), .node(child))
        return TreeEncoder(node: child, codingPath: codingPath + [key])
    }
}

struct UnkeyedTreeEncoder: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var count: Int { node.arrayCount }

    mutating func encodeNil() throws { node.append(.value(.null)) }
    mutating func encode(_ value: Bool) throws { node.append(.value(.bool(value))) }
    mutating func encode(_ value: String) throws { node.append(.value(.string(value))) }
    mutating func encode(_ value: Double) throws { node.append(.value(try finite(value, codingPath))) }
    mutating func encode(_ value: Int) throws { node.append(.value(.int(Int64(value)))) }
    mutating func encode(_ value: Int64) throws { node.append(.value(.int(value))) }
    mutating func encode(_ value: UInt64) throws { node.append(.value(try integer(value, codingPath))) }
    mutating func encode(_ value: some Encodable) throws {
        node.append(try encodeSlot(value, codingPath: codingPath + [IndexKey(count)]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = EncodingNode()
        child.content = .object([])
        let key = IndexKey(count)
        node.append(.node(child))
        return KeyedEncodingContainer(KeyedTreeEncoder<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = EncodingNode()
        child.content = .array([])
        let key = IndexKey(count)
        node.append(.node(child))
        return UnkeyedTreeEncoder(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let child = EncodingNode()
        node.append(.node(child))
        return TreeEncoder(node: child, codingPath: codingPath)
    }
}

struct SingleTreeEncoder: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .single(.null) }
    mutating func encode(_ value: Bool) throws { node.content = .single(.bool(value)) }
    mutating func encode(_ value: String) throws { node.content = .single(.string(value)) }
    mutating func encode(_ value: Double) throws { node.content = .single(try finite(value, codingPath)) }
    mutating func encode(_ value: Float) throws { node.content = .single(try finite(Double(value), codingPath)) }
    mutating func encode(_ value: Int) throws { node.content = .single(.int(Int64(value))) }
    mutating func encode(_ value: Int8) throws { node.content = .single(.int(Int64(value))) }
    mutating func encode(_ value: Int16) throws { node.content = .single(.int(Int64(value))) }
    mutating func encode(_ value: Int32) throws { node.content = .single(.int(Int64(value))) }
    mutating func encode(_ value: Int64) throws { node.content = .single(.int(value)) }
    mutating func encode(_ value: UInt) throws { node.content = .single(try integer(value, codingPath)) }
    mutating func encode(_ value: UInt8) throws { node.content = .single(.int(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { node.content = .single(.int(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { node.content = .single(.int(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { node.content = .single(try integer(value, codingPath)) }
    mutating func encode(_ value: some Encodable) throws {
        switch try encodeSlot(value, codingPath: codingPath) {
        case let .value(json): node.content = .single(json)
        case let .node(child): node.content = child.content
        }
    }
}

extension JSON: Codable {
    /// A raw JSON value embedded in a record encodes as itself.
    public func encode(to encoder: any Encoder) throws {
        guard let tree = encoder as? TreeEncoder else {
            throw JSONCodecError(path: JSONCodec.render(encoder.codingPath), reason: "JSON values encode only through JSONCodec")
        }
        tree.node.content = .single(self)
    }

    public init(from decoder: any Decoder) throws {
        guard let tree = decoder as? TreeDecoder else {
            throw JSONCodecError(path: JSONCodec.render(decoder.codingPath), reason: "JSON values decode only through JSONCodec")
        }
        self = tree.value
    }
}
