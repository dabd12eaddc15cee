@testable import Blockchain
import GemCrypto
import Primitives
import Testing

private func hex(_ text: String) -> [UInt8] { (try? Hex.decode(text)) ?? [] }

private func transaction(_ v: BitcoinVectors.Tx) -> BitcoinTransaction {
    BitcoinTransaction(
        version: v.version,
        inputs: v.inputs.map { BitcoinTxInput(prevTxid: hex($0.txid).reversed(), vout: $0.vout, sequence: $0.sequence) },
        outputs: v.outputs.map { BitcoinTxOutput(value: UInt64($0.value) ?? 0, script: hex($0.script)) },
        lockTime: v.lockTime)
}

private func input(_ v: BitcoinVectors.Transfer) -> BitcoinSignerInput {
    BitcoinSignerInput(
        chain: Chain(rawValue: v.chain) ?? .ethereum, senderAddress: v.senderAddress,
        destinationAddress: v.destinationAddress,
        amount: v.amount == "max" ? .max : .exact(BigUInt(v.amount) ?? .zero), changeAddress: v.changeAddress,
        feeRate: BigUInt(v.feeRate) ?? .zero,
        utxos: v.utxos.map { BitcoinUTXO(txid: $0.txid, vout: $0.vout, value: UInt64($0.value) ?? 0) },
        consensusBranchId: v.consensusBranchId, expiryHeight: v.expiryHeight)
}

/// Byte-for-byte vectors from independent libraries (make_vectors.py), and the published BIP-341 / ZIP-244 digests.
struct BitcoinSignerVectorTests {
    @Test func vectorsArePresent() {
        let v = BitcoinVectors.shared
        #expect(v.source.contains("make_vectors.py"))
        for chain in ["bitcoin", "litecoin", "doge", "bitcoincash", "zcash"] {
            #expect(v.transfers.filter { $0.chain == chain }.count >= 5, "\(chain)")
        }
        #expect(v.transfers.filter { $0.name.contains("p2tr") }.count >= 5)
        #expect(v.messages.count >= 5)
        #expect(v.bip143 != nil)
        #expect(v.bip341.count >= 2)
        #expect(v.zip244.count == 10)
    }

    @Test(arguments: BitcoinVectors.shared.transfers)
    func transfer(_ v: BitcoinVectors.Transfer) throws {
        let key = try Secp256k1PrivateKey(bytes: hex(v.privateKey))
        let signed = try BitcoinSigner.sign(input(v), key: key)
        #expect(Hex.encode(signed.bytes) == v.expected.raw)
        #expect(signed.encoded == v.expected.raw)
        #expect(signed.hash == v.expected.hash)
        let plan = try BitcoinSigner.prepare(input(v), publicKey: key.publicKey).plan
        #expect(String(plan.amount) == v.expected.amount)
        #expect(plan.change.map { String($0) } == v.expected.change)
        #expect(String(plan.fee) == v.expected.fee)
        #expect(plan.inputs.map { "\($0.txid):\($0.vout)" } == v.expected.inputs)
    }

    @Test(arguments: BitcoinVectors.shared.messages)
    func message(_ v: BitcoinVectors.Message) throws {
        let key = try Secp256k1PrivateKey(bytes: hex(v.privateKey))
        let signed = try BitcoinSigner.signMessage(
            BitcoinMessageInput(chain: .bitcoin, address: v.address, message: Array(v.message.utf8)), key: key)
        #expect(signed.encoded == v.encoded)
        #expect(Base64.encode(signed.signature) == v.encoded)
        // The header's low two bits are the recovery id; the recovered key is the signer's.
        let header = try #require(signed.signature.first)
        let recoverable = try RecoverableSignature(compact: Array(signed.signature.dropFirst()), recoveryId: Int((header - 27) & 3))
        let recovered = try Secp256k1PublicKey.recover(signature: recoverable,
                                                       digest: BitcoinSigner.messageDigest(Array(v.message.utf8)))
        #expect(recovered == key.publicKey)
    }

