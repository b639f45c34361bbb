import CFuzzerDriver
#if canImport(Glibc)
import Glibc
#endif

/// Runs libFuzzer with `test` as its entry point, taking libFuzzer's options from the command line,
/// and ends the process with libFuzzer's status.
public func runFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}
