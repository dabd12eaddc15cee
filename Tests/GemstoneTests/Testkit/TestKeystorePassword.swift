import GemCrypto
@testable import Gemstone

/// `GemKeystorePassword` with a fixed per-install password; can refuse (as a host's authentication
/// prompt would) and counts how often it was asked.
actor TestKeystorePassword: GemKeystorePassword {
    private let bytes: [UInt8]
    private(set) var asks = 0
    private var refusal: GemServiceError?

    init(_ text: String = "per-install password 0f3c") {
        bytes = Array(text.utf8)
    }

    func refuse(_ error: GemServiceError? = .permissionDenied(message: "the user cancelled")) {
        refusal = error
    }

    func password() async throws(GemServiceError) -> Secret {
        asks += 1
        if let refusal { throw refusal }
        return Secret(bytes)
    }
}
