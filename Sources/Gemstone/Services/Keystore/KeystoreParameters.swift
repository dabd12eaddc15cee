import GemCrypto

/// The Argon2id cost a record is sealed with. It is written into every record (and authenticated with
/// it), so a record stays readable after the default changes.
///
/// Bounds: at least 19 MiB and 2 passes (the floor this project's keystore requires; OWASP's password
/// storage cheat sheet gives the same pair as its minimum Argon2id configuration), at most 256 MiB
/// (libsodium's moderate memory limit) and 4 passes. The same bounds hold for what this version
/// writes (the service's configured cost) and for what it reads from a record: a stored cost this
/// version would never have written is refused with `kdfParametersOutOfRange` before any derivation,
/// so a crafted record cannot make an unlock allocate or compute more than the most expensive
/// record this version seals.
package struct KeystoreParameters: Sendable, Hashable {
    package let iterations: UInt64
    package let memoryKiB: UInt64

    package static let minimumMemoryKiB: UInt64 = 19 * 1024
    package static let maximumMemoryKiB: UInt64 = 256 * 1024
    package static let minimumIterations: UInt64 = 2
    package static let maximumIterations: UInt64 = 4

    /// libsodium's interactive preset: 2 passes over 64 MiB.
    package static let standard = KeystoreParameters(checked: 2, 64 * 1024)
    /// The floor itself; the fastest record the keystore accepts (tests, benchmarks).
    package static let minimum = KeystoreParameters(checked: minimumIterations, minimumMemoryKiB)

    package init(iterations: UInt64, memoryKiB: UInt64) throws(GemKeystoreError) {
        guard (Self.minimumIterations...Self.maximumIterations).contains(iterations),
              (Self.minimumMemoryKiB...Self.maximumMemoryKiB).contains(memoryKiB) else {
            throw .kdfParametersOutOfRange
        }
        self.init(checked: iterations, memoryKiB)
    }

    private init(checked iterations: UInt64, _ memoryKiB: UInt64) {
        self.iterations = iterations
        self.memoryKiB = memoryKiB
    }

    var argon2: Argon2id.Parameters {
        get throws(GemKeystoreError) {
            do {
                return try Argon2id.Parameters(iterations: iterations, memoryBytes: Int(memoryKiB * 1024))
            } catch {
                throw .kdfParametersOutOfRange
            }
        }
    }
}
