import GemCrypto
import Primitives

/// EIP-712 typed data read for display: the domain's fields and the message's fields, flattened in the order the
/// types declare them, each value finished as text. Only typed data `EIP712.digest` accepts is read, so what a
/// screen shows is exactly what gets hashed.
///
/// Paths follow the Gem wallet's preview (gemwalletcom/core `gemstone/src/message/eip712.rs`, `flatten_field`):
/// a nested struct's field is `parent.child`; an array of one element reads as the array's own name, an array
/// of more as `name[1]`, `name[2]`, … (counting from 1).
public struct EIP712Fields: Sendable, Equatable {
    /// What a value is, for how a screen shows it.
    public enum Kind: Sendable, Equatable {
        case address
        case integer
        case bool
        case bytes
        case text
    }

    public struct Field: Sendable, Equatable {
        /// `name`, `from.wallet`, `offer[2].token`.
        public let path: String
        /// The address as given, an integer in decimal, `true`/`false`, bytes as lowercase 0x-hex, or the text.
        public let value: String
        public let kind: Kind

        public init(path: String, value: String, kind: Kind) {
            self.path = path
            self.value = value
            self.kind = kind
        }
    }

    /// The EIP712Domain fields present, in the declared order.
    public let domain: [Field]
    /// The domain's chainId, when it has one.
    public let chainId: BigUInt?
    public let primaryType: String
    /// The primary type's fields, flattened.
    public let message: [Field]
    /// The digest that is signed.
    public let digest: [UInt8]

    /// Reads typed data given as JSON text; refuses what `EIP712.digest` refuses, with the same errors.
    public static func read(json: String) throws(SignerError) -> EIP712Fields {
        let value: JSON
        do {
            value = try JSONParser.parse(json)
        } catch {
            throw EIP712.invalid("not JSON (\(error.reason) at byte \(error.offset))")
        }
        // Validated whole first: every value below is known to be present and of its type.
        let digest = try EIP712.digest(value)
        guard let typesValue = value["types"], let primaryType = value["primaryType"]?.stringValue,
              let domainValue = value["domain"], let messageValue = value["message"]
        else { throw EIP712.invalid("not typed data") }
        let encoder = try EIP712.Encoder(types: typesValue)
        var domain: [Field] = []
        var chainId: BigUInt?
        for field in encoder.structs[EIP712.domainType] ?? [] {
            guard let fieldValue = domainValue[field.name], !fieldValue.isNull else { continue }
            try flatten(field.type, fieldValue, path: field.name, encoder: encoder, into: &domain)
            if field.name == "chainId" {
                chainId = try EIP712.integer(fieldValue, path: "domain.chainId").1
            }
        }
        var message: [Field] = []
        try flatten(.structure(primaryType), messageValue, path: "", encoder: encoder, into: &message)
        return EIP712Fields(domain: domain, chainId: chainId, primaryType: primaryType, message: message, digest: digest)
    }

    static func flatten(_ type: EIP712.FieldType, _ value: JSON, path: String, encoder: EIP712.Encoder,
                        into out: inout [Field]) throws(SignerError) {
        switch type {
        case let .structure(name):
            for field in encoder.structs[name] ?? [] {
                guard let fieldValue = value[field.name] else { continue }
                try flatten(field.type, fieldValue, path: path.isEmpty ? field.name : path + "." + field.name,
                            encoder: encoder, into: &out)
            }
        case let .array(element, _):
            let items = value.arrayValue ?? []
            for (index, item) in items.enumerated() {
                try flatten(element, item, path: items.count > 1 ? "\(path)[\(index + 1)]" : path,
                            encoder: encoder, into: &out)
            }
        case .address:
            out.append(Field(path: path, value: value.stringValue ?? "", kind: .address))
        case .bool:
            out.append(Field(path: path, value: value.boolValue == true ? "true" : "false", kind: .bool))
        case .string:
            out.append(Field(path: path, value: value.stringValue ?? "", kind: .text))
        case .bytes, .fixedBytes:
            out.append(Field(path: path, value: "0x" + Hex.encode(try EIP712.hexBytes(value, path: path)), kind: .bytes))
        case .uint, .int:
            let (negative, magnitude) = try EIP712.integer(value, path: path)
            let text = magnitude.description
            out.append(Field(path: path, value: negative && !magnitude.isZero ? "-" + text : text, kind: .integer))
        }
    }
}
