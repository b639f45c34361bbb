// swift-tools-version:6.0
// libFuzzer executables for ReportKit, kept apart from the main package because they are built
// only with `-sanitize=fuzzer,address` (libFuzzer brings the program's main). Run them with
// scripts/fuzz.sh; docs/hardening.md explains.
import PackageDescription

let targets = ["input", "template", "pipeline", "tokens"]

let package = Package(
    name: "ReportKitFuzz",
    dependencies: [.package(name: "ReportKit", path: "..")],
    targets: targets.map { name in
        .executableTarget(
            name: "fuzz-\(name)",
            dependencies: [.product(name: "ReportKitFuzzing", package: "ReportKit")]
        )
    },
    swiftLanguageModes: [.v6]
)
