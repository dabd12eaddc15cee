import GemCrypto
import Primitives

/// TON transfer and jetton transfer signer for the v4R2 wallet, and TON Connect proofs.
///
/// The wallet's signed body (wallet-v4-code.fc `recv_external`): signature (512 bits) ‖ wallet id (32) ‖
/// valid_until (32) ‖ seqno (32) ‖ op 0 (8, simple send) ‖ per message: send mode (8) + ^internal message.
/// The signature is ed25519 over the representation hash of the cell that follows the signature. The external
/// message (`ext_in_msg_info$10`, src addr_none, dest = the wallet, import_fee 0) carries the StateInit (code +
/// data) when the wallet is not deployed, then the body; a StateInit or body is inlined when it fits, else
/// referenced (pytoniq-core / ton-core rule). Send mode 3: fees paid apart from the value, errors ignored.
///
/// `encoded` is base64 of the bag of cells (toncenter `sendBoc` / `sendBocReturnHash` `{"boc": …}`); `hash` is
/// the external message cell's representation hash in lower-case hex, which tonviewer and tonscan search by
/// (toncenter returns the same 32 bytes in base64).
public enum TonSigner {
    /// The comment op (TEP-74 / wallet convention: a 32-bit zero, then UTF-8 text).
    static let commentOp: UInt32 = 0
    /// TEP-74 `transfer` op.
    static let jettonTransferOp: UInt32 = 0x0F8A_7EA5
    static let sendMode: UInt8 = 3
    /// This wallet's limit for a comment: 1024 bytes (9 snake cells), well inside the network's message limits.
    public static let maxCommentBytes = 1024

    public static func sign(_ input: TonSignerInput, key: Ed25519PrivateKey) throws(SignerError) -> SignedTransaction {
        try signTransfer(input, key: key).transaction
    }

    /// A signed transfer and its TEP-467 normalized message hash (hex): the hash of the same external message
    /// with src addr_none, import_fee 0, no StateInit and the body as a reference. toncenter's v3 index looks
    /// messages up by it too, and it stays the same if a relay repacks the message.
    public struct SignedTransfer: Sendable, Equatable {
        public let transaction: SignedTransaction
        public let normalizedHash: String
    }

