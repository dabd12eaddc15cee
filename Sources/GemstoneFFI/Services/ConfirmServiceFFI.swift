import CGemstone
import Gemstone
import Primitives

// The send: the transactions service, the state service (tracking) and the confirm service (gemstone.h, "Send").

/// A transaction id argument ("<chain>_<hash>"): 1 to 512 bytes of UTF-8.
private func requireTransactionId(_ pointer: UnsafePointer<CChar>?) throws(ABIError) -> String {
    let id = try requireString(pointer, "transaction_id")
    guard !id.isEmpty, id.utf8.count <= 512 else { throw ABIError(message: "transaction_id must be 1 to 512 bytes") }
    return id
}

/// The largest request_json a transactions or confirm command reads.
private let transactionsRequestLimit = 4096
private let confirmRequestLimit = 16_384

@c @implementation
public func gem_transactions_service_new(_ configJSON: UnsafePointer<CChar>?, _ assets: OpaquePointer?, _ store: UnsafePointer<gem_transaction_store>?,
                                         _ outService: UnsafeMutablePointer<OpaquePointer?>?,
                                         _ outError: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    deliverHandle(outService, outError) {
        let config = configJSON == nil
            ? GemTransactionsServiceConfig() : try decodeArgument(GemTransactionsServiceConfig.self, configJSON, "config_json")
        let storeTimeout = try storeCallTimeout(config.storeTimeoutMs, "config_json.store_timeout_ms")
        let assets = try ServiceHandle<GemAssetsService>.require(assets, "assets").service
        let lifetime = Lifetime()
        let construction = Construction()
        let store = try TransactionStoreAdapter(store, lifetime: lifetime, timeout: storeTimeout, construction: construction)
        let service = GemTransactionsService(store: store, assets: assets)
        construction.commit()
        return ServiceHandle(service, lifetime: lifetime).retainedPointer()
    }
}

@c @implementation
public func gem_transactions_service_free(_ service: OpaquePointer?) {
    ServiceHandle<GemTransactionsService>.release(service)
}

@c @implementation
public func gem_transactions_service_rows(_ service: OpaquePointer?, _ requestJSON: UnsafePointer<CChar>?,
                                          _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemTransactionsService.self, done, context) { service in
        let request = try decodeBoundedArgument(GemTransactionsRequest.self, requestJSON, "request_json", limit: transactionsRequestLimit)
        let window = GemListWindow(limit: request.limit, maximum: max(request.limit, 0))
        return { try JSONCodec.encode(try await service.rows(walletId: request.walletId, window: window, currency: request.currency)) }
    }
}

@c @implementation
public func gem_transactions_service_transactions(_ service: OpaquePointer?, _ requestJSON: UnsafePointer<CChar>?,
                                                  _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemTransactionsService.self, done, context) { service in
        let request = try decodeBoundedArgument(GemTransactionsRequest.self, requestJSON, "request_json", limit: transactionsRequestLimit)
        let window = GemListWindow(limit: request.limit, maximum: max(request.limit, 0))
        return { try JSONCodec.encode(try await service.transactions(walletId: request.walletId, window: window)) }
    }
}

@c @implementation
public func gem_transactions_service_transaction(_ service: OpaquePointer?, _ transactionId: UnsafePointer<CChar>?,
                                                 _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemTransactionsService.self, done, context) { service in
        let id = try requireTransactionId(transactionId)
        return { try JSONCodec.encode(try await service.transaction(id: id)) }
    }
}

@c @implementation
public func gem_transaction_state_service_new(_ configJSON: UnsafePointer<CChar>?, _ transactions: OpaquePointer?, _ nodes: OpaquePointer?,
                                              _ balances: OpaquePointer?, _ outService: UnsafeMutablePointer<OpaquePointer?>?,
                                              _ outError: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    deliverHandle(outService, outError) {
        let config = configJSON == nil ? GemTransactionStateServiceConfig()
            : try decodeBoundedArgument(GemTransactionStateServiceConfig.self, configJSON, "config_json", limit: transactionsRequestLimit)
        let interval = try boundedMilliseconds(config.intervalMs, default: 2_000, "config_json.interval_ms")
        let maxPolls = config.maxPolls ?? 900
        guard (1...100_000).contains(maxPolls) else { throw ABIError(message: "config_json.max_polls must be between 1 and 100000") }
        let transactions = try ServiceHandle<GemTransactionsService>.require(transactions, "transactions").service
        let nodes = try ServiceHandle<GemNodeService>.require(nodes, "nodes").service
        let balanceService = balances == nil ? nil : try ServiceHandle<GemBalanceService>.require(balances, "balances").service
        let service = GemTransactionStateService(transactions: transactions, transfers: nodes, balances: balanceService,
                                                 interval: .milliseconds(interval), maxPolls: maxPolls)
        return ServiceHandle(service, lifetime: Lifetime()).retainedPointer()
    }
}

