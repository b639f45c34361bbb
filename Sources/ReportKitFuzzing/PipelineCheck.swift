import ReportKit

/// The single-report command: input bytes to a PDF in memory.
enum PipelineCheck {
    static func run(_ bytes: [UInt8], session: FuzzSession) -> [String] {
        let generator = session.generator
        let plan: SprayPlan
        do {
            plan = try generator.plan(try JobDecoder.decodeJob(bytes))
        } catch let error as ReportError {
            guard case .input(let input) = error else { return ["planning failed with \(error)"] }
            return ErrorPromises.check(input.diagnostics, stage: "planning")
        } catch let error as InputError {
            return ErrorPromises.check(error.diagnostics, stage: "decoding")
        } catch {
            return ["an unexpected kind of error: \(error)"]
        }
        var broken = PlanPromises.check(plan)
        do {
            let report = try generator.report(for: plan)
            broken += PDFPromises.check(report.pdf ?? [], pages: report.document.pages.count)
        } catch {
            // The limits on a job are there so that the built-in template takes every job accepted.
            broken.append("an accepted job could not be reported: \(error)")
        }
        return broken
    }
}
