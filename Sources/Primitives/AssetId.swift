/// An asset: a chain's native coin (`token == nil`) or a token on it.
///
/// Storage string (the specification's `asset_id.rs`): the bare chain id for a native asset (`ethereum`), or
/// `<chain>_<token id>` (`ethereum_0xdAC17F958D2ee523a2206206994597C13D831ec7`). The chain part ends at the first
/// `_`; the token id keeps everything after it, so a token id may itself contain `_` or `::`.
public struct AssetId: Sendable, Hashable {
    public let chain: Chain
    /// The token id on `chain` (contract address, mint, denom…), `nil` for the native asset. Never empty.
    public let tokenId: String?

    /// The native asset of `chain`.
    public init(chain: Chain) {
        self.chain = chain
        self.tokenId = nil
    }

    /// A token on `chain`; an empty `tokenId` is rejected because it would print as `<chain>_`.
    public init(chain: Chain, tokenId: String) throws(AssetIdError) {
        guard !tokenId.isEmpty else { throw .emptyTokenId }
        self.chain = chain
        self.tokenId = tokenId
    }

    /// Parses a storage string.
    public init(parsing text: String) throws(AssetIdError) {
        if let separator = text.firstSeparator(Self.chainSeparator) {
            let chainId = String(text[..<separator])
            guard let chain = Chain(rawValue: chainId) else { throw .unknownChain(chainId) }
            try self.init(chain: chain, tokenId: String(text[text.index(after: separator)...]))
        } else {
            guard let chain = Chain(rawValue: text) else { throw .unknownChain(text) }
            self.init(chain: chain)
        }
    }

    /// The storage string.
    public var id: String {
        guard let tokenId else { return chain.rawValue }
        return chain.rawValue + String(Self.chainSeparator) + tokenId
    }

    public var isNative: Bool { tokenId == nil }

    /// Separates the chain from the token id (the specification's `CHAIN_SEPARATOR`).
    public static let chainSeparator: Character = "_"
    /// Joins the parts of a composite token id (the specification's `TOKEN_ID_SEPARATOR`).
    public static let tokenIdSeparator = "::"
}

extension AssetId: CustomStringConvertible {
    public var description: String { id }
}

public enum AssetIdError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The chain part is not a known chain id.
    case unknownChain(String)
    /// `<chain>_` with nothing after the separator.
    case emptyTokenId

    /// What an error record says (never a Swift case name), its input quoted shortly.
    public var description: String {
        switch self {
        case let .unknownChain(chain): "unknown chain id \"\(chain.prefix(40))\""
        case .emptyTokenId: "no token id after \"<chain>_\""
        }
    }
}

/// The hand-written conversion of the transaction-row path: the storage string, as Codable writes it.
extension AssetId: StorageStringID, JSONWritable {
    public static let idName = "asset id"

    public func write(to out: inout JSONOutput) { out.string(id) }

    /// The storage string's characters, without quotes (no string is built for a token's id).
    public func writeContent(to out: inout JSONOutput) {
        out.stringContent(chain.rawValue)
        if let tokenId {
            out.fragment("_")
            out.stringContent(tokenId)
        }
    }
}

extension AssetId: JSONScannable {
    public init(scanning scanner: inout JSONScanner) throws(JSONCodecError) {
        self = try scanner.assetId()
    }
}

extension StringProtocol {
    /// The first `separator` (an ASCII character): found byte-wise when the text is ASCII (ids
    /// almost always are), by Character otherwise, so the answer is the same either way.
    func firstSeparator(_ separator: Character) -> String.Index? {
        guard let byte = separator.asciiValue else { return firstIndex(of: separator) }
        var ascii = true
        for unit in utf8 where unit >= 0x80 {
            ascii = false
            break
        }
        return ascii ? utf8.firstIndex(of: byte) : firstIndex(of: separator)
    }
}
