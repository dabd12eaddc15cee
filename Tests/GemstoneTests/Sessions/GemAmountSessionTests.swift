@testable import Gemstone
import Primitives
import Testing

@Suite struct GemAmountSessionTests {
    /// 2 ETH held, on a device that writes "1,5".
    static let session = GemAmountSession(
        asset: Fixtures.ethereum, balance: BigUInt(2_000_000_000_000_000_000), currency: "EUR",
        format: GemNumberFormat(decimalSeparator: ",")
    )

    @Test func nothingTypedIsEmptyAndSilent() {
        let state = Self.session.viewState(price: 2_000)
        #expect(state.check == .empty)
        #expect(state.error == GemAmountErrorDisplay.none)
        #expect(state.value == nil)
        #expect(state.fiat == .currency(0, code: "EUR", style: .fiat))
        #expect(!state.canContinue)
    }

    @Test func anAmountWithinTheBalanceIsOkWithItsFiatEquivalent() {
        let state = Self.session.typed("1,5").viewState(price: 2_000)
        #expect(state.check == .ok)
        #expect(state.value == BigUInt(1_500_000_000_000_000_000))
        #expect(state.fiat == .currency(3_000, code: "EUR", style: .fiat))
        #expect(state.error == GemAmountErrorDisplay.none)
        #expect(state.canContinue)
    }

    @Test func theWholeBalanceIsOkAndOneUnitMoreIsOverBalance() {
        #expect(Self.session.typed("2").viewState(price: nil).check == .ok)
        let over = Self.session.typed("2,000000000000000001").viewState(price: nil)
        #expect(over.check == .overBalance)
        #expect(over.error == .insufficientBalance(title: "Ethereum (ETH)"))
        #expect(!over.canContinue)
    }

    @Test func zeroIsInvalidButSilent() {
        let state = Self.session.typed("0,00").viewState(price: 2_000)
        #expect(state.check == .invalid)
        #expect(state.error == GemAmountErrorDisplay.none)
        #expect(state.value == .zero)
        #expect(!state.canContinue)
    }

    @Test func textThatIsNotANumberIsInvalidAndShown() {
        let state = Self.session.typed("1.5").viewState(price: 2_000)
        #expect(state.check == .invalid, "a dot cannot group \"1.5\" on a comma device")
        #expect(state.error == .invalidAmount)
        #expect(state.fiat == nil)
        #expect(!state.canContinue)
    }

    @Test func moreDecimalsThanTheAssetHasAreInvalid() {
        let state = Self.session.typed("0,0000000000000000001").viewState(price: nil)
        #expect(state.check == .invalid)
        #expect(state.error == .tooManyDecimals(decimals: 18))
    }

    @Test func theSessionReadsTextWithTheSeparatorItWasCreatedWith() {
        let arabic = GemAmountSession(asset: Fixtures.ethereum, balance: BigUInt(2_000_000_000_000_000_000), currency: "EUR", format: GemNumberFormat(decimalSeparator: "\u{066B}"))
        #expect(arabic.typed("١٫٥").viewState(price: nil).value == BigUInt(1_500_000_000_000_000_000))
        #expect(Self.session.typed("1.234").viewState(price: nil).check == .overBalance, "\"1.234\" is 1234 on a comma device")
    }

    @Test func belowTheMinimumIsInvalidAndNamesTheMinimum() {
        var session = Self.session
        session.minimum = BigUInt(10_000_000_000_000_000)
        let state = session.typed("0,001").viewState(price: nil)
        #expect(state.check == .invalid)
        #expect(state.error == .belowMinimum(title: "Ethereum (ETH)", minimum: .amount(0.01, symbol: "ETH", style: .full)))
        #expect(session.typed("0,01").viewState(price: nil).check == .ok)
    }

    @Test func maxFillsTheFieldWithTheBalanceInTheDevicesFormat() {
        let max = Self.session.typed("1").maxToggled()
        #expect(max.isMax)
        #expect(max.text == "2")
        let state = max.viewState(price: 2_000)
        #expect(state.value == Self.session.balance)
        #expect(state.isMax)
        #expect(state.check == .ok)
    }

    @Test func maxToggledOffClearsTheFieldAndTypingTurnsMaxOff() {
        let off = Self.session.maxToggled().maxToggled()
        #expect(!off.isMax)
        #expect(off.text == "")
        let typed = Self.session.maxToggled().typed("1")
        #expect(!typed.isMax)
        #expect(typed.text == "1")
    }

    @Test func aMaxAmountFollowsANewBalance() {
        let max = Self.session.maxToggled().balanceChanged(BigUInt(1_250_000_000_000_000_000))
        #expect(max.text == "1,25")
        #expect(max.viewState(price: nil).value == BigUInt(1_250_000_000_000_000_000))
        let typed = Self.session.typed("1").balanceChanged(BigUInt(5))
        #expect(typed.text == "1", "typed text stays when the balance changes")
        #expect(typed.viewState(price: nil).check == .overBalance)
    }

    @Test func aMaxOfZeroCannotContinue() {
        let empty = GemAmountSession(asset: Fixtures.ethereum, balance: .zero, currency: "EUR", format: GemNumberFormat(decimalSeparator: ","))
        let state = empty.maxToggled().viewState(price: nil)
        #expect(state.check == .invalid)
        #expect(!state.canContinue)
    }

    @Test func eventsAppliedOneByOneEqualTheDirectCalls() {
        #expect(Self.session.applying(.typed(text: "1,5")) == Self.session.typed("1,5"))
        #expect(Self.session.applying(.maxToggled) == Self.session.maxToggled())
        #expect(Self.session.applying(.balanceChanged(balance: BigUInt(7))) == Self.session.balanceChanged(BigUInt(7)))
    }

    @Test func sessionEventsAndViewStateCrossAsRecords() throws {
        try expectGolden(GemAmountEvent.typed(text: "1,5"), #"{"type":"typed","text":"1,5"}"#)
        try expectGolden(GemAmountEvent.maxToggled, #"{"type":"max_toggled"}"#)
        try expectGolden(GemAmountEvent.balanceChanged(balance: BigUInt(5)), #"{"type":"balance_changed","balance":"5"}"#)
        try expectGolden(
            Self.session.typed("1,5"),
            #"{"asset":{"id":"ethereum","name":"Ethereum","symbol":"ETH","decimals":18,"type":"native"},"balance":"2000000000000000000","currency":"EUR","format":{"decimal_separator":","},"text":"1,5","is_max":false}"#
        )
        try expectGolden(
            Self.session.typed("3").viewState(price: nil),
            #"{"value":"3000000000000000000","check":"over_balance","error":{"type":"insufficient_balance","title":"Ethereum (ETH)"},"is_max":false,"can_continue":false}"#
        )
    }
}
