import Blockchain
import GemCrypto
import Primitives
import Testing

/// Tests/BlockchainTests/Vectors/signing/cosmos.json, written by tests/signing/cosmos/make_vectors.py (cosmpy); one
/// is also Gem core's own Osmosis transfer vector, which cosmpy reproduces.
struct CosmosVectors: Decodable {
    struct Input: Decodable, Sendable {
        let chain: String
        let privateKey: String
        let recipient: String
        let denom: String
        let amount: String
        let memo: String?
        let fee: String
        let gasLimit: String
        let accountNumber: String?
        let sequence: String?
        let balance: String
        let tokenBalance: String?
    }

    struct Transfer: Decodable, Sendable, CustomStringConvertible {
        let name: String
        let input: Input
        /// Where the expected bytes are also published (the vector reproduces them).
        let published: String?
        let raw: String
        let hash: String
        let txBytes: String
        var description: String { name }
    }

    struct MessageInput: Decodable, Sendable {
        let chain: String
        let privateKey: String
        let message: String
    }

    struct Message: Decodable, Sendable, CustomStringConvertible {
        let name: String
        let input: MessageInput
        let signature: String
        let encoded: String
        var description: String { name }
    }

    let source: String
    let transfers: [Transfer]
    let messages: [Message]

    static let shared: CosmosVectors = CTXVectorLoader.load("cosmos")
}

extension CosmosVectors.Input {
    func signerInput() throws -> CosmosSignerInput {
        CosmosSignerInput(
            chain: try #require(Chain(id: chain)), recipient: recipient, denom: denom,
            amount: try #require(try CTXVectorLoader.big(amount)), memo: memo ?? "",
            fee: try #require(try CTXVectorLoader.big(fee)), gasLimit: try #require(UInt64(gasLimit)),
            accountNumber: accountNumber.flatMap { UInt64($0) }, sequence: sequence.flatMap { UInt64($0) },
            balance: try #require(try CTXVectorLoader.big(balance)), tokenBalance: try CTXVectorLoader.big(tokenBalance)
        )
    }
}

struct CosmosSignerTests {
    static let key = "2222222222222222222222222222222222222222222222222222222222222222"
    static let ibc = "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2"

    @Test func vectorsCoverTheFamily() {
        let chains = Set(CosmosVectors.shared.transfers.map(\.input.chain))
        #expect(CosmosVectors.shared.transfers.count >= 5)
        #expect(chains.isSuperset(of: ["cosmos", "osmosis", "celestia", "sei", "noble", "injective", "thorchain"]))
        #expect(CosmosVectors.shared.transfers.contains { $0.input.denom.hasPrefix("ibc/") })
        #expect(CosmosVectors.shared.transfers.contains { $0.published != nil })
    }

    @Test(arguments: CosmosVectors.shared.transfers)
    func signsLikeCosmpy(_ vector: CosmosVectors.Transfer) throws {
        let signed = try CosmosSigner.sign(try vector.input.signerInput(), key: try CTXVectorLoader.key(vector.input.privateKey))
        #expect(Hex.encode(signed.bytes) == vector.raw)
        #expect(signed.hash == vector.hash)
        #expect(signed.encoded == #"{"tx_bytes":""# + vector.txBytes + #"","mode":"BROADCAST_MODE_SYNC"}"#)
    }

    @Test(arguments: CosmosVectors.shared.messages)
    func signsADR036LikeCosmpy(_ vector: CosmosVectors.Message) throws {
        let chain = try #require(Chain(id: vector.input.chain))
        let signed = try CosmosSigner.signMessage(
            try Hex.decode(vector.input.message), chain: chain, key: try CTXVectorLoader.key(vector.input.privateKey))
        #expect(Hex.encode(signed.signature) == vector.signature)
        #expect(signed.encoded == vector.encoded)
    }

