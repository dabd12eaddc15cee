import Foundation
@testable import Gemstone
import Testing

/// The presentation constants gemstone.h publishes as #defines equal the Swift ones: a change on
/// either side alone fails here.
@Suite struct HeaderConstantsTests {
    /// Every constant of the header's "Presentation answers" section and its Swift source.
    static let published: [String: Int] = [
        "GEM_LIST_PAGE_SIZE": GemConstants.listPageSize,
        "GEM_LIST_PREFETCH_ROWS": GemConstants.listPrefetchRows,
        "GEM_LIST_MAX_ROWS": GemConstants.listMaxRows,
        "GEM_SECRET_CLIPBOARD_SECONDS": GemConstants.secretClipboardSeconds,
        "GEM_MAX_ASSET_DECIMALS": GemConstants.maxAssetDecimals,
        "GEM_MAX_UTC_OFFSET_SECONDS": GemConstants.maxUTCOffsetSeconds,
        "GEM_SIGN_MESSAGE_MAX_BYTES": GemConstants.signMessageMaxBytes,
        "GEM_SIGN_MESSAGE_MAX_APP_BYTES": GemConstants.signMessageMaxAppBytes,
        "GEM_CHART_MAX_POINTS": GemConstants.chartMaxPoints,
        "GEM_CHART_MIN_VISIBLE_POINTS": GemConstants.chartMinVisiblePoints,
        "GEM_CHART_MAX_REQUEST_BYTES": GemConstants.chartMaxRequestBytes,
        "GEM_CHART_MAX_LINK_BYTES": GemConstants.chartMaxLinkBytes,
        "GEM_AMOUNT_MAX_REQUEST_BYTES": GemConstants.amountMaxRequestBytes,
        "GEM_PRICE_ALERT_MAX_REQUEST_BYTES": GemConstants.priceAlertMaxRequestBytes,
    ]

    /// include/gemstone.h, found from this file's path (Tests/GemstoneTests/Models/…).
    static func header() throws -> String {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("include/gemstone.h")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The integer #defines between the "Presentation answers" banner and the next banner.
    static func presentationDefines(_ header: String) throws -> [String: Int] {
        let start = try #require(header.range(of: "Presentation answers"))
        let rest = header[start.upperBound...]
        let end = rest.range(of: "/* -----------")?.lowerBound ?? rest.endIndex
        var defines: [String: Int] = [:]
        for line in rest[..<end].split(separator: "\n") where line.hasPrefix("#define GEM_") {
            let parts = line.split(separator: " ")
            let name = String(parts[1])
            defines[name] = try #require(Int(parts[2].trimmingCharacters(in: CharacterSet(charactersIn: "()"))), "\(name) is not an integer")
        }
        return defines
    }

    @Test func everyPublishedConstantEqualsItsSwiftValue() throws {
        let defines = try Self.presentationDefines(try Self.header())
        #expect(Set(defines.keys) == Set(Self.published.keys), "the header's presentation constants and the Swift table differ")
        for (name, value) in Self.published {
            #expect(defines[name] == value, "\(name): header \(defines[name].map(String.init) ?? "missing"), Swift \(value)")
        }
    }

    @Test func aChangedHeaderValueIsCaught() throws {
        let header = try Self.header().replacingOccurrences(of: "#define GEM_LIST_PAGE_SIZE 50", with: "#define GEM_LIST_PAGE_SIZE 51")
        #expect(try Self.presentationDefines(header)["GEM_LIST_PAGE_SIZE"] == 51)
        #expect(try Self.presentationDefines(header)["GEM_LIST_PAGE_SIZE"] != GemConstants.listPageSize)
    }
}
