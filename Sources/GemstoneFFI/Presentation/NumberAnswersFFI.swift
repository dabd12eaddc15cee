import CGemstone
import Gemstone

// Formatted numbers, durations and human-input amounts (gemstone.h, "Presentation answers").

@c @implementation
public func gem_formatted_currency(_ request: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    answerProjection(GemCurrencyNumberRequest.self, request, out)
}

@c @implementation
public func gem_formatted_amount(_ request: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    answerProjection(GemAmountNumberRequest.self, request, out)
}

@c @implementation
public func gem_duration_parts(_ request: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    answerProjection(GemDurationPartsRequest.self, request, out)
}

@c @implementation
public func gem_plain_number(_ request: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    answerProjection(GemPlainNumberRequest.self, request, out, limit: typedAmountRequestLimit)
}

@c @implementation
public func gem_value_from_input(_ request: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    answerProjection(GemValueFromInputRequest.self, request, out, limit: typedAmountRequestLimit)
}

@c @implementation
public func gem_input_text(_ request: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    answerProjection(GemInputTextRequest.self, request, out, limit: typedAmountRequestLimit)
}

@c @implementation
public func gem_value_text(_ request: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    answerProjection(GemValueTextRequest.self, request, out, limit: typedAmountRequestLimit)
}

@c @implementation
public func gem_amount_error_display(_ request: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    answerProjection(GemAmountErrorDisplayRequest.self, request, out)
}

/// The most request bytes the typed-amount answers read (plain_number, value_from_input, input_text, value_text and
/// the amount session): their text is at most 1024 bytes and a value 78 digits, so a longer request is refused
/// before it is parsed, in time independent of its length (gemstone.h).
let typedAmountRequestLimit = 16_384
