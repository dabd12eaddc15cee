import Primitives
@testable import Gemstone

/// `GemPriceStore` in memory, with the adapters' semantics: one `saveRatesAndPrices` is one transaction
/// (rates, then the repricing, then the prices; all or nothing). Records every committed tick and can
/// fail chosen writes.
actor MemoryPriceStore: GemPriceStore {
    private(set) var prices: [AssetId: GemAssetPrice] = [:]
    private(set) var rates: [String: Double] = [:]
    private(set) var conversion: GemPriceConversion?
    /// Every tick committed, in order.
    private(set) var ticks: [GemPriceTick] = []
    private var writeOutcomes: [GemServiceError?] = []

    init(prices: [GemAssetPrice] = [], rates: [GemFiatRate] = [], conversion: GemPriceConversion? = nil) {
        for price in prices { self.prices[price.assetId] = price }
        for rate in rates { self.rates[rate.symbol] = rate.rate }
        self.conversion = conversion
    }

    /// The next writes fail or pass in this order (`nil` passes); later writes pass.
    func scriptWrites(_ outcomes: GemServiceError?...) {
        writeOutcomes = outcomes
    }

    func price(_ id: AssetId) -> GemAssetPrice? { prices[id] }

    func getPrices(assetIds: [AssetId]) async throws(GemServiceError) -> [GemAssetPrice] {
        assetIds.compactMap { prices[$0] }
    }

    func getPriceState(currency: String) async throws(GemServiceError) -> GemPriceState {
        GemPriceState(conversion: conversion, rate: rates[currency])
    }

    func saveRatesAndPrices(_ tick: GemPriceTick) async throws(GemServiceError) {
        if !writeOutcomes.isEmpty, let error = writeOutcomes.removeFirst() { throw error }
        for rate in tick.rates { rates[rate.symbol] = rate.rate }
        if let next = tick.conversion {
            for (id, row) in prices { prices[id]?.price = row.priceUsd * next.rate }
            conversion = next
        }
        for price in tick.prices { prices[price.assetId] = price }
        ticks.append(tick)
    }
}
