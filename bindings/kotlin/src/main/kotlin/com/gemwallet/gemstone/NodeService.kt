package com.gemwallet.gemstone

import com.sun.jna.ptr.PointerByReference
import java.io.Closeable
import java.util.concurrent.CompletableFuture

/**
 * Which node each chain is reached through (`GemNodeService`): the built-in nodes, the nodes the user
 * added (kept in [store]) and each chain's selection. Requests to the nodes go through [transport].
 *
 * [timeoutMs] (1 to 600000; null for the core's 30 s) bounds each request to a node, and
 * [storeTimeoutMs] (the same range and default) each [store] call: a store that has not answered by
 * then fails its command with [GemException.Timeout], and its later answer is dropped. [nodes]
 * replaces the built-in nodes of the chains it names (`{"ethereum": ["http://127.0.0.1:8545"]}`: a
 * host shipping its own nodes, or tests on local chains); every URL is https, or http only to
 * 127.0.0.1, [::1] or localhost, else the constructor throws [GemException.InvalidInput].
 *
 * Every command has a blocking form (`add`) that throws [GemException] and a [CompletableFuture] form
 * (`addAsync`) that completes on a binding thread. Do not call a blocking form from inside a port
 * method: the port would wait on itself. The [AssetsService] and [BalanceService] made with this
 * service keep the core service alive on their own, so closing this one first is safe.
 */
class NodeService @JvmOverloads constructor(
    transport: HttpTransport,
    store: NodeStore,
    timeoutMs: Int? = null,
    nodes: Map<String, List<String>>? = null,
    storeTimeoutMs: Int? = null
) : Closeable {
    private val library = Gemstone.library
    internal val handle: NativeHandle

    init {
        val config = configArgument(NodeServiceConfig(timeoutMs?.toLong(), storeTimeoutMs?.toLong(), nodes).toJson())
        val transportContext = PortBridge.register(transport)
        val storeContext = PortBridge.register(store)
        val out = PointerByReference()
        try {
            bufferCall {
                library.gem_node_service_new(
                    config, PortBridge.transportTable(transportContext),
                    ChainPortBridge.nodeStoreTable(storeContext), out, it
                )
            }
        } catch (e: Throwable) {
            // The core took neither table: no release will come for these contexts.
            PortBridge.unregister(transportContext)
            PortBridge.unregister(storeContext)
            throw e
        }
        val pointer = out.value ?: throw GemException.local(GemStatus.INTERNAL, "gem_node_service_new gave no service")
        handle = NativeHandle(pointer, "NodeService") { library.gem_node_service_free(it) }
    }

    /** [chain]'s nodes (built-in, then added in the order added) and the one in use. */
    fun nodes(chain: String): ChainNodes = nodesAsync(chain).await()

    fun nodesAsync(chain: String?): CompletableFuture<ChainNodes> =
        handle.walletCommand("chain nodes", ::readChainNodes) { service, done, context ->
            library.gem_node_service_nodes(service, chain, done, context)
        }

    /**
     * Adds a node to its chain's list (a URL already listed stays as it is) and answers the chain's
     * nodes. A URL that is not https (or loopback http), longer than 2048 bytes, or a chain with 32
     * added nodes already is a [GemException.InvalidInput].
     */
    fun add(node: ChainNode): ChainNodes = addAsync(node).await()

    fun add(chain: String, url: String): ChainNodes = add(ChainNode(chain, url))

    fun addAsync(node: ChainNode): CompletableFuture<ChainNodes> = addJsonAsync(node.toJson().toString())

    /** [addAsync] for a node already in JSON (`{"chain":…,"url":…}`); malformed JSON is a [GemException.InvalidArgument]. */
    fun addJsonAsync(nodeJson: String?): CompletableFuture<ChainNodes> =
        handle.walletCommand("chain nodes", ::readChainNodes) { service, done, context ->
            library.gem_node_service_add(service, nodeJson, done, context)
        }

    /**
     * Removes an added node (a selected one gives the chain back its default) and answers the chain's
     * nodes. A built-in node is a [GemException.InvalidInput], a node not listed a [GemException.NotFound].
     */
    fun remove(node: ChainNode): ChainNodes = removeAsync(node).await()

    fun removeAsync(node: ChainNode): CompletableFuture<ChainNodes> = removeJsonAsync(node.toJson().toString())

    fun removeJsonAsync(nodeJson: String?): CompletableFuture<ChainNodes> =
        handle.walletCommand("chain nodes", ::readChainNodes) { service, done, context ->
            library.gem_node_service_remove(service, nodeJson, done, context)
        }

    /** Makes the chain's requests use [node], one of its nodes ([GemException.NotFound] otherwise). */
    fun select(node: ChainNode): ChainNodes = selectAsync(node).await()

    fun selectAsync(node: ChainNode): CompletableFuture<ChainNodes> = selectJsonAsync(node.toJson().toString())

    fun selectJsonAsync(nodeJson: String?): CompletableFuture<ChainNodes> =
        handle.walletCommand("chain nodes", ::readChainNodes) { service, done, context ->
            library.gem_node_service_select(service, nodeJson, done, context)
        }

    /**
     * Checks a node, listed or not: the verdict ([NodeCheckStatus.Ok], [NodeCheckStatus.WrongNetwork]
     * with both ids, or [NodeCheckStatus.Unreachable] with the error) and the rows a check screen lists.
     * An unreachable node is an answer; only a malformed URL throws ([GemException.InvalidInput]).
     */
    fun check(node: ChainNode): NodeCheck = checkAsync(node).await()

    fun checkAsync(node: ChainNode): CompletableFuture<NodeCheck> = checkJsonAsync(node.toJson().toString())

    fun checkJsonAsync(nodeJson: String?): CompletableFuture<NodeCheck> =
        handle.walletCommand("node check", { NodeCheck.fromJson(parseObject(it)) }) { service, done, context ->
            library.gem_node_service_check(service, nodeJson, done, context)
        }

    /**
     * Re-resolves every stored selection (call it at start, before any refresh): a selection naming a
     * node its chain no longer offers is cleared. Answers the selections cleared.
     */
    fun resolveSelections(): List<ChainNode> = resolveSelectionsAsync().await()

    fun resolveSelectionsAsync(): CompletableFuture<List<ChainNode>> =
        handle.walletCommand("cleared selections", { ChainNode.listFromJson(parseArray(it)) }) { service, done, context ->
            library.gem_node_service_resolve_selections(service, done, context)
        }

    val isClosed: Boolean get() = handle.isClosed

    /** Releases the binding's reference; in-flight commands complete with [GemException.Cancelled]. Idempotent. */
    override fun close() = handle.close()

    private companion object {
        fun readChainNodes(bytes: ByteArray): ChainNodes = ChainNodes.fromJson(parseObject(bytes))
    }
}
