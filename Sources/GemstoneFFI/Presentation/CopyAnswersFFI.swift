import CGemstone
import Gemstone

// The copy model and address display (gemstone.h, "Presentation answers").

@c @implementation
public func gem_address_copy(_ request: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    answerProjection(GemAddressCopyRequest.self, request, out)
}

@c @implementation
public func gem_copy_kind_policy(_ request: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    answerProjection(GemCopyPolicyRequest.self, request, out)
}

@c @implementation
public func gem_format_address(_ request: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    answerProjection(GemFormatAddressRequest.self, request, out)
}
