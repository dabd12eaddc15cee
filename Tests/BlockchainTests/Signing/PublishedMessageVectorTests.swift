import Blockchain
import GemCrypto
import Primitives
import Testing

/// Tests/BlockchainTests/Vectors/signing/messages_published.json: message-signing vectors published outside this
/// project (each entry names where), so a change to a prefix, a hash or a signature encoding fails here even if
/// the oracle-made vectors were regenerated with it.
struct PublishedMessageVectors: Decodable {
    struct Digest: Decodable, Sendable, CustomStringConvertible {
        let source: String
        let message: String
        let digest: String
        var description: String { message }
    }

    struct Typed: Decodable, Sendable, CustomStringConvertible {
        let source: String
        let privateKey: String
        let address: String
        let typedData: String
        let digest: String
        let signature: String
        var description: String { digest }
    }

    struct Bitcoin: Decodable, Sendable, CustomStringConvertible {
        let source: String
        let privateKey: String
        let address: String
        let message: String
        let signature: String
        var description: String { address }
    }

    let source: String
    let eip191: [Digest]
    let eip712: [Typed]
    let tron: [Digest]
    let bip137: [Bitcoin]

    static let shared: PublishedMessageVectors = CTXVectorLoader.load("messages_published")
}

@Suite struct PublishedMessageVectorTests {
    @Test func everyKindHasAPublishedSource() {
        let vectors = PublishedMessageVectors.shared
        #expect(!vectors.eip191.isEmpty && !vectors.eip712.isEmpty && !vectors.tron.isEmpty)
        #expect(vectors.bip137.count == 3)
        #expect((vectors.eip191 + vectors.tron).allSatisfy { !$0.source.isEmpty })
        #expect(vectors.eip712.allSatisfy { $0.source.contains("EIPs") })
        #expect(vectors.bip137.allSatisfy { $0.source.contains("bitcoinjs-message") })
    }

    /// EIP-191 version 0x45: the "\x19Ethereum Signed Message:\n" prefix and the decimal length, keccak256.
    @Test(arguments: PublishedMessageVectors.shared.eip191)
    func personalMessageDigest(_ vector: PublishedMessageVectors.Digest) {
        #expect(Hex.encode(EthereumSigner.personalMessageDigest(Array(vector.message.utf8))) == vector.digest)
    }

    /// EIP-712's own example: the digest and the 65-byte r ‖ s ‖ v (v = 28) the EIP prints.
    @Test(arguments: PublishedMessageVectors.shared.eip712)
    func typedDataSignature(_ vector: PublishedMessageVectors.Typed) throws {
        #expect(Hex.encode(try EIP712.digest(json: vector.typedData)) == vector.digest)
        let signed = try EthereumSigner.signTypedData(vector.typedData, key: try CTXVectorLoader.key(vector.privateKey))
        #expect(Hex.encode(signed.signature) == vector.signature)
        #expect(signed.encoded == "0x" + vector.signature)
    }

    /// TIP-191: the "\x19TRON Signed Message:\n" prefix, keccak256.
    @Test(arguments: PublishedMessageVectors.shared.tron)
    func tronMessageDigest(_ vector: PublishedMessageVectors.Digest) {
        #expect(Hex.encode(TronSigner.messageDigest(Array(vector.message.utf8))) == vector.digest)
    }

    /// BIP-137: the same r ‖ s under three headers (31, 35, 39 + recid: 'H', 'I', 'J' in base64), by address type.
    @Test(arguments: PublishedMessageVectors.shared.bip137)
    func bitcoinSignedMessage(_ vector: PublishedMessageVectors.Bitcoin) throws {
        let signed = try BitcoinSigner.signMessage(
            BitcoinMessageInput(chain: .bitcoin, address: vector.address, message: Array(vector.message.utf8)),
            key: try CTXVectorLoader.key(vector.privateKey))
        #expect(signed.encoded == vector.signature)
        #expect(signed.signature.count == 65)
    }
}
