import CGemstone
import Gemstone
import Primitives

// GemChartService as a handle (gemstone.h, gem_chart_service_*): decodes, calls, encodes. The chart
// session's projections are generated from schema/charts.json (Generated/Projections+Schema.swift).

/// The longest request_json gem_chart_service_load reads: a GemChartRequest is a few hundred bytes.
private let chartRequestLimit = 4_096

@c @implementation
public func gem_chart_service_new(_ configJSON: UnsafePointer<CChar>?,
                                  _ transport: UnsafePointer<gem_http_transport>?,
                                  _ prices: OpaquePointer?,
                                  _ outService: UnsafeMutablePointer<OpaquePointer?>?,
                                  _ outError: UnsafeMutablePointer<gem_buffer>?) -> gem_status {
    deliverHandle(outService, outError) {
        let config = try decodeArgument(GemChartServiceConfig.self, configJSON, "config_json")
        let timeoutMs = try boundedMilliseconds(config.timeoutMs, default: 30_000, "config_json.timeout_ms")
        let priceService = try ServiceHandle<GemPriceService>.require(prices, "prices").service
        let lifetime = Lifetime()
        let construction = Construction()
        let service = try GemChartService(
            baseURL: config.apiUrl,
            transport: try HTTPTransportAdapter(transport, lifetime: lifetime, timeout: .milliseconds(timeoutMs), construction: construction),
            prices: priceService
        )
        construction.commit()
        return ServiceHandle(service, lifetime: lifetime).retainedPointer()
    }
}

@c @implementation
public func gem_chart_service_free(_ service: OpaquePointer?) {
    ServiceHandle<GemChartService>.release(service)
}

@c @implementation
public func gem_chart_service_load(_ service: OpaquePointer?, _ requestJSON: UnsafePointer<CChar>?,
                                   _ done: gem_completion_fn?, _ context: UnsafeMutableRawPointer?) -> gem_status {
    startCommand(service, GemChartService.self, done, context) { service in
        let request = try decodeBoundedArgument(GemChartRequest.self, requestJSON, "request_json", limit: chartRequestLimit)
        return { try JSONCodec.encode(await service.load(request)) }
    }
}
