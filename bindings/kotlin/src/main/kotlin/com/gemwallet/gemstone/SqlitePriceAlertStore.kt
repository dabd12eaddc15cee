package com.gemwallet.gemstone

import org.json.JSONObject

/**
 * [PriceAlertStore] over the `price_alerts (id PRIMARY KEY, asset_id, json)` table of [database].
 * An update is one transaction that writes only the rows whose record changes and deletes the
 * ids asked; any failure rolls the whole update back.
 */
class SqlitePriceAlertStore(private val database: SqliteDatabase) : PriceAlertStore {
    init {
        database.read { connection ->
            connection.createStatement().using {
                it.execute(
                    "CREATE TABLE IF NOT EXISTS price_alerts " +
                        "(id TEXT PRIMARY KEY NOT NULL, asset_id TEXT NOT NULL, json TEXT NOT NULL)"
                )
                it.execute("CREATE INDEX IF NOT EXISTS price_alerts_asset_id ON price_alerts (asset_id)")
            }
        }
    }

    /** The stored alerts in the order they were first stored. */
    override fun getPriceAlerts(assetId: String?): List<PriceAlert> = database.read { connection ->
        val sql = "SELECT id, json FROM price_alerts" + (if (assetId != null) " WHERE asset_id = ?" else "") + " ORDER BY rowid"
        connection.prepareStatement(sql).using { statement ->
            if (assetId != null) statement.setString(1, assetId)
            statement.executeQuery().using { rows ->
                val alerts = ArrayList<PriceAlert>()
                while (rows.next()) alerts.add(PriceAlert.fromJson(JSONObject(rows.getString(2))).copy(id = rows.getString(1)))
                alerts
            }
        }
    }

    override fun updatePriceAlerts(alerts: List<PriceAlert>, deleteIds: List<String>) {
        database.transaction { connection ->
            val select = connection.prepareStatement("SELECT asset_id, json FROM price_alerts WHERE id = ?")
            val upsert = connection.prepareStatement(
                "INSERT INTO price_alerts (id, asset_id, json) VALUES (?, ?, ?) " +
                    "ON CONFLICT(id) DO UPDATE SET asset_id = excluded.asset_id, json = excluded.json"
            )
            val delete = connection.prepareStatement("DELETE FROM price_alerts WHERE id = ?")
            try {
                for (alert in alerts) {
                    val id = alert.id ?: throw IllegalArgumentException("an alert to store has no id (${alert.assetId})")
                    select.setString(1, id)
                    val unchanged = select.executeQuery().using { rows ->
                        rows.next() && rows.getString(1) == alert.assetId &&
                            PriceAlert.fromJson(JSONObject(rows.getString(2))).copy(id = id) == alert
                    }
                    if (unchanged) continue
                    upsert.setString(1, id)
                    upsert.setString(2, alert.assetId)
                    upsert.setString(3, alert.toJson().toString())
                    upsert.executeUpdate()
                }
                for (id in deleteIds) {
                    delete.setString(1, id)
                    delete.executeUpdate()
                }
            } finally {
                select.close()
                upsert.close()
                delete.close()
            }
        }
    }
}
