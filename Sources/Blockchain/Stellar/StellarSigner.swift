import GemCrypto
import Primitives

/// Stellar payment signer: one `Payment` (or `CreateAccount` when the destination does not exist) in an XDR
/// `TransactionEnvelope` v1 (Stellar-transaction.x: ENVELOPE_TYPE_TX, PRECOND_TIME time bounds, memo, ext 0).
/// The signature is ed25519 over the transaction hash sha256(sha256(passphrase) ‖ ENVELOPE_TYPE_TX ‖ tx XDR),
/// attached as a DecoratedSignature whose hint is the key's last 4 bytes. `encoded` is base64 of the envelope
/// XDR (Horizon `POST /transactions` / `/transactions_async`, form field `tx`); `hash` is the transaction hash in
/// lower-case hex as Horizon and explorers print it.
public enum StellarSigner {
    static let envelopeTypeTx: UInt32 = 2
    static let preconditionTime: UInt32 = 1
    static let createAccount: UInt32 = 0
    static let payment: UInt32 = 1
    /// The network's minimum base fee in stroops (ledger header `baseFee`).
    static let minimumFee: UInt32 = 100
    /// A new account must be funded with at least 2 base reserves (2 × 0.5 XLM since protocol 11; Horizon
    /// answers `op_low_reserve` below it).
    static let minimumStartingBalance = BigUInt(10_000_000)
    static let maxMemoTextBytes = 28

    public static func sign(_ input: StellarSignerInput, key: Ed25519PrivateKey) throws(SignerError) -> SignedTransaction {
        let publicKey = key.publicKey.bytes
        let transaction = try transactionXDR(input, source: publicKey)
        let hash = Hash.sha256(
            Hash.sha256(Array(input.networkPassphrase.utf8)) + StellarXDR.uint32(envelopeTypeTx) + transaction)
        let signature = key.sign(hash)
        var envelope = StellarXDR.uint32(envelopeTypeTx) + transaction
        envelope += StellarXDR.uint32(1)  // one DecoratedSignature
        envelope += Array(publicKey.suffix(4))
        envelope += StellarXDR.opaque(signature)
        return SignedTransaction(bytes: envelope, encoded: Base64.encode(envelope), hash: Hex.encode(hash))
    }

    static func transactionXDR(_ input: StellarSignerInput, source: [UInt8]) throws(SignerError) -> [UInt8] {
        let destination = try accountKey(input.destination, field: "destination")
        guard !input.amount.isZero else { throw .invalidField("amount", reason: "must be above 0") }
        guard input.amount.bitLength <= 63, let amount = input.amount.uint64 else { throw .amountOutOfRange("amount") }
        guard let fee = input.fee else { throw .missingField("fee") }
        guard fee >= minimumFee else { throw .invalidField("fee", reason: "below the minimum fee of 100 stroops") }
        guard let current = input.accountSequence else { throw .missingField("account_sequence") }
        guard current >= 0, current < Int64.max else {
            throw .invalidField("account_sequence", reason: "must be from 0 to 2^63 - 2")
        }
        guard let exists = input.destinationExists else { throw .missingField("destination_exists") }
        guard let validUntil = input.validUntil else { throw .missingField("valid_until") }
        guard validUntil == 0 || validUntil >= input.validAfter else {
            throw .invalidField("valid_until", reason: "must not be before valid_after")
        }
        let memo = try memoXDR(input.memo)
        let assetXDR = try assetXDR(input.asset)
        if !exists {
            guard input.asset == .native else {
                throw .invalidField("destination", reason: "the account does not exist and only XLM can create it")
            }
            guard input.amount >= minimumStartingBalance else {
                throw .invalidField("amount", reason: "below the 1 XLM a new account needs")
            }
        }
        let spent = BigUInt(UInt64(fee)) + (input.asset == .native ? input.amount : .zero)
        if let balance = input.balance, balance < spent {
            throw .insufficientBalance(required: spent, available: balance)
        }

        var out = StellarXDR.uint32(0) + source  // MuxedAccount KEY_TYPE_ED25519
        out += StellarXDR.uint32(fee)
        out += StellarXDR.uint64(UInt64(current + 1))
        out += StellarXDR.uint32(preconditionTime) + StellarXDR.uint64(input.validAfter) + StellarXDR.uint64(validUntil)
        out += memo
        out += StellarXDR.uint32(1)  // one operation
        out += StellarXDR.uint32(0)  // no operation source account
        if exists {
            out += StellarXDR.uint32(payment)
            out += StellarXDR.uint32(0) + destination  // MuxedAccount KEY_TYPE_ED25519
            out += assetXDR
        } else {
            out += StellarXDR.uint32(createAccount)
            out += StellarXDR.uint32(0) + destination  // AccountID PUBLIC_KEY_TYPE_ED25519
        }
        out += StellarXDR.uint64(amount)
        out += StellarXDR.uint32(0)  // ext v0
        return out
    }

    /// The ed25519 key of a G… account id.
    static func accountKey(_ address: String, field: String) throws(SignerError) -> [UInt8] {
        do {
            _ = try StellarAddress.validate(address)
            return Array(try Base32.decode(address).dropFirst().prefix(32))
        } catch {
            throw .invalidAddress(field)
        }
    }

    static func memoXDR(_ memo: StellarSignerInput.Memo) throws(SignerError) -> [UInt8] {
        switch memo {
        case .none: return StellarXDR.uint32(0)
        case .text(let text):
            let bytes = Array(text.utf8)
            guard bytes.count <= maxMemoTextBytes else { throw .memoTooLong(maxBytes: maxMemoTextBytes) }
            return StellarXDR.uint32(1) + StellarXDR.opaque(bytes)
        case .id(let id): return StellarXDR.uint32(2) + StellarXDR.uint64(id)
        }
    }

    static func assetXDR(_ asset: StellarSignerInput.Asset) throws(SignerError) -> [UInt8] {
        switch asset {
        case .native: return StellarXDR.uint32(0)
        case .credit(let code, let issuer):
            let bytes = Array(code.utf8)
            let alphanumeric = bytes.allSatisfy { c in
                (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z"))
                    || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
            }
            guard alphanumeric, (1...12).contains(bytes.count) else {
                throw .invalidField("asset_code", reason: "must be 1 to 12 letters or digits")
            }
            let issuerKey = try accountKey(issuer, field: "asset_issuer")
            let width = bytes.count <= 4 ? 4 : 12
            let type: UInt32 = width == 4 ? 1 : 2
            return StellarXDR.uint32(type) + bytes + [UInt8](repeating: 0, count: width - bytes.count)
                + StellarXDR.uint32(0) + issuerKey
        }
    }
}

/// The XDR primitives the envelope uses (RFC 4506): big-endian 4- and 8-byte integers, variable-length opaque
/// and strings as a 4-byte length then the bytes padded with zeros to a multiple of 4.
enum StellarXDR {
    static func uint32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func uint64(_ value: UInt64) -> [UInt8] {
        uint32(UInt32(value >> 32)) + uint32(UInt32(value & 0xFFFF_FFFF))
    }

    static func opaque(_ bytes: [UInt8]) -> [UInt8] {
        uint32(UInt32(bytes.count)) + bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
    }
}
