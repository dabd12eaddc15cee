import GemCrypto
import Primitives

/// An ordinary TVM cell (level 0): up to 1023 data bits and up to 4 references, with its representation hash
/// and depth computed when it is built (tvm.pdf § 3.1.4–3.1.5: sha256 of d1 ‖ d2 ‖ data with completion tag ‖
/// each child's depth (2 bytes) ‖ each child's hash). Cells are equal when their hashes are.
struct TonCell: Sendable, Equatable {
    static let maxBits = 1023
    static let maxRefs = 4

    /// ceil(bitCount / 8) bytes, the bits after `bitCount` zero.
    let data: [UInt8]
    let bitCount: Int
    let refs: [TonCell]
    let hash: [UInt8]
    let depth: UInt16

    init(data: [UInt8], bitCount: Int, refs: [TonCell]) {
        self.data = data
        self.bitCount = bitCount
        self.refs = refs
        var representation = Self.descriptors(refs: refs.count, bits: bitCount) + Self.tagged(data, bitCount: bitCount)
        var maxDepth: UInt16 = 0
        for ref in refs {
            representation += [UInt8(ref.depth >> 8), UInt8(ref.depth & 0xFF)]
            maxDepth = max(maxDepth, ref.depth)
        }
        for ref in refs { representation += ref.hash }
        self.hash = Hash.sha256(representation)
        self.depth = refs.isEmpty ? 0 : maxDepth + 1
    }

    static func == (lhs: TonCell, rhs: TonCell) -> Bool { lhs.hash == rhs.hash }

    /// d1 (reference count; ordinary, level 0) and d2 (floor(bits/8) + ceil(bits/8)).
    var descriptors: [UInt8] { Self.descriptors(refs: refs.count, bits: bitCount) }

    static func descriptors(refs: Int, bits: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: refs), UInt8(truncatingIfNeeded: bits / 8 + (bits + 7) / 8)]
    }

    /// The data with the completion tag: a 1 bit after the last data bit when the bits do not fill the last byte.
    static func tagged(_ data: [UInt8], bitCount: Int) -> [UInt8] {
        guard bitCount % 8 != 0, let last = data.last else { return data }
        return data.dropLast() + [last | (0x80 >> UInt8(bitCount % 8))]
    }
}

/// Builds a cell bit by bit, refusing what does not fit (1023 bits, 4 references).
struct TonCellBuilder {
    private(set) var data: [UInt8] = []
    private(set) var bitCount = 0
    private(set) var refs: [TonCell] = []

    static let overflow = SignerError.unsupported("a message that does not fit TON cells")

    var availableBits: Int { TonCell.maxBits - bitCount }
    var availableRefs: Int { TonCell.maxRefs - refs.count }

    mutating func bit(_ value: Bool) throws(SignerError) {
        guard availableBits >= 1 else { throw Self.overflow }
        if bitCount % 8 == 0 { data.append(0) }
        if value, let last = data.indices.last { data[last] |= 0x80 >> UInt8(bitCount % 8) }
        bitCount += 1
    }

    /// `value` in its low `bits` bits, most significant first.
    mutating func uint(_ value: UInt64, bits: Int) throws(SignerError) {
        guard bits >= 0, bits <= 64, bits == 64 || value >> UInt64(bits) == 0 else { throw Self.overflow }
        guard availableBits >= bits else { throw Self.overflow }
        for index in stride(from: bits - 1, through: 0, by: -1) { try bit((value >> UInt64(index)) & 1 == 1) }
    }

    mutating func bytes(_ bytes: [UInt8]) throws(SignerError) {
        guard availableBits >= 8 * bytes.count else { throw Self.overflow }
        if bitCount % 8 == 0 {
            data += bytes
            bitCount += 8 * bytes.count
        } else {
            for byte in bytes { try uint(UInt64(byte), bits: 8) }
        }
    }

