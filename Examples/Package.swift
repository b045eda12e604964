// swift-tools-version:6.0
import PackageDescription

/// Uses hapsynth as another package would: through its public products only.
let package = Package(
    name: "hapsynth-examples",
    dependencies: [.package(name: "hapsynth", path: "..")],
    targets: [
        .executableTarget(
            name: "render-example",
            dependencies: [.product(name: "HapsynthKit", package: "hapsynth")],
            path: "render-example"
        ),
    ],
    swiftLanguageModes: [.v6]
)
