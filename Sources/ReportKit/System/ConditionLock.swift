import Glibc

/// A lock with a condition to wait on, over a POSIX mutex and condition variable, for the three
/// places where a thread must sleep until another changes shared state (the batch's work queue,
/// the flush worker, report-gen's warm start). Where a lock only guards state, ReportKit uses
/// `Synchronization.Mutex`; the standard library has no condition variable, and Foundation's
/// `NSCondition` would link Foundation proper, CoreFoundation and ICU into report-gen (a third of
/// the static binary's relocations, applied at every start).
///
/// Invariants its users keep: the state a condition lock guards is read and written only inside
/// ``withLock(_:)``; ``wait()`` is called only there, in a loop on that state (wake-ups can be
/// spurious); every change another thread waits for is followed by ``broadcast()``.
package final class ConditionLock: @unchecked Sendable {
    // Allocated, not stored inline: a pthread mutex or condition must not move once initialised.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the lock held.
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Releases the lock, waits for a ``broadcast()`` (or a spurious wake-up: callers wait in a
    /// loop on their own state) and takes the lock again. Call only with the lock held.
    package func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Wakes every thread waiting on the condition.
    package func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
