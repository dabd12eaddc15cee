@testable import Blockchain

/// A transfer's load as the confirm service runs it: the preload, the fee rates, then the load over both.
func stages(_ transfer: any ChainTransfer, _ input: TransferInput) async throws -> TransferLoad {
    let preload = try await transfer.preload(input)
    let rates = try await transfer.feeRates(input)
    return try await transfer.load(input, preload: preload, rates: rates)
}
