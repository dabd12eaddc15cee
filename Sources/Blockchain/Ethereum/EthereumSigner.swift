import GemCrypto
import Primitives

/// Signs EVM transactions (EIP-1559 type 2 and legacy EIP-155) for every EVM chain, and EIP-191 / EIP-712 messages.
///
/// Transactions: `encoded` is the 0x-hex raw transaction `eth_sendRawTransaction` takes, `hash` the 0x-hex
/// keccak256 of those bytes (the transaction hash explorers print). Messages: r ‖ s ‖ v with v = 27 or 28, as
/// `personal_sign` and `eth_signTypedData_v4` return it.
public enum EthereumSigner {
    /// Every EVM transaction pays this intrinsic gas (Yellow Paper G_transaction); a lower limit cannot execute.
    public static let intrinsicGas: UInt64 = 21_000

    /// ERC-20 `transfer(address,uint256)` selector: keccak256 of the signature, first 4 bytes (EIP-20).
    static let transferSelector: [UInt8] = [0xA9, 0x05, 0x9C, 0xBB]
    /// ERC-20 `approve(address,uint256)` selector (EIP-20).
    static let approveSelector: [UInt8] = [0x09, 0x5E, 0xA7, 0xB3]

    // MARK: Transactions

    public static func sign(_ input: EthereumSignerInput, key: Secp256k1PrivateKey) throws(SignerError) -> SignedTransaction {
        let tx = try Prepared(input)
        let (fields, payload) = unsigned(tx)
        let isTyped = tx.fee.isEIP1559
        let signature = try signDigest(Hash.keccak256(payload), key: key)

        // Signature fields: v (yParity for EIP-1559, EIP-155 v for legacy), r, s as minimal big-endian scalars.
        var signatureFields: [UInt8] = []
        signatureFields.reserveCapacity(72)
        if isTyped {
            RLP.appendUInt(UInt64(signature.parity), into: &signatureFields)
        } else {
            // chain ids are at most 2^64 - 1 here; v = chainId * 2 + 35 + parity, computed without overflow.
            RLP.appendUInt(BigUInt(tx.chainId).multiplied(bySmall: 2) + BigUInt(35 + UInt64(signature.parity)), into: &signatureFields)
        }
        RLP.appendBytes(signature.compact[0..<32].drop(while: { $0 == 0 }), into: &signatureFields)
        RLP.appendBytes(signature.compact[32..<64].drop(while: { $0 == 0 }), into: &signatureFields)

        let signedLength = fields.count + signatureFields.count
        var raw: [UInt8] = []
        raw.reserveCapacity(1 + RLP.listHeaderLength(payloadLength: signedLength) + signedLength)
        if isTyped { raw.append(0x02) }
        RLP.appendListHeader(payloadLength: signedLength, into: &raw)
        raw.append(contentsOf: fields)
        raw.append(contentsOf: signatureFields)
        return SignedTransaction(bytes: raw, encoded: hex0x(raw), hash: hex0x(Hash.keccak256(raw)))
    }

    /// The unsigned serialization of `input`: the bytes whose keccak256 is signed (EIP-1559: 0x02 ‖ rlp(fields);
    /// legacy: rlp(fields ‖ chainId, 0, 0)), what an OP-stack gas price oracle's `getL1Fee` prices. The same checks
    /// as `sign`.
    public static func unsignedTransaction(_ input: EthereumSignerInput) throws(SignerError) -> [UInt8] {
        unsigned(try Prepared(input)).payload
    }

    /// The RLP fields every envelope shares (signed form without the signature) and the signing payload.
    private static func unsigned(_ tx: Prepared) -> (fields: [UInt8], payload: [UInt8]) {
        // The fields every envelope shares, RLP-encoded once: [nonce, (fees), gas, to, value, data].
        var fields: [UInt8] = []
        fields.reserveCapacity(64 + tx.data.count)
        var trailer: [UInt8] = []  // what follows the fields in the signing payload
        switch tx.fee {
        case let .eip1559(maxFee, maxPriorityFee):
            // EIP-1559: 0x02 ‖ rlp([chainId, nonce, maxPriorityFeePerGas, maxFeePerGas, gasLimit, to, value, data,
            // accessList]); signed: the same list with yParity, r, s appended.
            RLP.appendUInt(tx.chainId, into: &fields)
            RLP.appendUInt(tx.nonce, into: &fields)
            RLP.appendUInt(maxPriorityFee, into: &fields)
            RLP.appendUInt(maxFee, into: &fields)
            RLP.appendUInt(tx.gasLimit, into: &fields)
            appendCommon(tx, into: &fields)
            fields.append(0xC0)  // empty access list (EIP-2930)
        case let .legacy(gasPrice):
            // EIP-155: rlp([nonce, gasPrice, gasLimit, to, value, data]) signed over that list + [chainId, 0, 0].
            RLP.appendUInt(tx.nonce, into: &fields)
            RLP.appendUInt(gasPrice, into: &fields)
            RLP.appendUInt(tx.gasLimit, into: &fields)
            appendCommon(tx, into: &fields)
            RLP.appendUInt(tx.chainId, into: &trailer)
            trailer.append(0x80)
            trailer.append(0x80)
        }
        let isTyped = tx.fee.isEIP1559
        var payload: [UInt8] = []
        let unsignedLength = fields.count + trailer.count
        payload.reserveCapacity(1 + RLP.listHeaderLength(payloadLength: unsignedLength) + unsignedLength)
        if isTyped { payload.append(0x02) }
        RLP.appendListHeader(payloadLength: unsignedLength, into: &payload)
        payload.append(contentsOf: fields)
        payload.append(contentsOf: trailer)
        return (fields, payload)
    }

