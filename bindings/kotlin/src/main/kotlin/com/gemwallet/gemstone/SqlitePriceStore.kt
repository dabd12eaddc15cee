package com.gemwallet.gemstone

import java.sql.Types

/**
 * [PriceStore] over three tables of [database]: `prices (asset_id PRIMARY KEY, price_usd, price,
 * change_24h, updated_at)`, `fiat_rates (symbol PRIMARY KEY, rate)` and `price_conversion (id = 1,
 * currency, rate)`, the tables of the Python binding's SqlitePriceStore and of gem-host's. A tick is
 * one transaction (any failure rolls the whole tick back) that writes only rows that change.
 */
class SqlitePriceStore(private val database: SqliteDatabase) : PriceStore {
    init {
        database.transaction { connection ->
            connection.createStatement().using {
                it.execute(
                    "CREATE TABLE IF NOT EXISTS prices (asset_id TEXT PRIMARY KEY, price_usd REAL NOT NULL, " +
                        "price REAL NOT NULL, change_24h REAL NOT NULL, updated_at INTEGER)"
                )
                it.execute("CREATE TABLE IF NOT EXISTS fiat_rates (symbol TEXT PRIMARY KEY, rate REAL NOT NULL CHECK (rate > 0))")
                it.execute(
                    "CREATE TABLE IF NOT EXISTS price_conversion (id INTEGER PRIMARY KEY CHECK (id = 1), " +
                        "currency TEXT NOT NULL, rate REAL NOT NULL CHECK (rate > 0))"
                )
            }
        }
    }

    /** The stored rows among [assetIds], in the order of [assetIds], read in one transaction. */
    override fun getPrices(assetIds: List<String>): List<AssetPrice> = database.transaction { connection ->
        connection.prepareStatement("SELECT asset_id, price_usd, price, change_24h, updated_at FROM prices WHERE asset_id = ?").using { statement ->
            val found = ArrayList<AssetPrice>()
            for (id in assetIds.distinct()) {
                statement.setString(1, id)
                statement.executeQuery().using { rows ->
                    if (rows.next()) {
                        val updatedAt = rows.getLong(5).takeUnless { rows.wasNull() }
                        found.add(AssetPrice(rows.getString(1), rows.getDouble(2), rows.getDouble(3), rows.getDouble(4), updatedAt))
                    }
                }
            }
            found
        }
    }

    override fun getPriceState(currency: String): PriceState = database.transaction { connection ->
        val conversion = connection.prepareStatement("SELECT currency, rate FROM price_conversion WHERE id = 1").using { statement ->
            statement.executeQuery().using { rows -> if (rows.next()) PriceConversion(rows.getString(1), rows.getDouble(2)) else null }
        }
        val rate = connection.prepareStatement("SELECT rate FROM fiat_rates WHERE symbol = ?").using { statement ->
            statement.setString(1, currency)
            statement.executeQuery().using { rows -> if (rows.next()) rows.getDouble(1) else null }
        }
        PriceState(conversion, rate)
    }

    override fun saveRatesAndPrices(tick: PriceTick) {
        database.transaction { connection ->
            connection.prepareStatement(
                "INSERT INTO fiat_rates (symbol, rate) VALUES (?, ?) " +
                    "ON CONFLICT (symbol) DO UPDATE SET rate = excluded.rate WHERE rate IS NOT excluded.rate"
            ).using { upsert ->
                for (rate in tick.rates) {
                    upsert.setString(1, rate.symbol)
                    upsert.setDouble(2, rate.rate)
                    upsert.executeUpdate()
                }
            }
            tick.conversion?.let { conversion ->
                connection.prepareStatement("UPDATE prices SET price = price_usd * ? WHERE price IS NOT price_usd * ?").using { reprice ->
                    reprice.setDouble(1, conversion.rate)
                    reprice.setDouble(2, conversion.rate)
                    reprice.executeUpdate()
                }
                connection.prepareStatement(
                    "INSERT INTO price_conversion (id, currency, rate) VALUES (1, ?, ?) " +
                        "ON CONFLICT (id) DO UPDATE SET currency = excluded.currency, rate = excluded.rate"
                ).using { store ->
                    store.setString(1, conversion.currency)
                    store.setDouble(2, conversion.rate)
                    store.executeUpdate()
                }
            }
            connection.prepareStatement(
                "INSERT INTO prices (asset_id, price_usd, price, change_24h, updated_at) VALUES (?, ?, ?, ?, ?) " +
                    "ON CONFLICT (asset_id) DO UPDATE SET price_usd = excluded.price_usd, price = excluded.price, " +
                    "change_24h = excluded.change_24h, updated_at = excluded.updated_at " +
                    "WHERE price_usd IS NOT excluded.price_usd OR price IS NOT excluded.price " +
                    "OR change_24h IS NOT excluded.change_24h OR updated_at IS NOT excluded.updated_at"
            ).using { upsert ->
                for (price in tick.prices) {
                    upsert.setString(1, price.assetId)
                    upsert.setDouble(2, price.priceUsd)
                    upsert.setDouble(3, price.price)
                    upsert.setDouble(4, price.priceChangePercentage24h)
                    val updatedAt = price.updatedAt
                    if (updatedAt == null) upsert.setNull(5, Types.INTEGER) else upsert.setLong(5, updatedAt)
                    upsert.executeUpdate()
                }
            }
        }
    }
}
