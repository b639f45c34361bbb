import ArgumentParser
import FoundationEssentials
import Glibc
import ReportKit

/// What becomes of a carried-out task of task data that cannot be read: the run refuses (a record
/// that leaves an application out is not the record), or, asked to (`--skip-invalid`, a batch
/// that goes on), it is left out and counted.
enum UnreadableTasks {
    case refuse
    case leaveOut(TaskTally?)
}

/// How many tasks were left out, for a command that decides its exit status at its end.
final class TaskTally {
    var count = 0
}

/// Reads the bytes of an input argument: a file path, or `-` for standard input.
enum InputReader {
    static func read(_ argument: String) throws -> [UInt8] {
        let limit = JobLimits.maximumDocumentBytes
        let handle = try open(argument)
        do {
            // One byte past the limit tells "too large" apart from "exactly at the limit".
            let data = try handle.read(upTo: limit + 1)
            if data.count > limit, !PDFAttachmentReader.isPDF(data.prefix(5)) {
                Console.error(say("input-too-large", ["name": displayName(argument), "maximum": String(limit)]))
                throw ExitStatus.badData
            }
            guard PDFAttachmentReader.isPDF(data.prefix(5)) else { return data }
            // A report re-opens as its job. A file was already turned into its job by open(_:).
            var bytes = data
            bytes += try handle.read(upTo: maximumPDFBytes)
            if bytes.count > maximumPDFBytes {
                Console.error(say("pdf-too-large", ["name": displayName(argument), "maximum": String(maximumPDFBytes)]))
                throw ExitStatus.badData
            }
            return try jobs(inPDF: bytes, named: displayName(argument))
        } catch let exit as ExitCode {
            throw exit
        } catch {
            Console.error(say("cannot-be-read", ["name": displayName(argument), "cause": "\(error)"]))
            throw ExitStatus.unreadableInput
        }
    }

    /// The largest PDF read whole from standard input (a file is read only as far as needed).
    static let maximumPDFBytes = 512 * 1024 * 1024