    /// to, value, data: the three fields between the fees/gas and the rest in both envelopes.
    private static func appendCommon(_ tx: Prepared, into out: inout [UInt8]) {
        RLP.appendBytes(tx.to, into: &out)
        RLP.appendUInt(tx.value, into: &out)
        RLP.appendBytes(tx.data, into: &out)
    }

    /// The validated transaction: everything `sign` encodes, checked against what the input told of the chain.
    struct Prepared {
        enum Fee {
            case eip1559(maxFee: BigUInt, maxPriorityFee: BigUInt)
            case legacy(gasPrice: BigUInt)
            var isEIP1559: Bool { if case .eip1559 = self { true } else { false } }
            var perGasCap: BigUInt {
                switch self {
                case let .eip1559(maxFee, _): maxFee
                case let .legacy(gasPrice): gasPrice
                }
            }
        }

        let chainId: UInt64
        let nonce: UInt64
        let gasLimit: UInt64
        let fee: Fee
        let to: [UInt8]
        let value: BigUInt
        let data: [UInt8]

        init(_ input: EthereumSignerInput) throws(SignerError) {
            guard let chain = input.chain else { throw .missingField("chain") }
            guard let chainId = chain.config.evmChainId else { throw .unsupported("\(chain.rawValue) is not an EVM chain") }
            guard let nonce = input.nonce else { throw .missingField("nonce") }
            guard let gasLimit = input.gasLimit else { throw .missingField("gas_limit") }
            guard gasLimit >= EthereumSigner.intrinsicGas else {
                throw .invalidField("gas_limit", reason: "below the 21000 intrinsic gas of a transaction")
            }
            switch input.type {
            case .eip1559:
                guard input.gasPrice == nil else {
                    throw .invalidField("gas_price", reason: "an EIP-1559 transaction has max_fee_per_gas instead")
                }
                guard let maxFee = input.maxFeePerGas else { throw .missingField("max_fee_per_gas") }
                guard let maxPriorityFee = input.maxPriorityFeePerGas else { throw .missingField("max_priority_fee_per_gas") }
                try checkWord(maxFee, "max_fee_per_gas")
                try checkWord(maxPriorityFee, "max_priority_fee_per_gas")
                guard !maxFee.isZero else { throw .invalidField("max_fee_per_gas", reason: "zero") }
                guard !(maxFee < maxPriorityFee) else {
                    throw .invalidField("max_priority_fee_per_gas", reason: "above max_fee_per_gas")
                }
                fee = .eip1559(maxFee: maxFee, maxPriorityFee: maxPriorityFee)
            case .legacy:
                guard input.maxFeePerGas == nil else {
                    throw .invalidField("max_fee_per_gas", reason: "a legacy transaction has gas_price instead")
                }
                guard input.maxPriorityFeePerGas == nil else {
                    throw .invalidField("max_priority_fee_per_gas", reason: "a legacy transaction has gas_price instead")
                }
                guard let gasPrice = input.gasPrice else { throw .missingField("gas_price") }
                try checkWord(gasPrice, "gas_price")
                guard !gasPrice.isZero else { throw .invalidField("gas_price", reason: "zero") }
                fee = .legacy(gasPrice: gasPrice)
            }
            guard let balance = input.balance else { throw .missingField("balance") }

            switch input.operation {
            case let .transfer(to, value):
                self.to = try address(to, "to")
                try checkWord(value, "value")
                self.value = value
                data = []
            case let .contractCall(to, value, data):
                self.to = try address(to, "to")
                try checkWord(value, "value")
                self.value = value
                self.data = data
            case let .tokenTransfer(token, to, amount):
                self.to = try address(token, "token")
                let recipient = try address(to, "to")
                try checkWord(amount, "amount")
                guard let tokenBalance = input.tokenBalance else { throw .missingField("token_balance") }
                guard !(tokenBalance < amount) else { throw .insufficientBalance(required: amount, available: tokenBalance) }
                value = .zero
                data = EthereumSigner.erc20Call(EthereumSigner.transferSelector, recipient, amount)
            case let .tokenApprove(token, spender, amount):
                self.to = try address(token, "token")
                let spenderBytes = try address(spender, "spender")
                try checkWord(amount, "amount")
                value = .zero
                data = EthereumSigner.erc20Call(EthereumSigner.approveSelector, spenderBytes, amount)
            }
            // The balance must cover the value and the most the gas can cost: gasLimit * (max fee or gas price).
            let required = value + fee.perGasCap * BigUInt(gasLimit)
            guard !(balance < required) else { throw .insufficientBalance(required: required, available: balance) }
            self.chainId = chainId
            self.nonce = nonce
            self.gasLimit = gasLimit
        }
    }

