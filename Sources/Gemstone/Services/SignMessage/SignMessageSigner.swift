import Blockchain
import GemCrypto
import Primitives

/// Signs a previewed request with a chain's private key: each kind through its family's message signer in
/// `Blockchain/<Family>/` (the prefix, hash and signature encoding are theirs, pinned by their vectors). Pure: the
/// key, the account's address and the time come in.
enum SignMessageSigner {
    /// `key` is the chain's private key (from `GemSigningKeys`), borrowed for the call. `address` is the wallet's
    /// account on the chain: the BIP-137 header follows its type, and the answer names it.
    static func sign(_ request: GemSignMessageRequest, key: TransferKey, address: String,
                     now: UInt64) throws(GemServiceError) -> GemSignMessageSignature {
        let bytes = try SignMessageRules.messageBytes(request)
        let chain = request.chain
        do {
            switch request.kind {
            case .eip191, .eip712, .tron, .cosmosADR036, .bitcoinBIP137:
                guard case let .secp256k1(privateKey) = key else { throw GemServiceError.crypto(message: "not a secp256k1 key") }
                let signed: SignedMessage
                switch request.kind {
                case .eip191: signed = try EthereumSigner.signPersonalMessage(bytes, key: privateKey)
                case .eip712:
                    _ = try SignMessageRules.typedData(request.message, chain: chain)
                    signed = try EthereumSigner.signTypedData(request.message, key: privateKey)
                case .tron: signed = try TronSigner.signMessage(bytes, key: privateKey)
                case .cosmosADR036: signed = try CosmosSigner.signMessage(bytes, chain: chain, key: privateKey)
                default:
                    signed = try BitcoinSigner.signMessage(BitcoinMessageInput(chain: chain, address: address, message: bytes),
                                                           key: privateKey)
                }
                return GemSignMessageSignature(chain: chain, kind: request.kind, signer: address, signature: signed.encoded,
                                               publicKey: Hex.encode(privateKey.publicKey.compressed))
            case .solana, .sui, .tonProof:
                guard case let .ed25519(privateKey) = key else { throw GemServiceError.crypto(message: "not an ed25519 key") }
                var timestamp: Int64?
                let signed: SignedMessage
                switch request.kind {
                case .solana: signed = try SolanaSigner.signMessage(bytes, key: privateKey)
                case .sui: signed = try SuiSigner.signPersonalMessage(bytes, key: privateKey)
                default:
                    guard let payload = String(validating: bytes, as: UTF8.self) else {
                        throw GemServiceError.invalidInput(message: "a ton_proof payload is UTF-8 text")
                    }
                    let domain = try SignMessageRules.tonProofDomain(request.appUrl)
                    signed = try TonSigner.signProof(TonProofInput(domain: domain, timestamp: now, payload: payload), key: privateKey)
                    timestamp = Int64(clamping: now)
                }
                return GemSignMessageSignature(chain: chain, kind: request.kind, signer: address, signature: signed.encoded,
                                               publicKey: Hex.encode(privateKey.publicKey.bytes), timestamp: timestamp)
            }
        } catch let error as SignerError {
            throw GemServiceError(signer: error)
        } catch let error as GemServiceError {
            throw error
        } catch {
            throw GemServiceError.internal(message: "message signing failed")
        }
    }
}
