import GemCrypto

/// Solana's wire format for a message: the account keys an instruction list touches, ordered and flagged as
/// the runtime reads them, and the instructions compiled to indexes into them (Solana docs, "Transactions":
/// header, compact arrays of keys, recent blockhash, instructions; v0 adds the 0x80 prefix and the address
/// table lookups).
enum SolanaMessage {
    struct AccountMeta: Equatable {
        let key: [UInt8]
        let isSigner: Bool
        let isWritable: Bool
    }

    struct Instruction: Equatable {
        let program: [UInt8]
        let accounts: [AccountMeta]
        let data: [UInt8]
    }

    /// Solana's compact-u16 ("shortvec"): 7 bits a byte, low bits first, high bit set while more follow.
    static func appendCompactU16(_ value: Int, to out: inout [UInt8]) {
        var rest = value
        while true {
            let low = UInt8(truncatingIfNeeded: rest & 0x7f)
            rest >>= 7
            if rest == 0 {
                out.append(low)
                return
            }
            out.append(low | 0x80)
        }
    }

    /// The serialized message. Keys are ordered as solana-program's `CompiledKeys` orders them: the fee payer
    /// first, then writable signers, read-only signers, writable non-signers, read-only non-signers, each group
    /// in ascending byte order of the key (it keeps them in a `BTreeMap`); a key's flags are the union over every
    /// use, and a program id is a read-only non-signer unless an instruction also passes it otherwise.
    /// Returns nil when a count passes the format's limits (256 keys, u8 indexes).
    static func compile(
        payer: [UInt8], instructions: [Instruction], recentBlockhash: [UInt8], version: SolanaSignerInput.MessageVersion
    ) -> [UInt8]? {
        // A handful of keys: a linear list beats hashing 32-byte arrays.
        struct Entry {
            let key: [UInt8]
            var isSigner: Bool
            var isWritable: Bool
            /// 0 payer, 1 writable signer, 2 read-only signer, 3 writable, 4 read-only.
            var rank: Int { isSigner ? (isWritable ? 1 : 2) : (isWritable ? 3 : 4) }
        }
        var entries: [Entry] = []
        entries.reserveCapacity(16)
        func note(_ key: [UInt8], signer: Bool, writable: Bool) {
            guard key != payer else { return }
            for position in entries.indices where entries[position].key == key {
                entries[position].isSigner = entries[position].isSigner || signer
                entries[position].isWritable = entries[position].isWritable || writable
                return
            }
            entries.append(Entry(key: key, isSigner: signer, isWritable: writable))
        }
        for instruction in instructions {
            note(instruction.program, signer: false, writable: false)
            for account in instruction.accounts {
                note(account.key, signer: account.isSigner, writable: account.isWritable)
            }
        }
        entries.sort { lhs, rhs in
            let (left, right) = (lhs.rank, rhs.rank)
            return left != right ? left < right : lhs.key.lexicographicallyPrecedes(rhs.key)
        }
        var keys: [[UInt8]] = [payer]
        keys.reserveCapacity(1 + entries.count)
        var readonlySigners = 0
        var readonlyOthers = 0
        var signers = 1
        for entry in entries {
            keys.append(entry.key)
            if entry.isSigner { signers += 1 }
            if entry.rank == 2 { readonlySigners += 1 }
            if entry.rank == 4 { readonlyOthers += 1 }
        }
        guard keys.count <= 256 else { return nil }
        func index(_ key: [UInt8]) -> UInt8? {
            for (position, candidate) in keys.enumerated() where candidate == key {
                return UInt8(truncatingIfNeeded: position)
            }
            return nil
        }

        var out: [UInt8] = []
        out.reserveCapacity(64 + 32 * keys.count + instructions.reduce(0) { $0 + 8 + $1.accounts.count + $1.data.count })
        if version == .v0 { out.append(0x80) }
        out.append(UInt8(truncatingIfNeeded: signers))
        out.append(UInt8(truncatingIfNeeded: readonlySigners))
        out.append(UInt8(truncatingIfNeeded: readonlyOthers))
        appendCompactU16(keys.count, to: &out)
        for key in keys { out += key }
        out += recentBlockhash
        appendCompactU16(instructions.count, to: &out)
        for instruction in instructions {
            guard let program = index(instruction.program) else { return nil }
            out.append(program)
            appendCompactU16(instruction.accounts.count, to: &out)
            for account in instruction.accounts {
                guard let position = index(account.key) else { return nil }
                out.append(position)
            }
            appendCompactU16(instruction.data.count, to: &out)
            out += instruction.data
        }
        if version == .v0 { appendCompactU16(0, to: &out) }  // no address table lookups
        return out
    }
}