    /// TxRaw ends with the one 64-byte signature, low-S (verified against the key by tests/signing/cosmos).
    @Test func signatureIsCompactLowS() throws {
        let vector = try #require(CosmosVectors.shared.transfers.first)
        let signed = try CosmosSigner.sign(try vector.input.signerInput(), key: try CTXVectorLoader.key(Self.key))
        let signature = try ECDSASignature(compact: Array(signed.bytes.suffix(64)))
        #expect(signature.isLowS)
    }

    /// A Keplr `signArbitrary` signature published with a `verifyADR36Amino` example (pubkey, signature and the
    /// signer's own address as the message, found on GitHub through the search index). It verifies over the
    /// sign doc built here, and so does the signer's own signature: the signer writes Keplr's document.
    @Test func adr036DocumentIsKeplrs() throws {
        func document(_ signer: String, _ data: [UInt8]) -> [UInt8] {
            Array((#"{"account_number":"0","chain_id":"","fee":{"amount":[],"gas":"0"},"memo":"","msgs":[{"type":"sign/MsgSignData","value":{"data":""#
                + Base64.encode(data) + #"","signer":""# + signer + #""}}],"sequence":"0"}"#).utf8)
        }
        let keplrSigner = "cosmos1m9l358xunhhwds0568za49mzhvuxx9uxre5tud"
        let keplrKey = try Secp256k1PublicKey(try Base64.decode("A/MdHVpitzHNSdD1Zw3kY+L5PEIPyd9l6sD5i4aIfXp9"))
        let keplrSignature = try ECDSASignature(compact: try Base64.decode(
            "vb78/y129cOiWyQkeFF8wCKZsOyzjpILnpEVZ72o5YUhEOmQZzVPcbUqWPLR7aZQ20j6vnYhIuCQN0HEG3igFg=="))
        #expect(keplrKey.verify(signature: keplrSignature, digest: Hash.sha256(document(keplrSigner, Array(keplrSigner.utf8)))))
        #expect(!keplrKey.verify(signature: keplrSignature, digest: Hash.sha256(document(keplrSigner, Array("x".utf8)))))

        let key = try CTXVectorLoader.key(Self.key)
        let signer = try CosmosAddress.derive(key.publicKey, hrp: "cosmos", hashing: .sha256Ripemd160)
        let signed = try CosmosSigner.signMessage(Array(signer.utf8), chain: .cosmos, key: key)
        #expect(signed.encoded == Base64.encode(signed.signature))
        #expect(key.publicKey.verify(signature: try ECDSASignature(compact: signed.signature),
                                     digest: Hash.sha256(document(signer, Array(signer.utf8)))))
    }

    static func input(
        chain: Chain = .cosmos, recipient: String = "cosmos142j9u5eaduzd7faumygud6ruhdwme98qsy2ekn",
        denom: String = "uatom", amount: BigUInt = 1000, memo: String = "", fee: BigUInt = 500,
        gasLimit: UInt64 = 100_000, accountNumber: UInt64? = 1, sequence: UInt64? = 2, balance: BigUInt = 1500,
        tokenBalance: BigUInt? = nil
    ) -> CosmosSignerInput {
        CosmosSignerInput(chain: chain, recipient: recipient, denom: denom, amount: amount, memo: memo, fee: fee,
                          gasLimit: gasLimit, accountNumber: accountNumber, sequence: sequence, balance: balance,
                          tokenBalance: tokenBalance)
    }

