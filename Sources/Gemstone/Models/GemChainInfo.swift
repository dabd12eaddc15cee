import Primitives

/// `gem_chains`: each chain asked about (every chain when none is), with its family, native coin and default
/// explorer's name, read from `ChainConfig`, the one place chain data lives.
extension GemChainsRequest: GemProjection {
    public func answer() -> [GemChainInfo] {
        let asked = chains ?? []
        return (asked.isEmpty ? Chain.allCases : asked).map(GemChainInfo.init(chain:))
    }
}

extension GemChainInfo {
    /// `chain` as a host lists it.
    public init(chain: Chain) {
        self.init(chain: chain, family: chain.type, nativeAsset: chain.asset, explorerName: chain.config.explorerName)
    }
}
