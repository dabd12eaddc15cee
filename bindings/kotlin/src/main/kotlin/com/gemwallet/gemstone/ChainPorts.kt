package com.gemwallet.gemstone

// The chain ports a host implements (gemstone.h "Chains: nodes, assets and balances"). As for the
// ports of Ports.kt, the binding answers the core's gem_call for each: a returned value is
// gem_call_ok, a thrown GemException is gem_call_fail with its status, and any other exception is
// gem_call_fail with GemStatus.STORE. Every method is called on a core dispatch thread where blocking
// (a database transaction) is allowed. The records are the generated ones (generated/Records.kt).

/**
 * The nodes the user added and each chain's selected node (`gem_node_store`). Only [NodeService]
 * writes it.
 */
interface NodeStore {
    /** Every added node, in the order added. */
    fun getNodes(): List<ChainNode>

    /**
     * In ONE transaction: appends each node of [add] not already stored (one stored stays where it
     * is) and deletes each node of [delete]. On failure nothing is written.
     */
    fun updateNodes(add: List<ChainNode>, delete: List<ChainNode>)

    /** The stored selections, at most one per chain. */
    fun getSelections(): List<ChainNode>

    /** Stores [url] as [chain]'s selection; null clears it. */
    fun setSelection(chain: String, url: String?)
}

/**
 * The token assets the device knows and the tokens each wallet shows (`gem_asset_store`). Native
 * assets come from the core and are never stored.
 */
interface AssetStore {
    /** The stored assets among [ids], in any order; an id not stored is left out. */
    fun getAssets(ids: List<String>): List<Asset>

    /** Upserts each asset under its id, in one transaction. */
    fun addAssets(assets: List<Asset>)

    /** The token ids [walletId] shows, in the order added. */
    fun getWalletAssets(walletId: String): List<String>

    /** Adds and removes tokens of one wallet's list, in ONE transaction. */
    fun updateWalletAssets(update: WalletAssetsUpdate)
}

/**
 * A wallet's balance rows, one [Balance] per (wallet, asset) (`gem_balance_store`). Only
 * [BalanceService] writes it.
 */
interface BalanceStore {
    /** The stored rows of [walletId] among [assetIds], in any order; an asset without a row is left out. */
    fun getBalances(walletId: String, assetIds: List<String>): List<Balance>

    /**
     * Upserts every row of [update] under (wallet id, asset id) in ONE transaction, so an observer
     * never sees a chain half written: all of them, or on failure (throw) none.
     */
    fun updateBalances(update: BalanceUpdate)
}