    /// BIP-143's example: both digests (legacy for its P2PK input, BIP-143 for its P2WPKH input), both RFC 6979
    /// signatures, and the signed serialization, byte for byte.
    @Test func bip143NativeP2WPKH() throws {
        let v = try #require(BitcoinVectors.shared.bip143)
        var tx = transaction(v.tx)
        let spent = v.tx.spent.map { (amount: UInt64($0.value) ?? 0, script: hex($0.script)) }
        let p2pkKey = try Secp256k1PrivateKey(bytes: hex(v.p2pkPrivateKey))
        let p2wpkhKey = try Secp256k1PrivateKey(bytes: hex(v.p2wpkhPrivateKey))
        #expect(BitcoinScript.p2pkh(hash: Hash.hash160(p2wpkhKey.publicKey.compressed)).bytes == hex(v.scriptCode))
        let digest = tx.segwitV0Sighash(index: 1, scriptCode: hex(v.scriptCode), amount: spent[1].amount, hashType: 1,
                                        hashes: tx.segwitV0Hashes())
        #expect(Hex.encode(digest) == v.sighash)
        let signature = try p2wpkhKey.sign(digest: digest).der + [0x01]
        #expect(Hex.encode(signature) == v.signature)
        let legacy = try p2pkKey.sign(digest: tx.legacySighash(index: 0, scriptCode: spent[0].script, hashType: 1)).der + [0x01]
        tx.inputs[0].scriptSig = [UInt8(legacy.count)] + legacy
        tx.inputs[1].witness = [signature, p2wpkhKey.publicKey.compressed]
        #expect(Hex.encode(tx.serialized()) == v.signedTx)
    }

    @Test(arguments: BitcoinVectors.shared.bip341)
    func bip341KeyPath(_ v: BitcoinVectors.Taproot) throws {
        let tx = transaction(v.tx)
        let hashes = tx.taprootHashes(spent: v.tx.spent.map { (amount: UInt64($0.value) ?? 0, script: hex($0.script)) })
        let sighash = tx.taprootKeyPathSighash(index: v.index, hashType: v.hashType, hashes: hashes)
        #expect(Hex.encode(sighash) == v.sighash)
        let key = try Secp256k1PrivateKey(bytes: hex(v.internalPrivateKey))
        let tweaked = try key.taprootTweaked(merkleRoot: v.merkleRoot.map(hex))
        #expect(tweaked.secret.revealBytes() == hex(v.tweakedPrivateKey))
        // The published witnesses are signed with 32 zero bytes of auxiliary randomness, as this signer signs.
        let signature = try tweaked.signSchnorr(message: sighash, auxRand: [UInt8](repeating: 0, count: 32))
        #expect(Hex.encode(signature + (v.hashType == 0 ? [] : [v.hashType])) == v.witness)
    }

    @Test(arguments: BitcoinVectors.shared.zip244)
    func zip244(_ v: BitcoinVectors.Zip244) throws {
        let tx = ZcashTransaction(
            consensusBranchId: v.consensusBranchId, lockTime: v.lockTime, expiryHeight: v.expiryHeight,
            inputs: v.inputs.map {
                let prevout = hex($0.prevout)
                let vout = prevout.suffix(4).reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                return BitcoinTxInput(prevTxid: Array(prevout.prefix(32)), vout: vout, sequence: $0.sequence,
                                      scriptSig: hex($0.scriptSig))
            },
            outputs: v.outputs.map { BitcoinTxOutput(value: UInt64($0.value) ?? 0, script: hex($0.script)) },
            saplingDigest: hex(v.saplingDigest), orchardDigest: hex(v.orchardDigest))
        let hashes = try tx.transparentHashes()
        #expect(Hex.encode(try tx.txidDigest(hashes: hashes)) == v.txid)
        if let index = v.transparentInput, let expected = v.sighashAll {
            let spent = zip(v.amounts, v.scriptPubkeys).map { (amount: UInt64($0) ?? 0, script: hex($1)) }
            let digest = try tx.transparentSighash(index: index, spent: spent,
                                                   spentHashes: ZcashTransaction.spentHashes(spent), hashes: hashes)
            #expect(Hex.encode(digest) == expected)
        }
    }
}

/// The coin-selection rule on its own: order, dust, change, max, fee estimates, insufficient funds.
struct BitcoinCoinSelectionTests {
    let alice = BitcoinScript.p2wpkh(hash: [UInt8](repeating: 1, count: 20))
    let bob = BitcoinScript.p2wpkh(hash: [UInt8](repeating: 2, count: 20))

