import CGemstone

@c @implementation
public func gem_abi_version() -> UInt32 {
    UInt32(GEM_ABI_VERSION)
}
