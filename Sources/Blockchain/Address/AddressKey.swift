import GemCrypto

/// The public key material an account address is made from, as the chain's curve gives it.
public enum AddressKey: Sendable, Hashable {
    /// A secp256k1 key (Ethereum/EVM, Bitcoin family, Cosmos, Tron, XRP, HyperCore).
    case secp256k1(Secp256k1PublicKey)
    /// A 32-byte ed25519 public key (Solana, TON, Aptos, Sui, Near, Stellar, Algorand, Polkadot).
    case ed25519([UInt8])
    /// Cardano's payment and stake ed25519 public keys (32 bytes each; CIP-1852 m/…/0/0 and m/…/2/0).
    case cardano(payment: [UInt8], stake: [UInt8])

    /// A secp256k1 key from 33-byte compressed or 65-byte uncompressed SEC1 bytes.
    public static func secp256k1(bytes: [UInt8]) throws(AddressError) -> AddressKey {
        do {
            return .secp256k1(try Secp256k1PublicKey(bytes))
        } catch {
            throw .invalidPublicKey
        }
    }

    func secp256k1Key() throws(AddressError) -> Secp256k1PublicKey {
        guard case .secp256k1(let key) = self else { throw .invalidPublicKey }
        return key
    }

    func ed25519Key() throws(AddressError) -> [UInt8] {
        guard case .ed25519(let key) = self, key.count == 32 else { throw .invalidPublicKey }
        return key
    }
}

extension Secp256k1PublicKey {
    /// keccak256 of the 64 coordinate bytes, last 20 bytes: the account bytes of Ethereum, Tron and Injective.
    var keccakAccount: [UInt8] {
        Array(Hash.keccak256(Array(uncompressed.dropFirst()))[12...])
    }

    /// RIPEMD160(SHA256(compressed key)): the account bytes of Bitcoin, Cosmos and XRP.
    var hash160: [UInt8] { Hash.hash160(compressed) }
}
