import Glibc

/// A mutual-exclusion lock over a POSIX mutex.
///
/// ReportKit locks with this rather than Foundation's `NSLock`, which lives in Foundation proper:
/// using it linked Foundation, CoreFoundation and ICU into report-gen (a third of the static
/// binary's protocol conformances and relocations, scanned and applied at every start).
final class Lock: @unchecked Sendable {
    // Allocated, not stored inline: a pthread mutex must not move once initialised.
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() {
        pthread_mutex_lock(mutex)
    }

    func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` with the lock held.
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A lock with a condition to wait on, over a POSIX mutex and condition variable (in place of
/// Foundation's `NSCondition`, for the reason ``Lock`` gives).
final class ConditionLock: @unchecked Sendable {
    private let mutex = Lock()
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    /// Runs `body` with the lock held.
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try mutex.withLock(body)
    }

    /// Releases the lock, waits for a ``broadcast()`` (or a spurious wake-up: callers wait in a
    /// loop on their own state) and takes the lock again. Call only with the lock held.
    func wait() {
        pthread_cond_wait(condition, mutex.mutex)
    }

    /// Wakes every thread waiting on the condition.
    func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
