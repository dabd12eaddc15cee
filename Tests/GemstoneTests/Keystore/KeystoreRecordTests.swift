import GemCrypto
import Primitives
import Testing
@testable import Gemstone

private let phrase = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
private let walletId = "multicoin_0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
private let password = Secret(Array("per-install password".utf8))

private func sealedPhrase(parameters: KeystoreParameters = .minimum) throws -> KeystoreRecord {
    let mnemonic = try Mnemonic(phrase)
    return try KeystoreRecord.seal(.phrase(mnemonic.phrase), walletId: walletId, password: password,
                                   parameters: parameters, random: SystemRandom())
}

private func text(_ secret: KeystoreSecret) -> String {
    secret.bytes.withSpan { String(decoding: SecretBytes.copy($0), as: UTF8.self) }
}

/// The record's JSON with the string at `path` replaced by `transform(old)`.
private func edited(_ record: KeystoreRecord, _ path: [String], _ transform: (JSON) -> JSON) -> String {
    func walk(_ json: JSON, _ path: ArraySlice<String>) -> JSON {
        guard let key = path.first, case .object(let members) = json else { return transform(json) }
        return .object(members.map { $0.0 == key ? ($0.0, walk($0.1, path.dropFirst())) : $0 })
    }
    return JSONWriter.string(walk(record.json, path[...]))
}

/// Flips the lowest bit of the first byte of a hex field.
private func flipped(_ json: JSON) -> JSON {
    guard case .string(let hex) = json, var bytes = try? Hex.decode(hex) else { return json }
    bytes[0] ^= 0x01
    return .string(Hex.encode(bytes))
}

private func openError(_ text: String, id: String = walletId, password: Secret = password) -> GemKeystoreError? {
    do {
        _ = try KeystoreRecord(text: text).open(walletId: id, password: password)
        return nil
    } catch {
        return error
    }
}

struct KeystoreRecordTests {
    // MARK: round trip

    @Test func phraseRoundTrip() throws {
        let record = try sealedPhrase()
        let reopened = try KeystoreRecord(text: record.text)
        #expect(reopened == record)
        let secret = try reopened.open(walletId: walletId, password: password)
        #expect(secret.kind == .phrase)
        #expect(text(secret) == phrase)
    }

    @Test func privateKeyRoundTrip() throws {
        let key = Secret([UInt8](repeating: 0x42, count: 32))
        let record = try KeystoreRecord.seal(.privateKey(key), walletId: "privateKey_ethereum_0xabc", password: password,
                                             parameters: .minimum, random: SystemRandom())
        let secret = try KeystoreRecord(text: record.text).open(walletId: "privateKey_ethereum_0xabc", password: password)
        #expect(secret.kind == .privateKey)
        #expect(secret.bytes == key)
    }

    @Test func recordHoldsNoPlaintextAndItsParameters() throws {
        let record = try sealedPhrase(parameters: .standard)
        let text = record.text
        #expect(!text.contains("abandon"))
        #expect(!text.contains(Hex.encode(Array(phrase.utf8))))
        let json = try JSONParser.parse(text)
        #expect(json["version"] == .int(1))
        #expect(json["wallet_id"] == .string(walletId))
        #expect(json["secret_kind"] == .string("phrase"))
        #expect(json["kdf"]?["algorithm"] == .string("argon2id"))
        #expect(json["kdf"]?["iterations"] == .int(2))
        #expect(json["kdf"]?["memory_kib"] == .int(65536))
        #expect(json["cipher"]?["algorithm"] == .string("xchacha20-poly1305"))
        #expect(try Hex.decode(try #require(json["kdf"]?["salt"]?.stringValue)).count == 16)
        #expect(try Hex.decode(try #require(json["cipher"]?["nonce"]?.stringValue)).count == 24)
        #expect(try Hex.decode(try #require(json["ciphertext"]?.stringValue)).count == phrase.utf8.count + 16)
    }

