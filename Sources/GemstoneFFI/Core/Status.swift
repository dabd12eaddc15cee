import CGemstone
import Gemstone
import Primitives

extension GemServiceError {
    /// The gem_status code of each case (gemstone.h; never renumbered).
    var status: gem_status {
        switch self {
        case .cancelled: GEM_ERR_CANCELLED
        case .offline: GEM_ERR_OFFLINE
        case .api: GEM_ERR_API
        case .store: GEM_ERR_STORE
        case .invalidInput: GEM_ERR_INVALID_INPUT
        case .notFound: GEM_ERR_NOT_FOUND
        case .timeout: GEM_ERR_TIMEOUT
        case .port: GEM_ERR_PORT
        case .permissionDenied: GEM_ERR_PERMISSION_DENIED
        case .crypto: GEM_ERR_CRYPTO
        case .internal: GEM_ERR_INTERNAL
        }
    }

    /// The error a host reports through gem_call_fail, rebuilt from its status and message.
    init(status: gem_status, message: String) {
        switch status {
        case GEM_ERR_CANCELLED: self = .cancelled
        case GEM_ERR_OFFLINE: self = .offline(message: message)
        case GEM_ERR_API: self = .api(status: 0, message: message)
        case GEM_ERR_STORE: self = .store(message: message)
        case GEM_ERR_INVALID_INPUT: self = .invalidInput(message: message)
        case GEM_ERR_NOT_FOUND: self = .notFound(message: message)
        case GEM_ERR_TIMEOUT: self = .timeout(message: message)
        case GEM_ERR_PERMISSION_DENIED: self = .permissionDenied(message: message)
        case GEM_ERR_CRYPTO: self = .crypto(message: message)
        case GEM_ERR_INTERNAL: self = .internal(message: message)
        default: self = .port(message: message)
        }
    }

    /// The error record's JSON bytes; encoding a plain enum of strings cannot fail, but if it
    /// ever did the record still carries the type.
    var record: [UInt8] {
        (try? JSONCodec.encode(self)) ?? Array(#"{"type":"internal","message":"unencodable error"}"#.utf8)
    }
}

/// The outcome of an ABI call that is not a GemServiceError of a service: an argument the host
/// passed wrong. It has its own status (GEM_ERR_INVALID_ARGUMENT) and record type.
struct ABIError: Error {
    let message: String

    static func null(_ name: String) -> ABIError { ABIError(message: "\(name) is NULL") }

    var record: [UInt8] {
        JSONWriter.bytes(.object([("type", .string("invalid_argument")), ("message", .string(message))]))
    }
}

/// One outcome of an ABI function: success bytes, or a status with its error record.
enum Outcome {
    case success([UInt8])
    case failure(gem_status, [UInt8])

    init(catching body: () throws -> [UInt8]) {
        do {
            self = .success(try body())
        } catch {
            self = Outcome(error)
        }
    }

    init(_ error: any Error) {
        switch error {
        case let error as GemServiceError: self = .failure(error.status, error.record)
        case let error as GemConfirmError:
            // A send's own error crosses whole (its asset, requirement, hash), with its own status.
            if let record = try? JSONCodec.encode(error) {
                self = .failure(error == .cancelled ? GEM_ERR_CANCELLED : GEM_ERR_CONFIRM, record)
            } else {
                self = .failure(GEM_ERR_INTERNAL, GemServiceError.internal(message: "a confirm error could not be written").record)
            }
        case let error as ABIError: self = .failure(GEM_ERR_INVALID_ARGUMENT, error.record)
        case let error as JSONCodecError: self = .failure(GEM_ERR_INVALID_ARGUMENT, ABIError(message: error.description).record)
        default: self = .failure(GEM_ERR_INTERNAL, GemServiceError.internal(message: String(describing: error)).record)
        }
    }

    var status: gem_status {
        switch self {
        case .success: GEM_OK
        case let .failure(status, _): status
        }
    }

    var bytes: [UInt8] {
        switch self {
        case let .success(bytes): bytes
        case let .failure(_, bytes): bytes
        }
    }

    /// Writes the bytes to the host's buffer (if any) and returns the status.
    func deliver(_ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
        out?.fill(bytes)
        return status
    }
}