    public static func signTransfer(_ input: TonSignerInput, key: Ed25519PrivateKey) throws(SignerError) -> SignedTransfer {
        let publicKey = key.publicKey.bytes
        guard input.workchain == 0 || input.workchain == -1 else {
            throw .invalidField("workchain", reason: "must be 0 or -1")
        }
        let wallet = TonAddress.Parts(
            workchain: input.workchain, account: TonWalletV4R2.accountId(publicKey: publicKey, workchain: input.workchain),
            bounceable: true)
        let destination = try address(input.destination, field: "destination")
        guard let seqno = input.seqno else { throw .missingField("seqno") }
        if seqno > 0, input.deployed == false {
            throw .invalidField("deployed", reason: "a wallet with a seqno above 0 is deployed")
        }
        guard let validUntil = input.validUntil else { throw .missingField("valid_until") }
        guard validUntil > 0 else { throw .invalidField("valid_until", reason: "must be a UNIX time above 0") }
        guard input.amount.bitLength <= 120 else { throw .amountOutOfRange("amount") }
        let comment = try input.comment.map { text throws(SignerError) in try commentCell(text) }

        let message: TonCell
        switch input.asset {
        case .native:
            if let balance = input.balance, balance < input.amount {
                throw .insufficientBalance(required: input.amount, available: balance)
            }
            message = try internalMessage(
                to: destination, bounce: destination.bounceable, value: input.amount, body: comment)
        case .jetton(let jetton):
            let jettonWallet = try address(jetton.senderJettonWallet, field: "sender_jetton_wallet")
            guard jetton.attachedAmount.bitLength <= 120 else { throw .amountOutOfRange("attached_amount") }
            guard jetton.forwardAmount.bitLength <= 120 else { throw .amountOutOfRange("forward_amount") }
            guard jetton.forwardAmount < jetton.attachedAmount else {
                throw .invalidField("attached_amount", reason: "must exceed forward_amount")
            }
            if let held = jetton.jettonBalance, held < input.amount {
                throw .insufficientBalance(required: input.amount, available: held)
            }
            if let balance = input.balance, balance < jetton.attachedAmount {
                throw .insufficientBalance(required: jetton.attachedAmount, available: balance)
            }
            var body = TonCellBuilder()
            try body.uint(UInt64(jettonTransferOp), bits: 32)
            try body.uint(jetton.queryId, bits: 64)
            try body.coins(input.amount)
            try body.address(destination)
            try body.address(wallet)  // response_destination: the excess comes back to the sender
            try body.bit(false)  // custom_payload: nothing
            try body.coins(jetton.forwardAmount)
            if let comment {  // forward_payload: Either Cell ^Cell, the comment as a reference
                try body.bit(true)
                try body.ref(comment)
            } else {
                try body.bit(false)
            }
            // A jetton wallet is a deployed contract: bounce, so a failed transfer returns the TON.
            message = try internalMessage(to: jettonWallet, bounce: true, value: jetton.attachedAmount, body: body.build())
        }

        var signing = TonCellBuilder()
        try signing.uint(UInt64(TonWalletV4R2.walletId(workchain: input.workchain)), bits: 32)
        try signing.uint(UInt64(validUntil), bits: 32)
        try signing.uint(UInt64(seqno), bits: 32)
        try signing.uint(0, bits: 8)  // op 0: simple send
        try signing.uint(UInt64(sendMode), bits: 8)
        try signing.ref(message)
        let signingCell = signing.build()
        var body = TonCellBuilder()
        try body.bytes(key.sign(signingCell.hash))
        try body.append(signingCell)

        var external = TonCellBuilder()
        try external.uint(0b10, bits: 2)  // ext_in_msg_info$10
        try external.address(nil)  // src: addr_none
        try external.address(wallet)
        try external.coins(.zero)  // import_fee
        if seqno == 0 || input.deployed == false {
            try external.bit(true)
            try external.either(try TonWalletV4R2.stateInit(publicKey: publicKey, workchain: input.workchain), reserving: 1)
        } else {
            try external.bit(false)
        }
        let bodyCell = body.build()
        try external.either(bodyCell)
        let root = external.build()
        let boc = TonBoc.serialize(root)

        var normalized = TonCellBuilder()
        try normalized.uint(0b10, bits: 2)
        try normalized.address(nil)
        try normalized.address(wallet)
        try normalized.coins(.zero)
        try normalized.bit(false)  // init: nothing
        try normalized.bit(true)  // body: a reference
        try normalized.ref(bodyCell)
        return SignedTransfer(
            transaction: SignedTransaction(bytes: boc, encoded: Base64.encode(boc), hash: Hex.encode(root.hash)),
            normalizedHash: Hex.encode(normalized.build().hash))
    }

    /// TON Connect `ton_proof` (TON Connect spec, "address proof signature"): message = "ton-proof-item-v2/" ‖
    /// workchain (int32 BE) ‖ address hash ‖ domain length (uint32 LE) ‖ domain ‖ timestamp (uint64 LE) ‖
    /// payload; signature = ed25519(sha256(0xffff ‖ "ton-connect" ‖ sha256(message))). `encoded` is the
    /// signature in base64, as the proof reply carries it.
    public static func signProof(_ input: TonProofInput, key: Ed25519PrivateKey) throws(SignerError) -> SignedMessage {
        guard input.workchain == 0 || input.workchain == -1 else {
            throw .invalidField("workchain", reason: "must be 0 or -1")
        }
        let domain = Array(input.domain.utf8)
        guard !domain.isEmpty else { throw .missingField("domain") }
        // TON Connect apps send their manifest's host; a DNS name is at most 253 characters (RFC 1035).
        guard domain.count <= 253 else { throw .invalidField("domain", reason: "longer than 253 bytes") }
        let account = TonWalletV4R2.accountId(publicKey: key.publicKey.bytes, workchain: input.workchain)
        let digest = proofDigest(
            workchain: input.workchain, account: account, domain: domain, timestamp: input.timestamp,
            payload: Array(input.payload.utf8))
        let signature = key.sign(digest)
        return SignedMessage(signature: signature, encoded: Base64.encode(signature))
    }

