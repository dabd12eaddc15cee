import Foundation
@testable import Blockchain
import GemCrypto
import Primitives
import Testing

/// Tests/BlockchainTests/Vectors/signing/polkadot.json, written by tests/signing/polkadot/make_vectors.py
/// (scalecodec 1.2.12 encoders, substrate-interface 1.8.1 ed25519 Keypair).
private struct PolkadotVectors: Decodable {
    struct Input: Decodable, Sendable {
        let privateKey: String
        let sender: String
        let recipient: String
        let value: String
        let balance: String
        let fee: String
        let tip: String
        let nonce: UInt32
        let blockNumber: UInt64
        let blockHash: String
        let eraPeriod: UInt64
        let genesisHash: String
        let specVersion: UInt32
        let transactionVersion: UInt32

        enum CodingKeys: String, CodingKey {
            case privateKey = "private_key", sender, recipient, value, balance, fee, tip, nonce
            case blockNumber = "block_number", blockHash = "block_hash", eraPeriod = "era_period"
            case genesisHash = "genesis_hash", specVersion = "spec_version", transactionVersion = "transaction_version"
        }
    }

    struct Expected: Decodable, Sendable {
        let raw: String
        let hash: String
        let signedPayload: String

        enum CodingKeys: String, CodingKey { case raw, hash, signedPayload = "signed_payload" }
    }

    struct Vector: Decodable, Sendable, CustomStringConvertible {
        let name: String
        let input: Input
        let expected: Expected
        var description: String { name }
    }

    let source: String
    let vectors: [Vector]

    static let shared: PolkadotVectors = {
        guard let url = Bundle.module.url(forResource: "polkadot", withExtension: "json", subdirectory: "Vectors/signing"),
              let data = try? Data(contentsOf: url),
              let vectors = try? JSONCodec.decode(PolkadotVectors.self, from: Array(data))
        else { return PolkadotVectors(source: "missing", vectors: []) }
        return vectors
    }()
}

private func hex(_ text: String) -> [UInt8] { (try? Hex.decode(text, allowPrefix: true)) ?? [] }

private func big(_ text: String) -> BigUInt { BigUInt(text) ?? 0 }

extension PolkadotVectors.Input {
    var signerInput: PolkadotSignerInput {
        PolkadotSignerInput(
            sender: sender, recipient: recipient, value: big(value), balance: big(balance), fee: big(fee), tip: big(tip),
            nonce: nonce, blockNumber: blockNumber, blockHash: hex(blockHash), eraPeriod: eraPeriod,
            genesisHash: hex(genesisHash), specVersion: specVersion, transactionVersion: transactionVersion
        )
    }

    var key: Ed25519PrivateKey {
        get throws { try Ed25519PrivateKey(seed: hex(privateKey)) }
    }
}

struct PolkadotSignerTests {
    fileprivate static let vectors = PolkadotVectors.shared.vectors

    @Test func vectorFileHasEnoughCases() {
        #expect(Self.vectors.count >= 5)
        #expect(PolkadotVectors.shared.source.contains("scalecodec"))
    }

    @Test(arguments: vectors)
    fileprivate func signsTheOracleBytes(_ vector: PolkadotVectors.Vector) throws {
        let signed = try PolkadotSigner.sign(vector.input.signerInput, key: try vector.input.key)
        #expect(Hex.encode(signed.bytes) == vector.expected.raw)
        #expect(signed.encoded == "0x" + vector.expected.raw)
        #expect(signed.hash == vector.expected.hash)
        // The signature verifies over the oracle's payload under the sender's key.
        // Compact length (2 bytes: bodies are 64...16383 bytes) ‖ 0x84 ‖ 0x00 ‖ signer (32) ‖ 0x00 ‖ signature (64).
        let signature = Array(signed.bytes.dropFirst(37).prefix(64))
        #expect(try vector.input.key.publicKey.verify(signature: signature, message: hex(vector.expected.signedPayload)))
    }

    // MARK: SCALE pieces

    @Test func compactIntegersAtEveryModeBoundary() {
        let cases: [(BigUInt, String)] = [
            (0, "00"), (1, "04"), (63, "fc"), (64, "0101"), (16_383, "fdff"), (16_384, "02000100"),
            (1_073_741_823, "feffffff"), (1_073_741_824, "0300000040"), (BigUInt(UInt64.max), "13ffffffffffffffff"),
            (BigUInt(1) << 64, "17000000000000000001"), ((BigUInt(1) << 128).subtracting(1) ?? 0, "33" + String(repeating: "ff", count: 16)),
            (10_000, "419c"),
        ]
        for (value, expected) in cases {
            #expect(Hex.encode(SCALE.compact(value)) == expected, "\(value)")
        }
    }

