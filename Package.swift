// swift-tools-version:6.0
// libgemstone: the shared core of a multi-chain wallet, shipped as libgemstone.so + include/gemstone.h.
// Layers (DESIGN.md § 2), dependencies pointing down:
//   GemstoneFFI -> Gemstone -> Blockchain -> Primitives, GemCrypto -> libsecp256k1, libsodium
import PackageDescription

let root = Context.packageDirectory
let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "gemstone",
    products: [
        // The one artefact hosts link: libgemstone.so, Swift runtime linked statically, only gem_* exported.
        .library(name: "gemstone", type: .dynamic, targets: ["GemstoneFFI"]),
    ],
    targets: [
        // System libraries (Debian: libsecp256k1-dev, libsodium-dev).
        .systemLibrary(name: "CSecp256k1", pkgConfig: "libsecp256k1", providers: [.apt(["libsecp256k1-dev"])]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        // The public header, include/gemstone.h, as a Clang module so that @c @implementation checks every signature.
        .systemLibrary(name: "CGemstone", path: "include"),

        .target(
            name: "GemCrypto",
            dependencies: ["CSecp256k1", "CSodium"],
            exclude: ["README.md", "Unicode/generate_nfkd_table.py"],
            swiftSettings: strict
        ),
        .target(name: "Primitives", swiftSettings: strict, linkerSettings: [.linkedLibrary("m")]),
        .target(name: "Blockchain", dependencies: ["Primitives", "GemCrypto"], swiftSettings: strict),
        .target(name: "Gemstone", dependencies: ["Blockchain", "Primitives", "GemCrypto"], swiftSettings: strict),
        .target(
            name: "GemstoneFFI",
            dependencies: ["Gemstone", "CGemstone"],
            swiftSettings: strict + [.enableExperimentalFeature("CImplementation")],
            linkerSettings: [
                .unsafeFlags([
                    "-static-stdlib",
                    "-Xlinker", "--version-script=\(root)/include/gemstone.map",
                    "-Xlinker", "-soname=libgemstone.so.2",  // libgemstone.so.<GEM_ABI_VERSION>; CMake checks the two agree
                ]),
            ]
        ),

        // Benchmarks (bench/): programs that print their figures; not tests.
        .executableTarget(name: "bench-abi-direct", dependencies: ["Gemstone"], path: "bench/abi/direct", swiftSettings: strict),
        .executableTarget(name: "bench-prices-direct", dependencies: ["Gemstone", "Primitives"], path: "bench/prices/direct", swiftSettings: strict),
        .executableTarget(name: "bench-wallet", dependencies: ["Gemstone", "GemCrypto", "Primitives"], path: "bench/wallet", swiftSettings: strict),
        // bench/signing/ethereum: an EVM transfer signed beside the raw recoverable signature + keccak (issue 9).
        .executableTarget(
            name: "bench-signing-ethereum",
            dependencies: ["Blockchain", "GemCrypto", "Primitives"],
            path: "bench/signing/ethereum",
            swiftSettings: strict
        ),
        // bench/signing/solana: a SOL transfer signed beside one raw libsodium signature of its message.
        .executableTarget(
            name: "bench-signing-solana",
            dependencies: ["Blockchain", "GemCrypto", "Primitives", "CSodium"],
            path: "bench/signing/solana",
            swiftSettings: strict
        ),
        // bench/presentation: the transaction rows rule called directly; driven by bench/presentation/run.py.
        .executableTarget(
            name: "bench-presentation-direct",
            dependencies: ["Gemstone", "Primitives"],
            path: "bench/presentation/direct",
            swiftSettings: strict
        ),
        // bench/crypto: GemCrypto against the raw C libraries; driven by bench/crypto/run.py.
        .executableTarget(
            name: "GemCryptoBench",
            dependencies: ["GemCrypto", "CSecp256k1", "CSodium"],
            path: "bench/crypto/GemCryptoBench",
            swiftSettings: strict
        ),

        // bench/signing/bitcoin: a two-input P2WPKH transfer signed, beside two raw libsecp256k1 signatures + sighashes.
        .executableTarget(
            name: "bench-signing-bitcoin",
            dependencies: ["Blockchain", "GemCrypto", "Primitives", "CSecp256k1", "CSodium"],
            path: "bench/signing/bitcoin",
            swiftSettings: strict
        ),

        // tests/signing: the signers driven from JSON for the Python oracles (test tooling, not shipped).
        .executableTarget(
            name: "gem-sign-harness",
            dependencies: ["Blockchain", "Primitives", "GemCrypto"],
            path: "Tests/SignerHarness",
            swiftSettings: strict
        ),

        .testTarget(
            name: "GemCryptoTests",
            dependencies: ["GemCrypto"],
            exclude: ["VectorTools"],
            resources: [.copy("Vectors")],
            swiftSettings: strict
        ),
        .testTarget(name: "PrimitivesTests", dependencies: ["Primitives"], swiftSettings: strict),
        .testTarget(name: "BlockchainTests", dependencies: ["Blockchain"], resources: [.copy("Vectors")], swiftSettings: strict),
        .testTarget(name: "GemstoneTests", dependencies: ["Gemstone", "Blockchain"], resources: [.copy("Wallet/Vectors")], swiftSettings: strict),
    ]
)

// GEM_TEST_TARGETS=GemstoneTests (scripts/sanitize.sh thread): the manifest keeps only the named test targets, so a
// sanitizer build of the concurrency suites compiles no other test code. Unset: every target.
if let only = Context.environment["GEM_TEST_TARGETS"] {
    let keep = Set(only.split(separator: ",").map(String.init))
    package.targets.removeAll { $0.type == .test && !keep.contains($0.name) }
}
