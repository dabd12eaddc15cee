import CGemstone
import Primitives

// Ownership: every pointer read here is borrowed from the host for the duration of the call;
// the values returned are Swift copies.

/// Reads a required NUL-terminated UTF-8 argument.
func requireString(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(ABIError) -> String {
    guard let pointer else { throw ABIError.null(name) }
    return try readString(pointer, name)
}

/// Reads an optional NUL-terminated UTF-8 argument (NULL is nil).
func optionalString(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(ABIError) -> String? {
    guard let pointer else { return nil }
    return try readString(pointer, name)
}

private func readString(_ pointer: UnsafePointer<CChar>, _ name: String) throws(ABIError) -> String {
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
    guard let text = String(validating: bytes, as: UTF8.self) else {
        throw ABIError(message: "\(name) is not valid UTF-8")
    }
    return text
}

/// Decodes a required JSON argument into a record, naming the argument in the error.
func decodeArgument<T: Decodable>(_ type: T.Type, _ pointer: UnsafePointer<CChar>?, _ name: String) throws(ABIError) -> T {
    guard let pointer else { throw ABIError.null(name) }
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
    do {
        return try JSONCodec.decode(type, from: bytes)
    } catch {
        throw ABIError(message: "\(name): \(error.description)")
    }
}

/// Copies (pointer, length) bytes the host lends; NULL with length 0 is empty.
func copyBytes(_ pointer: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8]? {
    guard count > 0 else { return [] }
    guard let pointer else { return nil }
    return Array(UnsafeBufferPointer(start: pointer, count: count))
}

#if canImport(Glibc)
import Glibc
#endif

/// `decodeArgument` after checking the argument is at most `limit` bytes, so an oversized input is refused before
/// any parsing.
func decodeBoundedArgument<T: Decodable>(_ type: T.Type, _ pointer: UnsafePointer<CChar>?, _ name: String, limit: Int) throws(ABIError) -> T {
    guard let pointer else { throw ABIError.null(name) }
    guard strnlen(pointer, limit + 1) <= limit else { throw ABIError(message: "\(name) is longer than \(limit) bytes") }
    return try decodeArgument(type, pointer, name)
}
