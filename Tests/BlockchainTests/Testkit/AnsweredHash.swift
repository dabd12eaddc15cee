import Primitives
import Testing

@testable import Blockchain

/// Broadcasts `signed` twice through a node whose broadcast `answer` names `other` as the transaction it accepted:
/// first with `other` replaced by the signed hash (answered back as it is), then unchanged (refused as malformed,
/// `noun` being the family's word for its hash: a node lying or broken about what it accepted). One request each.
func expectTheAnsweredHashIsTheSignedOne(_ signed: SignedTransaction, answer: String, other: String, status: Int = 200, noun: String,
                                         transfer: (RecordingChainTransport) throws -> any ChainTransfer) async throws {
    #expect(signed.hash != other)
    let node = RecordingChainTransport()
    await node.answer(answer.replacingOccurrences(of: other, with: signed.hash), status: status)
    await node.answer(answer, status: status)
    let transfer = try transfer(node)
    #expect(try await transfer.broadcast(signed) == signed.hash)
    await #expect(throws: ChainClientError.malformed("the node answered \(noun) \(other) for transaction \(signed.hash)")) {
        try await transfer.broadcast(signed)
    }
    #expect(await node.requests.count == 2)
}
