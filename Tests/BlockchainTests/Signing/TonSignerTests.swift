import Foundation
import GemCrypto
import Primitives
import Testing

@testable import Blockchain

@Suite struct TonSignerTests {
    static let vectors = Ed25519FamilyVector.load("ton")

    struct ProofVector: Sendable, CustomStringConvertible {
        let name: String
        let input: JSON
        let signature: String
        let encoded: String
        var description: String { name }
    }

    static let proofs: [ProofVector] = {
        guard let url = Bundle.module.url(forResource: "ton", withExtension: "json", subdirectory: "Vectors/signing"),
              let data = try? Data(contentsOf: url), let root = try? JSONParser.parse(Array(data)),
              let list = root["proofs"]?.arrayValue
        else { return [] }
        return list.compactMap { item in
            guard let name = item["name"]?.stringValue, let input = item["input"],
                  let signature = item["signature"]?.stringValue, let encoded = item["encoded"]?.stringValue
            else { return nil }
            return ProofVector(name: name, input: input, signature: signature, encoded: encoded)
        }
    }()

    static func input(_ json: JSON) throws -> TonSignerInput {
        var asset = TonSignerInput.Asset.native
        if let wallet = VectorField.optionalString(json, "sender_jetton_wallet") {
            asset = .jetton(
                TonSignerInput.JettonTransfer(
                    senderJettonWallet: wallet, attachedAmount: try VectorField.big(json, "attached_amount"),
                    forwardAmount: VectorField.optionalBig(json, "forward_amount") ?? BigUInt(1),
                    queryId: VectorField.optionalU64(json, "query_id") ?? 0))
        }
        return TonSignerInput(
            destination: try VectorField.string(json, "destination"), asset: asset,
            amount: try VectorField.big(json, "amount"), comment: VectorField.optionalString(json, "comment"),
            seqno: VectorField.optionalU64(json, "seqno").flatMap { UInt32(exactly: $0) },
            deployed: json["deployed"]?.boolValue,
            validUntil: VectorField.optionalU64(json, "valid_until").flatMap { UInt32(exactly: $0) })
    }

    @Test func vectorFilesHaveFiveOrMore() {
        #expect(Self.vectors.count >= 5)
        #expect(Self.proofs.count >= 5)
    }

    @Test(arguments: vectors) func byteForByte(_ vector: Ed25519FamilyVector) throws {
        let signed = try TonSigner.signTransfer(Self.input(vector.input), key: VectorField.key(vector.input))
        #expect(Hex.encode(signed.transaction.bytes) == vector.raw)
        #expect(signed.transaction.encoded == vector.encoded)
        #expect(signed.transaction.hash == vector.hash)
        #expect(signed.normalizedHash == vector.json["normalized_hash"]?.stringValue)
    }

    @Test(arguments: proofs) func proof(_ vector: ProofVector) throws {
        let input = TonProofInput(
            domain: try VectorField.string(vector.input, "domain"), timestamp: try VectorField.u64(vector.input, "timestamp"),
            payload: try VectorField.string(vector.input, "payload"),
            workchain: Int8(exactly: vector.input["workchain"]?.int64Value ?? 0) ?? 0)
        let signed = try TonSigner.signProof(input, key: VectorField.key(vector.input))
        #expect(Hex.encode(signed.signature) == vector.signature)
        #expect(signed.encoded == vector.encoded)
    }

    @Test func walletCodeParsesToItsPublishedHash() throws {
        let code = try #require(TonWalletV4R2.code)
        #expect(code.hash == TonWalletV4R2.codeHash)
        #expect(code.depth == TonWalletV4R2.codeDepth)
        // Written again, the code's bag of cells reads back to the same tree.
        let again = try #require(TonBoc.deserialize(TonBoc.serialize(code)))
        #expect(again.hash == code.hash)
    }

    @Test func stateInitHashIsTheAddress() throws {
        let publicKey = [UInt8](repeating: 0x5A, count: 32)
        for workchain: Int8 in [0, -1] {
            let state = try TonWalletV4R2.stateInit(publicKey: publicKey, workchain: workchain)
            #expect(state.hash == TonWalletV4R2.accountId(publicKey: publicKey, workchain: workchain))
        }
    }

