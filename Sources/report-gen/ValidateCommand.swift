import ArgumentParser
import ReportKit

/// `report-gen validate INPUT`: checks a job (or every job of a history) without rendering.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a job or a history without making a report.",
        discussion: """
            Prints one line per job that is valid, and every problem as `error: <JSON path>: <problem>` \
            on standard error. Exit status: 0 all valid, 65 some invalid, 66 input not readable.
            """
    )

    @Argument(help: "The job or history file, or - for standard input.")
    var input: String

    func run() throws {
        let bytes = try InputReader.read(input)
        let name = InputReader.displayName(input)
        let document: JobDocument
        do {
            document = try JobDecoder.decodeDocument(bytes)
        } catch {
            Console.report(error)
            throw ExitStatus.badData
        }
        switch document {
        case .job(let decoded):
            guard let line = check(decoded, label: name) else { throw ExitStatus.badData }
            FileHandleOutput.standardOutput.write(line + "\n")
        case .history(let entries):
            var failed = 0
            for entry in entries {
                let label = "\(name)[\(entry.index)]" + (entry.id.map { " (\($0))" } ?? "")
                switch entry.result {
                case .success(let decoded):
                    if let line = check(decoded, label: label) { FileHandleOutput.standardOutput.write(line + "\n") } else { failed += 1 }
                case .failure(let error):
                    Console.report(error)
                    failed += 1
                }
            }
            FileHandleOutput.standardOutput.write("\(name): \(entries.count - failed) of \(entries.count) jobs valid\n")
            if failed > 0 { throw ExitStatus.badData }
        }
    }

    /// "job.json: valid v1 job, 12.5 ha, 3 loads", or nil after reporting its errors.
    private func check(_ decoded: DecodedJob, label: String) -> String? {
        do {
            let plan = try SprayCalculator.plan(for: decoded.job, inputWarnings: decoded.warnings)
            for warning in plan.warnings { Console.warning("\(label): \(warning)") }
            let job = plan.job
            let area = NumberStyle(decimalSeparator: ".", groupingSeparator: "").format(given: job.field.area.value)
            return "\(label): valid \(job.source.rawValue) job, \(area) \(job.field.area.unit.rawValue), \(plan.loads.count) load\(plan.loads.count == 1 ? "" : "s")"
        } catch {
            Console.report(error)
            return nil
        }
    }
}
