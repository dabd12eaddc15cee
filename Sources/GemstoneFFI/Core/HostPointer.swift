/// The host's `void *context`, carried to the threads where its callbacks run.
///
/// `@unchecked Sendable` invariant: the core never dereferences this pointer; it only passes it
/// back to the host's own callbacks, which gemstone.h documents as callable from any thread.
struct HostPointer: @unchecked Sendable {
    let raw: UnsafeMutableRawPointer?
}
