import Primitives

/// A wallet made from a new phrase, with the phrase as a copy model of kind `secretPhrase` (shown once,
/// for the user's backup). Crosses as `{"wallet":{…},"phrase":{"kind":{"type":"secret_phrase"},…}}`.
public struct GemWalletCreated: Sendable, Equatable, Codable {
    public var wallet: Wallet
    public var phrase: GemCopy

    public init(wallet: Wallet, phrase: GemCopy) {
        self.wallet = wallet
        self.phrase = phrase
    }
}
