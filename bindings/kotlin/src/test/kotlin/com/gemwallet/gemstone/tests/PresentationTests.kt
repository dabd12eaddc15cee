package com.gemwallet.gemstone.tests

import com.gemwallet.gemstone.AddressFormatStyle
import com.gemwallet.gemstone.ChainType
import com.gemwallet.gemstone.Chains
import com.gemwallet.gemstone.addressCopy
import com.gemwallet.gemstone.amountErrorDisplay
import com.gemwallet.gemstone.amountSessionApply
import com.gemwallet.gemstone.amountSessionNew
import com.gemwallet.gemstone.amountSessionViewState
import com.gemwallet.gemstone.dayBoundaries
import com.gemwallet.gemstone.dayLabels
import com.gemwallet.gemstone.durationParts
import com.gemwallet.gemstone.emptyState
import com.gemwallet.gemstone.formattedAmount
import com.gemwallet.gemstone.formattedCurrency
import com.gemwallet.gemstone.inputText
import com.gemwallet.gemstone.listPhase
import com.gemwallet.gemstone.listWindowOnEndReached
import com.gemwallet.gemstone.loadStateRefreshed
import com.gemwallet.gemstone.plainNumber
import com.gemwallet.gemstone.transactionRows
import com.gemwallet.gemstone.valueFromInput
import com.gemwallet.gemstone.valueText
import com.gemwallet.gemstone.CurrencyStyle
import com.gemwallet.gemstone.DayLabel
import com.gemwallet.gemstone.ValueStyle
import com.gemwallet.gemstone.Gemstone
import org.json.JSONObject
import com.gemwallet.gemstone.chains
import com.gemwallet.gemstone.copyKindPolicy
import com.gemwallet.gemstone.formatAddress
import com.gemwallet.gemstone.TransactionDirection
import com.gemwallet.gemstone.TransactionRow
import com.gemwallet.gemstone.TransactionState
import com.gemwallet.gemstone.TransactionStatus
import com.gemwallet.gemstone.TransactionSubtitle
import com.gemwallet.gemstone.TransactionType
import com.gemwallet.gemstone.TransactionValue
import com.gemwallet.gemstone.ValueTone
import com.gemwallet.gemstone.GemException

import com.gemwallet.gemstone.AmountError
import com.gemwallet.gemstone.AmountErrorDisplay
import com.gemwallet.gemstone.AmountEvent
import com.gemwallet.gemstone.Asset
import com.gemwallet.gemstone.AssetType
import com.gemwallet.gemstone.CopyKind
import com.gemwallet.gemstone.CopyPolicy
import com.gemwallet.gemstone.Day
import com.gemwallet.gemstone.DayBoundaries
import com.gemwallet.gemstone.DurationPart
import com.gemwallet.gemstone.DurationUnit
import com.gemwallet.gemstone.EmptyState
import com.gemwallet.gemstone.EmptyStateAction
import com.gemwallet.gemstone.EmptyStateImage
import com.gemwallet.gemstone.EmptyStateKind
import com.gemwallet.gemstone.ListPhaseMode
import com.gemwallet.gemstone.ServiceError
import com.gemwallet.gemstone.InputValue
import com.gemwallet.gemstone.ListPhase
import com.gemwallet.gemstone.ListWindow
import com.gemwallet.gemstone.LoadState
import com.gemwallet.gemstone.NumberDisplay
import com.gemwallet.gemstone.NumberFormat
import com.gemwallet.gemstone.NumberUnit
import com.gemwallet.gemstone.Precision
import com.gemwallet.gemstone.Presentation
import com.gemwallet.gemstone.GemConstants
import com.gemwallet.gemstone.PricedAsset
import com.gemwallet.gemstone.Transaction
import com.gemwallet.gemstone.ChartEvent
import com.gemwallet.gemstone.ChartInput
import com.gemwallet.gemstone.ChartPeriod
import com.gemwallet.gemstone.ChartPhase
import com.gemwallet.gemstone.ChartPoint
import com.gemwallet.gemstone.ChartResult
import com.gemwallet.gemstone.ChartSelection
import com.gemwallet.gemstone.PriceConversion
import com.gemwallet.gemstone.chartIndexAt
import com.gemwallet.gemstone.chartSelection
import com.gemwallet.gemstone.chartSessionApply
import com.gemwallet.gemstone.chartSessionNew
import com.gemwallet.gemstone.chartViewState
import com.gemwallet.gemstone.priceAlertRows
import com.gemwallet.gemstone.AssetData
import com.gemwallet.gemstone.AssetPrice
import com.gemwallet.gemstone.AssetTrailing
import com.gemwallet.gemstone.LocalizedText
import com.gemwallet.gemstone.PriceAlert
import com.gemwallet.gemstone.PriceAlertData
import com.gemwallet.gemstone.PriceAlertKind
import com.gemwallet.gemstone.PriceAlertRow
import com.gemwallet.gemstone.PriceAlertRowsRequest
import com.gemwallet.gemstone.PriceDirection
import org.json.JSONArray
import java.io.File
import java.math.BigInteger

