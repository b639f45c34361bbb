import Glibc

/// Starts detached POSIX threads with a stack size of the caller's choosing (in place of
/// Foundation's `Thread`, for the reason ``ConditionLock`` gives).
///
/// A thread it starts never takes the signals a user sends to stop a program (SIGINT, SIGTERM,
/// SIGHUP, SIGQUIT): they reach the main thread, or the program's own handler (report-gen's
/// `SignalTrap`), never a worker in the middle of a library call.
package enum WorkerThread {
    /// Starts a thread running `body`; false when the system cannot start one (its thread or
    /// memory limits), in which case `body` is never run.
    package static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        // The new thread inherits the signal mask it is created with.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&stopSignals, number) }
        var callersMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &stopSignals, &callersMask)
        defer { pthread_sigmask(SIG_SETMASK, &callersMask, nil) }
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, &attributes, { context in
            Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        return true
    }

    /// The closure a new thread runs, carried across `pthread_create` as one retained object.
    private final class Body {
        let run: @Sendable () -> Void

        init(_ run: @escaping @Sendable () -> Void) {
            self.run = run
        }
    }
}
