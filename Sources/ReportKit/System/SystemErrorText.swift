import FoundationEssentials
import Glibc

/// Why a file operation failed, in the system's words ("Permission denied", "No space left on
/// device"), for messages that name the file and then the cause. Used in place of Foundation's
/// `localizedDescription`, which lives in Foundation proper (see ``ConditionLock``).
package enum SystemErrorText {
    package static func describe(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return text(of: posix.code.rawValue) }
        if let cocoa = error as? CocoaError {
            if let posix = cocoa.underlying as? POSIXError { return text(of: posix.code.rawValue) }
            switch cocoa.code {
            case .fileNoSuchFile, .fileReadNoSuchFile: return text(of: ENOENT)
            case .fileReadNoPermission, .fileWriteNoPermission: return text(of: EACCES)
            case .fileWriteOutOfSpace: return text(of: ENOSPC)
            case .fileWriteFileExists: return text(of: EEXIST)
            case .fileWriteVolumeReadOnly: return text(of: EROFS)
            default: return "file system error \(cocoa.code.rawValue)"
            }
        }
        return String(describing: error)
    }

    /// The system's text for an `errno` value.
    package static func text(of code: Int32) -> String {
        String(cString: strerror(code))
    }
}