    @Test func mortalEraMatchesSubstrate() {
        // Gem core's era test: period 64 at block 24_666_537 is 0x9502.
        #expect(Hex.encode(SCALE.MortalEra(period: 64, current: 24_666_537).encoded) == "9502")
        let rounded = SCALE.MortalEra(period: 100, current: 1_000)
        #expect(rounded.period == 128 && rounded.phase == 1_000 % 128)
        let quantized = SCALE.MortalEra(period: 65_536, current: 4_294_967_295)
        #expect(quantized.period == 65_536 && quantized.phase == 65_520)
        // Period 2^16 (low nibble 15), phase 65_520 quantized by 16 (4095 << 4): u16 0xffff.
        #expect(Hex.encode(quantized.encoded) == "ffff")
        #expect(SCALE.MortalEra(period: 4, current: 7).encoded == [0x31, 0x00])
    }

    @Test func payloadsOver256BytesAreHashed() throws {
        let short = [UInt8](repeating: 7, count: 256)
        let long = [UInt8](repeating: 7, count: 257)
        #expect(try PolkadotSigner.signingPayload(short) == short)
        #expect(try PolkadotSigner.signingPayload(long) == (try Hash.blake2b(long, length: 32)))
    }

    // MARK: Refusals

    private static var base: PolkadotVectors.Input? { vectors.count > 1 ? vectors[1].input : nil }

    private func refusal(_ change: (inout PolkadotSignerInput) -> Void) throws -> SignerError? {
        let base = try #require(Self.base)
        var input = base.signerInput
        change(&input)
        let key = try base.key
        do throws(SignerError) {
            _ = try PolkadotSigner.sign(input, key: key)
            return nil
        } catch {
            return error
        }
    }

    @Test func refusesTheRelayChainGenesis() throws {
        let relay = hex("0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3")
        #expect(try refusal { $0.genesisHash = relay } == .invalidField(
            "genesis_hash",
            reason: "is not the genesis of the runtime the call is built for (0x68d56f15f85d3136970ec16946040bc1752654e906147f7e43e9d539d7c3de2f)"
        ))
    }

    @Test func refusesMissingPreloadFields() throws {
        #expect(try refusal { $0.nonce = nil } == .missingField("nonce"))
        #expect(try refusal { $0.blockNumber = nil } == .missingField("block_number"))
        #expect(try refusal { $0.eraPeriod = nil } == .missingField("era_period"))
        #expect(try refusal { $0.blockHash = [] } == .missingField("block_hash"))
        #expect(try refusal { $0.genesisHash = [] } == .missingField("genesis_hash"))
        #expect(try refusal { $0.specVersion = nil } == .missingField("spec_version"))
        #expect(try refusal { $0.transactionVersion = nil } == .missingField("transaction_version"))
        #expect(try refusal { $0.balance = nil } == .missingField("balance"))
        #expect(try refusal { $0.recipient = "" } == .missingField("recipient"))
        #expect(try refusal { $0.sender = "" } == .missingField("sender"))
    }

    @Test func refusesMalformedFields() throws {
        #expect(try refusal { $0.blockHash = [1, 2, 3] } == .invalidField("block_hash", reason: "must be 32 bytes"))
        #expect(try refusal { $0.genesisHash = [UInt8](repeating: 0, count: 33) } == .invalidField("genesis_hash", reason: "must be 32 bytes"))
        #expect(try refusal { $0.eraPeriod = 3 } == .invalidField("era_period", reason: "must be 4...65536 blocks"))
        #expect(try refusal { $0.eraPeriod = 65_537 } == .invalidField("era_period", reason: "must be 4...65536 blocks"))
        #expect(try refusal { $0.specVersion = 1_002_004 }
            == .invalidField("spec_version", reason: "is older than 1002005, whose extensions the signer writes"))
        #expect(try refusal { $0.specVersion = 1_002_005 } == nil)
        #expect(try refusal { $0.value = 0 } == .invalidField("value", reason: "must be above zero"))
        #expect(try refusal { $0.value = BigUInt(1) << 128 } == .amountOutOfRange("value"))
        #expect(try refusal { $0.tip = BigUInt(1) << 128 } == .amountOutOfRange("tip"))
    }

    @Test func refusesAddressesOffTheNetworkOrOfAnotherKey() throws {
        // Kusama (prefix 2) spelling of an account, a corrupted checksum, and another key's Polkadot address.
        #expect(try refusal { $0.recipient = "HEAUFdsnSi24nwRGNm8GvJ6RMuppbMX4PBVBDDUMiFpTJWs" } == .invalidAddress("recipient"))
        #expect(try refusal { $0.recipient = "15e6w4u9nH4Tb9HdJco2Zua4y5DpHb1hHXBKBGkUrLMTpuXp" } == .invalidAddress("recipient"))
        #expect(try refusal { $0.sender = "0x1234" } == .invalidAddress("sender"))
        let other = try #require(Self.vectors.first).input.sender
        #expect(try refusal { $0.sender = other } == .invalidField("sender", reason: "is not the address of the signing key"))
    }

    @Test func refusesAnAmountTheBalanceCannotCoverWithFeeTipAndDeposit() throws {
        let base = try #require(Self.base)
        let required = big(base.value) + big(base.fee) + big(base.tip) + PolkadotRuntime.assetHubPolkadot.existentialDeposit
        let short = required.subtracting(1) ?? 0
        #expect(try refusal { $0.balance = short } == .insufficientBalance(required: required, available: short))
        #expect(try refusal { $0.balance = required } == nil)
    }
}
