// swift-tools-version:6.0
import PackageDescription

// The HTTP server (docs/server.md): a package of its own, so that ReportKit's users and the
// README's first command never build its dependencies.
let package = Package(
    name: "ReportKitServer",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "ReportKit", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.0"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
    ],
    targets: [
        .target(
            name: "ReportServer",
            dependencies: [
                .product(name: "ReportKit", package: "ReportKit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
            ],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        .executableTarget(name: "report-gen-server", dependencies: ["ReportServer"]),
        .testTarget(
            name: "ReportServerTests",
            dependencies: ["ReportServer", .product(name: "HummingbirdTesting", package: "hummingbird")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
