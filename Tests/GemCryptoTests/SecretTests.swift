import GemCrypto
import Testing

@Suite struct SecretTests {
    @Test func neverPrintsItsBytes() {
        let secret = Secret([0xde, 0xad, 0xbe, 0xef])
        for text in ["\(secret)", String(describing: secret), String(reflecting: secret), dumped(secret), "\([secret])", "\(Optional(secret) as Any)"] {
            #expect(!text.contains("222"))
            #expect(!text.lowercased().contains("dead"))
            #expect(!text.contains("239"))
        }
        #expect(secret.description == "Secret(4 bytes, redacted)")
    }

    @Test func wipingInitZeroesTheCallersArray() {
        var bytes: [UInt8] = [1, 2, 3, 4]
        let secret = Secret(wiping: &bytes)
        #expect(bytes == [0, 0, 0, 0])
        #expect(secret.revealBytes() == [1, 2, 3, 4])
    }

    @Test func equalityAndSpan() {
        #expect(Secret([1, 2]) == Secret([1, 2]))
        #expect(Secret([1, 2]) != Secret([1, 3]))
        #expect(Secret([1, 2]) != Secret([1, 2, 3]))
        #expect(Secret([]) == Secret([]))
        let sum = Secret([1, 2, 3]).withSpan { span in
            var total = 0
            for i in span.indices { total += Int(span[i]) }
            return total
        }
        #expect(sum == 6)
    }

    @Test func sendableAcrossTasks() async {
        let secret = Secret([7, 7, 7])
        let count = await Task.detached { secret.revealBytes().count }.value
        #expect(count == 3)
    }
}
