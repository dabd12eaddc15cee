import Blockchain
import Dispatch
import GemCrypto
import Primitives
import Synchronization

/// The accounts of a multi-coin phrase on every chain, computed on two workers. The work is five
/// CPU-bound pieces: the BIP39 seed; the two PBKDF2 blocks of Cardano's Icarus master key (each costs
/// two seed derivations); the secp256k1 chains and the ed25519 chains (both need the seed). Two workers
/// take them in that order from one queue, so with two cores the import costs about the longest worker's
/// share instead of the sum (a worker that reaches a chain piece before the seed is done waits for the
/// worker computing it, which holds it already).
enum MulticoinDerivation {
    private enum Piece {
        case seed
        case icarus(CardanoHDKey.IcarusBlock)
        case secp256k1
        case ed25519
    }

    private struct State {
        var queue: [Piece]
        var seed: Secret?
        var icarus: [CardanoHDKey.IcarusBlock: Secret] = [:]
        var accounts: [Chain: Account] = [:]
        var error: GemServiceError?
    }

    /// The wallet id's Ethereum address and the accounts, in `chains` order.
    static func accounts(_ mnemonic: Mnemonic, chains: [Chain]) throws(GemServiceError) -> (ethereumAddress: String, accounts: [Account]) {
        let wantsCardano = chains.contains(.cardano)
        let secpChains = chains.filter { $0 != .cardano && $0.config.curve == .secp256k1 }
        let edChains = chains.filter { $0.config.curve == .ed25519 }
        let queue: [Piece] = [.seed] + (wantsCardano ? [.icarus(.first), .icarus(.second)] : []) + [.secp256k1, .ed25519]
        let state = Mutex(State(queue: queue))
        let seedDone = DispatchGroup()
        seedDone.enter()

        let run: @Sendable (Piece) throws(GemServiceError) -> Void = { piece throws(GemServiceError) in
            switch piece {
            case .seed:
                defer { seedDone.leave() }  // the chain pieces wait for this, whatever happens here
                var derivation = AccountDerivation(mnemonic: mnemonic)
                let seed = derivation.sharedSeed()
                state.withLock { $0.seed = seed }
            case let .icarus(block):
                let secret = CardanoHDKey.icarusBlock(mnemonic, block)
                state.withLock { $0.icarus[block] = secret }
            case .secp256k1, .ed25519:
                seedDone.wait()
                guard let seed = state.withLock({ $0.seed }) else { throw .internal(message: "seed missing") }
                var derivation = AccountDerivation(mnemonic: mnemonic, seed: seed)
                let pieceChains: [Chain]
                if case .secp256k1 = piece { pieceChains = secpChains } else { pieceChains = edChains }
                var derived: [Account] = []
                for chain in pieceChains { derived.append(try derivation.account(chain)) }
                state.withLock { state in for account in derived { state.accounts[account.chain] = account } }
            }
        }
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            while let piece = state.withLock({ $0.queue.isEmpty ? nil : $0.queue.removeFirst() }) {
                do throws(GemServiceError) {
                    try run(piece)
                } catch {
                    state.withLock { if $0.error == nil { $0.error = error } }
                }
            }
        }
        var (accounts, icarus, seed, failure) = state.withLock { ($0.accounts, $0.icarus, $0.seed, $0.error) }
        if let failure { throw failure }
        if wantsCardano {
            guard let first = icarus[.first], let second = icarus[.second] else { throw .internal(message: "Icarus blocks missing") }
            let master: CardanoHDKey
            do {
                master = try CardanoHDKey(icarusBlocks: first, second)
            } catch {
                throw .crypto(message: "Cardano master key: \(error)")
            }
            accounts[.cardano] = try AccountDerivation.cardanoAccount(master, chain: .cardano)
        }
        icarus = [:]
        // A multi-coin wallet is named by its Ethereum address, derived even when Ethereum is not enabled.
        let ethereum: String
        if let account = accounts[.ethereum] {
            ethereum = account.address
        } else {
            ethereum = try ethereumAddress(mnemonic, seed: seed)
        }
        seed = nil
        return (ethereum, chains.compactMap { accounts[$0] })
    }

    /// The wallet id's address when the chain list leaves Ethereum out.
    private static func ethereumAddress(_ mnemonic: Mnemonic, seed: Secret?) throws(GemServiceError) -> String {
        var derivation = seed.map { AccountDerivation(mnemonic: mnemonic, seed: $0) } ?? AccountDerivation(mnemonic: mnemonic)
        return try derivation.ethereumAddress()
    }
}
