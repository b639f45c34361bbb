import Foundation

/// The fuzz executables' side of ``FuzzSession``: one session for the process, and a broken
/// promise turned into an abort, which libFuzzer records as a crash with the input that caused it.
public final class FuzzRunner: @unchecked Sendable {
    /// libFuzzer calls its entry point from one thread only.
    public static let shared = FuzzRunner()

    private let session: FuzzSession

    private init() {
        do {
            session = try FuzzSession()
        } catch {
            FileHandle.standardError.write(Data("fuzz: cannot start: \(error)\n".utf8))
            exit(1)
        }
    }

    /// Loads the session now (it is loaded on first use otherwise).
    public func start() {}

    /// Runs `size` bytes at `data` through `target`; returns libFuzzer's "keep going" (0).
    public func run(_ target: FuzzTarget, _ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        let broken = session.run(target, bytes)
        guard broken.isEmpty else {
            FileHandle.standardError.write(Data(("fuzz: broken promise:\n" + broken.map { "  \($0)\n" }.joined()).utf8))
            abort()
        }
        return 0
    }
}