    /// `Grams` / `VarUInteger 16`: a 4-bit byte length, then the value in that many bytes (below 2^120).
    mutating func coins(_ value: BigUInt) throws(SignerError) {
        let bytes = value.bigEndianBytes
        guard bytes.count <= 15 else { throw Self.overflow }
        try uint(UInt64(bytes.count), bits: 4)
        try self.bytes(bytes)
    }

    /// `MsgAddressInt` addr_std (no anycast) for an address, `addr_none` for nil.
    mutating func address(_ address: TonAddress.Parts?) throws(SignerError) {
        guard let address else { return try uint(0, bits: 2) }
        try uint(0b100, bits: 3)  // addr_std$10, anycast: nothing
        try uint(UInt64(UInt8(bitPattern: address.workchain)), bits: 8)
        try bytes(address.account)
    }

    mutating func ref(_ cell: TonCell) throws(SignerError) {
        guard availableRefs >= 1 else { throw Self.overflow }
        refs.append(cell)
    }

    /// Appends another cell's bits and references.
    mutating func append(_ cell: TonCell) throws(SignerError) {
        guard availableBits >= cell.bitCount, availableRefs >= cell.refs.count else { throw Self.overflow }
        if bitCount % 8 == 0 {
            data += cell.data
            bitCount += cell.bitCount
        } else {
            for index in 0..<cell.bitCount {
                try bit(cell.data[index / 8] & (0x80 >> UInt8(index % 8)) != 0)
            }
        }
        refs += cell.refs
    }

    /// `Either X ^X`: the cell inline when its bits (after the Either bit) and references fit, else as a
    /// reference (the rule of pytoniq-core's MessageAny and ton-core's storeMessage).
    mutating func either(_ cell: TonCell, reserving reservedBits: Int = 0) throws(SignerError) {
        if cell.bitCount <= availableBits - 1 - reservedBits, cell.refs.count <= availableRefs {
            try bit(false)
            try append(cell)
        } else {
            try bit(true)
            try ref(cell)
        }
    }

    func build() -> TonCell { TonCell(data: data, bitCount: bitCount, refs: refs) }
}

/// Bag-of-cells serialization (tvm.pdf § 3.1.7, `serialized_boc#b5ee9c72`): one root, no index, CRC-32C
/// (Castagnoli) of everything before it appended little-endian, as ton-core and tonweb write it. Cells are ordered
/// as pytoniq-core 0.2.1 orders them (depth-first from the root, a cell met again moved after the later parent),
/// so that every reference points forward.
enum TonBoc {
    static let magic: [UInt8] = [0xB5, 0xEE, 0x9C, 0x72]