    func utxo(_ n: Int, _ value: UInt64, vout: UInt32 = 0) -> BitcoinUTXO {
        BitcoinUTXO(txid: String(repeating: String(n % 10), count: 64), vout: vout, value: value)
    }

    func select(_ utxos: [BitcoinUTXO], _ amount: BitcoinSendAmount, rate: UInt64 = 10, kind: BitcoinInputKind = .p2wpkh,
                dust: BitcoinDustRule = .relayFee(perKvB: 3_000)) throws(SignerError) -> BitcoinCoinSelection.Plan {
        try BitcoinCoinSelection.select(utxos: utxos, amount: amount, inputKind: kind, recipient: bob, change: alice,
                                        fee: .perVirtualByte(rate), dust: dust)
    }

    @Test func dustThresholdsPerScriptAndChain() throws {
        let h20 = [UInt8](repeating: 0, count: 20), h32 = [UInt8](repeating: 0, count: 32)
        let bitcoin = try #require(BitcoinDustRule.of(.bitcoin))
        #expect(bitcoin.threshold(for: .p2pkh(hash: h20)) == 546)
        #expect(bitcoin.threshold(for: .p2sh(hash: h20)) == 540)
        #expect(bitcoin.threshold(for: .p2wpkh(hash: h20)) == 294)
        #expect(bitcoin.threshold(for: .p2wsh(hash: h32)) == 330)
        #expect(bitcoin.threshold(for: .p2tr(outputKey: h32)) == 330)
        #expect(BitcoinDustRule.of(.bitcoinCash)?.threshold(for: .p2pkh(hash: h20)) == 546)
        #expect(BitcoinDustRule.of(.litecoin)?.threshold(for: .p2wpkh(hash: h20)) == 2_940)
        #expect(BitcoinDustRule.of(.litecoin)?.threshold(for: .p2pkh(hash: h20)) == 5_460)
        #expect(BitcoinDustRule.of(.doge)?.threshold(for: .p2pkh(hash: h20)) == 1_000_000)
        #expect(BitcoinDustRule.of(.zcash)?.threshold(for: .p2pkh(hash: h20)) == 54)
        #expect(BitcoinDustRule.of(.ethereum) == nil)
    }

    @Test func virtualSizeEstimates() {
        // 1 P2WPKH input, 2 P2WPKH outputs: 141 vB with a 72-byte signature (the usual 140.5 rounds up).
        #expect(BitcoinCoinSelection.virtualSize(inputs: 1, kind: .p2wpkh, outputs: [22, 22]) == 141)
        // 1 P2TR input, 1 P2TR output: 111 vB (BIP-341 key path).
        #expect(BitcoinCoinSelection.virtualSize(inputs: 1, kind: .p2tr, outputs: [34]) == 111)
        // 1 P2PKH input, 2 P2PKH outputs: 10 + 148 + 2 × 34 = 226 bytes.
        #expect(BitcoinCoinSelection.virtualSize(inputs: 1, kind: .p2pkh, outputs: [25, 25]) == 226)
        // 2 P2WPKH inputs, 2 outputs: 209 vB.
        #expect(BitcoinCoinSelection.virtualSize(inputs: 2, kind: .p2wpkh, outputs: [22, 22]) == 209)
    }

    @Test func zip317ConventionalFee() throws {
        #expect(try BitcoinCoinSelection.fee(inputs: 1, kind: .p2pkh, outputs: [25, 25], model: .zip317(marginalFee: 5_000)) == 10_000)
        #expect(try BitcoinCoinSelection.fee(inputs: 3, kind: .p2pkh, outputs: [25, 25], model: .zip317(marginalFee: 5_000)) == 15_000)
        #expect(try BitcoinCoinSelection.fee(inputs: 1, kind: .p2pkh, outputs: [25, 25, 25], model: .zip317(marginalFee: 5_000)) == 15_000)
    }

    @Test func largestFirstAndOrderIndependent() throws {
        let utxos = [utxo(1, 10_000), utxo(2, 50_000), utxo(3, 30_000), utxo(4, 50_000, vout: 1), utxo(4, 50_000, vout: 0)]
        let plan = try select(utxos, .exact(BigUInt(90_000)))
        #expect(plan.inputs == [utxo(2, 50_000), utxo(4, 50_000, vout: 0)])
        #expect(try select(utxos.reversed(), .exact(BigUInt(90_000))) == plan)
        #expect(plan.fee == 2_090 && plan.change == 7_910 && plan.amount == 90_000)
    }

