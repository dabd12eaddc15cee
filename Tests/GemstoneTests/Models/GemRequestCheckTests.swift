@testable import Gemstone
import Primitives
import Testing

/// A projection request refuses what no screen could mean with invalid_input naming the field,
/// and accepts the edge of each range.
@Suite struct GemRequestCheckTests {
    func expectInvalidInput<R: GemProjection>(_ type: R.Type, _ json: String, naming field: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let request = try JSONCodec.decode(R.self, from: Array(json.utf8))
            _ = try request.answer()
            Issue.record("\(json) was answered", sourceLocation: sourceLocation)
        } catch let error as GemServiceError {
            guard case let .invalidInput(message) = error else {
                Issue.record("\(error) is not invalid_input", sourceLocation: sourceLocation)
                return
            }
            #expect(message.contains(field), "\(message) does not name \(field)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(error) is not a GemServiceError", sourceLocation: sourceLocation)
        }
    }

    @Test func theCurrencyIsThreeUpperCaseLetters() throws {
        expectInvalidInput(GemCurrencyNumberRequest.self, #"{"value":1,"code":"usd","style":"fiat","signed":false}"#, naming: "code")
        expectInvalidInput(GemCurrencyNumberRequest.self, #"{"value":1,"code":"EURO","style":"fiat","signed":false}"#, naming: "code")
        #expect(try answerJSON(GemCurrencyNumberRequest.self, #"{"value":1,"code":"EUR","style":"fiat","signed":false}"#).contains(#""code":"EUR""#))
    }

    @Test(arguments: [-1, GemConstants.maxAssetDecimals + 1])
    func decimalsOutsideTheRangeAreRefused(decimals: Int) {
        expectInvalidInput(GemValueFromInputRequest.self, #"{"format":{"decimal_separator":"."},"text":"1","decimals":\#(decimals)}"#, naming: "decimals")
        expectInvalidInput(GemInputTextRequest.self, #"{"format":{"decimal_separator":"."},"value":"1","decimals":\#(decimals)}"#, naming: "decimals")
    }

    @Test func decimalsAtTheEdgesAreAnswered() throws {
        #expect(try answerJSON(GemInputTextRequest.self, #"{"format":{"decimal_separator":"."},"value":"15","decimals":0}"#) == #""15""#)
        let atMost = try answerJSON(GemInputTextRequest.self, #"{"format":{"decimal_separator":"."},"value":"15","decimals":\#(GemConstants.maxAssetDecimals)}"#)
        #expect(atMost.hasSuffix(#"15""#) && atMost.hasPrefix(#""0.000"#))
    }

    @Test(arguments: ["12", "5", "٣", " "])
    func aSeparatorIsOneNonDigitCharacter(separator: String) {
        expectInvalidInput(GemPlainNumberRequest.self, #"{"format":{"decimal_separator":"\#(separator)"},"text":"1"}"#, naming: "decimal_separator")
    }

    @Test(arguments: [".", ",", "٫", ""])
    func theDevicesSeparatorsAreAccepted(separator: String) throws {
        #expect(try answerJSON(GemPlainNumberRequest.self, #"{"format":{"decimal_separator":"\#(separator)"},"text":"12"}"#) == #""12""#)
    }

    @Test func theUTCOffsetIsAtMostEighteenHours() throws {
        let limit = GemConstants.maxUTCOffsetSeconds
        expectInvalidInput(GemDayBoundariesRequest.self, #"{"now":0,"utc_offset_seconds":\#(limit + 1)}"#, naming: "utc_offset_seconds")
        expectInvalidInput(GemDayBoundariesRequest.self, #"{"now":0,"utc_offset_seconds":\#(-limit - 1)}"#, naming: "utc_offset_seconds")
        #expect(try answerJSON(GemDayBoundariesRequest.self, #"{"now":0,"utc_offset_seconds":\#(limit)}"#).contains(#""today":{"year":1970,"month":1,"day":1}"#))
        #expect(try answerJSON(GemDayBoundariesRequest.self, #"{"now":0,"utc_offset_seconds":\#(-limit)}"#).contains(#""today":{"year":1969,"month":12,"day":31}"#))
    }

    @Test(arguments: [(2026, 2, 29), (2026, 13, 1), (2026, 0, 1), (2026, 4, 31), (2026, 1, 0), (1900, 2, 29)])
    func aDayThatIsNotACalendarDateIsRefused(year: Int, month: Int, day: Int) {
        let boundaries = #"{"today":{"year":2026,"month":2,"day":28},"yesterday":{"year":2026,"month":2,"day":27}}"#
        expectInvalidInput(GemDayLabelsRequest.self, #"{"boundaries":\#(boundaries),"days":[{"year":2026,"month":1,"day":1},{"year":\#(year),"month":\#(month),"day":\#(day)}]}"#, naming: "days[1]")
    }

    @Test func leapDaysAreCalendarDates() throws {
        let boundaries = #"{"today":{"year":2024,"month":3,"day":1},"yesterday":{"year":2024,"month":2,"day":29}}"#
        #expect(try answerJSON(GemDayLabelsRequest.self, #"{"boundaries":\#(boundaries),"days":[{"year":2024,"month":2,"day":29},{"year":2000,"month":2,"day":29}]}"#) == #"["yesterday","date"]"#)
    }

    @Test func aWindowHasNoNegativeCounts() throws {
        expectInvalidInput(GemListWindowRequest.self, #"{"window":{"limit":-50,"maximum":1000},"row_count":0}"#, naming: "window.limit")
        expectInvalidInput(GemListWindowRequest.self, #"{"window":{"limit":50,"maximum":-1},"row_count":0}"#, naming: "window.maximum")
        expectInvalidInput(GemListWindowRequest.self, #"{"window":{"limit":50,"maximum":1000},"row_count":-1}"#, naming: "row_count")
        #expect(try answerJSON(GemListWindowRequest.self, #"{"window":{"limit":0,"maximum":0},"row_count":0}"#) == #"{"limit":0,"maximum":0}"#)
    }

    @Test func aDurationHasAtLeastOnePart() throws {
        expectInvalidInput(GemDurationPartsRequest.self, #"{"seconds":60,"max_parts":0}"#, naming: "max_parts")
        #expect(try answerJSON(GemDurationPartsRequest.self, #"{"seconds":3725,"max_parts":1}"#) == #"[{"value":1,"unit":"hours"}]"#)
    }

    @Test func anAddressCopyNeedsAnAddress() {
        expectInvalidInput(GemAddressCopyRequest.self, #"{"chain":"bitcoin","address":""}"#, naming: "address")
    }

    @Test func anAmountErrorsAssetHasValidDecimals() throws {
        let asset = #"{"id":"ethereum","name":"Ethereum","symbol":"ETH","decimals":-1,"type":"native"}"#
        expectInvalidInput(GemAmountErrorDisplayRequest.self, #"{"error":{"type":"insufficient_balance","asset":\#(asset),"available":"1"}}"#, naming: "error.asset.decimals")
    }

    @Test func aTransactionPageChecksItsCurrencyAndAssets() throws {
        var request = GemTransactionRowsRequest(transactions: [TransactionFixtures.transaction()], assets: TransactionFixtures.assets, currency: "usd")
        expectInvalidInput(GemTransactionRowsRequest.self, try JSONCodec.encodeString(request), naming: "currency")
        request.currency = "USD"
        request.assets.append(GemPricedAsset(asset: Asset(id: AssetId(chain: .bitcoin), name: "Bitcoin", symbol: "BTC", decimals: 300, type: .native), price: nil))
        expectInvalidInput(GemTransactionRowsRequest.self, try JSONCodec.encodeString(request), naming: "assets[2].asset.decimals")
    }

    @Test func anAmountSessionChecksItsAssetCurrencyFormatAndPrice() throws {
        let asset = try JSONCodec.encodeString(Fixtures.ethereum)
        expectInvalidInput(GemAmountSessionRequest.self, #"{"asset":\#(asset),"balance":"1","currency":"eur","format":{"decimal_separator":","}}"#, naming: "currency")
        expectInvalidInput(GemAmountSessionRequest.self, #"{"asset":\#(asset),"balance":"1","currency":"EUR","format":{"decimal_separator":"0"}}"#, naming: "decimal_separator")
        let session = try answerJSON(GemAmountSessionRequest.self, #"{"asset":\#(asset),"balance":"1","currency":"EUR","format":{"decimal_separator":","}}"#)
        expectInvalidInput(GemAmountViewStateRequest.self, #"{"session":\#(session),"price":-1}"#, naming: "price")
        #expect(try answerJSON(GemAmountViewStateRequest.self, #"{"session":\#(session),"price":0}"#).contains(#""check":"empty""#))
        let broken = session.replacingOccurrences(of: #""currency":"EUR""#, with: #""currency":"E""#)
        expectInvalidInput(GemAmountSessionEventRequest.self, #"{"session":\#(broken),"event":{"type":"max_toggled"}}"#, naming: "session.currency")
    }
}
