import Blockchain
import Primitives

/// Gives a service the transfer stages of a chain over the node that chain uses now (`GemNodeService`).
public protocol GemChainTransfers: Sendable {
    /// The chain's transfer; `invalidInput` for a chain whose transfer is not built.
    func transfer(for chain: Chain) async throws(GemServiceError) -> any ChainTransfer
}

extension GemNodeService: GemChainTransfers {
    public func transfer(for chain: Chain) async throws(GemServiceError) -> any ChainTransfer {
        let transport = try await transport(for: chain)
        guard let transfer = ChainTransfers.transfer(for: chain, transport: transport) else {
            throw .invalidInput(message: "\(chain.id): sending is not supported on this chain yet")
        }
        return transfer
    }
}