    @Test func changeAtAndBelowTheDustThreshold() throws {
        // One input, two outputs: 141 vB × 10 = 1,410 sat; one output: 110 vB = 1,100 sat.
        let atDust = try select([utxo(1, 100_000)], .exact(BigUInt(100_000 - 1_410 - 294)))
        #expect(atDust.change == 294 && atDust.fee == 1_410)
        let belowDust = try select([utxo(1, 100_000)], .exact(BigUInt(100_000 - 1_410 - 293)))
        #expect(belowDust.change == nil && belowDust.fee == 1_410 + 293)
        // Enough for the single-output fee but not for a change output's: no change, the rest is fee.
        let noRoom = try select([utxo(1, 100_000)], .exact(BigUInt(100_000 - 1_200)))
        #expect(noRoom.change == nil && noRoom.fee == 1_200)
    }

    @Test func maxSpendsEverythingFeeFromAmount() throws {
        let plan = try select([utxo(1, 40_000), utxo(2, 60_000)], .max)
        // 2 inputs, 1 output: 10.5 + 2 × 68 + 31 = 178 vB (rounded up).
        #expect(plan.inputs.count == 2 && plan.change == nil && plan.fee == 1_780 && plan.amount == 100_000 - 1_780)
    }

    @Test func insufficientFundsNamesRequiredAndAvailable() {
        #expect(throws: SignerError.insufficientBalance(required: BigUInt(100_000 + 1_780), available: BigUInt(100_000))) {
            try select([utxo(1, 40_000), utxo(2, 60_000)], .exact(BigUInt(100_000)))
        }
        #expect(throws: SignerError.insufficientBalance(required: BigUInt(1_100 + 294), available: BigUInt(1_000))) {
            try select([utxo(1, 1_000)], .max)
        }
        #expect(throws: SignerError.insufficientBalance(required: BigUInt(10_000 + 420), available: .zero)) {
            try select([], .exact(BigUInt(10_000)))
        }
    }

    @Test func refusals() throws {
        #expect(throws: SignerError.invalidField("amount", reason: "below the dust threshold of 294")) {
            try select([utxo(1, 100_000)], .exact(BigUInt(293)))
        }
        #expect(throws: SignerError.invalidField("amount", reason: "below the dust threshold of 294")) {
            try select([utxo(1, 100_000)], .exact(.zero))
        }
        #expect(throws: SignerError.amountOutOfRange("amount")) {
            try select([utxo(1, 100_000)], .exact(BigUInt(UInt64(Int64.max) + 1)))
        }
        // The amount itself fits, but not with the fee added.
        #expect(throws: SignerError.amountOutOfRange("amount")) {
            try select([utxo(1, UInt64(Int64.max))], .exact(BigUInt(UInt64(Int64.max) - 10)))
        }
        #expect(throws: SignerError.invalidField("utxos", reason: "outpoint \(String(repeating: "1", count: 64)):0 listed twice")) {
            try select([utxo(1, 100_000), utxo(1, 5_000)], .exact(BigUInt(1_000)))
        }
        #expect(throws: SignerError.amountOutOfRange("utxos")) {
            try select([utxo(1, UInt64(Int64.max)), utxo(2, 1)], .max)
        }
        #expect(throws: SignerError.amountOutOfRange("fee_rate")) {
            try select([utxo(1, 100_000)], .exact(BigUInt(1_000)), rate: UInt64.max / 2)
        }
        // 1,469 P2WPKH inputs and one output fit in 400,000 weight units; 1,470 do not.
        let many = (0..<2_000).map { BitcoinUTXO(txid: String(repeating: "0", count: 60) + String(1_000 + $0), vout: 0, value: 1_000) }
        #expect(throws: SignerError.invalidField("utxos", reason: "1470 inputs make a transaction over the standard 400000 weight units")) {
            try select(many, .exact(BigUInt(1_400_000)), rate: 1)
        }
        #expect(throws: SignerError.invalidField("utxos", reason: "1500 inputs make a transaction over the standard 400000 weight units")) {
            try select(Array(many.prefix(1_500)), .max, rate: 1)
        }
        #expect(try select(Array(many.prefix(1_469)), .max, rate: 1).inputs.count == 1_469)
    }
}

