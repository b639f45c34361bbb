// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "ReportKit",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "ReportKit", targets: ["ReportKit"]),
        // The fuzz checks, for the libFuzzer package in Fuzz/ and the regression tests.
        .library(name: "ReportKitFuzzing", targets: ["ReportKitFuzzing"]),
        .executable(name: "report-gen", targets: ["report-gen"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]
        ),
        // qpdf's header only (libqpdf-dev): the library is opened when a PDF is read, never linked.
        .systemLibrary(name: "CQPDF", providers: [.apt(["libqpdf-dev", "zlib1g-dev"])]),
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // The record as a spreadsheet (`record -o season.xlsx`).
        // libxlsxwriter's header only: the library is opened by its soname when a workbook is written.
        .systemLibrary(name: "CXLSXWriter", providers: [.apt(["libxlsxwriter-dev"])]),
        // ISO 11783-10 task data (`isoxml`), written with libxml2's xmlwriter: its headers only
        // (libxml2-dev, through include/libxml); the library is opened when task data is made or
        // read, never linked, so no other run loads it and the ICU it brings.
        .target(name: "CLibXML2"),
        .systemLibrary(name: "CLinux"),
        .systemLibrary(name: "CMalloc"),
        .target(name: "ReportKit", dependencies: ["CCairo", "CQPDF", "CQRencode", "CXLSXWriter", "CLibXML2", "CLinux", "CMalloc", "ReportTemplates"],
                plugins: ["RecordBuildCommit"]),
        // The built-in tokens, locales and templates: data files a user can read and copy, compiled
        // into the executable by the EmbedDefinitions plugin (no resource folder to install).
        .target(
            name: "ReportTemplates",
            path: "templates",
            exclude: ["tokens.json", "locales", "reports"],
            sources: ["ReportTemplates.swift"],
            plugins: ["EmbedDefinitions"]
        ),
        .executableTarget(name: "embed-definitions"),
        .plugin(name: "EmbedDefinitions", capability: .buildTool(), dependencies: ["embed-definitions"]),
        // The commit built, for `report-gen --version`.
        .plugin(name: "RecordBuildCommit", capability: .buildTool()),
        .executableTarget(
            name: "report-gen",
            dependencies: [
                "ReportKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What the fuzzers check after each input (docs/hardening.md).
        .target(name: "ReportKitFuzzing", dependencies: ["ReportKit"]),
        // The rendering benchmark (scripts/bench.sh); not a test.
        .executableTarget(name: "reportkit-bench", dependencies: ["ReportKit"]),
        .testTarget(
            name: "ReportKitTests",
            dependencies: ["ReportKit", "ReportKitFuzzing", "CLITestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        // The example program of docs/library.md, built and run by the tests. Without package
        // access, as a program outside this package: it sees only ReportKit's public API.
        .executableTarget(name: "make-report", dependencies: ["ReportKit"], path: "Examples/make-report", packageAccess: false),
        // Running report-gen (or any program) from the tests, and which run of the tests this is
        // (everyday or the slow step), shared by the test targets.
        .target(name: "CLITestSupport", path: "Tests/CLITestSupport"),
        // Depends on the executables so `swift test` always builds the report-gen (and the
        // example) it runs.
        .testTarget(name: "ReportGenTests", dependencies: ["ReportKit", "CLITestSupport", "report-gen", "make-report"]),
        // The slow packaging tests (install, .deb, a dependent package), opted into with
        // REPORTKIT_DISTRIBUTION_TESTS=1: the README's test command runs them after the rest.
        .testTarget(name: "DistributionTests", dependencies: ["CLITestSupport", "report-gen"]),
    ],
    swiftLanguageModes: [.v6]
)