    @Test func walletStateInitRefusals() {
        #expect(throws: SignerError.invalidField("public_key", reason: "must be 32 bytes")) {
            try TonSigner.walletStateInit(publicKey: [1, 2])
        }
        #expect(throws: SignerError.invalidField("workchain", reason: "must be 0 or -1")) {
            try TonSigner.walletStateInit(publicKey: [UInt8](repeating: 1, count: 32), workchain: 3)
        }
    }

    @Test func bocChecksItsCRC() throws {
        let key = try #require(Self.key)
        var signed = try TonSigner.sign(Self.base(), key: key).bytes
        #expect(TonBoc.deserialize(signed) != nil)
        signed[signed.count - 1] ^= 1
        #expect(TonBoc.deserialize(signed) == nil)
    }

    /// A proof a real v4R2 mainnet wallet signed for winogarcia.github.io (WinoGarcia/TonProof.NET,
    /// TonProof.Tests/Data/CheckProofRequestV4R2Mainnet.cs): the wallet's key derives its address, the proof digest
    /// this signer builds verifies its signature, and its walletStateInit hashes to our StateInit.
    @Test func publishedWalletProofVerifies() throws {
        let publicKey = try Hex.decode("e635249f6b3fbaf9742ae1d09d8f6f01b6082ff9256d719006329405019f3198")
        let account = TonWalletV4R2.accountId(publicKey: publicKey, workchain: 0)
        #expect(Hex.encode(account) == "0522952c6d0846ad7f93dfb7987e5f77f02ee53290a26f9be85a50c689085932")
        let payload =
            "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1bmlxdWVfbmFtZSI6IjExMjM3N2UxLWUwYjktNGIyOC05NjJkLTRiZDAxMTFmZmY3NyIs"
            + "Im5iZiI6MTcyMTgyNzA4MiwiZXhwIjoxNzIxODI3OTgyLCJpYXQiOjE3MjE4MjcwODIsImlzcyI6Iklzc3VlckZvclBheWxvYWQiLCJhdWQi"
            + "OiJBdWRpZW5jZUZvclBheWxvYWQifQ.BZ6LvTKvsSPZ4H6nbwcQP3gjVgvkbYm2vPIQjJ4Gyak"
        let digest = TonSigner.proofDigest(
            workchain: 0, account: account, domain: Array("winogarcia.github.io".utf8), timestamp: 1_721_827_476,
            payload: Array(payload.utf8))
        let signature = try Base64.decode(
            "z05SXc3qseQ/c/Fwmp+D4+qF2QWRAbP7E8mcYwbxBTqsEcG/DQdMdUUJhYx0NQTpid38oxBDYnJ9vB0cZkd/Bw==", alphabet: .standard)
        #expect(try Ed25519PublicKey(publicKey).verify(signature: signature, message: digest))
        let walletStateInit =
            "te6cckECFgEAAwQAAgE0AgEAUQAAAAApqaMX5jUkn2s/uvl0KuHQnY9vAbYIL/klbXGQBjKUBQGfMZhAART/APSkE/S88sgLAwIBIAkEBPjygwjXGCDTH9Mf"
            + "0x8C+CO78mTtRNDTH9Mf0//0BNFRQ7ryoVFRuvKiBfkBVBBk+RDyo/gAJKTIyx9SQMsfUjDL/1IQ9ADJ7VT4DwHTByHAAJ9sUZMg10qW0wfUAvsA6DDgIcAB4wAh"
            + "wALjAAHAA5Ew4w0DpMjLHxLLH8v/CAcGBQAK9ADJ7VQAbIEBCNcY+gDTPzBSJIEBCPRZ8qeCEGRzdHJwdIAYyMsFywJQBc8WUAP6AhPLassfEss/yXP7AABwgQEI"
            + "1xj6ANM/yFQgR4EBCPRR8qeCEG5vdGVwdIAYyMsFywJQBs8WUAT6AhTLahLLH8s/yXP7AAIAbtIH+gDU1CL5AAXIygcVy//J0Hd0gBjIywXLAiLPFlAF+gIUy2sS"
            + "zMzJc/sAyEAUgQEI9FHypwICAUgTCgIBIAwLAFm9JCtvaiaECAoGuQ+gIYRw1AgIR6STfSmRDOaQPp/5g3gSgBt4EBSJhxWfMYQCASAODQARuMl+1E0NcLH4AgFY"
            + "Eg8CASAREAAZrx32omhAEGuQ64WPwAAZrc52omhAIGuQ64X/wAA9sp37UTQgQFA1yH0BDACyMoHy//J0AGBAQj0Cm+hMYALm0AHQ0wMhcbCSXwTgItdJwSCSXwTg"
            + "AtMfIYIQcGx1Z70ighBkc3RyvbCSXwXgA/pAMCD6RAHIygfL/8nQ7UTQgQFA1yH0BDBcgQEI9ApvoTGzkl8H4AXTP8glghBwbHVnupI4MOMNA4IQZHN0crqSXwbj"
            + "DRUUAIpQBIEBCPRZMO1E0IEBQNcgyAHPFvQAye1UAXKwjiOCEGRzdHKDHrFwgBhQBcsFUAPPFiP6AhPLassfyz/JgED7AJJfA+IAeAH6APQEMPgnbyIwUAqhIb7y"
            + "4FCCEHBsdWeDHrFwgBhQBMsFJs8WWPoCGfQAy2kXyx9SYMs/IMmAQPsABru64+A="
        let theirs = try #require(TonBoc.deserialize(try Base64.decode(walletStateInit, alphabet: .standard)))
        #expect(theirs.hash == account)
        let ours = try #require(TonBoc.deserialize(try Base64.decode(try TonSigner.walletStateInit(publicKey: publicKey))))
        #expect(ours.hash == theirs.hash)
    }

    @Test func addressParts() throws {
        let account = try Hex.decode("83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8")
        let bounceable = try TonAddress.parse("EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N")
        #expect(bounceable == TonAddress.Parts(workchain: 0, account: account, bounceable: true))
        let plain = try TonAddress.parse("UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI")
        #expect(plain == TonAddress.Parts(workchain: 0, account: account, bounceable: false))
        // The raw form (any case) is read as bounceable.
        let raw = try TonAddress.parse("0:83DFD552E63729B472FCBCC8C45EBCC6691702558B68EC7527E1BA403A0F31A8")
        #expect(raw == TonAddress.Parts(workchain: 0, account: account, bounceable: true))
        let master = try TonAddress.parse("-1:" + String(repeating: "3", count: 64))
        #expect(master.workchain == -1)
    }

    @Test func crc32cCheckValue() {
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)  // RFC 3720 / iSCSI check value
    }

    @Test func bocRejectsMalformedInput() {
        #expect(TonBoc.deserialize([]) == nil)
        #expect(TonBoc.deserialize([0xB5, 0xEE, 0x9C, 0x72, 0x01]) == nil)
        #expect(TonBoc.deserialize([0xB5, 0xEE, 0x9C, 0x72, 0x41, 0x01, 0x01, 0x01, 0x00, 0x05, 0x00]) == nil)
    }

    @Test func commentSnakeLayout() throws {
        let cell = try TonSigner.commentCell(String(repeating: "a", count: 123 + 127 + 1))
        #expect(cell.bitCount == 32 + 123 * 8)
        let second = try #require(cell.refs.first)
        #expect(second.bitCount == 127 * 8)
        #expect(second.refs.first?.bitCount == 8)
        #expect(try TonSigner.commentCell("").bitCount == 32)
    }

    static let key = try? Ed25519PrivateKey(seed: [UInt8](repeating: 0x51, count: 32))
    static let destination = "EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N"
    static let jettonWallet = "EQBOVLBKdd7_vWhDA4TpTnHV0exBaDhSD6KRASRsNlcuBix1"

    static func base() -> TonSignerInput {
        TonSignerInput(
            destination: destination, asset: .native, amount: BigUInt(1_500_000_000), seqno: 9,
            validUntil: 1_900_000_000)
    }

    static func jetton(_ change: (inout TonSignerInput.JettonTransfer) -> Void = { _ in }) -> TonSignerInput.Asset {
        var transfer = TonSignerInput.JettonTransfer(
            senderJettonWallet: jettonWallet, attachedAmount: BigUInt(50_000_000), forwardAmount: BigUInt(1))
        change(&transfer)
        return .jetton(transfer)
    }

    static let refusals: [Refusal<TonSignerInput>] = [
        Refusal("bad checksum", { $0.destination = String(destination.dropLast()) + "O" }, .invalidAddress("destination")),
        Refusal(
            "testnet address", { $0.destination = "kQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqKYH" },
            .invalidAddress("destination")),
        Refusal("unknown workchain", { $0.destination = "1:" + String(repeating: "0", count: 64) }, .invalidAddress("destination")),
        Refusal("short raw account", { $0.destination = "0:" + String(repeating: "0", count: 62) }, .invalidAddress("destination")),
        Refusal("missing seqno", { $0.seqno = nil }, .missingField("seqno")),
        Refusal(
            "not deployed with seqno above 0", { $0.deployed = false },
            .invalidField("deployed", reason: "a wallet with a seqno above 0 is deployed")),
        Refusal("missing valid_until", { $0.validUntil = nil }, .missingField("valid_until")),
        Refusal("valid_until 0", { $0.validUntil = 0 }, .invalidField("valid_until", reason: "must be a UNIX time above 0")),
        Refusal("amount of 2^120", { $0.amount = BigUInt(1) << 120 }, .amountOutOfRange("amount")),
        Refusal("comment of 1025 bytes", { $0.comment = String(repeating: "x", count: 1025) }, .memoTooLong(maxBytes: 1024)),
        Refusal("comment of 1026 UTF-8 bytes", { $0.comment = String(repeating: "€", count: 342) }, .memoTooLong(maxBytes: 1024)),
        Refusal(
            "amount above balance", { $0.balance = BigUInt(1_499_999_999) },
            .insufficientBalance(required: BigUInt(1_500_000_000), available: BigUInt(1_499_999_999))),
        Refusal("workchain 1", { $0.workchain = 1 }, .invalidField("workchain", reason: "must be 0 or -1")),
        Refusal(
            "bad jetton wallet", { $0.asset = jetton { $0.senderJettonWallet = "EQ" } },
            .invalidAddress("sender_jetton_wallet")),
        Refusal(
            "attached not above forward", { $0.asset = jetton { $0.attachedAmount = BigUInt(1) } },
            .invalidField("attached_amount", reason: "must exceed forward_amount")),
        Refusal(
            "attached of 2^120", { $0.asset = jetton { $0.attachedAmount = BigUInt(1) << 120 } },
            .amountOutOfRange("attached_amount")),
        Refusal(
            "forward of 2^120", { $0.asset = jetton { $0.forwardAmount = BigUInt(1) << 120 } },
            .amountOutOfRange("forward_amount")),
        Refusal(
            "jetton amount of 2^120", { $0.asset = jetton(); $0.amount = BigUInt(1) << 120 }, .amountOutOfRange("amount")),
        Refusal(
            "jetton above jetton balance",
            { $0.asset = jetton { $0.jettonBalance = BigUInt(1_499_999_999) } },
            .insufficientBalance(required: BigUInt(1_500_000_000), available: BigUInt(1_499_999_999))),
        Refusal(
            "attached TON above balance", { $0.asset = jetton(); $0.balance = BigUInt(49_999_999) },
            .insufficientBalance(required: BigUInt(50_000_000), available: BigUInt(49_999_999))),
        Refusal(
            "jetton comment too long", { $0.asset = jetton(); $0.comment = String(repeating: "y", count: 1025) },
            .memoTooLong(maxBytes: 1024)),
    ]

    @Test(arguments: refusals) func refusal(_ refusal: Refusal<TonSignerInput>) throws {
        var input = Self.base()
        refusal.change(&input)
        let key = try #require(Self.key)
        #expect(throws: refusal.error) { try TonSigner.sign(input, key: key) }
    }

    static let proofRefusals: [Refusal<TonProofInput>] = [
        Refusal("empty domain", { $0.domain = "" }, .missingField("domain")),
        Refusal(
            "domain of 254 bytes", { $0.domain = String(repeating: "a", count: 254) },
            .invalidField("domain", reason: "longer than 253 bytes")),
        Refusal("workchain 2", { $0.workchain = 2 }, .invalidField("workchain", reason: "must be 0 or -1")),
    ]

    @Test(arguments: proofRefusals) func proofRefusal(_ refusal: Refusal<TonProofInput>) throws {
        var input = TonProofInput(domain: "app.example", timestamp: 1_700_000_000, payload: "p")
        refusal.change(&input)
        let key = try #require(Self.key)
        #expect(throws: refusal.error) { try TonSigner.signProof(input, key: key) }
    }

    @Test func limitsThatSign() throws {
        let key = try #require(Self.key)
        var input = Self.base()
        input.comment = String(repeating: "x", count: 1024)
        input.amount = (BigUInt(1) << 120).subtracting(BigUInt(1)) ?? .zero
        input.seqno = 0
        let signed = try TonSigner.sign(input, key: key)
        let root = try #require(TonBoc.deserialize(signed.bytes))
        #expect(Hex.encode(root.hash) == signed.hash)
    }
}
