/// A BIP32-style derivation path, `m/44'/60'/0'/0/0`. Its text form (with `'` for hardened levels) is what
/// `Account.derivationPath` stores.
public struct DerivationPath: Sendable, Hashable, Codable {
    /// One level of the path.
    public struct Component: Sendable, Hashable {
        /// The index without the hardened bit (0 ..< 2^31).
        public let index: UInt32
        public let hardened: Bool

        public init(index: UInt32, hardened: Bool) throws(DerivationPathError) {
            guard index < Self.hardenedBit else { throw .indexOutOfRange(String(index)) }
            self.index = index
            self.hardened = hardened
        }

        /// The BIP32 child number: the index with bit 31 set when hardened.
        public var childNumber: UInt32 { hardened ? index | Self.hardenedBit : index }

        init(masked index: UInt32, hardened: Bool) {
            self.index = index & ~Self.hardenedBit
            self.hardened = hardened
        }

        static let hardenedBit: UInt32 = 0x8000_0000
    }

    public let components: [Component]

    public init(components: [Component]) {
        self.components = components
    }

    /// A path from literal levels: `hardened` levels first, then `soft` ones. Indices are masked to 31 bits, so
    /// this never traps; it is for the chain table's constants, which the tests compare with their text form.
    init(hardened: [UInt32], soft: [UInt32] = []) {
        self.components = hardened.map { Component(masked: $0, hardened: true) }
            + soft.map { Component(masked: $0, hardened: false) }
    }

    /// Parses `m/…`: levels are decimal indices below 2^31, hardened ones suffixed with `'` (or `h`/`H`).
    public init(parsing text: String) throws(DerivationPathError) {
        var parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard let head = parts.first, head == "m" else { throw .missingRoot }
        parts.removeFirst()
        var components: [Component] = []
        components.reserveCapacity(parts.count)
        for part in parts {
            var digits = Substring(part)
            var hardened = false
            if let last = digits.last, last == "'" || last == "h" || last == "H" {
                hardened = true
                digits = digits.dropLast()
            }
            guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                throw .invalidComponent(String(part))
            }
            guard digits.count <= 10, let index = UInt32(digits) else { throw .indexOutOfRange(String(part)) }
            components.append(try Component(index: index, hardened: hardened))
        }
        self.components = components
    }

    /// The BIP32 child numbers, hardened bit included.
    public var childNumbers: [UInt32] { components.map(\.childNumber) }

    /// True when every level is hardened (required by SLIP-10 ed25519).
    public var isFullyHardened: Bool { components.allSatisfy(\.hardened) }
}

extension DerivationPath: CustomStringConvertible {
    /// The canonical text form: `m`, then `/index` with `'` for hardened levels.
    public var description: String {
        var text = "m"
        for component in components {
            text += "/\(component.index)"
            if component.hardened { text += "'" }
        }
        return text
    }
}

extension DerivationPath {
    /// A path crosses as its text form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "invalid derivation path")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

public enum DerivationPathError: Error, Sendable, Hashable {
    /// The path does not start with `m`.
    case missingRoot
    /// A level is empty or not a decimal number.
    case invalidComponent(String)
    /// A level's index is 2^31 or more.
    case indexOutOfRange(String)
}
