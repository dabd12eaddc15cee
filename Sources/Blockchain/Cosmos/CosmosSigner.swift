import GemCrypto
import Primitives

/// Cosmos SDK bank sends, SIGN_MODE_DIRECT, and ADR-036 arbitrary message signing.
///
/// Transaction layout (cosmos-sdk proto/cosmos/tx/v1beta1/tx.proto, bank/v1beta1/tx.proto):
/// TxBody{messages: [Any(MsgSend)], memo} · AuthInfo{signer_infos: [SignerInfo{public_key: Any(PubKey),
/// mode_info: {single: {mode: DIRECT}}, sequence}], fee: Fee{amount, gas_limit}} · the signature is over
/// SignDoc{body_bytes, auth_info_bytes, chain_id, account_number}: sha256, then a 64-byte r‖s low-S secp256k1
/// signature (the SDK refuses high S). TxRaw{body_bytes, auth_info_bytes, signatures} is what nodes take.
///
/// Injective (injective-core crypto/ethsecp256k1, of ethermint's lineage) keeps Ethereum's keys: the public key
/// type is `/injective.crypto.v1beta1.ethsecp256k1.PubKey` holding the 33-byte compressed key (ethermint's
/// `PubKeySize = 33`, and `Address()` decompresses it; Injective's account docs list 33 bytes). Gem core and
/// Trust Wallet put the 65-byte form there, which that `Address()` refuses. The sign doc is hashed with
/// keccak256 instead of sha256.
///
/// Thorchain's bank send is its own message, `/types.MsgSend` (thornode proto/thorchain/v1/types/msg_send.proto:
/// from_address and to_address as raw account bytes), and its fee is the fixed native fee the chain deducts
/// itself, so the transaction's fee carries no coins (as Gem core's `fee_coins` for Thorchain).
public enum CosmosSigner {
    /// The Cosmos SDK's default `max_memo_characters` (x/auth DefaultMaxMemoCharacters = 256), counted by
    /// the SDK as bytes (Go `len`). Chains that raised it still accept 256.
    public static let maxMemoBytes = 256

    static let broadcastMode = "BROADCAST_MODE_SYNC"
    static let signModeDirect: UInt64 = 1
    static let bankSendType = "/cosmos.bank.v1beta1.MsgSend"
    static let thorchainSendType = "/types.MsgSend"
    static let secp256k1PubKeyType = "/cosmos.crypto.secp256k1.PubKey"
    static let injectivePubKeyType = "/injective.crypto.v1beta1.ethsecp256k1.PubKey"

