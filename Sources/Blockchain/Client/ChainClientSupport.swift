import Primitives

/// Small pieces every family's `ChainClient` conformance shares.
extension ChainBalance {
    /// A stake answer: `staked` and `pending` of the chain's native coin, `available` zero.
    static func stake(_ chain: Chain, staked: BigUInt, pending: BigUInt) -> ChainBalance {
        ChainBalance(assetId: chain.assetId, available: .zero, staked: staked, pending: pending)
    }

    /// The same balance as a coin answer: `staked` and `pending` dropped (they are the stake answer's).
    var coinOnly: ChainBalance {
        ChainBalance(assetId: assetId, available: available, locked: locked, reserved: reserved)
    }
}

enum ChainClientSupport {
    /// `unsupported` for a question the chain's client does not answer, naming the chain and the question.
    static func unsupported(_ chain: Chain, _ question: String) -> ChainClientError {
        .unsupported("\(chain.id): \(question)")
    }

    /// The asset id of token `tokenId` on `chain`; an empty id is `malformed`.
    static func tokenAssetId(_ chain: Chain, _ tokenId: String) throws(ChainClientError) -> AssetId {
        do { return try AssetId(chain: chain, tokenId: tokenId) } catch { throw .malformed("token id: empty") }
    }

    /// The most token ids one token question takes (each becomes a part of a request or a request of its own).
    static let maxTokenIds = 500

    /// `tokenIds` checked against `maxTokenIds`.
    static func bounded(_ tokenIds: [String], _ chain: Chain) throws(ChainClientError) -> [String] {
        guard tokenIds.count <= maxTokenIds else { throw .malformed("\(chain.id): more than \(maxTokenIds) token ids in one question") }
        return tokenIds
    }

    /// The parts of a composite token id joined by `AssetId.tokenIdSeparator` ("::"): `issuer::code` → [issuer,
    /// code]; a lone ":" does not split.
    static func parts(_ tokenId: String) -> [String] {
        var parts: [String] = []
        var current: [Character] = []
        var pendingColon = false
        for character in tokenId {
            if character == ":" {
                if pendingColon {
                    parts.append(String(current))
                    current = []
                    pendingColon = false
                } else {
                    pendingColon = true
                }
                continue
            }
            if pendingColon {
                current.append(":")
                pendingColon = false
            }
            current.append(character)
        }
        if pendingColon { current.append(":") }
        parts.append(String(current))
        return parts
    }
}
