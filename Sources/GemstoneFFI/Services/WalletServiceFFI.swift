import CGemstone
import Gemstone
import Primitives

@c @implementation
public func gem_wallet_service_new(_ configJSON: UnsafePointer<CChar>?,
                                   _ store: UnsafePointer<gem_wallet_store>?,
                                   _ sessionStore: UnsafePointer<gem_wallet_session_store>?,
                                   _ secureStore: UnsafePointer<gem_secure_store>?,
                                   _ password: UnsafePointer<gem_keystore_password>?,
                                   _ outService: UnsafeMutablePointer<OpaquePointer?>?,
                                   _ outError: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    deliverHandle(outService, outError) {
        let config = configJSON == nil ? GemWalletServiceConfig() : try decodeArgument(GemWalletServiceConfig.self, configJSON, "config_json")
        let parameters: KeystoreParameters
        do {
            parameters = try KeystoreParameters(iterations: config.kdfIterations ?? KeystoreParameters.standard.iterations,
                                                memoryKiB: config.kdfMemoryKib ?? KeystoreParameters.standard.memoryKiB)
        } catch {
            throw ABIError(message: "config_json: kdf_iterations must be 2...4 and kdf_memory_kib 19456...262144")
        }
        let storeTimeout = try storeCallTimeout(config.storeTimeoutMs, "config_json.store_timeout_ms")
        let lifetime = Lifetime()
        let construction = Construction()
        // The wallet service holds its own session service over its own copies of the store tables, so
        // that freeing the host's session service never cancels the wallet service's store calls.
        let session = GemWalletSessionService(
            walletStore: try WalletStoreAdapter(store, lifetime: lifetime, timeout: storeTimeout, construction: construction),
            sessionStore: try WalletSessionStoreAdapter(sessionStore, construction: construction)
        )
        let keystore = GemKeystore(
            secureStore: try SecureStoreAdapter(secureStore, lifetime: lifetime, timeout: storeTimeout, construction: construction),
            password: try KeystorePasswordAdapter(password, lifetime: lifetime, construction: construction),
            parameters: parameters
        )
        let service = GemWalletService(session: session, keystore: keystore)
        construction.commit()
        return ServiceHandle(service, lifetime: lifetime).retainedPointer()
    }
}

@c @implementation
public func gem_wallet_service_free(_ service: OpaquePointer?) {
    ServiceHandle<GemWalletService>.release(service)
}

@c @implementation
public func gem_wallet_service_create_wallet(_ service: OpaquePointer?, _ requestJSON: UnsafePointer<CChar>?,
                                             _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemWalletService.self, done, context) { service in
        let request = requestJSON == nil ? GemWalletCreateRequest() : try decodeArgument(GemWalletCreateRequest.self, requestJSON, "request_json")
        return {
            try JSONCodec.encode(try await service.createWallet(name: request.name, wordCount: request.wordCount ?? 12,
                                                                chains: request.chains ?? []))
        }
    }
}

@c @implementation
public func gem_wallet_service_import_wallet(_ service: OpaquePointer?, _ importJSON: UnsafePointer<CChar>?,
                                             _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemWalletService.self, done, context) { service in
        let request = try decodeArgument(GemWalletImport.self, importJSON, "import_json")
        return { try JSONCodec.encode(try await service.importWallet(request)) }
    }
}

@c @implementation
public func gem_wallet_service_preview_import(_ service: OpaquePointer?, _ importJSON: UnsafePointer<CChar>?,
                                              _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemWalletService.self, done, context) { service in
        let request = try decodeArgument(GemWalletImport.self, importJSON, "import_json")
        return { try JSONCodec.encode(try await service.previewImport(request)) }
    }
}

@c @implementation
public func gem_wallet_service_rename_wallet(_ service: OpaquePointer?, _ walletId: UnsafePointer<CChar>?,
                                             _ name: UnsafePointer<CChar>?,
                                             _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemWalletService.self, done, context) { service in
        let walletId = try requireWalletId(walletId)
        let name = try requireString(name, "name")
        return { try JSONCodec.encode(try await service.renameWallet(walletId: walletId, name: name)) }
    }
}

@c @implementation
public func gem_wallet_service_set_pinned(_ service: OpaquePointer?, _ walletId: UnsafePointer<CChar>?, _ pinned: Int32,
                                          _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemWalletService.self, done, context) { service in
        let walletId = try requireWalletId(walletId)
        return { try JSONCodec.encode(try await service.setPinned(walletId: walletId, pinned: pinned != 0)) }
    }
}

@c @implementation
public func gem_wallet_service_delete_wallet(_ service: OpaquePointer?, _ walletId: UnsafePointer<CChar>?,
                                             _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemWalletService.self, done, context) { service in
        let walletId = try requireWalletId(walletId)
        return {
            let current = try await service.deleteWallet(walletId: walletId)
            return try JSONCodec.encode(GemWalletDeleted(deletedWalletId: walletId, currentWalletId: current))
        }
    }
}

@c @implementation
public func gem_wallet_service_set_current_wallet_id(_ service: OpaquePointer?, _ walletId: UnsafePointer<CChar>?,
                                                     _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemWalletService.self, done, context) { service in
        let walletId = try requireWalletId(walletId)
        return { try JSONCodec.encode(try await service.setCurrentWalletId(walletId)) }
    }
}

@c @implementation
public func gem_wallet_service_export_secret(_ service: OpaquePointer?, _ walletId: UnsafePointer<CChar>?,
                                             _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemWalletService.self, done, context) { service in
        let walletId = try requireWalletId(walletId)
        return { try JSONCodec.encode(try await service.exportSecret(walletId: walletId)) }
    }
}

@c @implementation
public func gem_wallet_service_startup_sweep(_ service: OpaquePointer?,
                                             _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemWalletService.self, done, context) { service in
        return { try JSONCodec.encode(await service.startupSweep()) }
    }
}
