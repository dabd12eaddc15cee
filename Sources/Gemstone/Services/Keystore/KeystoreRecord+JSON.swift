import GemCrypto
import Primitives

/// The record's JSON form. Reading is strict: every field must be present with its type and length, a
/// repeated or unknown field is refused (`unknownField`), and hex must be lowercase as it is written.
extension KeystoreRecord {
    package var json: JSON {
        .object([
            ("version", .int(Self.version)),
            ("wallet_id", .string(walletId)),
            ("secret_kind", .string(kind.rawValue)),
            ("kdf", .object([
                ("algorithm", .string(Self.kdfAlgorithm)),
                ("iterations", .int(Int64(parameters.iterations))),
                ("memory_kib", .int(Int64(parameters.memoryKiB))),
                ("salt", .string(Hex.encode(salt))),
            ])),
            ("cipher", .object([
                ("algorithm", .string(Self.cipherAlgorithm)),
                ("nonce", .string(Hex.encode(nonce))),
            ])),
            ("ciphertext", .string(Hex.encode(ciphertext))),
            ("checks", .object([
                ("salt", .string(Hex.encode(checks.salt))),
                ("nonce", .string(Hex.encode(checks.nonce))),
                ("kdf", .string(Hex.encode(checks.kdf))),
                ("password", .string(Hex.encode(checks.password))),
                ("metadata", .string(Hex.encode(checks.metadata))),
            ])),
        ])
    }

    /// The text the secure store keeps.
    package var text: String { JSONWriter.string(json) }

    /// Parses a stored record. Throws `malformedRecord`, `unknownField`, `unsupportedVersion`,
    /// `unsupportedAlgorithm` or `kdfParametersOutOfRange`.
    package init(text: String) throws(GemKeystoreError) {
        let json: JSON
        do {
            json = try JSONParser.parse(text)
        } catch {
            throw .malformedRecord("not JSON")
        }
        let record = try Fields(json, "record",
                                ["version", "wallet_id", "secret_kind", "kdf", "cipher", "ciphertext", "checks"])
        let version = try record.int("version")
        guard version == Self.version else { throw .unsupportedVersion(version) }
        let kdf = try Fields(record.value("kdf"), "kdf", ["algorithm", "iterations", "memory_kib", "salt"])
        let cipher = try Fields(record.value("cipher"), "cipher", ["algorithm", "nonce"])
        let checks = try Fields(record.value("checks"), "checks", ["salt", "nonce", "kdf", "password", "metadata"])

        let kdfAlgorithm = try kdf.string("algorithm")
        guard kdfAlgorithm == Self.kdfAlgorithm else { throw .unsupportedAlgorithm(kdfAlgorithm) }
        let cipherAlgorithm = try cipher.string("algorithm")
        guard cipherAlgorithm == Self.cipherAlgorithm else { throw .unsupportedAlgorithm(cipherAlgorithm) }
        let kindText = try record.string("secret_kind")
        guard let kind = KeystoreSecretKind(rawValue: kindText) else {
            throw .malformedRecord("secret_kind \"\(kindText)\" is not phrase or private_key")
        }
        let iterations = try kdf.int("iterations")
        let memory = try kdf.int("memory_kib")
        guard iterations > 0, memory > 0 else { throw .kdfParametersOutOfRange }

        self.init(
            walletId: try record.string("wallet_id"),
            kind: kind,
            parameters: try KeystoreParameters(iterations: UInt64(iterations), memoryKiB: UInt64(memory)),
            salt: try kdf.hex("salt", count: Argon2id.saltLength),
            nonce: try cipher.hex("nonce", count: XChaCha20Poly1305.nonceLength),
            ciphertext: try record.hex("ciphertext", minimumCount: XChaCha20Poly1305.tagLength + 1),
            checks: Checks(
                salt: try checks.hex("salt", count: Self.checksumLength),
                nonce: try checks.hex("nonce", count: Self.checksumLength),
                kdf: try checks.hex("kdf", count: Self.checksumLength),
                password: try checks.hex("password", count: Self.passwordCheckLength),
                metadata: try checks.hex("metadata", count: Self.metadataCheckLength)
            )
        )
    }
}

/// The members of one JSON object of a record, checked against the exact set of names it may have.
private struct Fields {
    let name: String
    let members: [String: JSON]

    init(_ json: JSON, _ name: String, _ allowed: Set<String>) throws(GemKeystoreError) {
        guard case .object(let pairs) = json else { throw .malformedRecord("\(name) is not an object") }
        var members: [String: JSON] = [:]
        for (key, value) in pairs {
            guard allowed.contains(key) else { throw .unknownField(name == "record" ? key : "\(name).\(key)") }
            guard members.updateValue(value, forKey: key) == nil else {
                throw .malformedRecord("\(name).\(key) appears twice")
            }
        }
        for key in allowed.sorted() where members[key] == nil {
            throw .malformedRecord("\(name == "record" ? key : "\(name).\(key)") is missing")
        }
        self.name = name
        self.members = members
    }

    private func path(_ key: String) -> String { name == "record" ? key : "\(name).\(key)" }

    func value(_ key: String) throws(GemKeystoreError) -> JSON {
        guard let value = members[key] else { throw .malformedRecord("\(path(key)) is missing") }
        return value
    }

    func string(_ key: String) throws(GemKeystoreError) -> String {
        guard let text = try value(key).stringValue else { throw .malformedRecord("\(path(key)) is not a string") }
        return text
    }

    func int(_ key: String) throws(GemKeystoreError) -> Int64 {
        guard case .int(let number) = try value(key) else { throw .malformedRecord("\(path(key)) is not an integer") }
        return number
    }

    func hex(_ key: String, count: Int) throws(GemKeystoreError) -> [UInt8] {
        let bytes = try hex(key, minimumCount: 0)
        guard bytes.count == count else { throw .malformedRecord("\(path(key)) must be \(count) bytes") }
        return bytes
    }

    func hex(_ key: String, minimumCount: Int) throws(GemKeystoreError) -> [UInt8] {
        let text = try string(key)
        guard let bytes = try? Hex.decode(text), Hex.encode(bytes) == text else {
            throw .malformedRecord("\(path(key)) is not lowercase hex")
        }
        guard bytes.count >= minimumCount else { throw .malformedRecord("\(path(key)) is too short") }
        return bytes
    }
}
