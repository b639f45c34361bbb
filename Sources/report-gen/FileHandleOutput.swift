import Foundation

/// A thin writer over the standard streams.
struct FileHandleOutput {
    let handle: FileHandle

    static let standardError = FileHandleOutput(handle: .standardError)
    static let standardOutput = FileHandleOutput(handle: .standardOutput)

    func write(_ text: String) {
        handle.write(Data(text.utf8))
    }
}