extension SolanaMessage {
    /// Whether `bytes` are exactly one legacy or v0 message (header, keys, blockhash, instructions, and for v0
    /// the address table lookups), read to the last byte: what a transaction signature covers.
    static func isTransactionMessage(_ bytes: [UInt8]) -> Bool {
        var reader = Reader(bytes: bytes)
        guard let first = reader.byte() else { return false }
        var isV0 = false
        if first & 0x80 != 0 {
            guard first == 0x80 else { return false }  // only version 0 exists
            isV0 = true
            guard reader.byte() != nil else { return false }
        }
        guard reader.byte() != nil, reader.byte() != nil, let keys = reader.compactU16(), keys >= 1,
              reader.skip(32 * keys), reader.skip(32), let instructions = reader.compactU16()
        else { return false }
        for _ in 0..<instructions {
            guard reader.skip(1), let accounts = reader.compactU16(), reader.skip(accounts),
                  let data = reader.compactU16(), reader.skip(data)
            else { return false }
        }
        if isV0 {
            guard let lookups = reader.compactU16() else { return false }
            for _ in 0..<lookups {
                guard reader.skip(32), let writable = reader.compactU16(), reader.skip(writable),
                      let readonly = reader.compactU16(), reader.skip(readonly)
                else { return false }
            }
        }
        return reader.atEnd
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        var atEnd: Bool { position == bytes.count }

        mutating func byte() -> UInt8? {
            guard position < bytes.count else { return nil }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func skip(_ count: Int) -> Bool {
            guard count <= bytes.count - position else { return false }
            position += count
            return true
        }

        /// compact-u16: at most three bytes.
        mutating func compactU16() -> Int? {
            var value = 0
            for shift in [0, 7, 14] {
                guard let next = byte() else { return nil }
                value |= Int(next & 0x7f) << shift
                if next & 0x80 == 0 { return value <= 0xffff ? value : nil }
            }
            return nil
        }
    }
}

/// Program-derived addresses (solana-program `Pubkey::find_program_address`): the first bump from 255 down
/// whose sha256(seeds ‖ bump ‖ program id ‖ "ProgramDerivedAddress") is off the ed25519 curve.
enum SolanaProgramAddress {
    static let marker = Array("ProgramDerivedAddress".utf8)

    static func find(seeds: [[UInt8]], program: [UInt8]) -> [UInt8]? {
        let prefix = seeds.flatMap { $0 }
        var bump: UInt8 = 255
        while true {
            let candidate = Hash.sha256(prefix + [bump] + program + marker)
            if !Ed25519PublicKey.isOnCurve(candidate) { return candidate }
            if bump == 0 { return nil }
            bump -= 1
        }
    }

    /// The associated token account of `owner` for `mint` under `tokenProgram` (seeds owner, token program,
    /// mint; program ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL).
    static func associatedTokenAccount(owner: [UInt8], mint: [UInt8], tokenProgram: [UInt8]) -> [UInt8]? {
        find(seeds: [owner, tokenProgram, mint], program: SolanaPrograms.associatedToken)
    }
}

/// Program ids (base58 in each comment, bytes decoded once): from the Solana and SPL documentation.
enum SolanaPrograms {
    /// 11111111111111111111111111111111
    static let system = [UInt8](repeating: 0, count: 32)
    /// ComputeBudget111111111111111111111111111111
    static let computeBudget = decoded("ComputeBudget111111111111111111111111111111")
    /// TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA
    static let token = decoded("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA")
    /// TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb
    static let token2022 = decoded("TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb")
    /// ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL
    static let associatedToken = decoded("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL")
    /// MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr (SPL Memo v2: the memo program wallets write to).
    static let memo = decoded("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr")

    private static func decoded(_ text: String) -> [UInt8] {
        (try? Base58.decode(text)) ?? []
    }
}