    /// Signs `input` with `key`. `encoded` is the body of `POST /cosmos/tx/v1beta1/txs`
    /// (`{"tx_bytes": base64(TxRaw), "mode": "BROADCAST_MODE_SYNC"}`), `hash` the upper-case hex sha256 of the
    /// TxRaw bytes (the `txhash` nodes and explorers print).
    public static func sign(_ input: CosmosSignerInput, key: Secp256k1PrivateKey) throws(SignerError) -> SignedTransaction {
        let params = try CosmosChainParameters(input.chain)
        guard let accountNumber = input.accountNumber else { throw .missingField("account_number") }
        guard let sequence = input.sequence else { throw .missingField("sequence") }
        try validateDenom(input.denom)
        guard !input.amount.isZero else { throw .invalidField("amount", reason: "must be positive") }
        // sdk.Int (math.Int) holds at most 256 bits.
        guard input.amount.bitLength <= 256 else { throw .amountOutOfRange("amount") }
        guard input.fee.bitLength <= 256 else { throw .amountOutOfRange("fee") }
        guard input.gasLimit > 0 else { throw .invalidField("gas_limit", reason: "must be positive") }
        guard input.memo.utf8.count <= maxMemoBytes else { throw .memoTooLong(maxBytes: maxMemoBytes) }
        let recipient: String
        do {
            recipient = try CosmosAddress.validate(input.recipient, hrp: params.hrp, hashing: params.hashing)
        } catch {
            throw .invalidAddress("recipient")
        }
        try checkBalance(input, nativeDenom: params.denom)

        let publicKey = key.publicKey
        let sender: String
        do {
            sender = try CosmosAddress.derive(publicKey, hrp: params.hrp, hashing: params.hashing)
        } catch {
            throw .invalidPrivateKey
        }

        let message = try sendMessage(params, from: sender, to: recipient, denom: input.denom, amount: input.amount)
        let body = ProtobufWriter.encode { body in
            body.message(1, message)
            body.string(2, input.memo)
        }
        let feeCoins: [(String, BigUInt)] = input.chain == .thorchain ? [] : [(params.denom, input.fee)]
        let authInfo = ProtobufWriter.encode { auth in
            auth.message(1) { signerInfo in
                signerInfo.message(1) { any in
                    any.string(1, params.pubKeyType)
                    any.bytes(2, ProtobufWriter.encode { $0.bytes(1, publicKey.compressed) })
                }
                signerInfo.message(2) { modeInfo in
                    modeInfo.message(1) { $0.varint(1, signModeDirect) }
                }
                signerInfo.varint(3, sequence)
            }
            auth.message(2) { fee in
                for (denom, amount) in feeCoins { fee.message(1, coin(denom, amount)) }
                fee.varint(2, input.gasLimit)
            }
        }
        let signDoc = ProtobufWriter.encode { doc in
            doc.bytes(1, body)
            doc.bytes(2, authInfo)
            doc.string(3, params.chainId)
            doc.varint(4, accountNumber)
        }
        let signature = try signCompact(params.digest(signDoc), key: key)
        let txRaw = ProtobufWriter.encode { raw in
            raw.bytes(1, body)
            raw.bytes(2, authInfo)
            raw.bytes(3, signature)
        }
        let encoded = JSON.object([
            ("tx_bytes", .string(Base64.encode(txRaw))),
            ("mode", .string(broadcastMode)),
        ])
        return SignedTransaction(
            bytes: txRaw,
            encoded: JSONWriter.string(encoded),
            hash: Hex.encode(Hash.sha256(txRaw)).uppercased()
        )
    }

    /// ADR-036 arbitrary message signing (cosmos-sdk docs/architecture/adr-036-arbitrary-signature.md, as
    /// Keplr's `signArbitrary` does it): an amino-JSON StdSignDoc with chain id "", account number and sequence
    /// "0", an empty fee and one `sign/MsgSignData{signer, data: base64(message)}`, keys sorted, no spaces;
    /// sha256 (keccak256 on Injective), 64-byte r‖s low-S. `encoded` is the signature in base64, as
    /// StdSignature.signature carries it.
    public static func signMessage(_ message: [UInt8], chain: Chain, key: Secp256k1PrivateKey)
        throws(SignerError) -> SignedMessage
    {
        let params = try CosmosChainParameters(chain)
        guard !message.isEmpty else { throw .missingField("message") }
        let signer: String
        do {
            signer = try CosmosAddress.derive(key.publicKey, hrp: params.hrp, hashing: params.hashing)
        } catch {
            throw .invalidPrivateKey
        }
        let document = adr036SignDoc(signer: signer, data: message)
        let signature = try signCompact(params.digest(document), key: key)
        return SignedMessage(signature: signature, encoded: Base64.encode(signature))
    }

    /// The ADR-036 sign doc's bytes. Keys in sorted order; `signer` (bech32) and `data` (base64) need no
    /// JSON escaping.
    static func adr036SignDoc(signer: String, data: [UInt8]) -> [UInt8] {
        let text = #"{"account_number":"0","chain_id":"","fee":{"amount":[],"gas":"0"},"memo":"","msgs":[{"type":"sign/MsgSignData","value":{"data":""#
            + Base64.encode(data) + #"","signer":""# + signer + #""}}],"sequence":"0"}"#
        return Array(text.utf8)
    }

    private static func signCompact(_ digest: [UInt8], key: Secp256k1PrivateKey) throws(SignerError) -> [UInt8] {
        do {
            return try key.sign(digest: digest).compact
        } catch {
            throw .invalidPrivateKey
        }
    }

    private static func coin(_ denom: String, _ amount: BigUInt) -> [UInt8] {
        ProtobufWriter.encode { coin in
            coin.string(1, denom)
            coin.string(2, amount.description)
        }
    }

