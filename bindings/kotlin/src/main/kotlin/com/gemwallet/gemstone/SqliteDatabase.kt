package com.gemwallet.gemstone

import java.io.Closeable
import java.sql.Connection
import java.sql.DriverManager
import java.util.concurrent.locks.ReentrantLock
import kotlin.concurrent.withLock

/**
 * One SQLite database file (through the sqlite-jdbc driver) shared by the SQLite stores. A single
 * connection serves every thread, one statement or transaction at a time.
 *
 * [path] is a file path, or `:memory:` for a database that lives as long as this object.
 */
class SqliteDatabase(val path: String) : Closeable {
    private val connection: Connection = DriverManager.getConnection("jdbc:sqlite:$path")
    private val lock = ReentrantLock()

    init {
        connection.createStatement().using { it.execute("PRAGMA busy_timeout = 5000") }
    }

    /** Runs [body] with the connection in autocommit mode. */
    fun <T> read(body: (Connection) -> T): T = lock.withLock { body(connection) }

    /** Runs [body] in one transaction: committed when it returns, rolled back when it throws. */
    fun <T> transaction(body: (Connection) -> T): T = lock.withLock {
        connection.autoCommit = false
        try {
            val result = body(connection)
            connection.commit()
            result
        } catch (e: Throwable) {
            connection.rollback()
            throw e
        } finally {
            connection.autoCommit = true
        }
    }

    override fun close() = lock.withLock { connection.close() }
}

/** Runs [block] and closes the resource (kotlin.use for AutoCloseable needs kotlin-stdlib-jdk7). */
internal inline fun <T : AutoCloseable, R> T.using(block: (T) -> R): R {
    var failure: Throwable? = null
    try {
        return block(this)
    } catch (e: Throwable) {
        failure = e
        throw e
    } finally {
        if (failure == null) {
            close()
        } else {
            try {
                close()
            } catch (suppressed: Throwable) {
                failure.addSuppressed(suppressed)
            }
        }
    }
}
