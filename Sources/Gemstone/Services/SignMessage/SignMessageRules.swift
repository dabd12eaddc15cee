import Blockchain
import GemCrypto
import Primitives

/// The pure rules of message signing: what a request's bytes are, whether its kind fits its chain, and the rows
/// its confirmation screen shows. Every refusal is `GemServiceError.invalidInput` with the rule in words; sizes are
/// checked before anything is parsed.
enum SignMessageRules {
    /// EIP-712 fields whose integer value is a time (gemwalletcom/core `gemstone/src/message/eip712.rs`,
    /// TIMESTAMP_FIELDS), compared case-insensitively with the field's last name.
    static let timestampFields: Set<String> = ["deadline", "sigdeadline", "expiration", "validto", "validuntil", "expiry", "timestamp"]

    /// Whether `kind` signs on `chain`: each kind belongs to one family (BIP-137 to Bitcoin itself).
    static func supports(_ kind: GemSignMessageKind, on chain: Chain) -> Bool {
        switch kind {
        case .eip191, .eip712: chain.type == .ethereum
        case .solana: chain.type == .solana
        case .sui: chain.type == .sui
        case .tron: chain.type == .tron
        case .tonProof: chain.type == .ton
        case .cosmosADR036: chain.type == .cosmos
        case .bitcoinBIP137: chain == .bitcoin
        }
    }

    /// The request's sizes and kind checked, and its message bytes decoded.
    static func messageBytes(_ request: GemSignMessageRequest) throws(GemServiceError) -> [UInt8] {
        guard request.message.utf8.count <= GemConstants.signMessageMaxBytes else {
            throw invalid("the message is longer than \(GemConstants.signMessageMaxBytes) bytes")
        }
        guard request.appName.utf8.count <= GemConstants.signMessageMaxAppBytes,
              request.appUrl.utf8.count <= GemConstants.signMessageMaxAppBytes
        else { throw invalid("the app name or URL is longer than \(GemConstants.signMessageMaxAppBytes) bytes") }
        guard supports(request.kind, on: request.chain) else {
            throw invalid("\(request.kind.rawValue) messages are not signed on \(request.chain.id)")
        }
        if request.kind == .eip712 && request.encoding != .text {
            throw invalid("eip712 typed data is given as its JSON text")
        }
        let bytes: [UInt8]
        switch request.encoding {
        case .text:
            bytes = Array(request.message.utf8)
        case .hex:
            let text = request.message.hasPrefix("0x") || request.message.hasPrefix("0X")
                ? String(request.message.dropFirst(2)) : request.message
            do { bytes = try Hex.decode(text) } catch { throw invalid("the message is not hex") }
        case .base58:
            do { bytes = try Base58.decode(request.message, limit: GemConstants.signMessageMaxBytes) } catch {
                throw invalid("the message is not base58")
            }
        }
        guard !bytes.isEmpty else { throw invalid("the message is empty") }
        return bytes
    }

