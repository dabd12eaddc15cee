import Foundation
@testable import Blockchain
import GemCrypto
import Primitives
import Testing

/// Tests/BlockchainTests/Vectors/signing/cardano.json, written by tests/signing/cardano/make_vectors.py
/// (pycardano 0.19.2 with cbor2 5.9.0: transaction CBOR, fee and minimum-ada functions, BIP32-Ed25519 signing).
private struct CardanoVectors: Decodable {
    struct UTXO: Decodable, Sendable {
        let txHash: String
        let index: UInt32
        let lovelace: String
        let hasTokens: Bool

        enum CodingKeys: String, CodingKey { case txHash = "tx_hash", index, lovelace, hasTokens = "has_tokens" }
    }

    struct Input: Decodable, Sendable {
        let mnemonic: String
        let sender: String
        let recipient: String
        let amount: String
        let ttl: UInt64
        let utxos: [UTXO]
    }

    struct Expected: Decodable, Sendable {
        let raw: String
        let hash: String
        let fee: String
        let change: String?
        let inputs: Int
    }

    struct Vector: Decodable, Sendable, CustomStringConvertible {
        let name: String
        let input: Input
        let expected: Expected
        var description: String { name }
    }

    let source: String
    let vectors: [Vector]

    static let shared: CardanoVectors = {
        guard let url = Bundle.module.url(forResource: "cardano", withExtension: "json", subdirectory: "Vectors/signing"),
              let data = try? Data(contentsOf: url),
              let vectors = try? JSONCodec.decode(CardanoVectors.self, from: Array(data))
        else { return CardanoVectors(source: "missing", vectors: []) }
        return vectors
    }()
}

private func hex(_ text: String) -> [UInt8] { (try? Hex.decode(text)) ?? [] }

extension CardanoVectors.Input {
    var signerInput: CardanoSignerInput {
        CardanoSignerInput(
            sender: sender, recipient: recipient, amount: BigUInt(amount) ?? 0,
            utxos: utxos.map { CardanoUTXO(transactionId: hex($0.txHash), index: $0.index, lovelace: BigUInt($0.lovelace) ?? 0, hasTokens: $0.hasTokens) },
            ttl: ttl
        )
    }

    var key: CardanoHDKey {
        get throws { try CardanoHDKey(mnemonic: try Mnemonic(mnemonic)).derive(try DerivationPath("m/1852'/1815'/0'/0/0")) }
    }
}

struct CardanoSignerTests {
    fileprivate static let vectors = CardanoVectors.shared.vectors

    @Test func vectorFileHasEnoughCases() {
        #expect(Self.vectors.count >= 5)
        #expect(CardanoVectors.shared.source.contains("pycardano"))
    }

    @Test(arguments: vectors)
    fileprivate func signsTheOracleBytes(_ vector: CardanoVectors.Vector) throws {
        let key = try vector.input.key
        let signed = try CardanoSigner.sign(vector.input.signerInput, key: key)
        #expect(Hex.encode(signed.bytes) == vector.expected.raw)
        #expect(signed.encoded == vector.expected.raw)
        #expect(signed.hash == vector.expected.hash)
        // The witness (last 64 bytes before `true, null`) verifies over the tx id under the payment key.
        let signature = Array(signed.bytes.dropLast(2).suffix(64))
        #expect(key.publicKey.verify(signature: signature, message: hex(vector.expected.hash)))
        // The plan (for the confirm screen) is what was signed.
        let plan = try CardanoSigner.plan(vector.input.signerInput, publicKey: key.publicKey)
        #expect(plan.fee.description == vector.expected.fee)
        #expect(plan.change?.description == vector.expected.change)
        #expect(plan.inputs.count == vector.expected.inputs)
        // The keyless quote (the transfer's load) is the same plan: a witness's size does not depend on the key.
        #expect(try CardanoSigner.quote(vector.input.signerInput) == plan)
    }

    @Test(arguments: vectors)
    fileprivate func aMaxSendSpendsEverythingAtTheLinearFeeOfItsOwnSize(_ vector: CardanoVectors.Vector) throws {
        let key = try vector.input.key
        var input = vector.input.signerInput
        let (amount, fee) = try CardanoSigner.maxSend(input)
        let spendable = input.utxos.filter { !$0.hasTokens }.reduce(BigUInt.zero) { $0 + $1.lovelace }
        #expect(amount + fee == spendable)
        input.amount = amount
        let signed = try CardanoSigner.sign(input, key: key)
        let plan = try CardanoSigner.plan(input, publicKey: key.publicKey)
        #expect(plan.fee == fee && plan.change == nil)
        #expect(fee == BigUInt(44 * UInt64(signed.bytes.count) + 155_381))
    }

