import Blockchain
import Primitives
import Testing

/// Every address family has a maximum length (`AddressFormat.maxAddressLength`, documented in gemstone.h beside
/// gem_address_validate): longer text is `.invalidLength` before any decoding, so pasted text of any size is
/// answered in time linear in its length.
///
/// Before the bound, the over-long Bitcoin, Litecoin, Doge, Zcash and XRP cases below answered `invalidChecksum`
/// (the whole text was decoded first), and 256 KiB took 15 s on a base58 chain (1 MiB over a minute).
struct AddressLengthBoundTests {
    /// Chains whose addresses are base58: the quadratic decodings the bound protects.
    static let base58Chains: [Chain] = [.bitcoin, .bitcoinCash, .litecoin, .doge, .zcash, .solana, .tron, .xrp, .polkadot]

    @Test(arguments: Chain.allCases)
    func oneCharacterOverTheFamilysMaximumIsTheWrongLength(_ chain: Chain) {
        let maximum = chain.config.addressFormat.maxAddressLength
        // "z" is in every alphabet in question (base58, bech32's data part excluded by its hrp, hex excluded by
        // its prefix): whatever else is wrong, the length is named first.
        let text = String(repeating: "z", count: maximum + 1)
        #expect(throws: AddressError.invalidLength) { try chain.validateAddress(text) }
    }

    @Test(arguments: base58Chains)
    func aValidAddressPaddedPastTheMaximumIsTheWrongLength(_ chain: Chain) throws {
        let valid = try #require(ValidationVectors.shared.vectors.first { $0.chain == chain.id && $0.expect == "valid" })
        let padded = valid.address + String(repeating: "z", count: chain.config.addressFormat.maxAddressLength)
        #expect(throws: AddressError.invalidLength) { try chain.validateAddress(padded) }
    }

    @Test func everyValidVectorIsWithinItsFamilysMaximum() throws {
        for vector in ValidationVectors.shared.vectors where vector.expect == "valid" {
            let chain = try #require(Chain(id: vector.chain))
            #expect(vector.address.filter { !$0.isWhitespace }.utf8.count <= chain.config.addressFormat.maxAddressLength, "\(vector.chain) \(vector.address)")
        }
    }

    @Test func surroundingWhitespaceDoesNotCountTowardTheMaximum() throws {
        let valid = try #require(ValidationVectors.shared.vectors.first { $0.chain == "bitcoin" && $0.expect == "valid" })
        let spaced = String(repeating: " ", count: 500) + valid.address + "\r\n" + String(repeating: "\t", count: 500)
        #expect(try Chain.bitcoin.validateAddress(spaced) == valid.normalized)
    }

    @Test(arguments: base58Chains)
    func aMebibyteAddressIsAnsweredInMilliseconds(_ chain: Chain) {
        let text = String(repeating: "z", count: 1 << 20)
        let clock = ContinuousClock()
        var error: AddressError?
        let elapsed = clock.measure {
            do { _ = try chain.validateAddress(text) } catch let caught as AddressError { error = caught } catch {}
        }
        #expect(error == .invalidLength)
        #expect(elapsed < linearBound, "1 MiB on \(chain.id) took \(elapsed)")
    }

    @Test func aMebibyteOfWhitespaceIsAnsweredInMilliseconds() {
        let text = String(repeating: " ", count: 1 << 20) + "z"
        let clock = ContinuousClock()
        let elapsed = clock.measure { _ = Chain.solana.isValidAddress(text) }
        #expect(elapsed < linearBound, "took \(elapsed)")
    }
}

/// The time a bounded answer takes at the scaling sizes (1 MiB, a million digits, 128 KiB): the 10 ms in
/// a release build; 500 ms in a debug build (several times slower, sharing the cores with the other tests), still
/// far below the seconds to minutes the quadratic parses took.
private let linearBound: Duration = {
    #if DEBUG
    .milliseconds(500)
    #else
    .milliseconds(10)
    #endif
}()
