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
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.0"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        // Hummingbird's own lifecycle (already resolved through it): a season's request tells a
        // client that left from a server that is stopping.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .target(
            name: "ReportServer",
            dependencies: [
                .product(name: "ReportKit", package: "ReportKit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            // The routes and types generated from openapi.yaml are checked in (Generated/, by
            // scripts/server-openapi-generate.sh): a clean build never builds the generator.
            exclude: ["openapi.yaml", "openapi-generator-config.yaml", "Generated/SOURCE"]
        ),
        .executableTarget(name: "report-gen-server", dependencies: [
            "ReportServer",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "NIOCore", package: "swift-nio"),
        ]),
        .testTarget(
            name: "ReportServerTests",
            // The router called directly (RouterClient.swift), not HummingbirdTesting: its live
            // clients bring AsyncHTTPClient and two BoringSSLs into every clean build.
            dependencies: ["ReportServer", .product(name: "ReportKit", package: "ReportKit"),
                           .product(name: "Hummingbird", package: "hummingbird"),
                           .product(name: "NIOEmbedded", package: "swift-nio"),
                           .product(name: "Logging", package: "swift-log"),
                           .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                           .product(name: "HTTPTypes", package: "swift-http-types")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
