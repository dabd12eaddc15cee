import GemCrypto
import Primitives

/// Signs HyperCore `usdSend` and `spotSend` actions: EIP-712 "user-signed actions" with the domain
/// {name "HyperliquidSignTransaction", version "1", chainId signatureChainId, verifyingContract 0x0} and the primary
/// types "HyperliquidTransaction:UsdSend" / "HyperliquidTransaction:SpotSend" (field lists from
/// hyperliquid-python-sdk 0.24.0 `USD_SEND_SIGN_TYPES` and `SPOT_TRANSFER_SIGN_TYPES`; the same in
/// gemwalletcom/core `crates/gem_hypercore/src/core/eip712.rs`).
///
/// `encoded` is the JSON body the `/exchange` endpoint takes: {"action": {...}, "nonce": time, "signature": {"r",
/// "s", "v"}}, with the action's keys in the SDK's order and r, s as the SDK writes them (`to_hex` of the integer:
/// no leading zeros). `bytes` is that body in UTF-8. HyperCore assigns transaction ids when it accepts a request,
/// so `hash` is the EIP-712 digest the signature commits to (0x-hex), not an explorer id.
public enum HyperCoreSigner {
    /// The `hyperliquidChain` of mainnet (the SDK's "Mainnet" / "Testnet").
    public static let mainnet = "Mainnet"

    public static func sign(_ input: HyperCoreSignerInput, key: Secp256k1PrivateKey) throws(SignerError) -> SignedTransaction {
        guard let time = input.time else { throw .missingField("time") }
        guard time > 0, time <= UInt64(Int64.max) else { throw .invalidField("time", reason: "not a positive 63-bit millisecond time") }
        let account: [UInt8]
        do {
            account = try EthereumAddress.decode(input.destination)
        } catch {
            throw .invalidAddress("destination")
        }
        guard (0...18).contains(input.decimals) else { throw .invalidField("decimals", reason: "outside 0...18") }
        guard !input.amount.isZero else { throw .invalidField("amount", reason: "zero") }
        guard let balance = input.balance else { throw .missingField("balance") }
        guard !(balance < input.amount) else { throw .insufficientBalance(required: input.amount, available: balance) }
        guard input.signatureChainId > 0, input.signatureChainId <= UInt64(Int64.max) else {
            throw .invalidField("signature_chain_id", reason: "not a positive 63-bit chain id")
        }

        let destination = "0x" + Hex.encode(account)
        let amount = input.amount.decimalText(decimals: input.decimals)
        let chainId = "0x" + String(input.signatureChainId, radix: 16)
        let primaryType: String
        var action: [(String, JSON)] = [("destination", .string(destination)), ("amount", .string(amount))]
        var signedFields: [(String, String)] = [("hyperliquidChain", "string"), ("destination", "string")]
        switch input.action {
        case .usdSend:
            primaryType = "HyperliquidTransaction:UsdSend"
            action += [("time", .int(Int64(time))), ("type", .string("usdSend"))]
            signedFields += [("amount", "string"), ("time", "uint64")]
        case let .spotSend(token):
            try checkToken(token)
            primaryType = "HyperliquidTransaction:SpotSend"
            action += [("token", .string(token)), ("time", .int(Int64(time))), ("type", .string("spotSend"))]
            signedFields += [("token", "string"), ("amount", "string"), ("time", "uint64")]
        }
        action += [("signatureChainId", .string(chainId)), ("hyperliquidChain", .string(mainnet))]
        let message = JSON.object(action)

        let field = { (name: String, type: String) in JSON.object([("name", .string(name)), ("type", .string(type))]) }
        let typedData = JSON.object([
            ("types", .object([
                (primaryType, .array(signedFields.map(field))),
                ("EIP712Domain", .array([
                    field("name", "string"), field("version", "string"), field("chainId", "uint256"),
                    field("verifyingContract", "address"),
                ])),
            ])),
            ("primaryType", .string(primaryType)),
            ("domain", .object([
                ("name", .string("HyperliquidSignTransaction")), ("version", .string("1")),
                ("chainId", .int(Int64(input.signatureChainId))),
                ("verifyingContract", .string("0x0000000000000000000000000000000000000000")),
            ])),
            ("message", message),
        ])
        let digest = try EIP712.digest(typedData)
        let signed = try EthereumSigner.signMessageDigest(digest, key: key)
        let rsv = signed.signature
        let signature = JSON.object([
            ("r", .string("0x" + BigUInt(bigEndian: rsv[0..<32]).hexString)),
            ("s", .string("0x" + BigUInt(bigEndian: rsv[32..<64]).hexString)),
            ("v", .int(Int64(rsv[64]))),
        ])
        let body = JSONWriter.bytes(.object([("action", message), ("nonce", .int(Int64(time))), ("signature", signature)]))
        return SignedTransaction(bytes: body, encoded: String(decoding: body, as: UTF8.self), hash: "0x" + Hex.encode(digest))
    }

    /// "NAME:0x" + 32 hex digits: the spot token's name and its 16-byte token id, as the exchange's spotMeta lists it.
    static func checkToken(_ token: String) throws(SignerError) {
        let parts = token.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let name = parts.first, let id = parts.last else {
            throw .invalidField("token", reason: "not NAME:0x<token id>")
        }
        guard !name.isEmpty, name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else {
            throw .invalidField("token", reason: "the name is empty or not printable ASCII")
        }
        let digits = id.utf8.dropFirst(2)
        guard id.hasPrefix("0x"), digits.count == 32, digits.allSatisfy(EthereumAddress.isHexDigit) else {
            throw .invalidField("token", reason: "the token id is not 0x and 32 hex digits")
        }
    }
}