    /// TON Connect's domain: the host of the app's URL (https or http), lower-cased, without port.
    static func tonProofDomain(_ appURL: String) throws(GemServiceError) -> String {
        let lower = appURL.lowercased()
        let rest: Substring
        if lower.hasPrefix("https://") {
            rest = lower.dropFirst(8)
        } else if lower.hasPrefix("http://") {
            rest = lower.dropFirst(7)
        } else {
            throw invalid("ton_proof needs the app's http(s) URL: its host is the signed domain")
        }
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("@") else { throw invalid("the app's URL has user information") }
        let host = authority.prefix { $0 != ":" }
        guard !host.isEmpty, host.utf8.count <= 253,
              host.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x2E })
        else { throw invalid("the app's URL has no valid host") }
        return String(host)
    }

    /// Whether bytes read as text: valid UTF-8 without control characters other than tab, line feed and carriage
    /// return (a hidden character could make two different messages look alike).
    static func printableText(_ bytes: [UInt8]) -> String? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control:
                guard scalar == "\n" || scalar == "\r" || scalar == "\t" else { return nil }
            case .format, .unassigned, .privateUse, .surrogate, .lineSeparator, .paragraphSeparator:
                return nil
            default:
                continue
            }
        }
        return text
    }

    /// The confirmation screen of a request: the app rows (app, url, network; domain for ton_proof), then for
    /// eip712 the domain fields and the typed message's fields, otherwise the message as text when it is printable,
    /// else as 0x-hex. Malformed typed data, or a domain chainId other than the chain's (refused as
    /// gemwalletcom/core `gem_wallet_connect` refuses it), is an error.
    static func preview(_ request: GemSignMessageRequest) throws(GemServiceError) -> GemSignMessagePreview {
        let bytes = try messageBytes(request)
        var rows: [GemSignMessageRow] = []
        if !request.appName.isEmpty {
            rows.append(GemSignMessageRow(section: .app, label: "app", value: request.appName, style: .text))
        }
        if !request.appUrl.isEmpty {
            rows.append(GemSignMessageRow(section: .app, label: "url", value: request.appUrl, style: .url))
        }
        rows.append(GemSignMessageRow(section: .app, label: "network", value: request.chain.asset.name, style: .text))
        var printable = true
        switch request.kind {
        case .eip712:
            let fields = try typedData(request.message, chain: request.chain)
            rows += fields.domain.map { GemSignMessageRow(section: .domain, label: $0.path, value: $0.value, style: style($0)) }
            rows.append(GemSignMessageRow(section: .message, label: "primary_type", value: fields.primaryType, style: .text))
            rows += fields.message.map { GemSignMessageRow(section: .message, label: $0.path, value: $0.value, style: style($0)) }
        case .tonProof:
            rows.append(GemSignMessageRow(section: .app, label: "domain", value: try tonProofDomain(request.appUrl), style: .text))
            fallthrough
        default:
            if let text = printableText(bytes) {
                rows.append(GemSignMessageRow(section: .message, label: "message", value: text, style: .text))
            } else {
                printable = false
                rows.append(GemSignMessageRow(section: .message, label: "message", value: "0x" + Hex.encode(bytes), style: .hex))
            }
        }
        return GemSignMessagePreview(chain: request.chain, kind: request.kind, rows: rows, printable: printable)
    }

    /// Typed data read and checked against the chain.
    static func typedData(_ json: String, chain: Chain) throws(GemServiceError) -> EIP712Fields {
        let fields: EIP712Fields
        do {
            fields = try EIP712Fields.read(json: json)
        } catch {
            throw GemServiceError(signer: error)
        }
        if let chainId = fields.chainId, let expected = chain.config.evmChainId, chainId != BigUInt(expected) {
            throw invalid("the typed data's domain is for chain id \(chainId), not \(chain.id) (\(expected))")
        }
        return fields
    }

    static func style(_ field: EIP712Fields.Field) -> GemSignMessageValueStyle {
        switch field.kind {
        case .address: return .address
        case .bytes: return .hex
        case .integer:
            let last = field.path.split(separator: ".").last.map(String.init) ?? field.path
            let name = last.split(separator: "[").first.map(String.init) ?? last
            return timestampFields.contains(name.lowercased()) ? .timestamp : .text
        case .bool, .text: return .text
        }
    }

    static func invalid(_ message: String) -> GemServiceError {
        .invalidInput(message: message)
    }
}

extension GemServiceError {
    /// A signer's refusal, in words (no case carries a secret).
    init(signer error: SignerError) {
        switch error {
        case .invalidPrivateKey: self = .crypto(message: "the wallet's key is not valid for this chain")
        case let .missingField(field): self = .invalidInput(message: "\(field) is missing")
        case let .invalidField(field, reason): self = .invalidInput(message: "\(field): \(reason)")
        case let .invalidAddress(field): self = .invalidInput(message: "\(field) is not a valid address")
        case let .unsupported(what): self = .invalidInput(message: "unsupported: \(what)")
        case let .memoTooLong(maxBytes): self = .invalidInput(message: "longer than \(maxBytes) bytes")
        case let .amountOutOfRange(field): self = .invalidInput(message: "\(field) is out of range")
        case let .insufficientBalance(required, available):
            self = .invalidInput(message: "insufficient balance: \(required) required, \(available) available")
        }
    }
}
