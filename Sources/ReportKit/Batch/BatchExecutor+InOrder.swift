import Glibc

extension BatchExecutor {
    /// The batch engine: calls `next` for inputs until it returns nil, runs `work` on each through
    /// the executor, and calls `deliver` with each output in input order on the calling thread
    /// (which waits meanwhile: call it from a thread that may block, not from an async task).
    ///
    /// When `deliver` returns false, no more inputs are read, and the parts not yet begun are
    /// dropped; those begun finish and are delivered, always a run of inputs without gaps. When
    /// `next` or `deliver` throws, or a part is refused, the same happens and the error is
    /// thrown once the parts begun have finished.
    ///
    /// Each thread the parts run on has its own `State` (a report generator, whose text engine
    /// must not be shared), made there by `makeState` the first time and used only there.
    public func run<Input: Sendable, Output: Sendable, State>(
        makeState: @escaping @Sendable () -> State,
        next: () throws -> Input?,
        work: @escaping @Sendable (inout State, Input) -> Output,
        deliver: (Output) throws -> Bool
    ) throws {
        let board = ResultBoard<Output>()
        let states = ThreadStates(makeState)
        let window = width <= 1 ? 1 : 2 * width
        var issued = 0, delivered = 0
        var reading = true
        var failure: (any Error)?
        func stop(_ error: (any Error)? = nil) {
            reading = false
            failure = failure ?? error
            board.stop()
        }
        while true {
            while reading, issued - delivered < window {
                let input: Input?
                do {
                    input = try next()
                } catch {
                    stop(error)
                    break
                }
                guard let input else {
                    reading = false
                    break
                }
                let sequence = issued
                issued += 1
                start { refusal in
                    if let refusal { return board.post(sequence, .refused(refusal)) }
                    guard board.begin(sequence) else { return board.post(sequence, .dropped) }
                    board.post(sequence, .made(states.with { work(&$0, input) }))
                }
            }
            guard delivered < issued else { break }
            let outcome = board.take(delivered)
            delivered += 1
            switch outcome {
            case .made(let output) where failure == nil:
                do {
                    if try !deliver(output) { stop() }
                } catch {
                    stop(error)
                }
            case .refused(let error):
                stop(error)
            case .made, .dropped:
                break
            }
        }
        if let failure { throw failure }
    }
}

/// The engine's parts' results, posted by the executor's threads and taken in order by the
/// engine, and the stop that keeps the parts run a prefix of the inputs.
private final class ResultBoard<Output: Sendable>: @unchecked Sendable {
    enum Outcome {
        case made(Output)
        /// Not begun before the batch stopped.
        case dropped
        case refused(any Error)
    }

    // Every property below is read and written only with `condition` locked.
    private let condition = ConditionLock()
    private var outcomes: [Int: Outcome] = [:]
    private var highestBegun = -1
    /// Parts after this one are dropped; set when the batch stops.
    private var lastToRun = Int.max

    /// Whether part `sequence` may run. Once the batch stops, a part runs only when one after it
    /// has begun already (executors take parts in any order), so those run stay a prefix.
    func begin(_ sequence: Int) -> Bool {
        condition.withLock {
            guard sequence <= lastToRun else { return false }
            highestBegun = max(highestBegun, sequence)
            return true
        }
    }

    func stop() {
        condition.withLock { lastToRun = min(lastToRun, highestBegun) }
    }

    func post(_ sequence: Int, _ outcome: Outcome) {
        condition.withLock {
            outcomes[sequence] = outcome
            condition.broadcast()
        }
    }

    /// Waits for the outcome of part `sequence`.
    func take(_ sequence: Int) -> Outcome {
        condition.withLock {
            while true {
                if let outcome = outcomes.removeValue(forKey: sequence) { return outcome }
                condition.wait()
            }
        }
    }
}

/// Each thread's own state, made on it the first time a part runs there.
private final class ThreadStates<State>: @unchecked Sendable {
    private let make: @Sendable () -> State
    // Read and written only with `lock` locked; a state itself only by its own thread.
    private let lock = ConditionLock()
    private var states: [pthread_t: Box] = [:]

    private final class Box {
        var state: State
        init(_ state: State) { self.state = state }
    }

    init(_ make: @escaping @Sendable () -> State) {
        self.make = make
    }

    func with<Output>(_ body: (inout State) -> Output) -> Output {
        let thread = pthread_self()
        let box = lock.withLock { states[thread] } ?? {
            let made = Box(make())
            lock.withLock { states[thread] = made }
            return made
        }()
        return body(&box.state)
    }
}
