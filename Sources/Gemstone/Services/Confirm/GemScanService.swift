import Primitives

/// What the scanner answered about a transfer. Only an explicit answer stops a send.
struct ScanVerdict: Sendable, Equatable {
    var isMalicious: Bool
    var isMemoRequired: Bool
}

/// The transfer sent to the scanner and the simulation: the chain, the sender, the recipient, the asset and the value.
struct ConfirmAPIRequest: Sendable, Equatable {
    var chain: Chain
    var from: String
    var to: String
    var assetId: AssetId
    var value: BigUInt
    var memo: String?

    /// The JSON body both endpoints read: {"chain","from","to","asset_id","value","memo"?}.
    var body: String {
        var members: [(String, JSON)] = [("chain", .string(chain.id)), ("from", .string(from)), ("to", .string(to)),
                                         ("asset_id", .string(assetId.id)), ("value", .string(value.description))]
        if let memo { members.append(("memo", .string(memo))) }
        return String(decoding: JSONWriter.bytes(.object(members)), as: UTF8.self)
    }

    func http(_ url: String) -> GemHTTPRequest {
        GemHTTPRequest(url: url, method: .post, headers: [GemHTTPHeader(name: "Accept", value: "application/json"),
                                                          GemHTTPHeader(name: "Content-Type", value: "application/json")], body: body)
    }
}

/// The address scanner over the host's transport (spec `GemScanService`, composed by confirm):
///
///     POST {api}/v1/scan/transaction  body ConfirmAPIRequest.body  -> 200 {"is_malicious": bool, "is_memo_required": bool}
///
/// It fails open (spec "The scanner fails open"): a transport failure, an error status or an answer it cannot read
/// is no verdict, and the send continues. That is the policy, not error handling: `scan` cannot throw.
public final class GemScanService: Sendable {
    private let baseURL: String
    private let http: any GemHTTPTransport

    public init(baseURL: String, http: any GemHTTPTransport) throws(GemServiceError) {
        self.baseURL = try BaseURL.validated(baseURL, name: "the API URL")
        self.http = http
    }

    /// The scanner's verdict, or nil when it gave none.
    func scan(_ request: ConfirmAPIRequest) async -> ScanVerdict? {
        guard let response = try? await http.request(request.http(baseURL + "/v1/scan/transaction")), response.status == 200,
              let json = try? JSONParser.parse(response.body),
              let malicious = json["is_malicious"]?.boolValue, let memo = json["is_memo_required"]?.boolValue else {
            return nil
        }
        return ScanVerdict(isMalicious: malicious, isMemoRequired: memo)
    }
}

/// The transfer simulation over the host's transport (spec `GemSimulationService`):
///
///     POST {api}/v1/simulate/transfer  body ConfirmAPIRequest.body  -> 200 GemConfirmSimulation
///
/// It fails open (spec D73): no answer is an empty simulation, which looks the same as one that predicts nothing.
public final class GemSimulationService: Sendable {
    private let baseURL: String
    private let http: any GemHTTPTransport

    public init(baseURL: String, http: any GemHTTPTransport) throws(GemServiceError) {
        self.baseURL = try BaseURL.validated(baseURL, name: "the API URL")
        self.http = http
    }

    func simulate(_ request: ConfirmAPIRequest) async -> GemConfirmSimulation {
        guard let response = try? await http.request(request.http(baseURL + "/v1/simulate/transfer")), response.status == 200,
              let simulation = try? JSONCodec.decode(GemConfirmSimulation.self, from: Array(response.body.utf8)) else {
            return GemConfirmSimulation(warnings: [], changes: [])
        }
        return simulation
    }
}
