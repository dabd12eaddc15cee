import Primitives

/// The chart service (spec: GemChartService): loads a chart for a session's request over the API and
/// answers it as a `GemChartResult` carrying that request, so the session drops an answer it has moved
/// past. The API is asked in USD; the points are converted once at the stored rate of the request's
/// currency, read through the price service (the owner of the price store), as the price service
/// converts its prices: USD at 1, else the stored rate, else USD at 1 until a rate is stored (the result's
/// conversion then says USD).
public final class GemChartService: Sendable {
    private let baseURL: String
    private let transport: any GemHTTPTransport
    private let prices: GemPriceService

    /// `baseURL` is the API's root (the rule of `BaseURL.validated`: https, or http to loopback only).
    public init(baseURL: String, transport: any GemHTTPTransport, prices: GemPriceService) throws(GemServiceError) {
        self.baseURL = try BaseURL.validated(baseURL, name: "the API base URL")
        self.transport = transport
        self.prices = prices
    }

    /// The chart `request` asks for. Never throws: a failure is the result's `error` state (with no
    /// points), so the session folds it like an answer; `GemLoadState.data` otherwise, the points possibly
    /// empty (the session's no_data).
    public func load(_ request: GemChartRequest) async -> GemChartResult {
        let usd = GemPriceConversion(currency: FiatCurrency.usd, rate: 1)
        do {
            guard CurrencyCode.isValid(request.currency) else {
                throw GemServiceError.invalidInput(message: "currency \"\(JSONCodec.excerpt(request.currency))\" is not three upper-case letters")
            }
            let api = ChartAPI(assetId: request.assetId, period: request.period)
            async let answer = transport.request(api.request(baseURL: baseURL))
            let conversion = try await prices.conversion(currency: request.currency)
            let points = try api.points(from: try await answer)
            return GemChartResult(request: request, state: .data, conversion: conversion,
                                  points: points.map { GemChartPoint(date: $0.date, value: $0.value * conversion.rate) })
        } catch let error as GemServiceError {
            return GemChartResult(request: request, state: .error(error: error), conversion: usd, points: [])
        } catch is CancellationError {
            return GemChartResult(request: request, state: .error(error: .cancelled), conversion: usd, points: [])
        } catch {
            return GemChartResult(request: request, state: .error(error: .internal(message: String(describing: error))), conversion: usd, points: [])
        }
    }
}
