@testable import Gemstone
import Primitives
import Testing

/// Each projection as the ABI runs it: the host's JSON decoded, answered, encoded.
func answerJSON<R: GemProjection>(_ request: R.Type, _ json: String) throws -> String {
    let decoded = try JSONCodec.decode(R.self, from: Array(json.utf8))
    return try JSONCodec.encodeString(try decoded.answer())
}

@Suite struct GemProjectionTests {
    /// A request's unknown case is refused listing the allowed values as the JSON spells them, never a Swift
    /// type or case name (the generated codecs of the schema's request records).
    @Test func anUnknownCaseListsTheABISpellings() throws {
        let phase = #"{"mode":"sometimes","state":{"type":"data"},"has_rows":true,"empty":{"kind":"activity","image":"activity"}}"#
        #expect(throws: JSONCodecError(path: "mode", reason: #"unknown value "sometimes"; expected one of synced, local, once_loaded"#)) {
            try JSONCodec.decode(GemListPhaseRequest.self, from: Array(phase.utf8))
        }
        #expect(throws: JSONCodecError(path: "style", reason: #"unknown value "compact"; expected one of currency, fiat, abbreviated"#)) {
            try JSONCodec.decode(GemCurrencyNumberRequest.self, from: Array(#"{"value":1,"code":"USD","style":"compact"}"#.utf8))
        }
        let session = try JSONCodec.encodeString(GemAmountSession(asset: Fixtures.ethereum, balance: 1, currency: "USD", format: GemNumberFormat(decimalSeparator: ".")))
        let event = #"{"session":\#(session),"event":{"type":"pasted"}}"#
        #expect(throws: JSONCodecError(path: "event.type", reason: #"unknown value "pasted"; expected one of typed, max_toggled, balance_changed"#)) {
            try JSONCodec.decode(GemAmountSessionEventRequest.self, from: Array(event.utf8))
        }
    }

    @Test func loadStateRefreshed() throws {
        #expect(try answerJSON(GemLoadStateRefreshRequest.self, #"{"shows_value":true,"sync_error":{"type":"offline","message":"x"}}"#) == #"{"type":"data"}"#)
        #expect(try answerJSON(GemLoadStateRefreshRequest.self, #"{"shows_value":false,"sync_error":{"type":"offline","message":"x"}}"#)
                == #"{"type":"error","error":{"type":"offline","message":"x"}}"#)
        #expect(try answerJSON(GemLoadStateRefreshRequest.self, #"{"shows_value":false}"#) == #"{"type":"data"}"#)
    }

    @Test func listPhaseInEachMode() throws {
        let empty = #"{"kind":"activity","image":"activity","action":"receive"}"#
        #expect(try answerJSON(GemListPhaseRequest.self, #"{"mode":"synced","state":{"type":"loading"},"has_rows":true,"empty":\#(empty)}"#) == #"{"type":"rows"}"#)
        #expect(try answerJSON(GemListPhaseRequest.self, #"{"mode":"local","state":{"type":"no_data"},"has_rows":false,"empty":\#(empty)}"#)
                == #"{"type":"empty","state":\#(empty)}"#)
        #expect(try answerJSON(GemListPhaseRequest.self, #"{"mode":"once_loaded","state":{"type":"loading"},"has_rows":false,"empty":\#(empty)}"#) == "null")
        #expect(try answerJSON(GemEmptyStateRequest.self, #"{"kind":"contacts"}"#) == #"{"kind":"contacts","image":"contacts","action":"add_contact"}"#)
        #expect(try answerJSON(GemListWindowRequest.self, #"{"window":{"limit":50,"maximum":1000},"row_count":50}"#) == #"{"limit":100,"maximum":1000}"#)
    }

    @Test func numbers() throws {
        #expect(try answerJSON(GemCurrencyNumberRequest.self, #"{"value":-5,"code":"USD","style":"currency","signed":true}"#)
                == #"{"value":-5,"unit":{"type":"currency","code":"USD"},"display":{"type":"number","precision":{"type":"fraction","min":2,"max":2}},"notation":"signed","tone":"negative","rounding":"to_nearest"}"#)
        #expect(try answerJSON(GemAmountNumberRequest.self, #"{"value":250000,"symbol":"ETH","style":"short"}"#)
                == #"{"value":250000,"unit":{"type":"symbol","symbol":"ETH"},"display":{"type":"abbreviated"},"notation":"plain","tone":"plain","rounding":"toward_zero"}"#)
        #expect(try answerJSON(GemDurationPartsRequest.self, #"{"seconds":3725,"max_parts":2}"#) == #"[{"value":1,"unit":"hours"},{"value":2,"unit":"minutes"}]"#)
    }

    @Test func humanInput() throws {
        let comma = #"{"decimal_separator":","}"#
        #expect(try answerJSON(GemPlainNumberRequest.self, #"{"format":\#(comma),"text":"1.234,5"}"#) == #""1234.5""#)
        #expect(try answerJSON(GemPlainNumberRequest.self, #"{"format":\#(comma),"text":"1.5"}"#) == "null")
        #expect(try answerJSON(GemPlainNumberRequest.self, #"{"format":\#(comma),"text":""}"#) == #""""#)
        #expect(try answerJSON(GemValueFromInputRequest.self, #"{"format":\#(comma),"text":"1,5","decimals":6}"#) == #"{"type":"value","value":"1500000"}"#)
        #expect(try answerJSON(GemValueFromInputRequest.self, #"{"format":\#(comma),"text":"0,0000001","decimals":6}"#)
                == #"{"type":"error","error":{"type":"too_many_decimals","decimals":6}}"#)
        #expect(try answerJSON(GemInputTextRequest.self, #"{"format":\#(comma),"value":"1500000","decimals":6}"#) == #""1,5""#)
        #expect(try answerJSON(GemValueTextRequest.self, #"{"format":\#(comma),"value":1e-05}"#) == #""0,00001""#)
        #expect(try answerJSON(GemAmountErrorDisplayRequest.self, #"{"error":{"type":"zero"}}"#) == #"{"type":"none"}"#)
    }

    @Test func copiesAndAddresses() throws {
        #expect(try answerJSON(GemAddressCopyRequest.self, #"{"chain":"bitcoin","address":"bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"}"#)
                == #"{"kind":{"type":"address","chain":"bitcoin"},"value":"bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq","display":"bc1qar...5mdq"}"#)
        #expect(try answerJSON(GemCopyPolicyRequest.self, #"{"kind":{"type":"private_key"}}"#) == #"{"is_sensitive":true,"clipboard_expiry_seconds":60}"#)
        #expect(try answerJSON(GemCopyPolicyRequest.self, #"{"kind":{"type":"plain"}}"#) == #"{"is_sensitive":false}"#)
        #expect(try answerJSON(GemFormatAddressRequest.self, #"{"address":"0x1234567890abcdef1234567890abcdef12345678","style":"full"}"#)
                == #""0x1234567890abcdef1234567890abcdef12345678""#)
    }

    @Test func days() throws {
        let boundaries = try answerJSON(GemDayBoundariesRequest.self, #"{"now":1772323200,"utc_offset_seconds":-3600}"#)
        #expect(boundaries == #"{"today":{"year":2026,"month":2,"day":28},"yesterday":{"year":2026,"month":2,"day":27}}"#)
        #expect(try answerJSON(GemDayLabelsRequest.self, #"{"boundaries":\#(boundaries),"days":[{"year":2026,"month":2,"day":27},{"year":2026,"month":2,"day":1}]}"#)
                == #"["yesterday","date"]"#)
    }

    @Test func transactionRowsFailWithInvalidInputForAMissingAsset() throws {
        let request = GemTransactionRowsRequest(transactions: [TransactionFixtures.transaction(asset: Fixtures.bitcoin)], assets: TransactionFixtures.assets, currency: "USD")
        let json = try JSONCodec.encodeString(request)
        #expect(throws: GemServiceError.self) { try answerJSON(GemTransactionRowsRequest.self, json) }
        let valid = GemTransactionRowsRequest(transactions: [TransactionFixtures.transaction()], assets: TransactionFixtures.assets, currency: "USD")
        #expect(try answerJSON(GemTransactionRowsRequest.self, try JSONCodec.encodeString(valid)).hasPrefix(#"[{"id":"ethereum_0xabc""#))
    }

    @Test func anAmountScreenDrivenThroughItsProjections() throws {
        let asset = try JSONCodec.encodeString(Fixtures.ethereum)
        var session = try answerJSON(GemAmountSessionRequest.self, #"{"asset":\#(asset),"balance":"2000000000000000000","currency":"EUR","format":{"decimal_separator":","}}"#)
        session = try answerJSON(GemAmountSessionEventRequest.self, #"{"session":\#(session),"event":{"type":"typed","text":"1,5"}}"#)
        let state = try answerJSON(GemAmountViewStateRequest.self, #"{"session":\#(session),"price":2000}"#)
        #expect(state == #"{"value":"1500000000000000000","check":"ok","error":{"type":"none"},"fiat":{"value":3000,"unit":{"type":"currency","code":"EUR"},"display":{"type":"number","precision":{"type":"fraction","min":2,"max":2}},"notation":"plain","tone":"plain","rounding":"to_nearest"},"is_max":false,"can_continue":true}"#)
        session = try answerJSON(GemAmountSessionEventRequest.self, #"{"session":\#(session),"event":{"type":"max_toggled"}}"#)
        #expect(session.contains(#""text":"2","is_max":true"#))
    }

    @Test func malformedRequestsAreDecodingErrorsNotCrashes() {
        #expect(throws: JSONCodecError.self) { try JSONCodec.decode(GemValueFromInputRequest.self, from: Array(#"{"format":{},"text":1}"#.utf8)) }
        #expect(throws: JSONCodecError.self) { try JSONCodec.decode(GemInputTextRequest.self, from: Array(#"{"format":{"decimal_separator":"."},"value":"-1","decimals":2}"#.utf8)) }
        #expect(throws: JSONCodecError.self) { try JSONCodec.decode(GemListPhaseRequest.self, from: Array(#"{"mode":"sometimes"}"#.utf8)) }
    }
}
