import Foundation
import Primitives
import Testing

/// docs/chains.md, the list of chains a host reads (ids, families, native assets, decimals, network ids, curves and
/// paths), is rendered from `Chain.allCases` and `ChainConfig`; this test fails when the file is stale.
/// Rewrite it with: GEM_WRITE_DOCS=1 swift test --filter ChainsDocTests
struct ChainsDocTests {
    static func render() -> String {
        var lines = [
            "# Chains",
            "",
            "Generated from `Sources/Primitives/Chain.swift` and `ChainConfig.swift` by",
            "`Tests/PrimitivesTests/ChainsDocTests.swift` (the Swift suite fails when this file is stale; rewrite it with",
            "`GEM_WRITE_DOCS=1 swift test --filter ChainsDocTests`). Do not edit.",
            "",
            "The **id** is the string every record carries (`\"chain\":\"ethereum\"`) and the first part of an asset id",
            "(`ethereum`, `ethereum_0xdAC17F958D2ee523a2206206994597C13D831ec7`). The **family** decides address rules,",
            "signing and node requests; every EVM chain is `ethereum`. The asset types a token can have are the",
            "`AssetType` cases of [records.md](records.md).",
            "",
            "| id | family | native asset | symbol | decimals | network id | slip44 | curve | derivation path |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for chain in Chain.allCases {
            let config = chain.config
            let network = config.networkId.isEmpty ? "" : "`\(config.networkId)`"
            lines.append("| `\(chain.rawValue)` | \(config.type.rawValue) | \(config.nativeAsset.name) | \(config.nativeAsset.symbol) | "
                + "\(config.nativeAsset.decimals) | \(network) | \(config.slip44) | \(config.curve.rawValue) | `\(config.derivationPath)` |")
        }
        lines.append("")
        lines.append("\(Chain.allCases.count) chains in \(ChainType.allCases.count) families: "
            + ChainType.allCases.map { "\($0.rawValue) (\($0.chains.count))" }.joined(separator: ", ") + ".")
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func docsChainsIsCurrent() throws {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/chains.md")
        let rendered = Self.render()
        if ProcessInfo.processInfo.environment["GEM_WRITE_DOCS"] == "1" {
            try rendered.write(to: file, atomically: true, encoding: .utf8)
        }
        let current = try String(contentsOf: file, encoding: .utf8)
        #expect(current == rendered, "docs/chains.md is stale: GEM_WRITE_DOCS=1 swift test --filter ChainsDocTests")
    }
}
