import ArgumentParser

@main
struct ReportGen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report-gen",
        abstract: "Spray reports from Kalkulator Oprysku jobs.",
        version: "0.1.0",
        subcommands: [PlanCommand.self]
    )
}
