@testable import Blockchain
import GemCrypto
import Primitives
import Testing

/// EthereumSigner against eth-account's bytes (ethereum.json), every EVM chain's id in the signed bytes, RLP's
/// published examples, and every refusal with its exact error.
struct EthereumSignerTests {
    static let key = try! Secp256k1PrivateKey(bytes: [UInt8](repeating: 0x46, count: 32))
    static let bob = "0x3535353535353535353535353535353535353535"
    static let token = "0xdAC17F958D2ee523a2206206994597C13D831ec7"

    // MARK: Vectors

    @Test(arguments: EthereumSigningVectors.shared.transactions)
    func transactionVector(_ vector: EthereumSigningVectors.Transaction) throws {
        let key = try Secp256k1PrivateKey(bytes: try Hex.decode(vector.key))
        let signed = try EthereumSigner.sign(try Self.input(vector.input), key: key)
        #expect(Hex.encode(signed.bytes) == vector.raw)
        #expect(signed.encoded == "0x" + vector.raw)
        #expect(signed.hash == vector.hash)
    }

    @Test(arguments: EthereumSigningVectors.shared.personal)
    func personalVector(_ vector: EthereumSigningVectors.Personal) throws {
        let key = try Secp256k1PrivateKey(bytes: try Hex.decode(vector.key))
        let signed = try EthereumSigner.signPersonalMessage(try Hex.decode(vector.message), key: key)
        #expect(Hex.encode(signed.signature) == vector.signature)
        #expect(signed.encoded == "0x" + vector.signature)
    }

    @Test(arguments: EthereumSigningVectors.shared.typed)
    func typedDataVector(_ vector: EthereumSigningVectors.Typed) throws {
        let key = try Secp256k1PrivateKey(bytes: try Hex.decode(vector.key))
        #expect(Hex.encode(try EIP712.digest(json: vector.typedData)) == vector.digest)
        let signed = try EthereumSigner.signTypedData(vector.typedData, key: key)
        #expect(Hex.encode(signed.signature) == vector.signature)
        #expect(signed.signature.last == 27 || signed.signature.last == 28)
    }

    @Test func vectorsCoverTheMatrix() {
        let inputs = EthereumSigningVectors.shared.transactions.map(\.input)
        #expect(inputs.count >= 5)
        #expect(Set(inputs.compactMap(\.type)) == ["eip1559", "legacy"])
        #expect(Set(inputs.compactMap(\.operation)) == ["transfer", "token_transfer", "token_approve", "contract_call"])
        #expect(Set(inputs.compactMap(\.chain)).count >= 5)
        #expect(EthereumSigningVectors.shared.personal.count >= 5)
        #expect(EthereumSigningVectors.shared.typed.count >= 5)
    }

    /// Every EVM chain signs with its own chain id: the first field of an EIP-1559 list, and v of a legacy one.
    @Test(arguments: Chain.allCases.filter { $0.config.evmChainId != nil })
    func chainIdIsSigned(_ chain: Chain) throws {
        let chainId = try #require(chain.config.evmChainId)
        let typed = try EthereumSigner.sign(Self.native(chain: chain), key: Self.key)
        #expect(typed.bytes.first == 0x02)
        let fields = try #require(Self.decodeList(Array(typed.bytes.dropFirst())))
        #expect(fields.count == 12)
        #expect(Self.scalar(fields[0]) == chainId)

        var input = Self.native(chain: chain)
        input.type = .legacy
        input.maxFeePerGas = nil
        input.maxPriorityFeePerGas = nil
        input.gasPrice = 100
        let legacy = try #require(Self.decodeList(try EthereumSigner.sign(input, key: Self.key).bytes))
        #expect(legacy.count == 9)
        let v = Self.scalar(legacy[6])
        #expect(v == chainId * 2 + 35 || v == chainId * 2 + 36, "v \(v) for chain id \(chainId)")
    }

