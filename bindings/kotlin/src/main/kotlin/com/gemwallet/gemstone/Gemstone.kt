package com.gemwallet.gemstone

import com.gemwallet.gemstone.ffi.GemBuffer
import com.gemwallet.gemstone.ffi.GemstoneLibrary
import com.sun.jna.Library
import com.sun.jna.Native
import com.sun.jna.Platform
import java.io.File

/**
 * Loads libgemstone once and checks its ABI version.
 *
 * Where the library comes from, first match wins:
 *  1. the system property `gemstone.lib` (a path to libgemstone.so),
 *  2. the environment variable `GEMSTONE_LIB`,
 *  3. the copy the jar carries in JNA's resource path (`linux-x86-64/libgemstone.so`, put there by
 *     `bindings/kotlin/build-jar.sh`), extracted by JNA to a temporary file,
 *  4. `<repo>/.build/release/libgemstone.so`, where `<repo>` is the nearest directory above this
 *     binding's jar (or above the working directory) holding `include/gemstone.h`,
 *  5. `Native.load("gemstone")`: JNA's search (`jna.library.path`, then the system's).
 */
object Gemstone {
    /** The ABI version this binding was written against (`GEM_ABI_VERSION`). */
    const val ABI_VERSION: Int = 2

    /** The release this binding was written with (`GEM_VERSION`). */
    const val VERSION: String = "0.1.0"

    /** The loaded library's release, from `gem_version()` (equal to [VERSION] for a matching library). */
    @JvmStatic
    val version: String
        get() = library.gem_version()

    /** The raw ABI. Loading fails with [UnsatisfiedLinkError] when the library is missing or its version differs. */
    @JvmStatic
    val library: GemstoneLibrary by lazy(LazyThreadSafetyMode.SYNCHRONIZED) { load() }

    /** Where [library] was loaded from: a path, or `gemstone` for JNA's own search. */
    @JvmStatic
    val location: String by lazy(LazyThreadSafetyMode.SYNCHRONIZED) { locate() }

    private fun load(): GemstoneLibrary {
        val options = mapOf(Library.OPTION_STRING_ENCODING to "UTF-8")
        val library = Native.load(location, GemstoneLibrary::class.java, options)
        val version = library.gem_abi_version()
        if (version != ABI_VERSION) {
            throw UnsatisfiedLinkError("$location implements gemstone ABI $version; this binding needs $ABI_VERSION")
        }
        return library
    }

    private fun locate(): String {
        System.getProperty("gemstone.lib")?.takeIf { it.isNotEmpty() }?.let { return it }
        System.getenv("GEMSTONE_LIB")?.takeIf { it.isNotEmpty() }?.let { return it }
        bundledLibrary()?.let { return it.path }
        return repositoryLibrary()?.path ?: "gemstone"
    }

    /** The library the jar carries for this platform, extracted by JNA, or null when the jar carries none. */
    private fun bundledLibrary(): File? {
        val loader = Gemstone::class.java.classLoader ?: return null
        val resource = Platform.RESOURCE_PREFIX + "/" + System.mapLibraryName("gemstone")
        if (loader.getResource(resource) == null) return null
        return try {
            Native.extractFromResourcePath("gemstone", loader)
        } catch (e: java.io.IOException) {
            null
        }
    }

    private fun repositoryLibrary(): File? {
        val starts = listOfNotNull(codeLocation(), File(System.getProperty("user.dir") ?: ".").absoluteFile)
        for (start in starts) {
            var directory: File? = start
            while (directory != null) {
                val candidate = File(directory, ".build/release/libgemstone.so")
                if (File(directory, "include/gemstone.h").isFile && candidate.isFile) return candidate
                directory = directory.parentFile
            }
        }
        return null
    }

    private fun codeLocation(): File? = try {
        File(Gemstone::class.java.protectionDomain.codeSource.location.toURI()).absoluteFile
    } catch (e: Exception) {
        null
    }
}

/**
 * Runs a synchronous ABI function that fills a gem_buffer, returns the bytes on GEM_OK and throws
 * the [GemException] of the error record otherwise. The buffer is always released.
 */
internal inline fun bufferCall(call: (GemBuffer) -> Int): ByteArray {
    val buffer = GemBuffer()
    try {
        val status = call(buffer)
        val bytes = buffer.bytes()
        if (status != GemStatus.OK) throw GemException.of(status, bytes)
        return bytes
    } finally {
        Gemstone.library.gem_buffer_free(buffer)
    }
}
