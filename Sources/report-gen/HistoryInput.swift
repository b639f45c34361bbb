import ArgumentParser
import FoundationEssentials
import Glibc
import ReportKit

/// Reading a job or a history entry by entry, for the commands that stream one (validate, record,
/// isoxml): the reader, and the walk's next entry, each failure reported with its exit status.
enum HistoryInput {
    /// A reader of `input`'s job or history from its open `handle`; one that is not a history is
    /// reported and ends the run.
    static func reader(_ handle: InputFile, input: String, timeZone: TimeZoneRules?) throws -> HistoryReader {
        do {
            let reader = try HistoryReader(handle: handle, name: input == "-" ? nil : input)
            reader.timeZone = timeZone
            return reader
        } catch {
            throw fail(error)
        }
    }

    /// The walk's next entry, checked; a history that cannot be read further is reported and
    /// ends the run.
    static func next(_ walk: HistoryWalk) throws -> HistoryWalk.Entry? {
        do {
            return try walk.next()
        } catch {
            throw fail(error)
        }
    }

    /// Reports why a history cannot be read: 65 for one that is not a history, 66 for a read error.
    static func fail(_ error: HistoryReadError) -> ExitCode {
        switch error {
        case .invalid(let error):
            Console.report(error)
            return ExitStatus.badData
        case .unreadable(let message):
            Console.error(message)
            return ExitStatus.unreadableInput
        }
    }
}