    private static func sendMessage(
        _ params: CosmosChainParameters, from sender: String, to recipient: String, denom: String, amount: BigUInt
    ) throws(SignerError) -> [UInt8] {
        let value: [UInt8]
        let typeURL: String
        if params.chain == .thorchain {
            let from: [UInt8]
            let to: [UInt8]
            do {
                from = try Bech32.decodeBytes(sender, humanReadablePart: params.hrp)
                to = try Bech32.decodeBytes(recipient, humanReadablePart: params.hrp)
            } catch {
                throw .invalidAddress("recipient")
            }
            typeURL = thorchainSendType
            value = ProtobufWriter.encode { msg in
                msg.bytes(1, from)
                msg.bytes(2, to)
                msg.message(3, coin(denom, amount))
            }
        } else {
            typeURL = bankSendType
            value = ProtobufWriter.encode { msg in
                msg.string(1, sender)
                msg.string(2, recipient)
                msg.message(3, coin(denom, amount))
            }
        }
        return ProtobufWriter.encode { any in
            any.string(1, typeURL)
            any.bytes(2, value)
        }
    }

    private static func checkBalance(_ input: CosmosSignerInput, nativeDenom: String) throws(SignerError) {
        if input.denom == nativeDenom {
            let required = input.amount + input.fee
            guard required <= input.balance else {
                throw .insufficientBalance(required: required, available: input.balance)
            }
        } else {
            guard let tokenBalance = input.tokenBalance else { throw .missingField("token_balance") }
            guard input.amount <= tokenBalance else {
                throw .insufficientBalance(required: input.amount, available: tokenBalance)
            }
            guard input.fee <= input.balance else {
                throw .insufficientBalance(required: input.fee, available: input.balance)
            }
        }
    }

    /// The Cosmos SDK's default denom rule (types/coin.go `reDnmString`: `[a-zA-Z][a-zA-Z0-9/:._-]{2,127}`),
    /// and for IBC vouchers ibc-go's `ibc/{hash}` with the 64-digit hex hash in the upper case bank stores
    /// (a denom is matched as an exact string, so a lower-case hash names no one's balance).
    static func validateDenom(_ denom: String) throws(SignerError) {
        let bytes = Array(denom.utf8)
        guard (3...128).contains(bytes.count), let first = bytes.first, isLetter(first) else {
            throw .invalidField("denom", reason: "not a Cosmos SDK denom")
        }
        for byte in bytes.dropFirst() {
            let allowed = isLetter(byte) || (0x30...0x39).contains(byte) || [0x2F, 0x3A, 0x2E, 0x5F, 0x2D].contains(byte)
            guard allowed else { throw .invalidField("denom", reason: "not a Cosmos SDK denom") }
        }
        if denom.hasPrefix("ibc/") || denom.lowercased().hasPrefix("ibc/") {
            let hash = bytes.dropFirst(4)
            let upperHex = hash.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x46).contains($0) }
            guard denom.hasPrefix("ibc/"), hash.count == 64, upperHex else {
                throw .invalidField("denom", reason: "an IBC denom is ibc/ and 64 upper-case hex digits")
            }
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}

/// What the signer reads from a Cosmos chain's configuration.
struct CosmosChainParameters {
    let chain: Chain
    let chainId: String
    let hrp: String
    let hashing: CosmosAddressHashing
    let denom: String

    init(_ chain: Chain) throws(SignerError) {
        let config = chain.config
        guard config.type == .cosmos, case let .cosmos(hrp, hashing) = config.addressFormat, let denom = config.denom
        else { throw .unsupported("\(chain.id) is not a Cosmos chain") }
        self.chain = chain
        self.chainId = config.networkId
        self.hrp = hrp
        self.hashing = hashing
        self.denom = denom
    }

    var isEthereumKey: Bool { hashing == .keccak256 }

    var pubKeyType: String { isEthereumKey ? CosmosSigner.injectivePubKeyType : CosmosSigner.secp256k1PubKeyType }

    func digest(_ bytes: [UInt8]) -> [UInt8] {
        isEthereumKey ? Hash.keccak256(bytes) : Hash.sha256(bytes)
    }
}
