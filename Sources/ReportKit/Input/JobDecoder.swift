/// Turns the bytes of an input file into validated spray jobs, in either format it reads.
///
/// Formats are told apart by content, not by file name: an object with `"version"` is ReportKit's
/// own v1 format, an object with `"fieldArea"` is an entry of the app's history, and an array (or
/// `{"version": 1, "jobs": [...]}`) is a history of either.
public enum JobDecoder {
    /// Reads a file that must hold exactly one job; its UTC times are shown in `timeZone` when
    /// the job names no zone of its own (`--time-zone`), and what it leaves out of its record is
    /// taken from `fillIn`.
    public static func decodeJob(_ bytes: [UInt8], timeZone: TimeZoneRules? = nil, fillIn: RecordFillIn? = nil) throws(InputError) -> DecodedJob {
        switch try decodeDocument(bytes, timeZone: timeZone, fillIn: fillIn) {
        case .job(let job):
            return job
        case .history(let entries):
            throw InputError(at: .root, MessageText("input.history-not-job", ["count": String(entries.count)]))
        }
    }

    /// Reads a file holding one job or a history of jobs. A bad entry in a history does not
    /// spoil the others: each entry carries its own result.
    public static func decodeDocument(_ bytes: [UInt8], timeZone: TimeZoneRules? = nil, fillIn: RecordFillIn? = nil) throws(InputError) -> JobDocument {
        if bytes.count > JobLimits.maximumDocumentBytes {
            throw InputError(at: .root, MessageText("input.too-large", ["bytes": String(bytes.count), "maximum": String(JobLimits.maximumDocumentBytes)]), code: DiagnosticCode.limit)
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw InputError(error)
        }
        return try decodeDocument(value, timeZone: timeZone, fillIn: fillIn)
    }

    /// Reads an already parsed document.
    package static func decodeDocument(_ value: JSONValue, timeZone: TimeZoneRules? = nil, fillIn: RecordFillIn? = nil) throws(InputError) -> JobDocument {
        if case .object(let object) = value, object["jobs"] == nil {
            // A job alone is a history of one: its answers are entry 0's.
            return .job(try decodeEntry(value, at: .root, timeZone: timeZone, fillIn: fillIn, entry: 0).get())
        }
        return .history(try historyNodes(value).enumerated().map { index, node in
            HistoryEntry(index: index, id: entryID(node.value), result: decodeEntry(node.value, at: node.path, timeZone: timeZone, fillIn: fillIn, entry: index),
                         source: Array(JSONWriter.write(node.value).utf8))
        })
    }

    /// The entries of a history, undecoded: the elements of an array, the jobs of
    /// `{"version": 1, "jobs": [...]}`, or a single job as a history of one.
    static func historyNodes(_ value: JSONValue) throws(InputError) -> [JSONReader.Node] {
        switch value {
        case .array(let elements):
            return elements.enumerated().map { JSONReader.Node(value: $1, path: JSONPath.root.appending(index: $0)) }
        case .object(let object) where object["jobs"] != nil:
            return try historyWrapperNodes(value)
        case .object:
            return [JSONReader.Node(value: value, path: .root)]
        default:
            throw InputError(at: .root, MessageText("input.not-job-or-history", texts: ["found": JSONReader.found(value)]), code: InputError.notAJobCode)
        }
    }

    /// The entries of `{"version": 1, "jobs": [...]}`.
    private static func historyWrapperNodes(_ value: JSONValue) throws(InputError) -> [JSONReader.Node] {
        var reader = JSONReader()
        let root = JSONReader.Node(value: value, path: .root)
        let history = reader.object(root, allowed: ["version", "jobs"])
        if let version = history.flatMap({ reader.required("version", in: $0, expected: MessageText("expected.version")) }), reader.number(version) != 1 {
            reader.error(version.path, MessageText("input.unsupported-version", ["version": JSONReader.literal(version.value)]), code: DiagnosticCode.version)
        }
        let jobs = history.flatMap { reader.required("jobs", in: $0, expected: MessageText("expected.jobs")) }.flatMap { reader.array($0) }
        guard let jobs, !reader.hasErrors else {
            throw InputError(reader.diagnostics.filter { $0.severity == .error })
        }
        return jobs
    }

    /// Decodes one job of either format at `path`; `entry` is its place in a history (from 0),
    /// which picks its answers in `fillIn`.
    package static func decodeEntry(_ value: JSONValue, at path: JSONPath, timeZone: TimeZoneRules? = nil,
                                    fillIn: RecordFillIn? = nil, entry: Int? = nil) -> Result<DecodedJob, InputError> {
        var reader = JSONReader()
        reader.defaultTimeZone = timeZone
        let node = JSONReader.Node(value: value, path: path)
        var job: SprayJob?
        if case .object(let object) = value, object["version"] != nil {
            job = reader.readV1Job(node)
        } else if case .object(let object) = value, object["fieldArea"] != nil {
            job = reader.readAppEntry(node)
        } else if case .object = value {
            return .failure(InputError(at: path, MessageText("input.not-a-job"), code: InputError.notAJobCode))
        } else {
            return .failure(InputError(at: path, MessageText("input.job-not-object", texts: ["found": JSONReader.found(value)]), code: InputError.notAJobCode))
        }
        var diagnostics = reader.diagnostics
        if let fillIn, let read = job, diagnostics.allSatisfy({ $0.severity != .error }) {
            // A filled value is held to the rules of the job's own, at the path it would have.
            job = fillIn.filling(read, entry: entry)
            diagnostics += JobValidator.diagnostics(for: job!)
        } else if let job {
            diagnostics += JobValidator.limitDiagnostics(for: job)
        }
        let errors = diagnostics.filter { $0.severity == .error }
        guard let job, errors.isEmpty else { return .failure(InputError(errors)) }
        return .success(DecodedJob(job: job, warnings: diagnostics.filter { $0.severity == .warning }))
    }

    static func entryID(_ value: JSONValue) -> String? {
        guard case .object(let object) = value, case .string(let id)? = object["id"] else { return nil }
        return id
    }
}

/// A job read from input, with what a person should look at twice.
public struct DecodedJob: Sendable, Equatable {
    public let job: SprayJob
    public let warnings: [Diagnostic]
}

/// What an input file holds.
public enum JobDocument: Sendable {
    case job(DecodedJob)
    case history([HistoryEntry])
}

/// One entry of a history: decoded, or the reasons it could not be.
public struct HistoryEntry: Sendable {
    /// The entry's position in the history, from 0.
    public let index: Int
    /// The entry's `id`, when it has one, so a failure can be found in the app.
    public let id: String?
    /// The line it is on, in JSON Lines.
    public let line: Int?
    public let result: Result<DecodedJob, InputError>
    /// The entry as read: its line of JSON Lines, or for an entry of a JSON array its value
    /// written out again (the same values, ``JSONWriter``'s layout). A report carries it inside.
    public let source: [UInt8]

    public init(index: Int, id: String?, line: Int? = nil, result: Result<DecodedJob, InputError>, source: [UInt8] = []) {
        self.source = source
        self.index = index
        self.id = id
        self.line = line
        self.result = result
    }
}
