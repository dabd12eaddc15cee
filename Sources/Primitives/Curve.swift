/// The key scheme a chain's accounts are derived and signed with.
/// Cases are Trust Wallet Core registry.json's curves, which the specification's apps derive with.
public enum Curve: String, CaseIterable, Sendable, Hashable, Codable {
    /// BIP32 over secp256k1.
    case secp256k1
    /// SLIP-10 ed25519: every path level hardened.
    case ed25519
    /// BIP32-Ed25519 (Cardano Icarus master key from the BIP39 entropy), soft levels allowed.
    case ed25519ExtendedCardano = "ed25519_extended_cardano"
}