    /// selector ‖ address (left-padded to 32 bytes) ‖ uint256 amount: the ABI encoding of (address, uint256).
    static func erc20Call(_ selector: [UInt8], _ address: [UInt8], _ amount: BigUInt) -> [UInt8] {
        var data: [UInt8] = []
        data.reserveCapacity(68)
        data.append(contentsOf: selector)
        appendWord(address, into: &data)
        appendWord(amount.bigEndianBytes, into: &data)
        return data
    }

    /// Left-pads `bytes` (at most 32) to a 32-byte ABI word.
    static func appendWord(_ bytes: [UInt8], into out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(0, count: 32 - bytes.count))
        out.append(contentsOf: bytes)
    }

    /// Values, amounts and fees are EVM words: at most 2^256 - 1.
    static func checkWord(_ value: BigUInt, _ field: String) throws(SignerError) {
        guard value.bitLength <= 256 else { throw .amountOutOfRange(field) }
    }

    /// The 20 bytes of an address the input names in `field` (EIP-55 checked when mixed-case).
    static func address(_ text: String, _ field: String) throws(SignerError) -> [UInt8] {
        do {
            return try EthereumAddress.decode(text)
        } catch {
            throw .invalidAddress(field)
        }
    }

    // MARK: Messages

    /// EIP-191 version 0x45 (`personal_sign`): keccak256("\u{19}Ethereum Signed Message:\n" ‖ decimal length ‖
    /// message), signed; r ‖ s ‖ v with v = 27 + parity.
    public static func signPersonalMessage(_ message: [UInt8], key: Secp256k1PrivateKey) throws(SignerError) -> SignedMessage {
        try signMessageDigest(personalMessageDigest(message), key: key)
    }

    /// The digest `personal_sign` signs.
    public static func personalMessageDigest(_ message: [UInt8]) -> [UInt8] {
        var prefixed = Array("\u{19}Ethereum Signed Message:\n".utf8)
        prefixed.append(contentsOf: String(message.count).utf8)
        prefixed.append(contentsOf: message)
        return Hash.keccak256(prefixed)
    }

    /// EIP-712 typed data (`eth_signTypedData_v4`) given as its JSON text: keccak256(0x19 0x01 ‖ domainSeparator ‖
    /// hashStruct(message)), signed; r ‖ s ‖ v with v = 27 + parity. Malformed typed data is
    /// `SignerError.invalidField("typed_data", reason:)`.
    public static func signTypedData(_ json: String, key: Secp256k1PrivateKey) throws(SignerError) -> SignedMessage {
        try signMessageDigest(EIP712.digest(json: json), key: key)
    }

    /// Signs a 32-byte message digest: r ‖ s ‖ (27 + parity), `encoded` as 0x-hex.
    static func signMessageDigest(_ digest: [UInt8], key: Secp256k1PrivateKey) throws(SignerError) -> SignedMessage {
        let signature = try signDigest(digest, key: key)
        var rsv = signature.compact
        rsv.append(27 + signature.parity)
        return SignedMessage(signature: rsv, encoded: hex0x(rsv))
    }

    /// r ‖ s and the y parity of R. libsecp256k1 signs low-S (EIP-2) with RFC 6979 nonces.
    static func signDigest(_ digest: [UInt8], key: Secp256k1PrivateKey) throws(SignerError) -> (compact: [UInt8], parity: UInt8) {
        let signature: RecoverableSignature
        do {
            signature = try key.signRecoverable(digest: digest)
        } catch {
            throw .invalidPrivateKey
        }
        // Recovery ids 2 and 3 (R.x above the group order, probability about 2^-127) have no Ethereum encoding.
        guard signature.recoveryId < 2 else { throw .unsupported("signature with recovery id \(signature.recoveryId)") }
        return (signature.compact, signature.recoveryId)
    }

    static func hex0x(_ bytes: [UInt8]) -> String {
        "0x" + Hex.encode(bytes)
    }
}
