/// The shared error of every service (spec § 9): what failed, in the categories of the ABI's
/// `gem_status` codes, with a message that never contains a secret.
///
/// Crosses as the error record of `gemstone.h`: `{"type":"offline","message":"…"}`.
public enum GemServiceError: Error, Sendable, Equatable, Hashable {
    case cancelled(message: String)
    case offline(message: String)
    case api(message: String)
    case store(message: String)
    case invalidInput(message: String)
    case notFound(message: String)
    case timeout(message: String)
    case port(message: String)
    case permissionDenied(message: String)
    case crypto(message: String)
    case `internal`(message: String)

    public var message: String {
        switch self {
        case let .cancelled(message), let .offline(message), let .api(message), let .store(message),
             let .invalidInput(message), let .notFound(message), let .timeout(message), let .port(message),
             let .permissionDenied(message), let .crypto(message), let .internal(message):
            message
        }
    }

    /// The `gem_status` code of this error (`GEM_ERR_*` in gemstone.h).
    public var status: Int32 {
        switch self {
        case .cancelled: -2
        case .offline: -3
        case .api: -4
        case .store: -5
        case .invalidInput: -6
        case .notFound: -7
        case .timeout: -8
        case .port: -10
        case .permissionDenied: -11
        case .crypto: -12
        case .internal: -13
        }
    }

    /// The snake_case name of the case, as in the `type` field and the header's comments.
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

    init?(type: String, message: String) {
        switch type {
        case "cancelled": self = .cancelled(message: message)
        case "offline": self = .offline(message: message)
        case "api": self = .api(message: message)
        case "store": self = .store(message: message)
        case "invalid_input": self = .invalidInput(message: message)
        case "not_found": self = .notFound(message: message)
        case "timeout": self = .timeout(message: message)
        case "port": self = .port(message: message)
        case "permission_denied": self = .permissionDenied(message: message)
        case "crypto": self = .crypto(message: message)
        case "internal": self = .internal(message: message)
        default: return nil
        }
    }
}

extension GemServiceError: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, message
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        let message = try container.decodeIfPresent(String.self, forKey: .message) ?? ""
        guard let error = GemServiceError(type: type, message: message) else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown error type \(type)")
        }
        self = error
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encode(message, forKey: .message)
    }
}
