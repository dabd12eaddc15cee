import GemCrypto
import Primitives

/// Signs Aptos entry-function transfers (APT, coins, fungible assets) as a BCS `SignedTransaction` with a single
/// ed25519 authenticator (Aptos docs, "Creating a signed transaction"):
/// the signing message is SHA3-256("APTOS::RawTransaction") ‖ BCS(RawTransaction); the transaction hash that the
/// REST API and explorers print is SHA3-256(SHA3-256("APTOS::Transaction") ‖ 0x00 ‖ BCS(SignedTransaction))
/// (0x00: the `Transaction::UserTransaction` variant; aptos-ts-sdk `generateUserTransactionHash`, and checked
/// against a devnet transaction's explorer hash in the vectors). `encoded` is the hex of the BCS body that
/// POST /v1/transactions takes as `application/x.aptos.signed_transaction+bcs`.
public enum AptosSigner {
    static let rawTransactionPrefix = Hash.sha3_256(Array("APTOS::RawTransaction".utf8))
    static let transactionPrefix = Hash.sha3_256(Array("APTOS::Transaction".utf8))

    public static func sign(_ input: AptosSignerInput, key: Ed25519PrivateKey) throws(SignerError) -> SignedTransaction {
        let sender = Hash.sha3_256(key.publicKey.bytes + [0x00])  // single-key ed25519 authentication key
        var bcs = try rawTransaction(input, sender: sender)
        let signature = key.sign(rawTransactionPrefix + bcs.bytes)
        bcs.variant(0)  // TransactionAuthenticator::Ed25519
        bcs.vector(key.publicKey.bytes)
        bcs.vector(signature)
        let signed = bcs.bytes
        let hash = Hash.sha3_256(transactionPrefix + [0x00] + signed)
        return SignedTransaction(bytes: signed, encoded: Hex.encode(signed), hash: "0x" + Hex.encode(hash))
    }

    /// The BCS `RawTransaction` (checked first: every refusal happens here).
    static func rawTransaction(_ input: AptosSignerInput, sender: [UInt8]) throws(SignerError) -> BCSWriter {
        let recipient = try address(input.recipient, field: "recipient")
        guard let amount = input.amount.uint64 else { throw .amountOutOfRange("amount") }
        guard amount > 0 else { throw .invalidField("amount", reason: "must be greater than zero") }
        guard input.maxGasAmount > 0 else { throw .invalidField("max_gas_amount", reason: "must be greater than zero") }
        guard input.gasUnitPrice > 0 else { throw .invalidField("gas_unit_price", reason: "must be greater than zero") }
        guard input.expirationTimestampSecs > 0 else { throw .missingField("expiration_timestamp_secs") }
        guard input.chainId > 0 else { throw .invalidField("chain_id", reason: "must be greater than zero") }
        let (fee, overflow) = input.maxGasAmount.multipliedReportingOverflow(by: input.gasUnitPrice)
        guard !overflow else { throw .amountOutOfRange("max_gas_amount") }

        var bcs = BCSWriter(capacity: 320)
        bcs.fixed(sender)
        bcs.u64(input.sequenceNumber)
        bcs.variant(2)  // TransactionPayload::EntryFunction
        switch input.asset {
        case .apt:
            let required = input.amount + BigUInt(fee)
            guard required <= input.balance else { throw .insufficientBalance(required: required, available: input.balance) }
            entryFunction(&bcs, module: "aptos_account", function: "transfer", typeArguments: [])
            bcs.length(2)
            bcs.vector(recipient)
            bcs.vector(le(amount))
        case .coin(let type, let balance):
            let tag = try structTag(type, field: "coin_type")
            try checkBalances(amount: input.amount, tokenBalance: balance, fee: fee, aptBalance: input.balance, isAPT: tag == aptosCoin)
            entryFunction(&bcs, module: "aptos_account", function: "transfer_coins", typeArguments: [tag])
            bcs.length(2)
            bcs.vector(recipient)
            bcs.vector(le(amount))
        case .fungibleAsset(let metadata, let balance):
            let object = try address(metadata, field: "metadata")
            try checkBalances(amount: input.amount, tokenBalance: balance, fee: fee, aptBalance: input.balance, isAPT: object == aptMetadata)
            let metadataTag = StructTag(address: framework, module: "fungible_asset", name: "Metadata")
            entryFunction(&bcs, module: "primary_fungible_store", function: "transfer", typeArguments: [metadataTag])
            bcs.length(3)
            bcs.vector(object)
            bcs.vector(recipient)
            bcs.vector(le(amount))
        }
        bcs.u64(input.maxGasAmount)
        bcs.u64(input.gasUnitPrice)
        bcs.u64(input.expirationTimestampSecs)
        bcs.u8(input.chainId)
        return bcs
    }