/// Every refusal of the signer, with its exact error.
struct BitcoinSignerRefusalTests {
    let key = (try? Secp256k1PrivateKey(bytes: [UInt8](repeating: 0x11, count: 32)))
    var pub: Secp256k1PublicKey? { key?.publicKey }

    func address(_ chain: Chain, _ kind: UTXOAddressKind) throws -> String {
        guard case let .utxo(network, _) = chain.config.addressFormat, let pub else { throw SignerError.invalidPrivateKey }
        return try BitcoinAddress.derive(pub, kind: kind, network: network)
    }

    let utxos = [BitcoinUTXO(txid: String(repeating: "ab", count: 32), vout: 0, value: 100_000_000)]
    let other = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"

    func sign(_ chain: Chain = .bitcoin, sender: String? = nil, to: String? = nil, amount: BitcoinSendAmount = .exact(BigUInt(10_000)),
              change: String? = nil, rate: BigUInt = BigUInt(5), utxos: [BitcoinUTXO]? = nil, branch: UInt32? = 0xC8E7_1055,
              expiry: UInt32? = 3_000_000) throws -> SignedTransaction {
        guard let key else { throw SignerError.invalidPrivateKey }
        let kind: UTXOAddressKind = chain == .bitcoin || chain == .litecoin ? .p2wpkh : .p2pkh
        let own = (try? address(chain, kind)) ?? ""
        return try BitcoinSigner.sign(
            BitcoinSignerInput(chain: chain, senderAddress: sender ?? own, destinationAddress: to ?? own, amount: amount,
                               changeAddress: change, feeRate: rate, utxos: utxos ?? self.utxos,
                               consensusBranchId: branch, expiryHeight: expiry),
            key: key)
    }

    @Test func signsWithTheDefaults() throws {
        for chain in [Chain.bitcoin, .litecoin, .bitcoinCash] { _ = try sign(chain) }
        _ = try sign(.doge, amount: .exact(BigUInt(2_000_000)), rate: BigUInt(1_000))
        _ = try sign(.zcash, rate: BigUInt(5_000))
    }

