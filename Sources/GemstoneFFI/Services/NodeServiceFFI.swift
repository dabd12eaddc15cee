import Blockchain
import CGemstone
import Gemstone
import Primitives

/// Reads a required chain id argument.
func requireChain(_ pointer: UnsafePointer<CChar>?, _ name: String = "chain") throws(ABIError) -> Chain {
    let id = try requireString(pointer, name)
    guard let chain = Chain(id: id) else { throw ABIError(message: "\(name): unknown chain id \"\(JSONCodec.excerpt(id))\"") }
    return chain
}

/// Reads a required asset id argument.
func requireAssetId(_ pointer: UnsafePointer<CChar>?, _ name: String = "asset_id") throws(ABIError) -> AssetId {
    let text = try requireString(pointer, name)
    do {
        return try AssetId(parsing: text)
    } catch {
        throw ABIError(message: "\(name): \(error.description)")
    }
}

@c @implementation
public func gem_node_service_new(_ configJSON: UnsafePointer<CChar>?, _ transport: UnsafePointer<gem_http_transport>?,
                                 _ store: UnsafePointer<gem_node_store>?, _ outService: UnsafeMutablePointer<OpaquePointer?>?,
                                 _ outError: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    deliverHandle(outService, outError) {
        let config = configJSON == nil ? GemNodeServiceConfig() : try decodeArgument(GemNodeServiceConfig.self, configJSON, "config_json")
        let timeoutMs = try boundedMilliseconds(config.timeoutMs, default: 30_000, "config_json.timeout_ms")
        let storeTimeout = try storeCallTimeout(config.storeTimeoutMs, "config_json.store_timeout_ms")
        var overrides: [Chain: [String]] = [:]
        for (id, urls) in config.nodes ?? [:] {
            guard let chain = Chain(id: id) else {
                throw ABIError(message: "config_json.nodes: unknown chain id \"\(JSONCodec.excerpt(id))\"")
            }
            overrides[chain] = urls
        }
        let lifetime = Lifetime()
        let construction = Construction()
        let service = try GemNodeService(
            store: try NodeStoreAdapter(store, lifetime: lifetime, timeout: storeTimeout, construction: construction),
            http: try HTTPTransportAdapter(transport, lifetime: lifetime, timeout: .milliseconds(timeoutMs), construction: construction),
            builtin: ChainNodes.builtin,
            overrides: overrides
        )
        construction.commit()
        return ServiceHandle(service, lifetime: lifetime).retainedPointer()
    }
}

@c @implementation
public func gem_node_service_free(_ service: OpaquePointer?) {
    ServiceHandle<GemNodeService>.release(service)
}

@c @implementation
public func gem_node_service_nodes(_ service: OpaquePointer?, _ chain: UnsafePointer<CChar>?,
                                   _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemNodeService.self, done, context) { service in
        let chain = try requireChain(chain)
        return { try JSONCodec.encode(try await service.nodes(chain: chain)) }
    }
}

@c @implementation
public func gem_node_service_add(_ service: OpaquePointer?, _ nodeJSON: UnsafePointer<CChar>?,
                                 _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemNodeService.self, done, context) { service in
        let node = try decodeArgument(GemChainNode.self, nodeJSON, "node_json")
        return { try JSONCodec.encode(try await service.add(node)) }
    }
}

@c @implementation
public func gem_node_service_remove(_ service: OpaquePointer?, _ nodeJSON: UnsafePointer<CChar>?,
                                    _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemNodeService.self, done, context) { service in
        let node = try decodeArgument(GemChainNode.self, nodeJSON, "node_json")
        return { try JSONCodec.encode(try await service.remove(node)) }
    }
}

@c @implementation
public func gem_node_service_select(_ service: OpaquePointer?, _ nodeJSON: UnsafePointer<CChar>?,
                                    _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemNodeService.self, done, context) { service in
        let node = try decodeArgument(GemChainNode.self, nodeJSON, "node_json")
        return { try JSONCodec.encode(try await service.select(node)) }
    }
}

@c @implementation
public func gem_node_service_check(_ service: OpaquePointer?, _ nodeJSON: UnsafePointer<CChar>?,
                                   _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemNodeService.self, done, context) { service in
        let node = try decodeArgument(GemChainNode.self, nodeJSON, "node_json")
        return { try JSONCodec.encode(try await service.check(node)) }
    }
}

@c @implementation
public func gem_node_service_resolve_selections(_ service: OpaquePointer?, _ done: gem_completion_fn?,
                                                _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemNodeService.self, done, context) { service in
        { try JSONCodec.encode(try await service.resolveSelections()) }
    }
}
