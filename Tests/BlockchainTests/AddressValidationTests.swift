import Blockchain
import Primitives
import Testing

/// Valid and invalid addresses of every family (validation.json, made by tests/oracles/validation.py; invalid ones
/// are one controlled change of a valid one, many confirmed invalid by bip-utils' own decoders).
struct AddressValidationTests {
    @Test func vectorsCoverEveryFamilyAndErrorKind() throws {
        let vectors = ValidationVectors.shared.vectors
        let families = Set(try vectors.map { try #require(Chain(id: $0.chain)).type })
        #expect(families == Set(ChainType.allCases))
        for family in ChainType.allCases {
            let kinds = Set(try vectors.filter { try #require(Chain(id: $0.chain)).type == family }.map(\.expect))
            #expect(kinds.contains("valid"), "\(family) has no valid vector")
            #expect(kinds.contains("invalid_length"), "\(family) has no length vector")
            #expect(kinds.count >= 3, "\(family) has too few kinds of invalid vectors: \(kinds)")
        }
        for kind in ["invalid_checksum", "wrong_prefix", "wrong_network", "invalid_length", "invalid_character",
                     "mixed_case", "unsupported_format", "non_canonical_encoding", "empty"] {
            #expect(vectors.contains { $0.expect == kind }, "no vector expects \(kind)")
        }
    }

    @Test(arguments: ValidationVectors.shared.vectors)
    func validate(_ vector: ValidationVectors.Vector) throws {
        let chain = try #require(Chain(id: vector.chain))
        if vector.expect == "valid" {
            #expect(try chain.validateAddress(vector.address) == vector.normalized)
            #expect(chain.isValidAddress(vector.address))
        } else {
            do {
                let accepted = try chain.validateAddress(vector.address)
                Issue.record("accepted as \(accepted)")
            } catch {
                #expect(error.kind == vector.expect)
            }
            #expect(!chain.isValidAddress(vector.address))
        }
    }

    /// One family's address is not another's (a pasted address on the wrong chain).
    @Test func crossFamilyAddressesAreRejected() throws {
        let accounts = AddressVectors.shared.phrases[1].accounts
        let samples: [Chain] = [.ethereum, .bitcoin, .solana, .cosmos, .ton, .tron, .aptos, .sui, .xrp, .near,
                                .stellar, .algorand, .polkadot, .cardano, .bitcoinCash, .doge, .zcash, .litecoin]
        for target in samples {
            for source in samples where source != target {
                let address = try #require(accounts[source.id]).address
                // Formats that overlap by the chains' own rules: Aptos accepts short hex (so Sui and Ethereum
                // addresses parse), and NEAR account ids are any lower-case run of a-z 0-9 - _ . (so lower-case
                // bech32, CashAddr and hex strings are syntactically NEAR accounts).
                if target == .aptos && (source == .sui || source == .ethereum) { continue }
                if target == .near && address == address.lowercased() { continue }
                #expect(!target.isValidAddress(address), "\(source) address accepted on \(target): \(address)")
            }
        }
    }

    @Test func errorsDescribeThemselves() {
        #expect(AddressError.wrongPrefix(expected: "bc", found: "tb").description == "address should start with bc, not tb")
        #expect(AddressError.invalidChecksum.description == "address checksum does not match")
    }
}

extension AddressError {
    /// The snake_case name the vectors use for this case.
    var kind: String {
        switch self {
        case .empty: "empty"
        case .invalidCharacter: "invalid_character"
        case .mixedCase: "mixed_case"
        case .invalidChecksum: "invalid_checksum"
        case .wrongPrefix: "wrong_prefix"
        case .wrongNetwork: "wrong_network"
        case .invalidLength: "invalid_length"
        case .nonCanonicalEncoding: "non_canonical_encoding"
        case .unsupportedFormat: "unsupported_format"
        case .invalidPublicKey: "invalid_public_key"
        }
    }
}

extension Error {
    var kind: String { (self as? AddressError)?.kind ?? "\(self)" }
}