    @Test func derivedKeySignsTheSameBytes() throws {
        let account = try ExtendedPrivateKey(seed: Mnemonic(
            "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about").seed())
            .derive(DerivationPath("m/84'/0'/0'/0/0"))
        let sender = try BitcoinAddress.derive(account.publicKey, kind: .p2wpkh, network: try #require({
            if case let .utxo(network, _) = Chain.bitcoin.config.addressFormat { return network }
            return nil
        }()))
        #expect(sender == "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu")  // BIP-84's first receive address
        let input = BitcoinSignerInput(chain: .bitcoin, senderAddress: sender, destinationAddress: other,
                                       amount: .exact(BigUInt(50_000)), feeRate: BigUInt(3), utxos: utxos)
        #expect(try BitcoinSigner.sign(input, key: account) == BitcoinSigner.sign(input, key: account.privateKey))
    }

    @Test func chainAndAddresses() throws {
        #expect(throws: SignerError.unsupported("ethereum is not a Bitcoin-family chain")) { try sign(.ethereum, sender: "x", to: "x") }
        #expect(throws: SignerError.invalidField("sender_address", reason: "not a P2PKH, P2WPKH or P2TR address of the signing key")) {
            try sign(sender: other)
        }
        #expect(throws: SignerError.invalidAddress("sender_address")) { try sign(sender: "bc1qnotanaddress") }
        #expect(throws: SignerError.invalidAddress("destination_address")) { try sign(to: "ltc1qhd8fxxp2dx3vsmpac43z6ev0kllm4n53t5sk0u") }
        #expect(throws: SignerError.invalidAddress("destination_address")) { try sign(to: "") }
        // BIP-350's valid witness v1 address with a 40-byte program: no wallet can spend it, so it is refused.
        #expect(throws: SignerError.invalidAddress("destination_address")) {
            try sign(to: "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y")
        }
        #expect(throws: SignerError.invalidAddress("change_address")) { try sign(change: "1BoatSLRHtKNngkdXEeobR76b53LETtpyY") }
        // A P2SH sender cannot be an address of one key (no redeem script is known).
        #expect(throws: SignerError.invalidField("sender_address", reason: "not a P2PKH, P2WPKH or P2TR address of the signing key")) {
            try sign(sender: "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy")
        }
    }

    @Test func feeRate() {
        #expect(throws: SignerError.invalidField("fee_rate", reason: "zero")) { try sign(rate: .zero) }
        #expect(throws: SignerError.amountOutOfRange("fee_rate")) { try sign(rate: BigUInt(UInt64.max) + BigUInt(1)) }
        #expect(throws: SignerError.amountOutOfRange("fee_rate")) { try sign(rate: BigUInt(UInt64.max)) }
        #expect(throws: SignerError.invalidField("fee_rate", reason: "below the ZIP-317 marginal fee of 5000 zatoshis")) {
            try sign(.zcash, rate: BigUInt(4_999))
        }
        #expect(throws: SignerError.amountOutOfRange("fee_rate")) { try sign(.zcash, rate: BigUInt(UInt64.max / 2)) }
    }

    @Test func zcashFields() throws {
        #expect(throws: SignerError.missingField("consensus_branch_id")) { try sign(.zcash, rate: BigUInt(5_000), branch: nil) }
        for sapling in [UInt32(0x76B8_09BB), 0] {
            #expect(throws: SignerError.invalidField("consensus_branch_id", reason: "an upgrade before NU5, which has no v5 transactions")) {
                try sign(.zcash, rate: BigUInt(5_000), branch: sapling)
            }
        }
        // NU6.1 (active since block 3,146,400) signs.
        _ = try sign(.zcash, rate: BigUInt(5_000), branch: 0x4DEC_4DF0)
        #expect(throws: SignerError.missingField("expiry_height")) { try sign(.zcash, rate: BigUInt(5_000), expiry: nil) }
        #expect(throws: SignerError.amountOutOfRange("expiry_height")) { try sign(.zcash, rate: BigUInt(5_000), expiry: 500_000_000) }
    }

    @Test func utxosAndAmounts() {
        #expect(throws: SignerError.invalidField("utxos", reason: "txid zz is not 64 hex digits")) {
            try sign(utxos: [BitcoinUTXO(txid: "zz", vout: 0, value: 100_000)])
        }
        #expect(throws: SignerError.invalidField("utxos", reason: "txid \(String(repeating: "ab", count: 31)) is not 64 hex digits")) {
            try sign(utxos: [BitcoinUTXO(txid: String(repeating: "ab", count: 31), vout: 0, value: 100_000)])
        }
        #expect(throws: SignerError.insufficientBalance(required: BigUInt(200_000_000 + 550), available: BigUInt(100_000_000))) {
            try sign(amount: .exact(BigUInt(200_000_000)))
        }
        #expect(throws: SignerError.invalidField("amount", reason: "below the dust threshold of 294")) { try sign(amount: .exact(BigUInt(100))) }
        #expect(throws: SignerError.invalidField("amount", reason: "below the dust threshold of 1000000")) {
            try sign(.doge, amount: .exact(BigUInt(999_999)), rate: BigUInt(1_000))
        }
    }

    @Test func messages() throws {
        guard let key else { return }
        let message = Array("hi".utf8)
        #expect(throws: SignerError.unsupported("BIP-137 message signing on litecoin")) {
            try BitcoinSigner.signMessage(BitcoinMessageInput(chain: .litecoin, address: try address(.litecoin, .p2wpkh), message: message), key: key)
        }
        #expect(throws: SignerError.unsupported("BIP-137 message signing for a taproot address (BIP-322)")) {
            try BitcoinSigner.signMessage(BitcoinMessageInput(chain: .bitcoin, address: try address(.bitcoin, .p2tr), message: message), key: key)
        }
        #expect(throws: SignerError.invalidField("address", reason: "not an address of the signing key")) {
            try BitcoinSigner.signMessage(BitcoinMessageInput(chain: .bitcoin, address: other, message: message), key: key)
        }
        #expect(throws: SignerError.invalidAddress("address")) {
            try BitcoinSigner.signMessage(BitcoinMessageInput(chain: .bitcoin, address: "nope", message: message), key: key)
        }
    }
}
