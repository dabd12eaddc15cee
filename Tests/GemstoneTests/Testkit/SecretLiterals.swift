import GemCrypto
import Gemstone

// Test fixtures write a phrase or key as a literal; production code builds a Secret only from the text it read.
extension Secret: ExpressibleByStringLiteral {
    public convenience init(stringLiteral text: String) {
        self.init(text: text)
    }
}