    // MARK: CBOR and the rules

    @Test func cborHeadsUseTheShortestForm() {
        let cases: [(UInt64, String)] = [
            (0, "00"), (23, "17"), (24, "1818"), (255, "18ff"), (256, "190100"), (65_535, "19ffff"), (65_536, "1a00010000"),
            (4_294_967_295, "1affffffff"), (4_294_967_296, "1b0000000100000000"), (UInt64.max, "1bffffffffffffffff"),
        ]
        for (value, expected) in cases {
            var cbor = CBORWriter()
            cbor.unsigned(value)
            #expect(Hex.encode(cbor.bytes) == expected, "\(value)")
        }
        var cbor = CBORWriter()
        cbor.array(count: 4)
        cbor.map(count: 1)
        cbor.byteString([0xab, 0xcd])
        cbor.bool(true)
        cbor.bool(false)
        cbor.null()
        #expect(Hex.encode(cbor.bytes) == "84a142abcdf5f4f6")
    }

    @Test func minimumAdaOfABaseAddressOutput() throws {
        // {0: 57-byte address, 1: 1_500_000}: 1 + 1 + 2 + 57 + 1 + 5 = 67 bytes; (160 + 67) · 4310.
        let address = try CardanoSigner.addressBytes(try #require(Self.vectors.first).input.recipient, field: "recipient")
        #expect(CardanoSigner.minimumAda(address: address, coin: 1_500_000, .mainnet) == 978_370)
        #expect(CardanoSigner.minimumAda(address: address, coin: 23, .mainnet) == (160 + 63) * 4_310)
    }

    @Test func selectionIsLargestFirstThenByIdAndIndex() throws {
        let inputs = try CardanoSigner.spendable([
            CardanoUTXO(transactionId: [UInt8](repeating: 2, count: 32), index: 1, lovelace: 5),
            CardanoUTXO(transactionId: [UInt8](repeating: 1, count: 32), index: 9, lovelace: 5),
            CardanoUTXO(transactionId: [UInt8](repeating: 1, count: 32), index: 3, lovelace: 5),
            CardanoUTXO(transactionId: [UInt8](repeating: 3, count: 32), index: 0, lovelace: 7),
            CardanoUTXO(transactionId: [UInt8](repeating: 4, count: 32), index: 0, lovelace: 99, hasTokens: true),
            CardanoUTXO(transactionId: [UInt8](repeating: 5, count: 32), index: 0, lovelace: 0),
        ])
        #expect(inputs.map { [$0.transactionId[0], UInt8($0.index)] } == [[3, 0], [1, 3], [1, 9], [2, 1]])
    }

    // MARK: Refusals

    private static var base: CardanoVectors.Input? { vectors.first?.input }

    private func refusal(_ change: (inout CardanoSignerInput) -> Void) throws -> SignerError? {
        let base = try #require(Self.base)
        var input = base.signerInput
        change(&input)
        let key = try base.key
        do throws(SignerError) {
            _ = try CardanoSigner.sign(input, key: key)
            return nil
        } catch {
            return error
        }
    }

    private func utxo(_ byte: UInt8, _ index: UInt32, _ lovelace: BigUInt, tokens: Bool = false) -> CardanoUTXO {
        CardanoUTXO(transactionId: [UInt8](repeating: byte, count: 32), index: index, lovelace: lovelace, hasTokens: tokens)
    }

    @Test func refusesAnAmountOverTheBalanceAfterFee() throws {
        // 10 ADA in, 9.9 ADA out: the no-change fee of 165_281 lovelace does not fit.
        #expect(try refusal { $0.amount = 9_900_000 } == .insufficientBalance(required: 10_065_281, available: 10_000_000))
        // Token-bearing UTxOs are never spent: nothing is available (the fee is that of a transaction without inputs).
        #expect(try refusal { $0.utxos = [utxo(1, 0, 10_000_000, tokens: true)] }
            == .insufficientBalance(required: 1_663_697, available: 0))
    }

    @Test func refusesAnOutputBelowTheMinimumAda() throws {
        #expect(try refusal { $0.amount = 978_369 } == .invalidField("amount", reason: "is below the minimum ada of 978370 lovelace for its output"))
        #expect(try refusal { $0.amount = 978_370 } == nil)
    }