/** The presentation answers rendered one screen's worth at a time: transactions, amount, numbers, typed amounts, copies. */
class PresentationTests : Suite {
    override val name = "presentation"

    private val eth = Asset("ethereum", "Ethereum", "ETH", 18, AssetType.NATIVE)
    private val usdt = Asset("ethereum_0xdAC17F958D2ee523a2206206994597C13D831ec7", "Tether", "USDT", 6, AssetType.ERC20)
    private val btc = Asset("bitcoin", "Bitcoin", "BTC", 8, AssetType.NATIVE)
    private val me = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94"
    private val other = "0x1234567890abcdef1234567890abcdef12345678"
    private val now = 1_772_323_200L
    private val hour = 3600L

    private fun transaction(index: Int, type: String, direction: String, state: String, asset: Asset, value: BigInteger, createdAt: Long): Transaction {
        val chain = asset.id.substringBefore('_')
        val hash = "0x" + index.toString(16).padStart(64, '0')
        return Transaction("${chain}_$hash", hash, "multicoin_$me", asset.id, chain, TransactionType.fromJson(type),
            TransactionDirection.fromJson(direction), TransactionState.fromJson(state), createdAt, value,
            BigInteger.valueOf(21000), if (direction == "incoming") other else me, if (direction == "incoming") me else other)
    }

    private fun alertData(alert: PriceAlert, price: Double? = 2000.0): PriceAlertData =
        PriceAlertData(alert, AssetData(btc, price = price?.let { AssetPrice(btc.id, it, it, -3.0) }, isEnabled = true))

    private fun numberOf(text: LocalizedText?): Double =
        (text as? LocalizedText.Number)?.number?.value ?: error("not a number: $text")

