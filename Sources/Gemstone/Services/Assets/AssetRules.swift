import Blockchain
import Primitives

/// The asset rules, pure.
enum AssetRules {
    /// The most tokens one wallet may show.
    static let maxWalletTokens = 1_000
    /// The longest token name or symbol kept, in characters (a chain's metadata is not trusted to be short).
    static let maxNameCharacters = 64
    /// The most decimals an asset may have (uint256 holds 77 decimal digits).
    static let maxDecimals: Int32 = 77

    /// A chain's native coin, from its configuration.
    static func native(_ chain: Chain) -> Asset {
        let native = chain.config.nativeAsset
        return Asset(id: AssetId(chain: chain), name: native.name, symbol: native.symbol, decimals: native.decimals, type: .native)
    }

    /// A token asset from what its chain said of it: names cut to `maxNameCharacters` and stripped of control
    /// characters; decimals outside 0...77 refused, since no amount of such a token could be shown right.
    static func token(_ id: AssetId, _ metadata: ChainTokenMetadata) throws(GemServiceError) -> Asset {
        guard (0...maxDecimals).contains(metadata.decimals) else {
            throw .api(status: 200, message: "\(id.chain.id): token \(JSONCodec.excerpt(id.tokenId ?? "")) has \(metadata.decimals) decimals")
        }
        let name = clean(metadata.name), symbol = clean(metadata.symbol)
        guard !symbol.isEmpty else {
            throw .api(status: 200, message: "\(id.chain.id): token \(JSONCodec.excerpt(id.tokenId ?? "")) has no symbol")
        }
        return Asset(id: id, name: name.isEmpty ? symbol : name, symbol: symbol, decimals: metadata.decimals, type: metadata.type)
    }

    /// The assets a wallet shows: the native coin of each of its chains in account order, then its tokens on
    /// those chains in the order they were added (a token whose metadata is not stored is left out).
    static func walletAssets(chains: [Chain], tokens: [AssetId], stored: [Asset]) -> [Asset] {
        var seen = Set<Chain>()
        var assets = chains.filter { seen.insert($0).inserted }.map(native)
        let byId = Dictionary(stored.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        assets += tokens.filter { seen.contains($0.chain) }.compactMap { byId[$0] }
        return assets
    }

    private static func clean(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) {
            out.append(scalar)
            if out.count == maxNameCharacters { break }
        }
        return String(out).trimmingSpaces()
    }
}

private extension String {
    func trimmingSpaces() -> String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first == " " { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
