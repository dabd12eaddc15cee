package com.gemwallet.gemstone

import java.io.File
import java.io.IOException
import java.nio.ByteBuffer
import java.nio.channels.FileChannel
import java.nio.file.FileAlreadyExistsException
import java.nio.file.Files
import java.nio.file.LinkOption
import java.nio.file.Path
import java.nio.file.StandardOpenOption
import java.nio.file.attribute.PosixFilePermission
import java.nio.file.attribute.PosixFilePermissions
import java.security.SecureRandom

/**
 * [KeystorePassword] from a per-install secret file: [SECRET_BYTES] random bytes, written once with
 * owner-only permissions (rw-------) the first time the core asks, then read on every ask. The
 * answer is the file's raw bytes (the header's password is bytes, not text).
 *
 * The file is created under a temporary name and linked into place, so a concurrent first ask (in
 * this or another process) never sees a half-written secret and never replaces one already there.
 * A file that is not a regular file, that others may read or write, or whose length is outside 16 to
 * 1024 bytes is refused with [GemException.PermissionDenied] or [GemException.Store]: the wallet then fails
 * closed instead of using a secret someone else may know.
 */
class KeystorePasswordFile(val file: File) : KeystorePassword {
    constructor(path: String) : this(File(path))

    private val random = SecureRandom()

    override fun getPassword(): ByteArray {
        val path = file.toPath()
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) create(path)
        if (!Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
            throw GemException.local(GemStatus.PERMISSION_DENIED, "the keystore password file $file is not a regular file")
        }
        val permissions = try {
            Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS)
        } catch (e: UnsupportedOperationException) {
            null
        }
        if (permissions != null && !OWNER_ONLY.containsAll(permissions)) {
            throw GemException.local(
                GemStatus.PERMISSION_DENIED,
                "the keystore password file $file is open to others (${PosixFilePermissions.toString(permissions)}); it must be rw-------"
            )
        }
        val bytes = Files.readAllBytes(path)
        if (bytes.size < MIN_BYTES || bytes.size > MAX_BYTES) {
            bytes.fill(0)
            throw GemException.local(GemStatus.STORE, "the keystore password file $file holds ${bytes.size} bytes; it must hold $MIN_BYTES to $MAX_BYTES")
        }
        return bytes
    }

    private fun create(path: Path) {
        val owner = PosixFilePermissions.asFileAttribute(OWNER_ONLY)
        val directory = path.toAbsolutePath().parent ?: throw IOException("no directory for $file")
        if (!Files.isDirectory(directory)) {
            Files.createDirectories(directory, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")))
        }
        val temporary = Files.createTempFile(directory, ".${path.fileName}", ".new", owner)
        val secret = ByteArray(SECRET_BYTES)
        try {
            random.nextBytes(secret)
            // On disk before it is linked into place: a crash must never leave an empty secret behind.
            FileChannel.open(temporary, StandardOpenOption.WRITE).use { channel ->
                val buffer = ByteBuffer.wrap(secret)
                while (buffer.hasRemaining()) channel.write(buffer)
                channel.force(true)
            }
            try {
                Files.createLink(path, temporary)
            } catch (e: FileAlreadyExistsException) {
                // Another first ask won: its secret is the one.
            }
        } finally {
            secret.fill(0)
            Files.deleteIfExists(temporary)
        }
    }

    companion object {
        /** The length of a new secret. */
        const val SECRET_BYTES = 32
        const val MIN_BYTES = 16
        const val MAX_BYTES = 1024

        private val OWNER_ONLY: Set<PosixFilePermission> = PosixFilePermissions.fromString("rw-------")
    }
}
