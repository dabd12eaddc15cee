import Primitives

/// The shared error of every service and port (spec § 9). Each case crosses the C ABI as its
/// own `gem_status` code and as `{"type":"<case>","message":"…"}`; a message never holds a secret.
/// Its JSON shape is declared in schema/presentation.json; the type and its Codable stay hand-written beside
/// its behaviour, and the golden values of schema/golden/ hold it to that shape.
public enum GemServiceError: Error, Sendable, Equatable, Hashable, Codable {
    case cancelled
    case offline(message: String)
    case api(status: Int, message: String)
    case store(message: String)
    case invalidInput(message: String)
    case notFound(message: String)
    case timeout(message: String)
    case port(message: String)
    case permissionDenied(message: String)
    case crypto(message: String)
    case `internal`(message: String)

    /// The snake_case name that is the record's "type" (and the status's name in gemstone.h).
    public var type: String {
        switch self {
        case .cancelled: "cancelled"
        case .offline: "offline"
        case .api: "api"
        case .store: "store"
        case .invalidInput: "invalid_input"
        case .notFound: "not_found"
        case .timeout: "timeout"
        case .port: "port"
        case .permissionDenied: "permission_denied"
        case .crypto: "crypto"
        case .internal: "internal"
        }
    }

    /// The message as the record carries it (the HTTP status of `api` is its own key, not part of the text),
    /// so a record read back and written again is unchanged.
    public var message: String {
        switch self {
        case .cancelled: "the operation was cancelled"
        case let .api(_, message), let .offline(message), let .store(message), let .invalidInput(message), let .notFound(message),
             let .timeout(message), let .port(message), let .permissionDenied(message), let .crypto(message),
             let .internal(message):
            message
        }
    }

    private enum CodingKeys: String, CodingKey { case type, message, status }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encode(message, forKey: .message)
        if case let .api(status, _) = self { try container.encode(status, forKey: .status) }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        let message = try container.decodeIfPresent(String.self, forKey: .message) ?? ""
        switch type {
        case "cancelled": self = .cancelled
        case "offline": self = .offline(message: message)
        case "api": self = .api(status: try container.decodeIfPresent(Int.self, forKey: .status) ?? 0, message: message)
        case "store": self = .store(message: message)
        case "invalid_input": self = .invalidInput(message: message)
        case "not_found": self = .notFound(message: message)
        case "timeout": self = .timeout(message: message)
        case "port": self = .port(message: message)
        case "permission_denied": self = .permissionDenied(message: message)
        case "crypto": self = .crypto(message: message)
        case "internal": self = .internal(message: message)
        default:
            throw JSONCodecError(path: "type", reason: "unknown error type \"\(JSONCodec.excerpt(type))\"")
        }
    }
}

extension GemServiceError {
    /// A record or argument that could not be decoded is the caller's invalid input.
    public init(_ error: JSONCodecError) {
        self = .invalidInput(message: error.description)
    }
}
