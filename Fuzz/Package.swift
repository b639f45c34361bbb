// swift-tools-version:6.0
// libFuzzer executables for ReportKit, kept apart from the main package because they are built
// only with AddressSanitizer and coverage instrumentation (scripts/fuzz.sh passes those for every
// module). Only these executables link libFuzzer, which brings their main: the main package's
// build tool (embed-definitions, run while building) keeps its own. docs/hardening.md explains.
import PackageDescription

let targets = ["input", "template", "pipeline", "tokens", "pdf", "taskdata"]

let package = Package(
    name: "ReportKitFuzz",
    dependencies: [.package(name: "ReportKit", path: "..")],
    targets: [
        .systemLibrary(name: "CFuzzerDriver"),
        .target(name: "FuzzDriver", dependencies: ["CFuzzerDriver"]),
    ] + targets.map { name in
        .executableTarget(
            name: "fuzz-\(name)",
            dependencies: ["FuzzDriver", .product(name: "ReportKitFuzzing", package: "ReportKit")],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer"])]
        )
    },
    swiftLanguageModes: [.v6]
)
