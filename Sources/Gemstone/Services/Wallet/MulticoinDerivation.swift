import Blockchain
import Dispatch
import GemCrypto
import Primitives
import Synchronization

/// The accounts of a multi-coin phrase on every chain, computed in parallel off the cooperative pool.
/// The work is five CPU-bound pieces: the BIP39 seed; the two PBKDF2 blocks of Cardano's Icarus master
/// key (each costs two seed derivations); the secp256k1 chains and the ed25519 chains (both need the
/// seed). Each piece is one block on a global dispatch queue: the seed and the Icarus blocks are
/// submitted at once, and the seed's block submits the two chain pieces when the seed is ready, so
/// with two cores the import costs about the longest path instead of the sum. No thread ever waits:
/// the caller's task is suspended on a continuation that the pieces' `DispatchGroup` resumes through
/// `notify` once every piece (including those submitted later) has finished.
enum MulticoinDerivation {
    private enum Piece {
        case seed
        case icarus(CardanoHDKey.IcarusBlock)
        case secp256k1
        case ed25519
    }

    private struct State {
        var seed: Secret?
        var icarus: [CardanoHDKey.IcarusBlock: Secret] = [:]
        var accounts: [Chain: Account] = [:]
        var error: GemServiceError?
    }

    /// One derivation's pieces and what they produce.
    private final class Run: Sendable {
        let mnemonic: Mnemonic
        let secpChains: [Chain]
        let edChains: [Chain]
        let state = Mutex(State())
        let group = DispatchGroup()

        init(mnemonic: Mnemonic, secpChains: [Chain], edChains: [Chain]) {
            self.mnemonic = mnemonic
            self.secpChains = secpChains
            self.edChains = edChains
        }

        /// Runs `piece` on a global queue, counted by `group` until it (and anything it submits) ends.
        func submit(_ piece: Piece) {
            group.enter()
            DispatchQueue.global(qos: .userInitiated).async {
                defer { self.group.leave() }
                do throws(GemServiceError) {
                    try self.perform(piece)
                } catch {
                    self.state.withLock { if $0.error == nil { $0.error = error } }
                }
            }
        }

        private func perform(_ piece: Piece) throws(GemServiceError) {
            switch piece {
            case .seed:
                var derivation = AccountDerivation(mnemonic: mnemonic)
                let seed = derivation.sharedSeed()
                state.withLock { $0.seed = seed }
                // Submitted before this block leaves the group, so the group cannot empty in between.
                submit(.secp256k1)
                submit(.ed25519)
            case let .icarus(block):
                let secret = CardanoHDKey.icarusBlock(mnemonic, block)
                state.withLock { $0.icarus[block] = secret }
            case .secp256k1, .ed25519:
                guard let seed = state.withLock({ $0.seed }) else { throw .internal(message: "seed missing") }
                var derivation = AccountDerivation(mnemonic: mnemonic, seed: seed)
                let pieceChains: [Chain]
                if case .secp256k1 = piece { pieceChains = secpChains } else { pieceChains = edChains }
                var derived: [Account] = []
                for chain in pieceChains { derived.append(try derivation.account(chain)) }
                state.withLock { state in for account in derived { state.accounts[account.chain] = account } }
            }
        }
    }

    /// The wallet id's Ethereum address and the accounts, in `chains` order.
    static func accounts(_ mnemonic: Mnemonic, chains: [Chain]) async throws(GemServiceError) -> (ethereumAddress: String, accounts: [Account]) {
        let wantsCardano = chains.contains(.cardano)
        let run = Run(mnemonic: mnemonic,
                      secpChains: chains.filter { $0 != .cardano && $0.config.curve == .secp256k1 },
                      edChains: chains.filter { $0.config.curve == .ed25519 })
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            run.submit(.seed)
            if wantsCardano {
                run.submit(.icarus(.first))
                run.submit(.icarus(.second))
            }
            // Registered after the first submissions: the group is not empty until every piece is done.
            run.group.notify(queue: .global(qos: .userInitiated)) { finished.resume() }
        }
        var (accounts, icarus, seed, failure) = run.state.withLock { ($0.accounts, $0.icarus, $0.seed, $0.error) }
        run.state.withLock { $0 = State() }
        if let failure { throw failure }
        guard seed != nil else { throw .internal(message: "seed missing") }
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