    @Test func everySealDrawsFreshSaltAndNonce() throws {
        let a = try sealedPhrase()
        let b = try sealedPhrase()
        #expect(a.salt != b.salt)
        #expect(a.nonce != b.nonce)
        #expect(a.ciphertext != b.ciphertext)
    }

    @Test func failingRandomnessSealsNothing() throws {
        #expect(throws: GemKeystoreError.randomUnavailable) {
            try KeystoreRecord.seal(.privateKey(Secret([1])), walletId: walletId, password: password,
                                    parameters: .minimum, random: FailingRandom())
        }
    }

    // MARK: parameters

    @Test func parametersHaveAFloorAndACeiling() throws {
        #expect(KeystoreParameters.standard.memoryKiB >= 19 * 1024 && KeystoreParameters.standard.iterations >= 2)
        #expect(KeystoreParameters.minimum == (try KeystoreParameters(iterations: 2, memoryKiB: 19 * 1024)))
        #expect(throws: GemKeystoreError.kdfParametersOutOfRange) { try KeystoreParameters(iterations: 1, memoryKiB: 65536) }
        #expect(throws: GemKeystoreError.kdfParametersOutOfRange) { try KeystoreParameters(iterations: 2, memoryKiB: 19 * 1024 - 1) }
        #expect(throws: GemKeystoreError.kdfParametersOutOfRange) { try KeystoreParameters(iterations: 5, memoryKiB: 65536) }
        #expect(throws: GemKeystoreError.kdfParametersOutOfRange) { try KeystoreParameters(iterations: 2, memoryKiB: 256 * 1024 + 1) }
        #expect(try KeystoreParameters(iterations: 4, memoryKiB: 256 * 1024).memoryKiB == 256 * 1024)
    }

    /// A record rewritten to a cost above what this version writes is refused while it is read, before any
    /// derivation. Before the ceiling came down to 4 passes and 256 MiB, 10 passes x 1 GiB parsed, and
    /// opening it spent about 7 s and 1 GiB in Argon2id before failing on its metadata check.
    @Test(arguments: [(10, 1024 * 1024), (4, 256 * 1024 + 1), (5, 19 * 1024), (10, 19 * 1024), (2, 1024 * 1024),
                      (Int(Int64.max), 19 * 1024), (2, Int(Int64.max))])
    func aRecordCostlierThanThisVersionWritesIsRefusedBeforeDeriving(iterations: Int, memoryKiB: Int) throws {
        let record = try sealedPhrase()
        let costly = edited(record, ["kdf"]) { kdf in
            guard case .object(let members) = kdf else { return kdf }
            return .object(members.map { key, value in
                key == "iterations" ? (key, .int(Int64(iterations))) : key == "memory_kib" ? (key, .int(Int64(memoryKiB))) : (key, value)
            })
        }
        let start = ContinuousClock.now
        #expect(throws: GemKeystoreError.kdfParametersOutOfRange) { try KeystoreRecord(text: costly) }
        #expect(openError(costly) == .kdfParametersOutOfRange)
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test func theCostliestRecordThisVersionWritesIsRead() throws {
        let record = try sealedPhrase()
        let costly = edited(record, ["kdf"]) { kdf in
            guard case .object(let members) = kdf else { return kdf }
            return .object(members.map { key, value in
                key == "iterations" ? (key, .int(4)) : key == "memory_kib" ? (key, .int(256 * 1024)) : (key, value)
            })
        }
        #expect(try KeystoreRecord(text: costly).parameters == (try KeystoreParameters(iterations: 4, memoryKiB: 256 * 1024)))
    }

    @Test func aRecordWeakerThanTheFloorIsRefused() throws {
        let record = try sealedPhrase()
        #expect(openError(edited(record, ["kdf", "memory_kib"]) { _ in .int(8192) }) == .kdfParametersOutOfRange)
        #expect(openError(edited(record, ["kdf", "iterations"]) { _ in .int(1) }) == .kdfParametersOutOfRange)
        #expect(openError(edited(record, ["kdf", "iterations"]) { _ in .int(-2) }) == .kdfParametersOutOfRange)
    }

    // MARK: fail closed, each with its own error

    @Test func wrongPassword() throws {
        let record = try sealedPhrase()
        #expect(openError(record.text, password: Secret(Array("another password".utf8))) == .wrongPassword)
        #expect(openError(record.text, password: Secret([])) == .wrongPassword)
    }

    @Test func flippedCiphertextBit() throws {
        let record = try sealedPhrase()
        #expect(openError(edited(record, ["ciphertext"], flipped)) == .tamperedCiphertext)
        // The tag is the ciphertext's last 16 bytes.
        let tag = edited(record, ["ciphertext"]) { json in
            guard case .string(let hex) = json, var bytes = try? Hex.decode(hex) else { return json }
            bytes[bytes.count - 1] ^= 0x80
            return .string(Hex.encode(bytes))
        }
        #expect(openError(tag) == .tamperedCiphertext)
    }

    @Test func flippedNonceBit() throws {
        #expect(openError(edited(try sealedPhrase(), ["cipher", "nonce"], flipped)) == .corruptedNonce)
    }

    @Test func flippedSaltBit() throws {
        #expect(openError(edited(try sealedPhrase(), ["kdf", "salt"], flipped)) == .corruptedSalt)
    }

    @Test func changedMetadata() throws {
        let record = try sealedPhrase()
        #expect(openError(edited(record, ["secret_kind"]) { _ in .string("private_key") }) == .tamperedMetadata)
        #expect(openError(edited(record, ["kdf", "iterations"]) { _ in .int(3) }) == .tamperedMetadata)
        #expect(openError(edited(record, ["kdf", "memory_kib"]) { _ in .int(19 * 1024 + 1) }) == .tamperedMetadata)
        #expect(openError(edited(record, ["checks", "metadata"], flipped)) == .tamperedMetadata)
    }

    @Test func recordOfAnotherWallet() throws {
        let record = try sealedPhrase()
        #expect(openError(record.text, id: "multicoin_0x0000000000000000000000000000000000000000") == .walletMismatch)
        #expect(openError(edited(record, ["wallet_id"]) { _ in .string("view_ethereum_0x1") }) == .walletMismatch)
    }

    /// Rewriting a field together with its unkeyed checksum still fails: the checksums only name the field,
    /// the keyed checks and the AEAD refuse the record.
    @Test func rewritingAFieldAndItsChecksumStillFails() throws {
        let record = try sealedPhrase()
        var salt = record
        salt.salt[0] ^= 1
        salt.checks.salt = KeystoreRecord.checksum(salt.salt)
        #expect(openError(salt.text) == .wrongPassword)

        var nonce = record
        nonce.nonce[0] ^= 1
        nonce.checks.nonce = KeystoreRecord.checksum(nonce.nonce)
        #expect(openError(nonce.text) == .tamperedMetadata)

        var kdf = record
        kdf.parameters = try KeystoreParameters(iterations: 3, memoryKiB: KeystoreParameters.minimumMemoryKiB)
        kdf.checks.kdf = KeystoreRecord.checksum(KeystoreRecord.kdfBytes(kdf.parameters))
        #expect(openError(kdf.text) == .wrongPassword)

        var kind = record
        kind.kind = .privateKey
        kind.checks.metadata = record.checks.metadata
        #expect(openError(kind.text) == .tamperedMetadata)

        // A record moved under another wallet's id, with every unkeyed field consistent.
        var moved = record
        moved.walletId = "multicoin_0x0000000000000000000000000000000000000000"
        #expect(openError(moved.text, id: moved.walletId) == .tamperedMetadata)
    }

    @Test func unknownFields() throws {
        let record = try sealedPhrase()
        func adding(_ path: [String], _ name: String) -> String {
            edited(record, path) { json in
                guard case .object(let members) = json else { return json }
                return .object(members + [(name, .bool(true))])
            }
        }
        #expect(openError(adding([], "note")) == .unknownField("note"))
        #expect(openError(adding(["kdf"], "parallelism")) == .unknownField("kdf.parallelism"))
        #expect(openError(adding(["cipher"], "aad")) == .unknownField("cipher.aad"))
        #expect(openError(adding(["checks"], "extra")) == .unknownField("checks.extra"))
    }

    @Test func malformedRecords() throws {
        let record = try sealedPhrase()
        let removed = edited(record, []) { json in
            guard case .object(let members) = json else { return json }
            return .object(members.filter { $0.0 != "ciphertext" })
        }
        #expect(openError(removed) == .malformedRecord("ciphertext is missing"))
        #expect(openError("not json") == .malformedRecord("not JSON"))
        #expect(openError("[]") == .malformedRecord("record is not an object"))
        #expect(openError(edited(record, ["kdf", "salt"]) { _ in .string("zz") }) == .malformedRecord("kdf.salt is not lowercase hex"))
        #expect(openError(edited(record, ["kdf", "salt"]) { json in .string(json.stringValue?.uppercased() ?? "") })
            == .malformedRecord("kdf.salt is not lowercase hex"))
        #expect(openError(edited(record, ["kdf", "salt"]) { _ in .string("00") }) == .malformedRecord("kdf.salt must be 16 bytes"))
        #expect(openError(edited(record, ["cipher", "nonce"]) { _ in .int(1) }) == .malformedRecord("cipher.nonce is not a string"))
        #expect(openError(edited(record, ["version"]) { _ in .string("1") }) == .malformedRecord("version is not an integer"))
        #expect(openError(edited(record, ["secret_kind"]) { _ in .string("seed") })
            == .malformedRecord("secret_kind \"seed\" is not phrase or private_key"))
        let repeated = record.text.replacingFirst("\"version\":1,", with: "\"version\":1,\"version\":1,")
        #expect(openError(repeated) == .malformedRecord("record.version appears twice"))
    }

    @Test func otherVersionsAndAlgorithms() throws {
        let record = try sealedPhrase()
        #expect(openError(edited(record, ["version"]) { _ in .int(2) }) == .unsupportedVersion(2))
        #expect(openError(edited(record, ["kdf", "algorithm"]) { _ in .string("scrypt") }) == .unsupportedAlgorithm("scrypt"))
        #expect(openError(edited(record, ["cipher", "algorithm"]) { _ in .string("aes-256-gcm") }) == .unsupportedAlgorithm("aes-256-gcm"))
    }

    /// Each way a record fails is told apart from the others.
    @Test func failuresAreDistinct() throws {
        let record = try sealedPhrase()
        let errors: [GemKeystoreError?] = [
            openError(record.text, password: Secret([1, 2, 3])),
            openError(edited(record, ["ciphertext"], flipped)),
            openError(edited(record, ["cipher", "nonce"], flipped)),
            openError(edited(record, ["kdf", "salt"], flipped)),
            openError(edited(record, ["secret_kind"]) { _ in .string("private_key") }),
            openError(edited(record, []) { json in
                guard case .object(let members) = json else { return json }
                return .object(members + [("extra", .null)])
            }),
        ]
        #expect(errors.allSatisfy { $0 != nil })
        #expect(Set(errors.compactMap { $0 }).count == errors.count)
    }

    @Test func errorsCrossAsCryptoOrNotFoundWithoutSecrets() {
        #expect(GemServiceError(GemKeystoreError.wrongPassword) == .crypto(message: "wrong keystore password"))
        #expect(GemServiceError(GemKeystoreError.notFound).type == "not_found")
        let messages = [GemKeystoreError.wrongPassword, .tamperedCiphertext, .corruptedNonce, .corruptedSalt,
                        .tamperedMetadata, .unknownField("x")].map { GemServiceError($0).message }
        #expect(Set(messages).count == messages.count)
    }
}

/// A randomness source that is unavailable.
struct FailingRandom: RandomSource {
    func randomBytes(_ count: Int) throws(RandomError) -> [UInt8] { throw .unavailable }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        var copy = self
        copy.replaceSubrange(range, with: replacement)
        return copy
    }
}
