import Testing
@testable import Gemstone

struct GemPreferencesServiceTests {
    @Test func keysAreTheStoredNames() {
        #expect(GemPreferencesService.Key.priceAlertsEnabled == "price_alerts_enabled")
        #expect(GemPreferencesService.Key.deviceId == "device_id")
        #expect(GemPreferencesService.Key.currency == "currency")
    }

    @Test func defaultsWhenNothingStored() {
        let preferences = GemPreferencesService(store: MemoryPreferencesStore())
        #expect(preferences.isPriceAlertsEnabled() == false)
        #expect(preferences.deviceId() == nil)
        #expect(preferences.currency() == "USD")
    }

    @Test func priceAlertsEnabledRoundTripsAsTrueFalse() {
        let store = MemoryPreferencesStore()
        let preferences = GemPreferencesService(store: store)
        preferences.setPriceAlertsEnabled(true)
        #expect(store.values["price_alerts_enabled"] == "true")
        #expect(preferences.isPriceAlertsEnabled())
        preferences.setPriceAlertsEnabled(false)
        #expect(store.values["price_alerts_enabled"] == "false")
        #expect(preferences.isPriceAlertsEnabled() == false)
    }

    @Test func priceAlertsEnabledWritesOnlyChanges() {
        let store = MemoryPreferencesStore(["price_alerts_enabled": "true"])
        let preferences = GemPreferencesService(store: store)
        preferences.setPriceAlertsEnabled(true)
        #expect(store.writes == 0)
        preferences.setPriceAlertsEnabled(false)
        #expect(store.writes == 1)
    }

    @Test(arguments: ["TRUE", "1", "yes", ""])
    func priceAlertsEnabledReadsOtherValuesAsOff(value: String) {
        #expect(GemPreferencesService(store: MemoryPreferencesStore(["price_alerts_enabled": value])).isPriceAlertsEnabled() == false)
    }

    @Test func deviceIdRoundTrips() throws {
        let store = MemoryPreferencesStore()
        let preferences = GemPreferencesService(store: store)
        try preferences.setDeviceId("device-7f3a")
        #expect(store.values["device_id"] == "device-7f3a")
        #expect(preferences.deviceId() == "device-7f3a")
    }

    @Test func emptyStoredDeviceIdReadsAsNone() {
        #expect(GemPreferencesService(store: MemoryPreferencesStore(["device_id": ""])).deviceId() == nil)
    }

    @Test(arguments: ["", "a b", "a\u{0}", "tab\t", "del\u{7F}"])
    func setDeviceIdRejects(deviceId: String) {
        let store = MemoryPreferencesStore()
        #expect(throws: GemServiceError.self) { try GemPreferencesService(store: store).setDeviceId(deviceId) }
        #expect(store.writes == 0)
    }

    @Test(arguments: ["USD", "EUR", "JPY"])
    func setCurrencyAccepts(currency: String) throws {
        let store = MemoryPreferencesStore()
        let preferences = GemPreferencesService(store: store)
        try preferences.setCurrency(currency)
        #expect(store.values["currency"] == currency)
        #expect(preferences.currency() == currency)
    }

    @Test(arguments: ["usd", "US", "USDT", "", "U1D", "ÉUR", " US"])
    func setCurrencyRejects(currency: String) {
        let store = MemoryPreferencesStore()
        #expect {
            try GemPreferencesService(store: store).setCurrency(currency)
        } throws: { error in
            guard case .invalidInput = error as? GemServiceError else { return false }
            return true
        }
        #expect(store.writes == 0)
    }

    @Test func invalidStoredCurrencyReadsAsDefault() {
        #expect(GemPreferencesService(store: MemoryPreferencesStore(["currency": "dollars"])).currency() == "USD")
    }

    /// One valid and one invalid field, in either role: the patch throws and nothing is written.
    @Test(arguments: [
        GemPreferencesPatch(currency: "EUR", deviceId: "a b"),
        GemPreferencesPatch(currency: "euro", deviceId: "device-1"),
        GemPreferencesPatch(currency: "EURO", deviceId: ""),
    ])
    func aPatchWithABadFieldWritesNothing(patch: GemPreferencesPatch) {
        let store = MemoryPreferencesStore(["currency": "JPY", "device_id": "old"])
        let preferences = GemPreferencesService(store: store)
        #expect {
            try preferences.update(patch)
        } throws: { error in
            guard case .invalidInput = error as? GemServiceError else { return false }
            return true
        }
        #expect(store.writes == 0)
        #expect(preferences.preferences() == GemPreferences(currency: "JPY", priceAlertsEnabled: false, deviceId: "old"))
    }

    @Test func aValidPatchWritesEveryFieldAndAnswersTheRecord() throws {
        let store = MemoryPreferencesStore(["price_alerts_enabled": "true"])
        let answer = try GemPreferencesService(store: store).update(GemPreferencesPatch(currency: "EUR", deviceId: "device-1"))
        #expect(answer == GemPreferences(currency: "EUR", priceAlertsEnabled: true, deviceId: "device-1"))
        #expect(store.values["currency"] == "EUR")
        #expect(store.values["device_id"] == "device-1")
    }

    @Test func anEmptyPatchWritesNothing() throws {
        let store = MemoryPreferencesStore()
        let answer = try GemPreferencesService(store: store).update(GemPreferencesPatch())
        #expect(answer == GemPreferences(currency: "USD", priceAlertsEnabled: false))
        #expect(store.writes == 0)
    }
}
