/// The batch engine (``BatchExecutor/run(makeState:next:work:deliver:)``) on `report-gen`'s own
/// threads: results in the inputs' order, so that what a batch prints and writes never depends on
/// the thread count.
struct OrderedWorkers<Input: Sendable, Output: Sendable> {
    let threads: Int

    init(threads: Int) {
        self.threads = max(1, threads)
    }

    /// The engine's run on `threads` worker threads, or on the calling thread for one (and at the
    /// system's thread limit, where none can be started: the work is still done).
    func run<State>(
        makeState: @escaping @Sendable () -> State,
        next: () throws -> Input?,
        work: @escaping @Sendable (inout State, Input) -> Output,
        deliver: (Output) throws -> Bool
    ) throws {
        guard threads > 1 else {
            return try CallingThread().run(makeState: makeState, next: next, work: work, deliver: deliver)
        }
        let workers = WorkerThreads(count: threads)
        // However this ends (an error thrown, a stop), the threads finish what they took.
        defer { workers.close() }
        guard workers.width > 0 else {
            return try CallingThread().run(makeState: makeState, next: next, work: work, deliver: deliver)
        }
        try workers.run(makeState: makeState, next: next, work: work, deliver: deliver)
    }
}