    @Test func refusesMissingAndMalformedFields() throws {
        #expect(try refusal { $0.ttl = nil } == .missingField("ttl"))
        #expect(try refusal { $0.utxos = [] } == .missingField("utxos"))
        #expect(try refusal { $0.recipient = "" } == .missingField("recipient"))
        #expect(try refusal { $0.sender = "" } == .missingField("sender"))
        #expect(try refusal { $0.amount = 0 } == .invalidField("amount", reason: "must be above zero"))
        #expect(try refusal { $0.amount = BigUInt(1) << 64 } == .amountOutOfRange("amount"))
        #expect(try refusal { $0.utxos = [utxo(1, 0, BigUInt(1) << 64)] } == .amountOutOfRange("utxos"))
        #expect(try refusal {
            $0.amount = BigUInt(UInt64.max - 10)
            $0.utxos = [utxo(1, 0, BigUInt(UInt64(1) << 63)), utxo(2, 0, BigUInt(UInt64(1) << 63))]
        } == .amountOutOfRange("utxos"))
        #expect(try refusal { $0.utxos = [utxo(1, 0, 10_000_000), utxo(1, 0, 20_000_000)] }
            == .invalidField("utxos", reason: "lists an output twice"))
        #expect(try refusal { $0.utxos = [CardanoUTXO(transactionId: [1, 2], index: 0, lovelace: 10_000_000)] }
            == .invalidField("utxos", reason: "a transaction id is not 32 bytes"))
        #expect(try refusal { $0.utxos = [utxo(1, 65_536, 10_000_000)] }
            == .invalidField("utxos", reason: "an output index is above 65535"))
        #expect(try refusal { $0.parameters.maxTxSize = 200 }
            == .invalidField("utxos", reason: "the transaction would exceed 200 bytes"))
        // A limit the inputs alone meet but the finished transaction (fee, change) does not: refused after selection.
        let base = try #require(Self.base)
        let bare = CardanoSigner.Builder(
            vkey: try base.key.publicKey.bytes, ttl: base.ttl,
            recipient: try CardanoSigner.addressBytes(base.recipient, field: "recipient"), amount: 1_500_000,
            sender: try CardanoSigner.addressBytes(base.sender, field: "sender"), parameters: .mainnet,
            inputs: try CardanoSigner.spendable(base.signerInput.utxos)
        ).size(fee: 0, change: nil)
        #expect(try refusal { $0.parameters.maxTxSize = bare }
            == .invalidField("utxos", reason: "the transaction would exceed \(bare) bytes"))
        // 1000 dust UTxOs cannot pay 1.5 ADA within 16384 bytes: refused once the inputs alone pass the limit.
        #expect(try refusal { $0.utxos = (0..<1000).map { utxo(UInt8($0 % 256), UInt32($0), 2_000) } }
            == .invalidField("utxos", reason: "the transaction would exceed 16384 bytes"))
    }

    @Test func refusesAddressesOffMainnetOrOfAnotherKey() throws {
        let testnet = "addr_test1qz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3jcu5d8ps7zex2k2xt3uqxgjqnnj83ws8lhrn648jjxtwq2ytjqp"
        let byron = "Ae2tdPwUPEZFRbyhz3cpfC2CumGzNkFBN2L42rcUc2yjQpEkxDbkPodpMAi"
        #expect(try refusal { $0.recipient = testnet } == .invalidAddress("recipient"))
        #expect(try refusal { $0.recipient = byron } == .invalidAddress("recipient"))
        #expect(try refusal { $0.recipient = String($0.recipient.dropLast()) + "q" } == .invalidAddress("recipient"))
        #expect(try refusal { $0.sender = testnet } == .invalidAddress("sender"))
        let other = try #require(Self.vectors.count > 1 ? Self.vectors[1].input.sender : nil)
        #expect(try refusal { $0.sender = other } == .invalidField("sender", reason: "is not an address of the signing key"))
    }

    @Test func foldsChangeBelowTheMinimumIntoTheFeeOnlyWhenNoInputIsLeft() throws {
        let base = try #require(Self.base)
        let key = try base.key
        var input = base.signerInput
        input.amount = 2_500_000
        input.utxos = [utxo(6, 7, 3_000_000)]
        let folded = try CardanoSigner.sign(input, key: key)
        // One output, fee = everything not sent (500_000 lovelace: 0x1a0007a120).
        #expect(Hex.encode(folded.bytes).contains("021a0007a120"))
        input.utxos.append(utxo(7, 0, 2_000_000))
        let withChange = try CardanoSigner.sign(input, key: key)
        #expect(!Hex.encode(withChange.bytes).contains("021a0007a120"))
    }
}