    /// The token is moved from its balance and the gas from APT; when the token is APT itself (the
    /// 0x1::aptos_coin::AptosCoin coin, or its paired fungible asset at 0xa) both come from the APT balance.
    private static func checkBalances(
        amount: BigUInt, tokenBalance: BigUInt, fee: UInt64, aptBalance: BigUInt, isAPT: Bool
    ) throws(SignerError) {
        guard amount <= tokenBalance else { throw .insufficientBalance(required: amount, available: tokenBalance) }
        let required = isAPT ? amount + BigUInt(fee) : BigUInt(fee)
        guard required <= aptBalance else { throw .insufficientBalance(required: required, available: aptBalance) }
    }

    /// 0x1::aptos_coin::AptosCoin.
    static let aptosCoin = StructTag(address: framework, module: "aptos_coin", name: "AptosCoin")
    /// 0xa: APT's fungible-asset metadata object (AIP-63 coin-to-FA pairing).
    static let aptMetadata = [UInt8](repeating: 0, count: 31) + [0x0a]

    struct StructTag: Equatable {
        let address: [UInt8]
        let module: String
        let name: String
    }

    /// 0x1, the framework account.
    static let framework = [UInt8](repeating: 0, count: 31) + [1]

    /// EntryFunction { module: ModuleId { 0x1, module }, function, ty_args } (the args follow).
    private static func entryFunction(_ bcs: inout BCSWriter, module: String, function: String, typeArguments: [StructTag]) {
        bcs.fixed(framework)
        bcs.string(module)
        bcs.string(function)
        bcs.length(typeArguments.count)
        for tag in typeArguments {
            bcs.variant(7)  // TypeTag::Struct
            bcs.fixed(tag.address)
            bcs.string(tag.module)
            bcs.string(tag.name)
            bcs.length(0)  // no type arguments
        }
    }

    /// `address::module::Name` with Move identifiers ([A-Za-z_][A-Za-z0-9_]*); type arguments are refused.
    static func structTag(_ text: String, field: String) throws(SignerError) -> StructTag {
        guard !text.isEmpty else { throw .missingField(field) }
        if text.contains("<") { throw .unsupported("\(field) with type arguments") }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        // a::m::N splits on ':' into [a, "", m, "", N]
        guard parts.count == 5, parts[1].isEmpty, parts[3].isEmpty else {
            throw .invalidField(field, reason: "not address::module::name")
        }
        let account = try address(String(parts[0]), field: field)
        let module = String(parts[2]), name = String(parts[4])
        guard isIdentifier(module), isIdentifier(name) else {
            throw .invalidField(field, reason: "not address::module::name")
        }
        return StructTag(address: account, module: module, name: name)
    }

    private static func isIdentifier(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        guard let first = utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    private static func isLetter(_ c: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c)
    }

    /// An account address, `0x` + 1...64 hex digits (AIP-40 short forms padded on the left).
    static func address(_ text: String, field: String) throws(SignerError) -> [UInt8] {
        guard !text.isEmpty else { throw .missingField(field) }
        guard let valid = try? AptosAddress.validate(text) else { throw .invalidAddress(field) }
        let digits = valid.dropFirst(2)
        let padded = String(repeating: "0", count: 64 - digits.count) + digits
        guard let bytes = try? Hex.decode(padded), bytes.count == 32 else { throw .invalidAddress(field) }
        return bytes
    }

    private static func le(_ value: UInt64) -> [UInt8] {
        var bcs = BCSWriter(capacity: 8)
        bcs.u64(value)
        return bcs.bytes
    }
}
