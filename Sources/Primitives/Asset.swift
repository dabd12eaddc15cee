// The type and its JSON paths are generated from schema/primitives.json (Generated/Primitives+Schema.swift).

extension Asset {
    public var chain: Chain { id.chain }
}
