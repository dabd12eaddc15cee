package com.gemwallet.gemstone

import com.gemwallet.gemstone.ffi.GemAssetStoreTable
import com.gemwallet.gemstone.ffi.GemBalanceStoreTable
import com.gemwallet.gemstone.ffi.GemNodeStoreTable
import com.gemwallet.gemstone.ffi.GemPortFn
import com.sun.jna.CallbackThreadInitializer
import com.sun.jna.Native
import com.sun.jna.Pointer
import org.json.JSONObject

/**
 * The native callbacks of the chain stores (`gem_node_store`, `gem_asset_store`,
 * `gem_balance_store`), served through [PortBridge] (one callback per method for the life of the
 * process; a table's context keys its Kotlin port there), and the tables built from them. Every
 * method runs inline: the core calls these stores on a dispatch thread where blocking is allowed.
 * Arguments are read as the generated records; an argument the binding cannot read fails the
 * call with [GemStatus.STORE] and nothing is written.
 */
internal object ChainPortBridge {
    private inline fun <reified P : Any> jsonMethod(noinline body: (P, JSONObject) -> String): GemPortFn =
        PortBridge.portMethod(P::class.java, GemStatus.STORE, GemStatus.STORE, inline = true) { port, args ->
            body(port, args).toByteArray(Charsets.UTF_8)
        }

    // gem_node_store

    val nodesGet: GemPortFn = jsonMethod<NodeStore> { store, _ -> ChainNode.listToJson(store.getNodes()).toString() }

    val nodesUpdate: GemPortFn = jsonMethod<NodeStore> { store, args ->
        store.updateNodes(ChainNode.listFromJson(args.requireArray("add")), ChainNode.listFromJson(args.requireArray("delete")))
        "null"
    }

    val selectionsGet: GemPortFn = jsonMethod<NodeStore> { store, _ -> ChainNode.listToJson(store.getSelections()).toString() }

    val selectionSet: GemPortFn = jsonMethod<NodeStore> { store, args ->
        if (!args.has("url")) throw IllegalArgumentException("\"url\" is missing")
        store.setSelection(args.requireString("chain"), args.stringOrNull("url"))
        "null"
    }

    // gem_asset_store

    val assetsGet: GemPortFn = jsonMethod<AssetStore> { store, args ->
        Asset.listToJson(store.getAssets(args.requireArray("ids").strings())).toString()
    }

    val assetsAdd: GemPortFn = jsonMethod<AssetStore> { store, args ->
        store.addAssets(Asset.listFromJson(args.requireArray("assets")))
        "null"
    }

    val walletAssetsGet: GemPortFn = jsonMethod<AssetStore> { store, args ->
        org.json.JSONArray(store.getWalletAssets(args.requireString("wallet_id"))).toString()
    }

    val walletAssetsUpdate: GemPortFn = jsonMethod<AssetStore> { store, args ->
        store.updateWalletAssets(WalletAssetsUpdate.fromJson(args))
        "null"
    }

    // gem_balance_store

    val balancesGet: GemPortFn = jsonMethod<BalanceStore> { store, args ->
        Balance.listToJson(store.getBalances(args.requireString("wallet_id"), args.requireArray("asset_ids").strings())).toString()
    }

    val balancesUpdate: GemPortFn = jsonMethod<BalanceStore> { store, args ->
        store.updateBalances(BalanceUpdate.fromJson(args))
        "null"
    }

    init {
        val threads = CallbackThreadInitializer(true, false, "gemstone-core")
        listOf(
            nodesGet, nodesUpdate, selectionsGet, selectionSet, assetsGet, assetsAdd, walletAssetsGet, walletAssetsUpdate,
            balancesGet, balancesUpdate
        ).forEach { Native.setCallbackThreadInitializer(it, threads) }
    }

    fun nodeStoreTable(context: Pointer) = GemNodeStoreTable().apply {
        this.context = context
        release = PortBridge.release
        get_nodes = nodesGet
        update_nodes = nodesUpdate
        get_selections = selectionsGet
        set_selection = selectionSet
    }

    fun assetStoreTable(context: Pointer) = GemAssetStoreTable().apply {
        this.context = context
        release = PortBridge.release
        get_assets = assetsGet
        add_assets = assetsAdd
        get_wallet_assets = walletAssetsGet
        update_wallet_assets = walletAssetsUpdate
    }

    fun balanceStoreTable(context: Pointer) = GemBalanceStoreTable().apply {
        this.context = context
        release = PortBridge.release
        get_balances = balancesGet
        update_balances = balancesUpdate
    }
}
