package com.gemwallet.gemstone.tests

import java.io.File

/** The repository root: the system property `gemstone.repo` (set by run-tests.sh), else found upward from the working directory. */
object Repository {
    val root: File by lazy { find() }

    private fun find(): File {
        System.getProperty("gemstone.repo")?.let { return File(it).absoluteFile }
        var directory: File? = File(System.getProperty("user.dir")).absoluteFile
        while (directory != null) {
            if (File(directory, "include/gemstone.h").isFile) return directory
            directory = directory.parentFile
        }
        throw IllegalStateException("cannot find the repository root (include/gemstone.h); set -Dgemstone.repo")
    }

    val header: File get() = File(root, "include/gemstone.h")
}
