import CGemstone
import Gemstone
import Primitives

@c @implementation
public func gem_address_validate(_ chain: UnsafePointer<CChar>?, _ address: UnsafePointer<CChar>?,
                                 _ out: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    Outcome {
        let id = try requireString(chain, "chain")
        guard let chain = Chain(id: id) else { throw ABIError(message: "chain: unknown chain id \"\(JSONCodec.excerpt(id))\"") }
        let text = try requireString(address, "address")
        return try JSONCodec.encode(GemAddressValidation.validate(chain: chain, text: text))
    }.deliver(out)
}
