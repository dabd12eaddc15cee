import CGemstone

@c @implementation
public func gem_abi_version() -> UInt32 {
    UInt32(GEM_ABI_VERSION)
}

/// The release, equal to the header's GEM_VERSION (tests/abi checks the two with strcmp, and the CMake project,
/// gemstone.pc and the Python and Kotlin packages read theirs from the header). A string literal is stored in the
/// binary's read-only data and NUL-terminated (StaticString.utf8Start), so the pointer below is valid for the life of
/// the process and the caller never frees it.
private let release: StaticString = "0.1.0"

@c @implementation
public func gem_version() -> UnsafePointer<CChar> {
    // Ownership: borrowed from the static literal above; nothing is allocated.
    UnsafeRawPointer(release.utf8Start).assumingMemoryBound(to: CChar.self)
}