    /// The items' payloads of one RLP list (test-side decoder, independent of RLP.swift); nil when malformed.
    static func decodeList(_ bytes: [UInt8]) -> [[UInt8]]? {
        func header(_ at: Int) -> (start: Int, length: Int)? {
            guard at < bytes.count else { return nil }
            let b = Int(bytes[at])
            switch b {
            case 0..<0x80: return (at, 1)
            case 0x80...0xB7: return (at + 1, b - 0x80)
            case 0xC0...0xF7: return (at + 1, b - 0xC0)
            default:
                let n = b >= 0xF8 ? b - 0xF7 : b - 0xB7
                guard at + n < bytes.count else { return nil }
                let length = bytes[(at + 1)...(at + n)].reduce(0) { $0 << 8 | Int($1) }
                return (at + 1 + n, length)
            }
        }
        guard let outer = header(0), outer.start + outer.length == bytes.count else { return nil }
        var items: [[UInt8]] = []
        var at = outer.start
        while at < bytes.count {
            guard let item = header(at), item.start + item.length <= bytes.count else { return nil }
            items.append(Array(bytes[item.start..<(item.start + item.length)]))
            at = item.start + item.length
        }
        return items
    }

    static func scalar(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    @Test func everyEVMChainHasAChainId() {
        let evm = Chain.allCases.filter { $0.config.type == .ethereum }
        #expect(evm.count == 28)
        #expect(evm.allSatisfy { $0.config.evmChainId != nil })
    }

    // MARK: RLP (Ethereum wiki "RLP" examples, Yellow Paper Appendix B)

    @Test func rlpExamples() {
        func bytes(_ text: String) -> [UInt8] {
            var out: [UInt8] = []
            RLP.appendBytes(Array(text.utf8), into: &out)
            return out
        }
        func scalar(_ value: UInt64) -> [UInt8] {
            var out: [UInt8] = []
            RLP.appendUInt(value, into: &out)
            return out
        }
        #expect(bytes("dog") == [0x83, 0x64, 0x6F, 0x67])
        #expect(RLP.list(bytes("cat") + bytes("dog")) == [0xC8, 0x83, 0x63, 0x61, 0x74, 0x83, 0x64, 0x6F, 0x67])
        #expect(bytes("") == [0x80])
        #expect(RLP.list([]) == [0xC0])
        #expect(scalar(0) == [0x80])
        #expect(scalar(15) == [0x0F])
        #expect(scalar(1024) == [0x82, 0x04, 0x00])
        #expect(bytes("\u{0}") == [0x00])
        let lorem = "Lorem ipsum dolor sit amet, consectetur adipisicing elit"
        #expect(bytes(lorem) == [0xB8, 0x38] + Array(lorem.utf8))
        // [ [], [[]], [ [], [[]] ] ]: the set-theoretical representation of three.
        let empty = RLP.list([])
        let one = RLP.list(empty)
        #expect(RLP.list(empty + one + RLP.list(empty + one)) == [0xC7, 0xC0, 0xC1, 0xC0, 0xC3, 0xC0, 0xC1, 0xC0])
        var big: [UInt8] = []
        RLP.appendUInt(BigUInt(1) << 64, into: &big)
        #expect(big == [0x89, 0x01, 0, 0, 0, 0, 0, 0, 0, 0])
        let long = RLP.list([UInt8](repeating: 0x01, count: 1024))
        #expect(Array(long.prefix(3)) == [0xF9, 0x04, 0x00] && long.count == 1027)
        #expect(RLP.listHeaderLength(payloadLength: 55) == 1 && RLP.listHeaderLength(payloadLength: 56) == 2)
    }

    // MARK: Refusals

    static func native(chain: Chain? = .ethereum, value: BigUInt = 1000) -> EthereumSignerInput {
        EthereumSignerInput(chain: chain, type: .eip1559, operation: .transfer(to: bob, value: value), nonce: 0,
                            gasLimit: 21_000, maxFeePerGas: 100, maxPriorityFeePerGas: 2, balance: 10_000_000)
    }

    static func token(_ operation: EthereumSignerInput.Operation, tokenBalance: BigUInt? = 500) -> EthereumSignerInput {
        EthereumSignerInput(chain: .polygon, type: .eip1559, operation: operation, nonce: 3, gasLimit: 60_000,
                            maxFeePerGas: 100, maxPriorityFeePerGas: 2, balance: 6_000_000, tokenBalance: tokenBalance)
    }

    static func expectRefusal(_ input: EthereumSignerInput, _ error: SignerError, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: error, sourceLocation: sourceLocation) { try EthereumSigner.sign(input, key: key) }
    }

