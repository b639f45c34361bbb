import FuzzDriver
import ReportKitFuzzing

/// libFuzzer's set-up hook: the session (theme, templates, fonts) is loaded before the first input,
/// so that its memory is not taken for a leak of that input.
@_cdecl("LLVMFuzzerInitialize")
public func initializeTaskDataFuzzer(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    FuzzRunner.shared.start()
    return 0
}

/// libFuzzer's entry point: one input through the `taskdata` check; a broken promise stops the run
/// with the input saved as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTaskData(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzRunner.shared.run(.taskdata, data, size)
}

/// libFuzzer's driver, with the entry point above.
@main
enum Main {
    static func main() { runFuzzer(fuzzTaskData) }
}