    /// Opens a file (or a FIFO) for reading, or standard input for `-`; a missing file, a folder
    /// or a file without read permission is reported and ends the run (66).
    /// A PDF that report-gen made opens as the job it carries, unless `readingReports` is false;
    /// task data as its applied tasks, with times written without an offset in `timeZone`.
    static func open(_ argument: String, readingReports: Bool = true, timeZone: TimeZoneRules? = nil,
                     unreadableTasks: UnreadableTasks = .refuse) throws -> InputFile {
        if argument == "-" { return .standardInput }
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
            Console.error(say("no-such-file", ["name": argument]))
            throw ExitStatus.unreadableInput
        }
        // A terminal's task data: the folder holding TASKDATA.XML, or that file.
        let taskData = isDirectory ? argument + "/TASKDATA.XML" : argument
        if URL(fileURLWithPath: taskData).lastPathComponent.uppercased() == "TASKDATA.XML", readingReports, isRegularFile(taskData) {
            return try jobsHandle(inTaskDataAt: taskData, timeZone: timeZone, unreadableTasks: unreadableTasks)
        }
        if isDirectory {
            Console.error(say("input-is-directory", ["name": argument]))
            throw ExitStatus.unreadableInput
        }
        guard let opened = InputFile(forReadingAtPath: argument) else {
            Console.error(say("cannot-open", ["name": argument]))
            throw ExitStatus.unreadableInput
        }
        guard readingReports, isRegularFile(argument), let prefix = try? opened.read(upTo: 5), PDFAttachmentReader.isPDF(prefix) else {
            opened.rewind()
            return opened
        }
        return try jobsHandle(inPDFAt: argument)
    }

    private static func isRegularFile(_ path: String) -> Bool {
        FileStatus(path: path)?.kind == .regular
    }

    /// The applied tasks of ISO 11783-10 task data as a history of jobs (``TaskDataImport``);
    /// tasks left out (only planned) are said.
    private static func jobsHandle(inTaskDataAt path: String, timeZone: TimeZoneRules?, unreadableTasks: UnreadableTasks) throws -> InputFile {
        guard FileManager.default.isReadableFile(atPath: path) else {
            Console.error(say("cannot-read-permissions", ["name": path]))
            throw ExitStatus.unreadableInput
        }
        let made: (json: [UInt8], warnings: [String], refused: [String])
        do {
            // A time without an offset is the terminal's wall clock: in the zone the run gives
            // (--time-zone, the configuration), else Poland's, as for a Polish job (docs/isoxml.md).
            made = try TaskDataImport.jobs(inFolder: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                                           zone: timeZone ?? TimeZoneRules.named("Europe/Warsaw"))
        } catch {
            Console.error(said(error))
            throw ExitStatus.badData
        }
        let (jobs, warnings, refused) = made
        for warning in warnings { Console.warning("\(path): \(warning)") }
        // A carried-out task that cannot be read is an application the record would leave out.
        for task in refused { Console.error("\(path): \(task)") }
        if !refused.isEmpty {
            switch unreadableTasks {
            case .refuse:
                Console.error(say("tasks-unreadable", count: refused.count, ["name": path]))
                throw ExitStatus.badData
            case .leaveOut(let tally):
                tally?.count += refused.count
                Console.warning(say("tasks-left-out", count: refused.count, ["name": path]))
            }
        }
        return try temporaryHandle(jobs, for: path)
    }

    /// The job (or for a combined document the history) a report made by report-gen carries,
    /// as the bytes of an unnamed temporary file that reads like the job file itself.
    private static func jobsHandle(inPDFAt path: String) throws -> InputFile {
        let bytes: [UInt8]
        do {
            bytes = try PDFAttachmentReader.input(from: try PDFAttachmentReader.attachments(inFile: path, relationships: [.source]), name: path)
        } catch {
            Console.error(said(error))
            throw error.missingDependency ? ExitStatus.unavailable : ExitStatus.badData
        }
        return try temporaryHandle(bytes, for: path)
    }

    /// `bytes` as an unnamed temporary file that reads like a job file.
    private static func temporaryHandle(_ bytes: [UInt8], for path: String) throws -> InputFile {
        var template = Array(((ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp") + "/.report-gen-job.XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            Console.error(say("job-no-temporary", ["name": path]))
            throw ExitStatus.unreadableInput
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        do {
            try OutputFile.writeAll(bytes, to: descriptor)
        } catch {
            close(descriptor)
            Console.error(say("job-unreadable", ["name": path, "cause": said(error)]))
            throw ExitStatus.unreadableInput
        }
        lseek(descriptor, 0, SEEK_SET)
        return InputFile(descriptor: descriptor, closesWhenDone: true)
    }

    /// The job a PDF in memory carries (a PDF on standard input).
    private static func jobs(inPDF bytes: [UInt8], named name: String) throws -> [UInt8] {
        do {
            return try PDFAttachmentReader.input(from: try PDFAttachmentReader.attachments(in: bytes, name: name, relationships: [.source]), name: name)
        } catch {
            Console.error(said(error))
            throw error.missingDependency ? ExitStatus.unavailable : ExitStatus.badData
        }
    }

    /// The files a command reads (its input, or standard input when that is a file, a template
    /// file, a tokens file, the configuration, the product catalogue and every file of a
    /// definitions folder), which no output may be: `-o` naming the catalogue once replaced it.
    static func identities(of argument: String, report: ReportOptionGroup) -> Set<FileIdentity> {
        let input = argument == "-" ? FileIdentity(descriptor: STDIN_FILENO) : FileIdentity(path: argument)
        let read = [report.template, report.tokens, report.configFile, report.productsPath].compactMap { $0 }.map { FileIdentity(path: $0) }
        return Set(([input] + read).compactMap { $0 }).union(identities(inFolder: report.definitions))
    }

    /// The files of a definitions folder that a run reads: `tokens.json`, every `.json` of
    /// `reports/` and `locales/`, and what stands under those names (a folder or a link, to be
    /// refused alike). A PDF previewed into the folder, or a note beside the definitions, is no
    /// input: protecting every file there refused such an output on its second write.
    static func identities(inFolder folder: String?) -> Set<FileIdentity> {
        guard let folder, FileStatus(path: folder)?.kind == .directory else { return [] }
        var paths = [folder + "/tokens.json"]
        for inner in ["reports", "locales"] {
            let path = folder + "/" + inner
            paths += ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".json") }.map { path + "/" + $0 }
        }
        return Set(paths.compactMap { FileIdentity(path: $0) })
    }

    static func displayName(_ argument: String) -> String {
        argument == "-" ? "standard input" : argument
    }
}