    static let maxWord = (BigUInt(1) << 256).subtracting(BigUInt(1)) ?? .zero

    @Test func refusesMissingMetadata() {
        var input = Self.native(chain: nil)
        Self.expectRefusal(input, .missingField("chain"))
        input = Self.native()
        input.nonce = nil
        Self.expectRefusal(input, .missingField("nonce"))
        input = Self.native()
        input.gasLimit = nil
        Self.expectRefusal(input, .missingField("gas_limit"))
        input = Self.native()
        input.maxFeePerGas = nil
        Self.expectRefusal(input, .missingField("max_fee_per_gas"))
        input = Self.native()
        input.maxPriorityFeePerGas = nil
        Self.expectRefusal(input, .missingField("max_priority_fee_per_gas"))
        input = Self.native()
        input.type = .legacy
        input.maxFeePerGas = nil
        input.maxPriorityFeePerGas = nil
        Self.expectRefusal(input, .missingField("gas_price"))
        input = Self.native()
        input.balance = nil
        Self.expectRefusal(input, .missingField("balance"))
        Self.expectRefusal(Self.token(.tokenTransfer(token: Self.token, to: Self.bob, amount: 1), tokenBalance: nil),
                           .missingField("token_balance"))
    }

    @Test func refusesNonEVMChains() {
        Self.expectRefusal(Self.native(chain: .bitcoin), .unsupported("bitcoin is not an EVM chain"))
        Self.expectRefusal(Self.native(chain: .hyperCore), .unsupported("hypercore is not an EVM chain"))
        Self.expectRefusal(Self.native(chain: .tron), .unsupported("tron is not an EVM chain"))
    }

    @Test func refusesGasAndFees() {
        var input = Self.native()
        input.gasLimit = 0
        Self.expectRefusal(input, .invalidField("gas_limit", reason: "below the 21000 intrinsic gas of a transaction"))
        input.gasLimit = 20_999
        Self.expectRefusal(input, .invalidField("gas_limit", reason: "below the 21000 intrinsic gas of a transaction"))
        input = Self.native()
        input.maxPriorityFeePerGas = 101
        Self.expectRefusal(input, .invalidField("max_priority_fee_per_gas", reason: "above max_fee_per_gas"))
        input = Self.native()
        input.maxFeePerGas = 0
        input.maxPriorityFeePerGas = 0
        Self.expectRefusal(input, .invalidField("max_fee_per_gas", reason: "zero"))
        input = Self.native()
        input.gasPrice = 5
        Self.expectRefusal(input, .invalidField("gas_price", reason: "an EIP-1559 transaction has max_fee_per_gas instead"))
        input = Self.native()
        input.maxFeePerGas = Self.maxWord + 1
        Self.expectRefusal(input, .amountOutOfRange("max_fee_per_gas"))
        input = Self.native()
        input.maxPriorityFeePerGas = Self.maxWord + 1
        Self.expectRefusal(input, .amountOutOfRange("max_priority_fee_per_gas"))

        var legacy = Self.native()
        legacy.type = .legacy
        legacy.gasPrice = 7
        Self.expectRefusal(legacy, .invalidField("max_fee_per_gas", reason: "a legacy transaction has gas_price instead"))
        legacy.maxFeePerGas = nil
        Self.expectRefusal(legacy, .invalidField("max_priority_fee_per_gas", reason: "a legacy transaction has gas_price instead"))
        legacy.maxPriorityFeePerGas = nil
        legacy.gasPrice = 0
        Self.expectRefusal(legacy, .invalidField("gas_price", reason: "zero"))
        legacy.gasPrice = Self.maxWord + 1
        Self.expectRefusal(legacy, .amountOutOfRange("gas_price"))
    }

