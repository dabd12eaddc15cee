// Where randomness comes from. Code that needs random bytes (mnemonic generation, BIP340 auxiliary randomness,
// AEAD nonces, salts) takes a `RandomSource`, so tests can pass a fixed one and production passes `SystemRandom`.

/// A source of random bytes.
public protocol RandomSource: Sendable {
    /// Returns `count` random bytes, or throws `RandomError.unavailable`.
    func randomBytes(_ count: Int) throws(RandomError) -> [UInt8]
}

/// The operating system's CSPRNG through libsodium (`randombytes_buf`, getrandom(2) on Linux).
public struct SystemRandom: RandomSource {
    public init() {}

    public func randomBytes(_ count: Int) throws(RandomError) -> [UInt8] {
        guard let bytes = Sodium.randomBytes(count) else { throw .unavailable }
        return bytes
    }
}

/// Randomness failures.
public enum RandomError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libsodium could not open the system's randomness source.
    case unavailable

    public var description: String { "system randomness is unavailable" }
}