    static func serialize(_ root: TonCell) -> [UInt8] {
        var order: [TonCell] = []
        visit(root, into: &order)
        let sizeBytes = byteLength(order.count)
        var indices: [[UInt8]: Int] = [:]
        for (index, cell) in order.enumerated() { indices[cell.hash] = index }
        var cells: [UInt8] = []
        for cell in order {
            cells += cell.descriptors + TonCell.tagged(cell.data, bitCount: cell.bitCount)
            for ref in cell.refs {
                cells += bigEndian(UInt64(indices[ref.hash] ?? 0), bytes: sizeBytes)
            }
        }
        let offsetBytes = byteLength(cells.count)
        var out = magic
        out.append(0x40 | UInt8(sizeBytes))  // has_idx 0, has_crc32c 1, has_cache_bits 0, flags 0, size
        out.append(UInt8(offsetBytes))
        out += bigEndian(UInt64(order.count), bytes: sizeBytes)  // cells
        out += bigEndian(1, bytes: sizeBytes)  // roots
        out += bigEndian(0, bytes: sizeBytes)  // absent
        out += bigEndian(UInt64(cells.count), bytes: offsetBytes)  // tot_cells_size
        out += bigEndian(0, bytes: sizeBytes)  // root index
        out += cells
        let crc = CRC32C.checksum(out)
        out += [UInt8(crc & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8((crc >> 16) & 0xFF), UInt8(crc >> 24)]
        return out
    }

    private static func visit(_ cell: TonCell, into order: inout [TonCell]) {
        if let seen = order.firstIndex(of: cell) { order.remove(at: seen) }
        order.append(cell)
        for ref in cell.refs { visit(ref, into: &order) }
    }

    private static func byteLength(_ value: Int) -> Int {
        var length = 1
        while value >> (8 * length) != 0 { length += 1 }
        return length
    }

    private static func bigEndian(_ value: UInt64, bytes: Int) -> [UInt8] {
        (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// Reads a bag of one root of ordinary cells (the wallet code this signer deploys; tests read signed messages
    /// back); nil when malformed or when its CRC-32C does not match.
    static func deserialize(_ boc: [UInt8]) -> TonCell? {
        guard boc.count > 6, Array(boc.prefix(4)) == magic else { return nil }
        var reader = Reader(bytes: boc, offset: 4)
        guard let flags = reader.byte(), let offsetBytes = reader.byte() else { return nil }
        if flags & 0x40 != 0 {  // has_crc32c: the last 4 bytes, little-endian, over everything before them
            guard boc.count > 10 else { return nil }
            let crc = CRC32C.checksum(Array(boc.dropLast(4)))
            let stored = boc.suffix(4).reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard crc == stored else { return nil }
        }
        let hasIndex = flags & 0x80 != 0
        let sizeBytes = Int(flags & 0x07)
        guard (1...4).contains(sizeBytes), (1...8).contains(offsetBytes),
              let count = reader.uint(sizeBytes), let roots = reader.uint(sizeBytes), roots == 1,
              reader.uint(sizeBytes) != nil, reader.uint(Int(offsetBytes)) != nil,
              let rootIndex = reader.uint(sizeBytes), rootIndex < count, count <= 4096
        else { return nil }
        if hasIndex { guard reader.skip(Int(count) * Int(offsetBytes)) else { return nil } }
        var raw: [(data: [UInt8], bits: Int, refs: [Int])] = []
        for index in 0..<Int(count) {
            guard let d1 = reader.byte(), let d2 = reader.byte(), d1 & 0xF8 == 0, d1 <= 4 else { return nil }
            guard var data = reader.take((Int(d2) + 1) / 2) else { return nil }
            var bits = data.count * 8
            if d2 % 2 == 1, let last = data.last {
                guard last != 0 else { return nil }
                let tag = last.trailingZeroBitCount
                bits -= tag + 1
                data[data.count - 1] = last & ~(UInt8(1) << UInt8(tag))
            }
            var refs: [Int] = []
            for _ in 0..<Int(d1) {
                guard let ref = reader.uint(sizeBytes), ref > index, ref < count else { return nil }
                refs.append(Int(ref))
            }
            raw.append((data, bits, refs))
        }
        var built = [TonCell?](repeating: nil, count: raw.count)
        for index in raw.indices.reversed() {
            var children: [TonCell] = []
            for ref in raw[index].refs {
                guard let child = built[ref] else { return nil }
                children.append(child)
            }
            built[index] = TonCell(data: raw[index].data, bitCount: raw[index].bits, refs: children)
        }
        return built[Int(rootIndex)]
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset: Int

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func take(_ count: Int) -> [UInt8]? {
            guard count >= 0, count <= bytes.count - offset else { return nil }
            defer { offset += count }
            return Array(bytes[offset..<(offset + count)])
        }

        mutating func skip(_ count: Int) -> Bool { take(count) != nil }

        mutating func uint(_ width: Int) -> UInt64? {
            guard let part = take(width) else { return nil }
            return part.reduce(0) { $0 << 8 | UInt64($1) }
        }
    }
}

/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78, initial value and final xor 0xFFFFFFFF; RFC 3720
/// § B.4), which the bag-of-cells format uses.
enum CRC32C {
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