    struct Refusal: Sendable, CustomStringConvertible {
        let name: String
        let input: CosmosSignerInput
        let error: SignerError
        var description: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "missing sequence", input: input(sequence: nil), error: .missingField("sequence")),
        Refusal(name: "missing account number", input: input(accountNumber: nil), error: .missingField("account_number")),
        Refusal(name: "memo over 256 bytes", input: input(memo: String(repeating: "é", count: 129)),
                error: .memoTooLong(maxBytes: 256)),
        Refusal(name: "denom too short", input: input(denom: "ua"),
                error: .invalidField("denom", reason: "not a Cosmos SDK denom")),
        Refusal(name: "denom starts with a digit", input: input(denom: "1atom"),
                error: .invalidField("denom", reason: "not a Cosmos SDK denom")),
        Refusal(name: "denom with a space", input: input(denom: "u atom"),
                error: .invalidField("denom", reason: "not a Cosmos SDK denom")),
        Refusal(name: "ibc denom lower-case hash", input: input(denom: ibc.lowercased(), tokenBalance: 5000),
                error: .invalidField("denom", reason: "an IBC denom is ibc/ and 64 upper-case hex digits")),
        Refusal(name: "ibc denom short hash", input: input(denom: "ibc/27394FB0", tokenBalance: 5000),
                error: .invalidField("denom", reason: "an IBC denom is ibc/ and 64 upper-case hex digits")),
        Refusal(name: "IBC prefix in upper case", input: input(denom: "IBC/" + ibc.dropFirst(4), tokenBalance: 5000),
                error: .invalidField("denom", reason: "an IBC denom is ibc/ and 64 upper-case hex digits")),
        Refusal(name: "amount plus fee over the balance", input: input(amount: 1001),
                error: .insufficientBalance(required: 1501, available: 1500)),
        Refusal(name: "token over its balance", input: input(denom: ibc, amount: 10, tokenBalance: 9),
                error: .insufficientBalance(required: 10, available: 9)),
        Refusal(name: "token fee over the native balance", input: input(denom: ibc, amount: 10, fee: 1501, tokenBalance: 10),
                error: .insufficientBalance(required: 1501, available: 1500)),
        Refusal(name: "token balance missing", input: input(denom: ibc), error: .missingField("token_balance")),
        Refusal(name: "recipient on another chain", input: input(recipient: "osmo142j9u5eaduzd7faumygud6ruhdwme98qclefqp"),
                error: .invalidAddress("recipient")),
        Refusal(name: "recipient bad checksum", input: input(recipient: "cosmos142j9u5eaduzd7faumygud6ruhdwme98qsy2ekm"),
                error: .invalidAddress("recipient")),
        Refusal(name: "injective recipient of 32 bytes",
                input: input(chain: .injective, recipient: Bech32.encode(humanReadablePart: "inj", bytes: [UInt8](repeating: 1, count: 32)) ?? "",
                             denom: "inj"),
                error: .invalidAddress("recipient")),
        Refusal(name: "zero amount", input: input(amount: 0), error: .invalidField("amount", reason: "must be positive")),
        Refusal(name: "amount over 256 bits", input: input(amount: BigUInt(1) << 256, balance: BigUInt(1) << 300),
                error: .amountOutOfRange("amount")),
        Refusal(name: "fee over 256 bits", input: input(fee: BigUInt(1) << 256, balance: BigUInt(1) << 300),
                error: .amountOutOfRange("fee")),
        Refusal(name: "zero gas limit", input: input(gasLimit: 0), error: .invalidField("gas_limit", reason: "must be positive")),
        Refusal(name: "not a cosmos chain", input: input(chain: .ethereum), error: .unsupported("ethereum is not a Cosmos chain")),
    ]

    @Test(arguments: refusals)
    func refuses(_ refusal: Refusal) throws {
        #expect(throws: refusal.error) { try CosmosSigner.sign(refusal.input, key: try CTXVectorLoader.key(Self.key)) }
    }

    @Test func memoOfExactly256BytesIsSigned() throws {
        _ = try CosmosSigner.sign(Self.input(memo: String(repeating: "é", count: 128)), key: try CTXVectorLoader.key(Self.key))
    }

    @Test func messageRefusals() throws {
        let key = try CTXVectorLoader.key(Self.key)
        #expect(throws: SignerError.missingField("message")) { try CosmosSigner.signMessage([], chain: .cosmos, key: key) }
        #expect(throws: SignerError.unsupported("tron is not a Cosmos chain")) {
            try CosmosSigner.signMessage([1], chain: .tron, key: key)
        }
    }
}
