// BIP32 derivation paths: "m/44'/60'/0'/0/0". Hardened steps are written with ', h or H.

public struct DerivationPath: Sendable, Hashable, CustomStringConvertible {
    /// One step: an index below 2^31 and whether it is hardened.
    public struct Component: Sendable, Hashable, CustomStringConvertible {
        public let index: UInt32
        public let hardened: Bool

        /// Returns nil if `index` is 2^31 or more.
        public init?(index: UInt32, hardened: Bool) {
            guard index < Self.hardenedOffset else { return nil }
            self.index = index
            self.hardened = hardened
        }

        /// From the 32-bit child number of BIP32 (hardened if the top bit is set).
        public init(childNumber: UInt32) {
            index = childNumber & ~Self.hardenedOffset
            hardened = childNumber & Self.hardenedOffset != 0
        }

        /// The BIP32 child number: index + 2^31 when hardened.
        public var childNumber: UInt32 { hardened ? index | Self.hardenedOffset : index }

        public static let hardenedOffset: UInt32 = 0x8000_0000

        public var description: String { hardened ? "\(index)'" : "\(index)" }
    }

    public let components: [Component]

    public init(components: [Component]) {
        self.components = components
    }

    /// Parses "m" followed by "/n", "/n'", "/nh" or "/nH" steps (n decimal, below 2^31), at most 255 of them.
    /// Throws `.pathMustStartWithM`, `.emptyComponent`, `.invalidComponent`, `.indexOutOfRange` or `.pathTooDeep`.
    public init(_ text: String) throws(DerivationError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard let first = parts.first, first == "m" else { throw .pathMustStartWithM }
        guard parts.count - 1 <= 255 else { throw .pathTooDeep }
        var components = [Component]()
        components.reserveCapacity(parts.count - 1)
        for (i, part) in parts.dropFirst().enumerated() {
            guard !part.isEmpty else { throw .emptyComponent(index: i) }
            var digits = Substring(part)
            var hardened = false
            if let last = digits.last, last == "'" || last == "h" || last == "H" {
                hardened = true
                digits = digits.dropLast()
            }
            guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
                throw .invalidComponent(index: i, text: String(part))
            }
            guard digits.count <= 10, let value = UInt64(digits), value < UInt64(Component.hardenedOffset),
                  let component = Component(index: UInt32(value), hardened: hardened) else {
                throw .indexOutOfRange(index: i, text: String(part))
            }
            components.append(component)
        }
        self.components = components
    }

    /// "m/44'/60'/0'/0/0" (hardened steps written with ').
    public var description: String {
        (["m"] + components.map(\.description)).joined(separator: "/")
    }

    /// This path with one more step.
    public func appending(_ component: Component) -> DerivationPath {
        DerivationPath(components: components + [component])
    }
}