    /// The wallet's StateInit (v4R2 code + initial data) as a base64 bag of cells: TON Connect's
    /// `walletStateInit`, with which an app checks a proof's key for a wallet that is not deployed yet.
    public static func walletStateInit(publicKey: [UInt8], workchain: Int8 = 0) throws(SignerError) -> String {
        guard publicKey.count == 32 else { throw .invalidField("public_key", reason: "must be 32 bytes") }
        guard workchain == 0 || workchain == -1 else { throw .invalidField("workchain", reason: "must be 0 or -1") }
        return Base64.encode(TonBoc.serialize(try TonWalletV4R2.stateInit(publicKey: publicKey, workchain: workchain)))
    }

    /// sha256(0xffff ‖ "ton-connect" ‖ sha256(message)) of a `ton_proof` message (layout above).
    static func proofDigest(workchain: Int8, account: [UInt8], domain: [UInt8], timestamp: UInt64, payload: [UInt8])
        -> [UInt8]
    {
        let chain = UInt32(bitPattern: Int32(workchain))
        var message = Array("ton-proof-item-v2/".utf8)
        message += (0..<4).reversed().map { UInt8(truncatingIfNeeded: chain >> (8 * UInt32($0))) }
        message += account
        message += (0..<4).map { UInt8(truncatingIfNeeded: UInt32(truncatingIfNeeded: domain.count) >> (8 * UInt32($0))) }
        message += domain
        message += (0..<8).map { UInt8(truncatingIfNeeded: timestamp >> (8 * UInt64($0))) }
        message += payload
        return Hash.sha256([0xFF, 0xFF] + Array("ton-connect".utf8) + Hash.sha256(message))
    }

    static func address(_ text: String, field: String) throws(SignerError) -> TonAddress.Parts {
        do {
            return try TonAddress.parse(text)
        } catch {
            throw .invalidAddress(field)
        }
    }

    /// op 0 ‖ UTF-8 text as snake cells: 123 bytes in the first cell (after the op), 127 in each next one.
    static func commentCell(_ text: String) throws(SignerError) -> TonCell {
        let bytes = Array(text.utf8)
        guard bytes.count <= maxCommentBytes else { throw .memoTooLong(maxBytes: maxCommentBytes) }
        let head = min(bytes.count, 123)
        var chunks: [ArraySlice<UInt8>] = [bytes[0..<head]]
        var start = head
        while start < bytes.count {
            let end = min(bytes.count, start + 127)
            chunks.append(bytes[start..<end])
            start = end
        }
        var tail: TonCell?
        for (index, chunk) in chunks.enumerated().reversed() {
            var cell = TonCellBuilder()
            if index == 0 { try cell.uint(UInt64(commentOp), bits: 32) }
            try cell.bytes(Array(chunk))
            if let tail { try cell.ref(tail) }
            tail = cell.build()
        }
        guard let tail else { throw TonCellBuilder.overflow }
        return tail
    }

    /// `int_msg_info$0` ihr_disabled, bounce, not bounced, src addr_none, dest, value (no extra currencies),
    /// ihr_fee 0, fwd_fee 0, created_lt 0, created_at 0; no StateInit; the body inline or referenced, empty if nil.
    static func internalMessage(to destination: TonAddress.Parts, bounce: Bool, value: BigUInt, body: TonCell?)
        throws(SignerError) -> TonCell
    {
        var message = TonCellBuilder()
        try message.bit(false)
        try message.bit(true)
        try message.bit(bounce)
        try message.bit(false)
        try message.address(nil)
        try message.address(destination)
        try message.coins(value)
        try message.bit(false)  // no extra currencies
        try message.coins(.zero)
        try message.coins(.zero)
        try message.uint(0, bits: 64)
        try message.uint(0, bits: 32)
        try message.bit(false)  // init: nothing
        try message.either(body ?? TonCellBuilder().build())
        return message.build()
    }
}
