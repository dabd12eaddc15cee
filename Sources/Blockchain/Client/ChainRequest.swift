import Primitives

/// One HTTP request to a chain's node, built by a family's request target (the specification's § 12 target or
/// RPC enum: inputs in, wire format out, no transport). `path` is appended to the node's base URL (empty for a
/// JSON-RPC endpoint at the base); `query` items are percent-encoded by `ChainRequest.url(base:)`.
public struct ChainRequest: Sendable, Equatable {
    public enum Method: String, Sendable, Equatable {
        case get = "GET"
        case post = "POST"
    }

    public var method: Method
    public var path: String
    public var query: [ChainHeader]
    public var headers: [ChainHeader]
    public var body: [UInt8]?

    public init(method: Method, path: String, query: [ChainHeader] = [], headers: [ChainHeader] = [], body: [UInt8]? = nil) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// A POST of a JSON body.
    public static func json(path: String = "", _ body: JSON, headers: [ChainHeader] = []) -> ChainRequest {
        ChainRequest(method: .post, path: path, headers: [ChainHeader(name: "Content-Type", value: "application/json")] + headers,
                     body: JSONWriter.bytes(body))
    }

    /// The full URL on a node whose base is `base` (no trailing slash needed): base + path + ?query.
    public func url(base: String) -> String {
        var url = base.hasSuffix("/") && path.hasPrefix("/") ? String(base.dropLast()) : base
        url += path
        guard !query.isEmpty else { return url }
        url += "?" + query.map { "\(ChainRequest.percentEncoded($0.name))=\(ChainRequest.percentEncoded($0.value))" }.joined(separator: "&")
        return url
    }

    /// RFC 3986 unreserved characters kept, every other byte %XX.
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".utf8)
                out += "%" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
            }
        }
        return out
    }
}

/// A header (or a query item) of a chain request.
public struct ChainHeader: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A node's answer: the HTTP status and the body bytes. An HTTP error status is an answer, not a throw.
public struct ChainResponse: Sendable, Equatable {
    public var status: Int
    public var body: [UInt8]

    public init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }
}
