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

#if os(Linux)
// An app's own haptics code (`import CoreHaptics`, unchanged) on hapsynth's emulated iPhone.
package.targets += [
    .target(
        name: "HapticFeedback",
        dependencies: [.product(name: "CoreHaptics", package: "hapsynth"), .product(name: "AVFoundation", package: "hapsynth"),
                       .product(name: "UIKit", package: "hapsynth")],
        path: "haptic-feedback/Sources/HapticFeedback",
        exclude: ["Resources/make-thud.py"],
        resources: [.copy("Resources/Rumble.ahap"), .copy("Resources/thud.wav")]
    ),
    .executableTarget(name: "haptic-feedback-example", dependencies: ["HapticFeedback"], path: "haptic-feedback/Sources/haptic-feedback-example"),
    .testTarget(
        name: "HapticFeedbackTests",
        dependencies: ["HapticFeedback", .product(name: "CoreHapticsEmulatorTesting", package: "hapsynth")],
        path: "haptic-feedback/Tests"
    ),
]
#endif
