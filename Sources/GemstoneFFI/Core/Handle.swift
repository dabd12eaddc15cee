import CGemstone

/// What an opaque service handle points to: the Swift service and the lifetime of what it has
/// in flight. The host holds one strong reference from gem_<noun>_new until gem_<noun>_free.
final class ServiceHandle<Service: Sendable>: Sendable {
    let service: Service
    let lifetime: Lifetime

    init(_ service: Service, lifetime: Lifetime = Lifetime()) {
        self.service = service
        self.lifetime = lifetime
    }

    /// Ownership: returns a +1 reference the host releases with `release(_:)`.
    func retainedPointer() -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(self).toOpaque())
    }

    /// Borrows the handle behind a host pointer, or nil for NULL or a handle of another kind.
    static func borrow(_ pointer: OpaquePointer?) -> ServiceHandle<Service>? {
        guard let pointer else { return nil }
        let object = Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
        return object as? ServiceHandle<Service>
    }

    static func require(_ pointer: OpaquePointer?, _ name: String = "service") throws(ABIError) -> ServiceHandle<Service> {
        guard let handle = borrow(pointer) else {
            throw pointer == nil ? ABIError.null(name) : ABIError(message: "\(name) is not a \(Service.self) handle")
        }
        return handle
    }

    /// Drops the host's reference (NULL-safe) after closing the lifetime, so in-flight commands
    /// complete with GEM_ERR_CANCELLED.
    static func release(_ pointer: OpaquePointer?) {
        guard let handle = borrow(pointer) else { return }
        handle.lifetime.close()
        Unmanaged.passUnretained(handle).release()
    }
}

/// Writes a new handle to the host's out pointer, or the error record to its out_error.
func deliverHandle(_ out: UnsafeMutablePointer<OpaquePointer?>?, _ outError: UnsafeMutablePointer<gem_buffer>?,
                   _ make: () throws -> OpaquePointer) -> gem_status {
    guard let out else {
        return Outcome(ABIError.null("out_service")).deliver(outError)
    }
    out.pointee = nil
    do {
        out.pointee = try make()
        return GEM_OK
    } catch {
        return Outcome(error).deliver(outError)
    }
}

/// Starts an async command: `prepare` reads the borrowed arguments on the caller's thread and
/// returns the work; any failure, including a bad argument, reaches `done` on a core thread.
func startCommand<Service: Sendable>(_ pointer: OpaquePointer?, _ type: Service.Type, _ done: gem_completion_fn?,
                           _ context: UnsafeMutableRawPointer?,
                           _ prepare: (Service) throws -> @Sendable () async throws -> [UInt8]) -> gem_status {
    guard let done else { return GEM_ERR_INVALID_ARGUMENT }
    let completion = Completion(done, context)
    do {
        let handle = try ServiceHandle<Service>.require(pointer)
        handle.lifetime.start(completion, try prepare(handle.service))
    } catch {
        let outcome = Outcome(error)
        Task.detached { completion.fire(outcome) }
    }
    return GEM_OK
}
