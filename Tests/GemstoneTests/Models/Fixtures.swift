@testable import Gemstone
import Primitives

/// Assets the presentation tests read; decimals and symbols as the chains publish them.
enum Fixtures {
    static let ethereum = Asset(id: AssetId(chain: .ethereum), name: "Ethereum", symbol: "ETH", decimals: 18, type: .native)
    static let bitcoin = Asset(id: AssetId(chain: .bitcoin), name: "Bitcoin", symbol: "BTC", decimals: 8, type: .native)
    static let tron = Asset(id: AssetId(chain: .tron), name: "TRX", symbol: "TRX", decimals: 6, type: .native)
    static let usdt: Asset = {
        // A fixed, valid token id: the initializer only rejects an empty one.
        let id = (try? AssetId(chain: .ethereum, tokenId: "0xdAC17F958D2ee523a2206206994597C13D831ec7")) ?? AssetId(chain: .ethereum)
        return Asset(id: id, name: "Tether", symbol: "USDT", decimals: 6, type: .erc20)
    }()
}
