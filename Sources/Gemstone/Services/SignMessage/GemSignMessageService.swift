import Blockchain
import GemCrypto
import Primitives
#if canImport(Glibc)
import Glibc
#endif

/// Message signing (the specification's `GemSignMessageService`): a dApp's request previewed as the rows its
/// confirmation screen shows, then signed with the wallet's key for the request's chain. Signing reads the keystore
/// password once (through `GemSigningKeys`), signs inside the core, and drops the key before answering, which
/// wipes it; a key never crosses the ABI. Everything the preview refuses, signing refuses too, before the password
/// is asked for.
public final class GemSignMessageService: Sendable {
    private let keys: GemSigningKeys
    private let session: GemWalletSessionService
    private let now: @Sendable () -> UInt64

    package init(keys: GemSigningKeys, session: GemWalletSessionService, now: @escaping @Sendable () -> UInt64) {
        self.keys = keys
        self.session = session
        self.now = now
    }

    /// Over the wallet service's session and keystore (the one keystore of the composition root), with the
    /// system's wall clock for TON proofs.
    public convenience init(wallets: GemWalletService) {
        self.init(keys: GemSigningKeys(wallets: wallets), session: wallets.session, now: Self.secondsSince1970)
    }

    /// The rows of the confirmation screen; a malformed request is `invalidInput`.
    public func preview(_ request: GemSignMessageRequest) throws(GemServiceError) -> GemSignMessagePreview {
        try SignMessageRules.preview(request)
    }

    /// Signs `request` with `walletId`'s key on the request's chain, after one password read.
    public func sign(walletId: WalletId, request: GemSignMessageRequest) async throws(GemServiceError) -> GemSignMessageSignature {
        _ = try SignMessageRules.preview(request)
        let wallet = try await session.requireWallet(walletId: walletId)
        guard wallet.type != .view else { throw .invalidInput(message: GemSigningError.watchOnly.description) }
        guard let account = wallet.account(for: request.chain) else {
            throw .invalidInput(message: GemSigningError.noAccount(request.chain).description)
        }
        let opened: SigningKeys
        do {
            opened = try await keys.keys(walletId: walletId, chains: [request.chain])
        } catch {
            throw GemServiceError(signing: error)
        }
        guard let key = opened.key(for: request.chain) else {
            throw .internal(message: "no \(request.chain.id) key was derived")
        }
        return try SignMessageSigner.sign(request, key: key, address: account.address, now: now())
    }

    @Sendable static func secondsSince1970() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return UInt64(max(0, spec.tv_sec))
    }
}

extension GemServiceError {
    /// A signing-key refusal as the service error a host distinguishes: a wrong password is `crypto`, a port's
    /// failure its own error, a wallet that cannot sign here `invalidInput`.
    init(signing error: GemSigningError) {
        switch error {
        case .service(let error): self = error
        case .wrongPassword, .keyMismatch, .keystore: self = .crypto(message: error.description)
        case .watchOnly, .noChains, .noAccount, .unsupportedChain: self = .invalidInput(message: error.description)
        }
    }
}