    @Test func refusesAmountsOverBalance() throws {
        // value + gasLimit * maxFee = 1000 + 21000 * 100.
        var input = Self.native()
        input.balance = 2_100_999
        Self.expectRefusal(input, .insufficientBalance(required: 2_101_000, available: 2_100_999))
        input.balance = 2_101_000
        #expect(throws: Never.self) { try EthereumSigner.sign(input, key: Self.key) }
        var legacy = Self.native()
        legacy.type = .legacy
        legacy.maxFeePerGas = nil
        legacy.maxPriorityFeePerGas = nil
        legacy.gasPrice = 50
        legacy.balance = 1_050_999
        Self.expectRefusal(legacy, .insufficientBalance(required: 1_051_000, available: 1_050_999))
        Self.expectRefusal(Self.native(value: Self.maxWord + 1), .amountOutOfRange("value"))
        // Tokens: the amount against the token balance, the gas against the native balance.
        Self.expectRefusal(Self.token(.tokenTransfer(token: Self.token, to: Self.bob, amount: 501)),
                           .insufficientBalance(required: 501, available: 500))
        var gasShort = Self.token(.tokenTransfer(token: Self.token, to: Self.bob, amount: 500))
        gasShort.balance = 5_999_999
        Self.expectRefusal(gasShort, .insufficientBalance(required: 6_000_000, available: 5_999_999))
        Self.expectRefusal(Self.token(.tokenTransfer(token: Self.token, to: Self.bob, amount: Self.maxWord + 1)),
                           .amountOutOfRange("amount"))
        Self.expectRefusal(Self.token(.tokenApprove(token: Self.token, spender: Self.bob, amount: Self.maxWord + 1)),
                           .amountOutOfRange("amount"))
        // An approval moves nothing: no token balance needed, and the maximum allowance is a valid word.
        #expect(throws: Never.self) {
            try EthereumSigner.sign(Self.token(.tokenApprove(token: Self.token, spender: Self.bob, amount: Self.maxWord), tokenBalance: nil), key: Self.key)
        }
        var call = Self.native()
        call.operation = .contractCall(to: Self.bob, value: 2_000_000, data: [1, 2, 3])
        call.balance = 4_099_999
        Self.expectRefusal(call, .insufficientBalance(required: 4_100_000, available: 4_099_999))
    }

    @Test func refusesInvalidAddresses() {
        let bad = [
            "0x3535353535353535353535353535353535353535353535", "3535353535353535353535353535353535353535",
            "0xdAC17F958D2ee523a2206206994597C13D831eC7", "0x35353535353535353535353535353535353535", "",
            "0xzz35353535353535353535353535353535353535",
        ]
        for address in bad {
            var input = Self.native()
            input.operation = .transfer(to: address, value: 1)
            Self.expectRefusal(input, .invalidAddress("to"))
            input.operation = .contractCall(to: address, value: 0, data: [])
            Self.expectRefusal(input, .invalidAddress("to"))
            Self.expectRefusal(Self.token(.tokenTransfer(token: address, to: Self.bob, amount: 1)), .invalidAddress("token"))
            Self.expectRefusal(Self.token(.tokenTransfer(token: Self.token, to: address, amount: 1)), .invalidAddress("to"))
            Self.expectRefusal(Self.token(.tokenApprove(token: address, spender: Self.bob, amount: 1)), .invalidAddress("token"))
            Self.expectRefusal(Self.token(.tokenApprove(token: Self.token, spender: address, amount: 1)), .invalidAddress("spender"))
        }
    }

    @Test func signsDeterministicallyAndRecoversToTheSender() throws {
        let first = try EthereumSigner.sign(Self.native(), key: Self.key)
        #expect(first == (try EthereumSigner.sign(Self.native(), key: Self.key)))
        // The signing payload written out by hand: 0x02 ‖ rlp([1, 0, 2, 100, 21000, bob, 1000, "", []]).
        var fields: [UInt8] = [0x01, 0x80, 0x02, 0x64, 0x82, 0x52, 0x08, 0x94]
        fields += try Hex.decode(String(Self.bob.dropFirst(2)))
        fields += [0x82, 0x03, 0xE8, 0x80, 0xC0]
        let digest = Hash.keccak256([0x02] + RLP.list(fields))
        // The signed bytes end with yParity, r and s (32 bytes each here, or the test is told so).
        let tail = Array(first.bytes.suffix(67))
        try #require(tail[1] == 0xA0 && tail[34] == 0xA0, "r or s has a leading zero for this input")
        let signature = try RecoverableSignature(compact: Array(tail[2..<34]) + Array(tail[35..<67]), recoveryId: tail[0] == 0x80 ? 0 : Int(tail[0]))
        let sender = try Secp256k1PublicKey.recover(signature: signature, digest: digest)
        #expect(EthereumAddress.derive(sender) == EthereumAddress.derive(Self.key.publicKey))
        // 0x02, 0xF8 and the signed list's length, then the same fields.
        #expect(Array(first.bytes.prefix(3)) == [0x02, 0xF8, UInt8(fields.count + 67)])
        #expect(Array(first.bytes[3..<(3 + fields.count)]) == fields)
    }

    // MARK: Typed data refusals (each with its exact reason)

    static let mailTypes = #""types":{"EIP712Domain":[{"name":"name","type":"string"},{"name":"chainId","type":"uint256"}],"Mail":[{"name":"contents","type":"string"}]}"#

    static func typed(types: String = mailTypes, primaryType: String = "Mail", domain: String = #"{"name":"x","chainId":1}"#,
                      message: String = #"{"contents":"hi"}"#) -> String {
        #"{\#(types),"primaryType":"\#(primaryType)","domain":\#(domain),"message":\#(message)}"#
    }

    static func oneField(_ type: String, _ value: String, extraTypes: String = "") -> String {
        typed(types: #""types":{"EIP712Domain":[{"name":"name","type":"string"}],"T":[{"name":"f","type":"\#(type)"}]\#(extraTypes)}"#,
              primaryType: "T", domain: #"{"name":"x"}"#, message: #"{"f":\#(value)}"#)
    }

    static func expectTypedRefusal(_ json: String, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: SignerError.invalidField("typed_data", reason: reason), sourceLocation: sourceLocation) {
            try EthereumSigner.signTypedData(json, key: key)
        }
    }

    @Test func typedDataBaselineSigns() throws {
        _ = try EthereumSigner.signTypedData(Self.typed(), key: Self.key)
        _ = try EthereumSigner.signTypedData(Self.oneField("int8", "-128"), key: Self.key)
        _ = try EthereumSigner.signTypedData(Self.oneField("uint8", "\"0xff\""), key: Self.key)
        _ = try EthereumSigner.signTypedData(Self.oneField("bytes", "\"0x\""), key: Self.key)
        _ = try EthereumSigner.signTypedData(Self.oneField("uint256[2][]", "[[1,2],[3,4]]"), key: Self.key)
        // An address's letter case is not signed: a wrong EIP-55 checksum hashes like the lower-case form.
        #expect(try EIP712.digest(json: Self.oneField("address", "\"0xdAC17F958D2ee523a2206206994597C13D831eC7\""))
            == EIP712.digest(json: Self.oneField("address", "\"0xdac17f958d2ee523a2206206994597c13d831ec7\"")))
    }

    @Test func refusesMalformedTypedDataStructure() {
        Self.expectTypedRefusal("{", "not JSON (expected a string key at byte 1)")
        Self.expectTypedRefusal("[]", "not a JSON object")
        Self.expectTypedRefusal(#"{"primaryType":"Mail","domain":{},"message":{}}"#, "no types")
        Self.expectTypedRefusal(#"{\#(Self.mailTypes),"domain":{},"message":{}}"#, "no primaryType string")
        Self.expectTypedRefusal(#"{\#(Self.mailTypes),"primaryType":"Mail","message":{}}"#, "no domain")
        Self.expectTypedRefusal(#"{\#(Self.mailTypes),"primaryType":"Mail","domain":{}}"#, "no message")
        Self.expectTypedRefusal(Self.typed(types: #""types":[]"#), "types is not an object")
        Self.expectTypedRefusal(Self.typed(types: #""types":{"Mail":[{"name":"contents","type":"string"}]}"#),
                                "types has no EIP712Domain")
        Self.expectTypedRefusal(Self.typed(primaryType: "Letter"), "primaryType Letter is not in types")
        Self.expectTypedRefusal(Self.typed(primaryType: "EIP712Domain"), "primaryType is EIP712Domain")
        Self.expectTypedRefusal(Self.typed(domain: #"{"name":"x","chainId":1,"salt":"0x00"}"#),
                                "domain.salt is not a field of EIP712Domain")
        Self.expectTypedRefusal(Self.typed(domain: "[]"), "domain is not an object")
        Self.expectTypedRefusal(Self.typed(domain: #"{"name":"x"}"#), "domain.chainId is missing")
        Self.expectTypedRefusal(Self.typed(message: "{}"), "message.contents is missing")
        Self.expectTypedRefusal(Self.typed(message: #"{"contents":null}"#), "message.contents is missing")
        Self.expectTypedRefusal(Self.typed(message: #""hi""#), "message is not an object")
        Self.expectTypedRefusal(
            Self.typed(types: #""types":{"EIP712Domain":[],"Mail":[{"name":"contents","type":"string"},{"name":"contents","type":"string"}]}"#),
            "types.Mail declares contents twice")
        Self.expectTypedRefusal(Self.typed(types: #""types":{"EIP712Domain":[],"Mail":{}}"#), "types.Mail is not an array")
        Self.expectTypedRefusal(Self.typed(types: #""types":{"EIP712Domain":[],"Mail":[{"name":"contents"}]}"#),
                                "types.Mail[0] needs name and type strings")
        Self.expectTypedRefusal(Self.typed(types: #""types":{"EIP712Domain":[],"Mail":[{"name":"con tents","type":"string"}]}"#),
                                "field name \"con tents\" in Mail is empty or has a character other than ASCII letters, digits and _$:.")
        Self.expectTypedRefusal(Self.typed(types: #""types":{"EIP712Domain":[],"Ma(il":[]}"#, primaryType: "Ma(il"),
                                "type name \"Ma(il\" is empty or has a character other than ASCII letters, digits and _$:.")
        Self.expectTypedRefusal(Self.typed(types: #""types":{"EIP712Domain":[],"Mail":[],"uint256":[]}"#),
                                "types redefines the atomic type uint256")
        Self.expectTypedRefusal(Self.typed(types: #""types":{"EIP712Domain":[],"Mail":[],"Mail":[]}"#), "types defines Mail twice")
        // Duplicate keys: a display could show one value while the hash takes the other.
        Self.expectTypedRefusal(Self.typed(message: #"{"contents":"hi","contents":"bye"}"#), "message has the key contents twice")
        Self.expectTypedRefusal(Self.typed(domain: #"{"name":"x","chainId":1,"chainId":2}"#), "domain has the key chainId twice")
        Self.expectTypedRefusal(#"{\#(Self.mailTypes),"primaryType":"Mail","domain":{"name":"x","chainId":1},"message":{"contents":"a"},"message":{"contents":"b"}}"#,
                                "typed data has the key message twice")
        Self.expectTypedRefusal(Self.oneField("S", #"{"g":true,"g":false}"#, extraTypes: #","S":[{"name":"g","type":"bool"}]"#),
                                "message.f has the key g twice")
    }

    @Test func refusesUnknownTypes() {
        for type in ["uint", "uint257", "uint7", "uint08", "int0", "bytes0", "bytes33", "Person", "string[0]", "string[", "[]",
                     "address[-1]", "uint256[01]", "bytes32]"] {
            Self.expectTypedRefusal(Self.oneField(type, "1"), "types.T.f has unknown type \(type)")
        }
        let deep = "uint8" + String(repeating: "[]", count: 17)
        Self.expectTypedRefusal(Self.oneField(deep, "[]"), "types.T.f has unknown type \(deep)")
    }

    @Test func refusesValuesOutsideTheirTypes() {
        Self.expectTypedRefusal(Self.oneField("uint8", "256"), "message.f does not fit uint8")
        Self.expectTypedRefusal(Self.oneField("uint8", "-1"), "message.f is negative for uint8")
        Self.expectTypedRefusal(Self.oneField("uint256", "\"115792089237316195423570985008687907853269984665640564039457584007913129639936\""),
                                "message.f does not fit uint256")
        Self.expectTypedRefusal(Self.oneField("int8", "128"), "message.f does not fit int8")
        Self.expectTypedRefusal(Self.oneField("int8", "-129"), "message.f does not fit int8")
        Self.expectTypedRefusal(Self.oneField("uint64", "18446744073709551615"),
                                "message.f is not an integer JSON number below 2^53 (give large integers as strings)")
        Self.expectTypedRefusal(Self.oneField("uint64", "1.5"),
                                "message.f is not an integer JSON number below 2^53 (give large integers as strings)")
        Self.expectTypedRefusal(Self.oneField("uint64", "\"1e3\""), "message.f is not a decimal or 0x-hex integer")
        Self.expectTypedRefusal(Self.oneField("uint64", "\"0x\""), "message.f is not a hex integer")
        Self.expectTypedRefusal(Self.oneField("uint64", "true"), "message.f is not an integer")
        Self.expectTypedRefusal(Self.oneField("bool", "\"true\""), "message.f is not true or false")
        Self.expectTypedRefusal(Self.oneField("bool", "1"), "message.f is not true or false")
        Self.expectTypedRefusal(Self.oneField("bytes32", "\"0x\(String(repeating: "ab", count: 31))\""),
                                "message.f has 31 bytes, bytes32 needs 32")
        Self.expectTypedRefusal(Self.oneField("bytes", "\"hello\""), "message.f is not a 0x-hex string")
        Self.expectTypedRefusal(Self.oneField("bytes", "\"0xabc\""), "message.f is not a 0x-hex string")
        Self.expectTypedRefusal(Self.oneField("string", "5"), "message.f is not a string")
        Self.expectTypedRefusal(Self.oneField("address", "\"0xdAC17F958D2ee523a2206206994597C13D831e\""),
                                "message.f is not a 0x address of 20 bytes")
        Self.expectTypedRefusal(Self.oneField("address", "\"dAC17F958D2ee523a2206206994597C13D831eC7\""),
                                "message.f is not a 0x address of 20 bytes")
        Self.expectTypedRefusal(Self.oneField("address", "\"0xzAC17F958D2ee523a2206206994597C13D831eC7\""),
                                "message.f is not a 0x address of 20 bytes")
        Self.expectTypedRefusal(Self.oneField("address", "1"), "message.f is not a 0x address of 20 bytes")
        Self.expectTypedRefusal(Self.oneField("uint8[2]", "[1]"), "message.f has 1 elements, its type needs 2")
        Self.expectTypedRefusal(Self.oneField("uint8[]", "{}"), "message.f is not an array")
        Self.expectTypedRefusal(Self.oneField("uint8[]", "[1,null]"), "message.f[1] is missing")
        Self.expectTypedRefusal(Self.oneField("S", "5", extraTypes: #","S":[{"name":"g","type":"bool"}]"#), "message.f is not an object")
        Self.expectTypedRefusal(Self.oneField("S[]", #"[{"g":true},{"g":2}]"#, extraTypes: #","S":[{"name":"g","type":"bool"}]"#),
                                "message.f[1].g is not true or false")
    }

    // MARK: Helpers

    static func input(_ vector: EthereumSigningVectors.Input) throws -> EthereumSignerInput {
        func big(_ text: String?) -> BigUInt? { text.flatMap { BigUInt($0) } }
        let to = vector.to ?? ""
        let operation: EthereumSignerInput.Operation
        switch vector.operation {
        case "token_transfer": operation = .tokenTransfer(token: vector.token ?? "", to: to, amount: big(vector.amount) ?? .zero)
        case "token_approve": operation = .tokenApprove(token: vector.token ?? "", spender: vector.spender ?? "", amount: big(vector.amount) ?? .zero)
        case "contract_call": operation = .contractCall(to: to, value: big(vector.value) ?? .zero, data: try Hex.decode(vector.data ?? ""))
        default: operation = .transfer(to: to, value: big(vector.value) ?? .zero)
        }
        return EthereumSignerInput(
            chain: vector.chain.flatMap { Chain(rawValue: $0) }, type: vector.type == "legacy" ? .legacy : .eip1559,
            operation: operation, nonce: vector.nonce.flatMap { UInt64($0) }, gasLimit: vector.gasLimit.flatMap { UInt64($0) },
            maxFeePerGas: big(vector.maxFeePerGas), maxPriorityFeePerGas: big(vector.maxPriorityFeePerGas),
            gasPrice: big(vector.gasPrice), balance: big(vector.balance), tokenBalance: big(vector.tokenBalance))
    }
}
