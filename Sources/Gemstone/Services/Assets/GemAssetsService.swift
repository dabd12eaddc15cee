import Blockchain
import Primitives

/// The assets each wallet shows (the specification's `GemAssetsService`): the native coin of every chain the wallet
/// has an account on, and the tokens added by id, whose name, symbol and decimals are read from the chain once
/// and kept in the asset store.
public final class GemAssetsService: Sendable {
    private let store: any GemAssetStore
    private let wallets: GemWalletSessionService
    private let clients: any GemChainClients
    private let lane = CommandLane()

    public init(store: any GemAssetStore, wallets: GemWalletSessionService, clients: any GemChainClients) {
        self.store = store
        self.wallets = wallets
        self.clients = clients
    }

    /// The assets `walletId` shows: natives in account order, then its tokens in the order they were added.
    public func walletAssets(walletId: WalletId) async throws(GemServiceError) -> [Asset] {
        try await walletAssets(wallet: try await wallets.requireWallet(walletId: walletId))
    }

    /// The assets `wallet` shows, for a caller that has just read the wallet.
    public func walletAssets(wallet: Wallet) async throws(GemServiceError) -> [Asset] {
        let walletId = wallet.id
        let tokens = try await store.getWalletAssets(walletId: walletId)
        let stored = tokens.isEmpty ? [] : try await store.getAssets(ids: tokens)
        return AssetRules.walletAssets(chains: wallet.accounts.map(\.chain), tokens: tokens, stored: stored)
    }

    /// An asset by id: a native coin from its chain, a token from the store, else read from its chain and stored.
    public func asset(_ id: AssetId) async throws(GemServiceError) -> Asset {
        guard id.tokenId != nil else { return AssetRules.native(id.chain) }
        if let stored = try await store.getAssets(ids: [id]).first(where: { $0.id == id }) { return stored }
        let asset = try await fetchToken(id)
        try await store.addAssets([asset])
        return asset
    }

    /// Adds a token to a wallet's list, reading its metadata from the chain when the store does not have it, and
    /// answers the asset. The wallet must have an account on the token's chain; a native asset is refused (it is
    /// always shown); a token already listed is answered as it is.
    public func addToken(walletId: WalletId, assetId: AssetId) async throws(GemServiceError) -> Asset {
        guard assetId.tokenId != nil else { throw .invalidInput(message: "\(assetId.id) is a native asset: every wallet shows it") }
        let wallet = try await wallets.requireWallet(walletId: walletId)
        guard wallet.accounts.contains(where: { $0.chain == assetId.chain }) else {
            throw .invalidInput(message: "the wallet has no \(assetId.chain.id) account")
        }
        let asset = try await asset(assetId)
        try await lane.run { () async throws(GemServiceError) in
            let listed = try await store.getWalletAssets(walletId: walletId)
            guard !listed.contains(assetId) else { return }
            guard listed.count < AssetRules.maxWalletTokens else {
                throw .invalidInput(message: "the wallet already shows \(AssetRules.maxWalletTokens) tokens")
            }
            try await store.updateWalletAssets(GemWalletAssetsUpdate(walletId: walletId, add: [assetId], remove: []))
        }
        return asset
    }

    /// Removes a token from a wallet's list (its stored metadata stays for other wallets); one not listed is
    /// `not_found`.
    public func removeToken(walletId: WalletId, assetId: AssetId) async throws(GemServiceError) {
        try await lane.run { () async throws(GemServiceError) in
            let listed = try await store.getWalletAssets(walletId: walletId)
            guard listed.contains(assetId) else { throw .notFound(message: "the wallet does not show \(JSONCodec.excerpt(assetId.id))") }
            try await store.updateWalletAssets(GemWalletAssetsUpdate(walletId: walletId, add: [], remove: [assetId]))
        }
    }

    private func fetchToken(_ id: AssetId) async throws(GemServiceError) -> Asset {
        guard let tokenId = id.tokenId else { return AssetRules.native(id.chain) }
        let client = try await clients.client(for: id.chain)
        do {
            return try AssetRules.token(id, try await client.tokenMetadata(tokenId: tokenId))
        } catch let error as ChainClientError {
            throw error.serviceError(chain: id.chain)
        } catch let error as GemServiceError {
            throw error
        } catch {
            throw .internal(message: String(describing: error))
        }
    }
}