@c @implementation
public func gem_transaction_state_service_free(_ service: OpaquePointer?) {
    ServiceHandle<GemTransactionStateService>.release(service)
}

@c @implementation
public func gem_transaction_state_service_track(_ service: OpaquePointer?, _ transactionId: UnsafePointer<CChar>?,
                                                _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemTransactionStateService.self, done, context) { service in
        let id = try requireTransactionId(transactionId)
        return { try JSONCodec.encode(try await service.track(transactionId: id)) }
    }
}

@c @implementation
public func gem_confirm_transfer_service_new(_ configJSON: UnsafePointer<CChar>?, _ wallets: OpaquePointer?, _ assets: OpaquePointer?,
                                            _ nodes: OpaquePointer?, _ transactions: OpaquePointer?,
                                            _ transport: UnsafePointer<gem_http_transport>?,
                                            _ status: UnsafePointer<gem_transaction_status_port>?,
                                            _ outService: UnsafeMutablePointer<OpaquePointer?>?,
                                            _ outError: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    deliverHandle(outService, outError) {
        let config = configJSON == nil ? GemConfirmTransferServiceConfig()
            : try decodeBoundedArgument(GemConfirmTransferServiceConfig.self, configJSON, "config_json", limit: transactionsRequestLimit)
        let timeoutMs = try boundedMilliseconds(config.timeoutMs, default: 30_000, "config_json.timeout_ms")
        let storeTimeout = try storeCallTimeout(config.storeTimeoutMs, "config_json.store_timeout_ms")
        let wallets = try ServiceHandle<GemWalletService>.require(wallets, "wallets").service
        let assets = try ServiceHandle<GemAssetsService>.require(assets, "assets").service
        let nodes = try ServiceHandle<GemNodeService>.require(nodes, "nodes").service
        let transactions = try ServiceHandle<GemTransactionsService>.require(transactions, "transactions").service
        let lifetime = Lifetime()
        let construction = Construction()
        let statusPort = try TransactionStatusPortAdapter(status, lifetime: lifetime, timeout: storeTimeout, construction: construction)
        var scanner: GemScanService?
        var simulator: GemSimulationService?
        if let apiUrl = config.apiUrl {
            let http = try HTTPTransportAdapter(transport, lifetime: lifetime, timeout: .milliseconds(timeoutMs), construction: construction)
            scanner = try GemScanService(baseURL: apiUrl, http: http)
            simulator = try GemSimulationService(baseURL: apiUrl, http: http)
        } else if transport != nil {
            throw ABIError(message: "transport is given without config_json.api_url")
        }
        let service = GemConfirmTransferService(wallets: wallets, assets: assets, transfers: nodes, scanner: scanner, simulator: simulator,
                                                transactions: transactions, status: statusPort,
                                                now: { Int64(time(nil)) })
        construction.commit()
        return ServiceHandle(service, lifetime: lifetime).retainedPointer()
    }
}

@c @implementation
public func gem_confirm_transfer_service_free(_ service: OpaquePointer?) {
    ServiceHandle<GemConfirmTransferService>.release(service)
}

@c @implementation
public func gem_confirm_transfer_service_load(_ service: OpaquePointer?, _ requestJSON: UnsafePointer<CChar>?,
                                              _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemConfirmTransferService.self, done, context) { service in
        let request = try decodeBoundedArgument(GemConfirmRequest.self, requestJSON, "request_json", limit: confirmRequestLimit)
        return { try JSONCodec.encode(try await service.load(request.transfer, priority: request.priority, refresh: request.refresh)) }
    }
}

@c @implementation
public func gem_confirm_transfer_service_submit(_ service: OpaquePointer?, _ requestJSON: UnsafePointer<CChar>?,
                                                _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemConfirmTransferService.self, done, context) { service in
        let request = try decodeBoundedArgument(GemConfirmRequest.self, requestJSON, "request_json", limit: confirmRequestLimit)
        return { try JSONCodec.encode(try await service.submit(request.transfer, priority: request.priority)) }
    }
}

#if canImport(Glibc)
import Glibc
#endif