    override fun tests(): List<Pair<String, () -> Unit>> = listOf(
        test("price alert rows: each kind with its id, what its row says, the golden rows, refusals and the request bound") {
            val (auto, over, percent) = Presentation.priceAlertRows(listOf(
                alertData(PriceAlert("bitcoin", "USD")),
                alertData(PriceAlert("bitcoin", "EUR", price = 100000.0, priceDirection = PriceDirection.UP)),
                alertData(PriceAlert("bitcoin", "USD", pricePercentChange = 5.0, priceDirection = PriceDirection.DOWN))
            ), "USD")
            checkEqual(listOf("bitcoin:USD:::", "bitcoin:EUR:100000::up", "bitcoin:USD::5:down"), listOf(auto.id, over.id, percent.id), "ids")
            checkEqual(listOf(PriceAlertKind.AUTO, PriceAlertKind.PRICE, PriceAlertKind.PRICE_PERCENT_CHANGE), listOf(auto.kind, over.kind, percent.kind), "kinds")
            checkEqual(listOf(null, PriceDirection.UP, PriceDirection.DOWN), listOf(auto.direction, over.direction, percent.direction), "directions")
            checkEqual(2000.0, numberOf(auto.row.subtitle?.text), "auto: the price")
            checkEqual(ValueTone.NEGATIVE, auto.row.subtitleExtra?.tone, "auto: the change's tone")
            checkEqual<AssetTrailing>(AssetTrailing.None, auto.row.trailing, "auto trails nothing")
            checkEqual<LocalizedText?>(LocalizedText.PriceAlertDirection(PriceDirection.UP), over.row.subtitle?.text, "over: the label")
            checkEqual(100000.0, numberOf(over.row.subtitleExtra?.text), "over: the target")
            checkEqual(ValueTone.POSITIVE, over.row.subtitleExtra?.tone, "over: positive")
            check(over.row.trailing is AssetTrailing.Value) { "a target alert trails the price: ${over.row.trailing}" }
            checkEqual(-5.0, numberOf(percent.row.subtitle?.text), "percent down: signed")
            checkEqual(ValueTone.NEGATIVE, percent.row.subtitle?.tone, "percent down: negative")
            checkEqual(false, over.row.masksBalance, "never masked")

            val golden = File(Repository.root, "schema/golden")
            val request = PriceAlertRowsRequest.fromJson(JSONArray(File(golden, "GemPriceAlertRowsRequest.json").readText()).getJSONObject(0))
            val rows = PriceAlertRow.listFromJson(JSONArray(File(golden, "GemPriceAlertRow.json").readText()))
            checkEqual(rows, Presentation.priceAlertRows(request.alerts, request.currency), "the golden request answers the golden rows")

            checkThrows<GemException.InvalidInput>("a lower-case currency") { Presentation.priceAlertRows(emptyList(), "usd") }
            checkThrows<GemException.InvalidInput>("an alert on another asset") { Presentation.priceAlertRows(listOf(PriceAlertData(PriceAlert("ethereum", "USD"), AssetData(btc, isEnabled = true))), "USD") }
            checkThrows<GemException.InvalidInput>("decimals") { Presentation.priceAlertRows(listOf(PriceAlertData(PriceAlert("bitcoin", "USD"), AssetData(Asset("bitcoin", "Bitcoin", "BTC", 256, AssetType.NATIVE), isEnabled = true))), "USD") }
            checkThrows<GemException.InvalidInput>("a price not above zero") { Presentation.priceAlertRows(listOf(alertData(PriceAlert("bitcoin", "USD", price = 0.0))), "USD") }
            val beyond = checkThrows<GemException.InvalidArgument>("beyond the bound") {
                Presentation.priceAlertRows(emptyList(), "U".repeat(GemConstants.PRICE_ALERT_MAX_REQUEST_BYTES))
            }
            check("longer than ${GemConstants.PRICE_ALERT_MAX_REQUEST_BYTES} bytes" in (beyond.message ?: "")) { "${beyond.message}" }
        },
        test("a chart session: an answer folded, drawn, a finger's point, an older answer dropped, a new period unzoomed") {
            val session = Presentation.chartSessionNew("bitcoin", ChartPeriod.DAY, "EUR")
            checkEqual(1L, session.request.generation, "first generation")
            val points = (0 until 20).map { ChartPoint(1_000L + it * 60L, 10.0 + it) }
            val answer = ChartResult(session.request, LoadState.Data, PriceConversion("EUR", 0.5), points)
            val loaded = Presentation.chartSessionApply(session, ChartEvent.Result(answer))
            val phase = Presentation.chartViewState(loaded, ChartInput("bitcoin")).phase
            val data = (phase as? ChartPhase.Data)?.data ?: error("no data phase: $phase")
            checkEqual(points, data.points, "drawn points")
            checkEqual(0L, Presentation.chartIndexAt(data, 0.0), "index at 0")
            checkEqual(19L, Presentation.chartIndexAt(data, 1.0), "index at 1")
            checkEqual(null, Presentation.chartIndexAt(data, 1.5), "off the plot")
            checkEqual(ChartSelection(points[19].date, 29.0, 190.0), Presentation.chartSelection(data, 19L), "selection")
            val refreshed = Presentation.chartSessionApply(loaded, ChartEvent.Refresh)
            checkEqual(refreshed, Presentation.chartSessionApply(refreshed, ChartEvent.Result(answer)), "older answer dropped")
            val zoomed = Presentation.chartSessionApply(loaded, ChartEvent.Zoom(2.0, 1.0))
            checkEqual(10L, zoomed.windowCount, "zoomed")
            checkEqual(null, Presentation.chartSessionApply(zoomed, ChartEvent.Period(ChartPeriod.WEEK)).windowCount, "new period unzoomed")
        },
        test("the header's presentation constants are the binding's") {
            val header = File(System.getProperty("gemstone.repo"), "include/gemstone.h").readText()
            fun define(name: String) = Regex("#define $name (\\d+)").find(header)?.groupValues?.get(1)?.toInt()
            checkEqual(GemConstants.LIST_PAGE_SIZE, define("GEM_LIST_PAGE_SIZE"), "page size")
            checkEqual(GemConstants.LIST_PREFETCH_ROWS, define("GEM_LIST_PREFETCH_ROWS"), "prefetch rows")
            checkEqual(GemConstants.LIST_MAX_ROWS, define("GEM_LIST_MAX_ROWS"), "max rows")
            checkEqual(GemConstants.SECRET_CLIPBOARD_SECONDS, define("GEM_SECRET_CLIPBOARD_SECONDS"), "clipboard seconds")
            checkEqual(GemConstants.MAX_ASSET_DECIMALS, define("GEM_MAX_ASSET_DECIMALS"), "max decimals")
            checkEqual(GemConstants.MAX_UTC_OFFSET_SECONDS, define("GEM_MAX_UTC_OFFSET_SECONDS"), "max offset")
        },
        test("a transactions screen: rows, day sections, phase and window") {
            val boundaries = Presentation.dayBoundaries(now, -5 * 3600)
            checkEqual(DayBoundaries(Day(2026L, 2L, 28L), Day(2026L, 2L, 27L)), boundaries, "boundaries")
            val transactions = listOf(
                transaction(1, "transfer", "incoming", "pending", eth, BigInteger("1500000000000000000"), now - hour),
                transaction(2, "transfer", "outgoing", "confirmed", usdt, BigInteger.valueOf(25_000_000), now - 26 * hour),
                transaction(3, "token_approval", "outgoing", "confirmed", usdt, BigInteger.ZERO, now - 27 * hour),
                transaction(4, "swap", "outgoing", "failed", eth, BigInteger.TEN.pow(12), now - 40 * 24 * hour),
                transaction(5, "stake_rewards", "incoming", "confirmed", btc, BigInteger.valueOf(12_345), now - 41 * 24 * hour)
            )
            val rows = Presentation.transactionRows(transactions, listOf(PricedAsset(eth, 2000.0), PricedAsset(usdt, 1.0), PricedAsset(btc)), "USD")
            checkEqual(listOf("received", "sent", "approval", "swap", "rewards"), rows.map { it.title.json }, "titles")
            checkEqual(transactions.map { it.id }, rows.map { it.id }, "ids in order")
            val received = rows[0]
            checkEqual<TransactionSubtitle>(TransactionSubtitle.From("0x1234...5678"), received.subtitle, "subtitle")
            val amount = { row: TransactionRow -> (row.value as? TransactionValue.Amount)?.amount }
            checkEqual(1.5, amount(received)?.value, "amount")
            checkEqual("signed" to "positive", amount(received)?.notation?.json to amount(received)?.tone?.json, "sign and tone")
            checkEqual<Precision?>(Precision.Fraction(0L, 2L), (amount(received)?.display as? NumberDisplay.Number)?.precision, "short precision")
            checkEqual(3000.0, received.fiat?.value, "fiat")
            checkEqual(NumberUnit.Currency("USD"), received.fiat?.unit, "fiat unit")
            checkEqual(TransactionStatus(ValueTone.WARNING, true, true), received.status, "status")
            checkEqual(-25.0, amount(rows[1])?.value, "sent amount")
            checkEqual<TransactionValue>(TransactionValue.Symbol("USDT"), rows[2].value, "approval")
            checkEqual("neutral" to "negative", amount(rows[3])?.tone?.json to rows[3].status.tone.json, "failed swap")
            checkEqual(null, rows[4].fiat, "no price, no fiat")

            val days = listOf(Day(2026L, 2L, 28L), Day(2026L, 2L, 27L), Day(2026L, 1L, 19L), Day(2026L, 1L, 18L))
            checkEqual(listOf(DayLabel.TODAY, DayLabel.YESTERDAY, DayLabel.DATE, DayLabel.DATE), Presentation.dayLabels(boundaries, days), "labels")

            val empty = Presentation.emptyState(EmptyStateKind.ACTIVITY)
            checkEqual(EmptyState(EmptyStateKind.ACTIVITY, EmptyStateImage.ACTIVITY, EmptyStateAction.RECEIVE), empty, "empty state")
            val offline = ServiceError.Offline("no network")
            checkEqual<ListPhase?>(ListPhase.Rows, Presentation.listPhase(ListPhaseMode.SYNCED, LoadState.Loading, true, empty), "rows")
            checkEqual<ListPhase?>(ListPhase.Error(offline), Presentation.listPhase(ListPhaseMode.SYNCED, LoadState.Error(offline), false, empty), "error")
            checkEqual<ListPhase?>(ListPhase.Empty(empty), Presentation.listPhase(ListPhaseMode.LOCAL, LoadState.NoData, false, empty), "empty")
            checkEqual(null, Presentation.listPhase(ListPhaseMode.ONCE_LOADED, LoadState.NoData, false, empty), "pending first sync")
            checkEqual<LoadState>(LoadState.Data, Presentation.loadStateRefreshed(true, offline), "kept value")
            checkEqual<LoadState>(LoadState.Error(offline), Presentation.loadStateRefreshed(false, offline), "nothing shown")
            val api = ServiceError.Api("m", 409L)
            checkEqual<LoadState>(LoadState.Error(api), Presentation.loadStateRefreshed(false, api), "an api record passes through unchanged")
            val window = ListWindow(GemConstants.LIST_PAGE_SIZE.toLong(), GemConstants.LIST_MAX_ROWS.toLong())
            checkEqual(window, Presentation.listWindowOnEndReached(window, 10), "not filled")
            checkEqual(ListWindow(2L * GemConstants.LIST_PAGE_SIZE, GemConstants.LIST_MAX_ROWS.toLong()),
                Presentation.listWindowOnEndReached(window, GemConstants.LIST_PAGE_SIZE.toLong()), "one page more")
            checkThrows<GemException.InvalidInput>("a missing asset") { Presentation.transactionRows(transactions, listOf(PricedAsset(eth)), "USD") }
        },
        test("an amount screen: session events and view states") {
            val comma = NumberFormat(",")
            var session = Presentation.amountSessionNew(eth, BigInteger("2000000000000000000"), "EUR", comma, BigInteger.TEN.pow(15))
            val empty = Presentation.amountSessionViewState(session, 2000.0)
            checkEqual(Triple("empty", null, false), Triple(empty.check.json, empty.value, empty.canContinue), "empty")
            session = Presentation.amountSessionApply(session, AmountEvent.Typed("1,5"))
            val ok = Presentation.amountSessionViewState(session, 2000.0)
            checkEqual(Triple("ok", BigInteger("1500000000000000000"), true), Triple(ok.check.json, ok.value, ok.canContinue), "ok")
            checkEqual(3000.0 to NumberUnit.Currency("EUR"), ok.fiat?.value to ok.fiat?.unit, "fiat")
            val over = Presentation.amountSessionViewState(Presentation.amountSessionApply(session, AmountEvent.Typed("3")))
            checkEqual("over_balance" to AmountErrorDisplay.InsufficientBalance("Ethereum (ETH)"), over.check.json to over.error, "over balance")
            val small = Presentation.amountSessionViewState(Presentation.amountSessionApply(session, AmountEvent.Typed("0,0001")))
            checkEqual(0.001, (small.error as? AmountErrorDisplay.BelowMinimum)?.minimum?.value, "below minimum")
            session = Presentation.amountSessionApply(session, AmountEvent.MaxToggled)
            checkEqual("2" to true, session.text to session.isMax, "max")
            session = Presentation.amountSessionApply(session, AmountEvent.BalanceChanged(BigInteger("2500000000000000000")))
            checkEqual("2,5", session.text, "max follows the balance")
            checkThrows<GemException.InvalidInput>("a negative price") { Presentation.amountSessionViewState(session, -1.0) }
        },
        test("numbers in each style") {
            val signed = Presentation.formattedCurrency(-5.0, "USD", CurrencyStyle.CURRENCY, signed = true)
            checkEqual(Triple("signed", "negative", "to_nearest"), Triple(signed.notation.json, signed.tone.json, signed.rounding.json), "signed currency")
            checkEqual(NumberDisplay.Number(Precision.Fraction(2L, 7L)), Presentation.formattedCurrency(0.000838, "USD").display, "small price")
            checkEqual(NumberDisplay.Abbreviated, Presentation.formattedCurrency(2_500_000.0, "USD", CurrencyStyle.ABBREVIATED).display, "market cap")
            checkEqual(NumberDisplay.BelowThreshold(0.0001, 4L), Presentation.formattedAmount(0.00001, ValueStyle.SHORT, "ETH").display, "dust")
            checkEqual<Precision?>(Precision.Significant(4L), (Presentation.formattedAmount(0.5, ValueStyle.AUTO, "BTC").display as? NumberDisplay.Number)?.precision, "auto")
            checkEqual("toward_zero", Presentation.formattedAmount(1.5, ValueStyle.FULL).rounding.json, "an amount never reads above itself")
            checkEqual(listOf(DurationPart(1L, DurationUnit.HOURS), DurationPart(2L, DurationUnit.MINUTES)), Presentation.durationParts(3725), "duration")
            checkThrows<GemException.InvalidInput>("a lower-case currency") { Presentation.formattedCurrency(1.0, "usd") }
        },
        test("typed amounts in several locales") {
            val dot = NumberFormat(".")
            val comma = NumberFormat(",")
            val arabic = NumberFormat("\u066B")
            checkEqual("1234.5", Presentation.plainNumber(dot, "1,234.5"), "dot locale")
            checkEqual("1234.5", Presentation.plainNumber(comma, "1.234,5"), "comma locale")
            checkEqual(null, Presentation.plainNumber(comma, "1.5"), "a dot groups in a comma locale")
            checkEqual("3.5", Presentation.plainNumber(arabic, "\u0663\u066B\u0665"), "Arabic-Indic digits")
            checkEqual("", Presentation.plainNumber(dot, ""), "no amount")
            checkEqual<InputValue>(InputValue.Value(BigInteger.valueOf(1_500_000)), Presentation.valueFromInput(comma, "1,5", 6), "exact value")
            checkEqual<InputValue>(InputValue.Error(AmountError.TooManyDecimals(6L)), Presentation.valueFromInput(comma, "0,0000001", 6), "too many places")
            checkEqual("1,5", Presentation.inputText(comma, BigInteger.valueOf(1_500_000), 6), "input text")
            checkEqual("0,00001", Presentation.valueText(comma, 1e-05), "value text")
            checkEqual<AmountErrorDisplay>(AmountErrorDisplay.None, Presentation.amountErrorDisplay(AmountError.Zero), "zero is silent")
            checkEqual("TRX", (Presentation.amountErrorDisplay(AmountError.InsufficientBalance(Asset("tron", "TRX", "TRX", 6, AssetType.NATIVE),
                BigInteger.ONE)) as? AmountErrorDisplay.InsufficientBalance)?.title, "name equals symbol")
            checkThrows<GemException.InvalidInput>("a digit separator") { Presentation.plainNumber(NumberFormat("5"), "1") }
        },
        test("copies and addresses") {
            val copy = Presentation.addressCopy("bitcoin", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")
            checkEqual<Pair<CopyKind, String>>(CopyKind.Address("bitcoin") to "bc1qar...5mdq", copy.kind to copy.display, "address copy")
            checkEqual(CopyPolicy(true, GemConstants.SECRET_CLIPBOARD_SECONDS.toLong()), Presentation.copyKindPolicy(CopyKind.PrivateKey), "secret")
            checkEqual(CopyPolicy(false, null), Presentation.copyKindPolicy(CopyKind.Plain), "plain")
            checkEqual("0x1234...5678", Presentation.formatAddress(other, AddressFormatStyle.SHORT), "short")
            checkEqual(other, Presentation.formatAddress(other, AddressFormatStyle.FULL), "full")
            checkThrows<GemException.InvalidInput>("an empty address") { Presentation.addressCopy("bitcoin", "") }
            checkThrows<GemException.InvalidArgument>("an unknown chain") { Presentation.addressCopy("nowhere", "x") }
        },
        test("an unknown case is refused in the ABI's spelling, never a Swift name") {
            val phase = JSONObject().put("mode", "sometimes").put("state", LoadState.Data.toJson()).put("has_rows", true)
                .put("empty", Presentation.emptyState(EmptyStateKind.ACTIVITY).toJson())
            val refused = checkThrows<GemException.InvalidArgument>("an unknown mode") {
                Presentation.project(phase, { r, o -> Gemstone.library.gem_list_phase(r, o) }) { it }
            }
            checkEqual("request_json: mode: unknown value \"sometimes\"; expected one of synced, local, once_loaded", refused.message, "mode message")
            val session = Presentation.amountSessionNew(eth, BigInteger.ONE, "USD", NumberFormat("."))
            val event = JSONObject().put("session", session.toJson()).put("event", JSONObject().put("type", "pasted"))
            val unknownEvent = checkThrows<GemException.InvalidArgument>("an unknown event") {
                Presentation.project(event, { r, o -> Gemstone.library.gem_amount_session_apply(r, o) }) { it }
            }
            checkEqual("request_json: event.type: unknown value \"pasted\"; expected one of typed, max_toggled, balance_changed",
                unknownEvent.message, "event message")
        },
        test("the generated chain constants are what the library answers (gem_chains)") {
            checkEqual(Chains.all, Presentation.chains(), "every chain")
            checkEqual(Chains.ids, Presentation.chains().map { it.chain }, "ids")
            checkEqual(listOf("solana", "bitcoin").map { id -> Chains.all.first { it.chain == id } }, Presentation.chains(listOf("solana", "bitcoin")), "asked chains")
            checkEqual(ChainType.values().toSet(), Chains.all.map { it.family }.toSet(), "every family is a generated enum value")
            checkThrows<GemException.InvalidArgument>("an unknown chain") { Presentation.chains(listOf("dogecoin")) }
        }
    )
}
