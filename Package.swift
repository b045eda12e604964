// swift-tools-version:6.0
import PackageDescription

/// hapsynth: Core Haptics playback emulation and haptic rendering for Linux.
///
/// Modules, in the order they depend on one another: HapticCore (patterns, JSON), HapticPlanner
/// (the Core Haptics and Android plans, the loader, `Platform`), AudioCore (outputs, the
/// perceptual view), HapticSynth (the emulated actuators), AudioIO (libsndfile, ALSA), HapticPlayback (the
/// emulated device, executor, renders and live playback for both platforms), RenderFiles (renders
/// to sound files), HapticPlot (figures), HapticCheck (golden suites and lint), HapsynthKit (the library facade that re-exports them), hapsynth (the command
/// line, a shell over HapsynthKit).
let package = Package(
    name: "hapsynth",
    products: [
        .executable(name: "hapsynth", targets: ["hapsynth"]),
        .library(name: "HapticCore", targets: ["HapticCore"]),
        .library(name: "HapticPlanner", targets: ["HapticPlanner"]),
        .library(name: "HapticSynth", targets: ["HapticSynth"]),
        .library(name: "AudioCore", targets: ["AudioCore"]),
        .library(name: "AudioIO", targets: ["AudioIO"]),
        .library(name: "HapticPlayback", targets: ["HapticPlayback"]),
        .library(name: "HapticPlaybackTesting", targets: ["HapticPlaybackTesting"]),
        .library(name: "RenderFiles", targets: ["RenderFiles"]),
        .library(name: "HapticCheck", targets: ["HapticCheck"]),
        .library(name: "HapsynthKit", targets: ["HapsynthKit"]),
        .library(name: "HapsynthStudio", targets: ["HapsynthStudio"]),
    ],
    targets: [
        .target(name: "HapticCore", exclude: ["README.md"], linkerSettings: [.linkedLibrary("m")]),
        .target(name: "HapticPlanner", dependencies: ["HapticCore"], exclude: ["README.md"]),
        .target(name: "CSynthKernel"),
        .target(name: "HapticSynth", dependencies: ["HapticPlanner", "HapticCore", "CSynthKernel", "AudioCore"], exclude: ["README.md"]),
        .target(name: "HapticPlayback", dependencies: ["HapticPlanner", "HapticCore", "HapticSynth", "AudioCore"], exclude: ["README.md"]),
        .target(name: "HapticPlot", exclude: ["README.md"]),
        .target(name: "HapticPlaybackTesting", dependencies: ["HapticPlayback", "HapticPlanner"], exclude: ["README.md"]),
        .target(
            name: "RenderFiles",
            dependencies: ["HapticCore", "HapticPlanner", "HapticSynth", "HapticPlayback", "AudioCore", "AudioIO"],
            exclude: ["README.md"]
        ),
        .target(
            name: "HapticCheck",
            dependencies: ["HapticCore", "HapticPlanner", "HapticSynth", "HapticPlayback", "AudioCore", "AudioIO", "HapticPlot", "RenderFiles"],
            exclude: ["README.md"]
        ),
        .target(
            name: "HapsynthKit",
            dependencies: ["HapticCore", "HapticPlanner", "HapticSynth", "HapticPlayback", "AudioCore", "AudioIO", "HapticPlot", "RenderFiles",
                           "HapticCheck"],
            exclude: ["README.md"]
        ),
        .systemLibrary(
            name: "CSndFile",
            pkgConfig: "sndfile",
            providers: [.apt(["libsndfile1-dev"])]
        ),
        .systemLibrary(
            name: "CALSA",
            pkgConfig: "alsa",
            providers: [.apt(["libasound2-dev"])]
        ),
        .target(name: "AudioCore", exclude: ["README.md"]),
        .target(name: "AudioIO", dependencies: ["AudioCore", "CSndFile", "CALSA"], exclude: ["README.md"]),
        .target(name: "HapsynthStudio", dependencies: ["HapsynthKit", "HapticCore"], exclude: ["README.md"]),
        .executableTarget(name: "hapsynth", dependencies: ["HapsynthKit", "HapsynthStudio"], exclude: ["README.md"]),
        .executableTarget(
            name: "hapsynth-bench",
            dependencies: ["HapticCore", "HapticPlanner", "HapticSynth", "HapticPlayback", "AudioCore", "AudioIO"],
            path: "Benchmarks/hapsynth-bench"
        ),
        .executableTarget(
            name: "hapsynth-fuzz",
            dependencies: ["HapticCore", "HapticPlanner", "HapticSynth", "HapticPlayback", "AudioCore", "AudioIO", "HapticCheck"],
            path: "Fuzz/hapsynth-fuzz"
        ),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "HapticCoreTests",
            dependencies: ["HapticCore", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "HapticPlannerTests", dependencies: ["HapticPlanner", "HapticCore", "TestSupport"]),
        .testTarget(name: "HapticSynthTests", dependencies: ["HapticSynth", "HapticPlanner", "HapticCore", "CSynthKernel"]),
        .testTarget(
            name: "HapticPlaybackTests",
            dependencies: ["HapticPlayback", "HapticPlaybackTesting", "HapticSynth", "HapticPlanner", "HapticCore", "AudioCore", "AudioIO", "TestSupport"]
        ),
        .testTarget(name: "AudioCoreTests", dependencies: ["AudioCore", "TestSupport"]),
        .testTarget(name: "HapsynthKitTests", dependencies: ["HapsynthKit", "TestSupport"]),
        .testTarget(name: "HapsynthStudioTests", dependencies: ["HapsynthStudio", "HapsynthKit", "TestSupport"]),
        .testTarget(name: "HapticPlotTests", dependencies: ["HapticPlot"]),
        .testTarget(name: "AudioIOTests", dependencies: ["AudioIO", "AudioCore", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "HapticCheckTests",
            dependencies: ["HapticCheck", "HapticPlot", "HapticPlanner", "HapticSynth", "AudioCore", "AudioIO", "TestSupport"]
        ),
        .testTarget(
            name: "hapsynthTests",
            dependencies: ["hapsynth", "HapsynthKit", "HapticPlot", "TestSupport"],
            exclude: ["Goldens", "Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

#if os(Linux)
// Apple's Core Haptics surface on Linux (docs/corehaptics.md): `import CoreHaptics` compiles an app's
// own haptics code unchanged and plays it on the emulated iPhone; `CoreHapticsEmulator` is the
// device a test configures, advances and captures. On Apple's systems these names are Apple's.
package.products += [
    .library(name: "CoreHaptics", targets: ["CoreHaptics"]),
    .library(name: "AVFAudio", targets: ["AVFAudio"]),
    .library(name: "AVFoundation", targets: ["AVFoundation"]),
    .library(name: "CoreHapticsEmulator", targets: ["CoreHapticsEmulator"]),
    .library(name: "CoreHapticsEmulatorTesting", targets: ["CoreHapticsEmulatorTesting"]),
    .library(name: "UIKit", targets: ["UIKit"]),
    .library(name: "SwiftUI", targets: ["SwiftUI"]),
    .library(name: "AudioToolbox", targets: ["AudioToolbox"]),
]
package.targets += [
    // AVAudioSession, below the emulated iPhone (an engine takes one); AVFAudio re-exports it
    // beside AVAudioPlayer, which plays on the emulated iPhone.
    .target(name: "_AVFAudioSession", exclude: ["README.md"]),
    .target(name: "AVFAudio", dependencies: ["_AVFAudioSession", "IPhoneEmulation", "HapticPlayback", "HapticPlanner"], exclude: ["README.md"]),
    .target(name: "AVFoundation", dependencies: ["AVFAudio", "AudioToolbox"], exclude: ["README.md"]),
    // The emulated iPhone an app's calls reach, below Apple's names: each of them stands on it and
    // on none of the others.
    .target(
        name: "IPhoneEmulation",
        dependencies: ["_AVFAudioSession", "HapticPlayback", "HapticPlanner", "HapticCore", "AudioCore", "AudioIO"],
        exclude: ["README.md"]
    ),
    .target(
        name: "CoreHaptics",
        dependencies: ["IPhoneEmulation", "_AVFAudioSession", "HapticPlayback", "HapticPlanner", "HapticCore", "AudioCore", "AudioIO"],
        exclude: ["README.md"]
    ),
    .target(name: "CoreHapticsEmulator", dependencies: ["CoreHaptics", "SwiftUI", "IPhoneEmulation", "HapticPlayback"], exclude: ["README.md"]),
    // The `.emulatedIPhone` trait, for tests: the one module that imports Swift Testing, so the
    // libraries an app links never do.
    .target(name: "CoreHapticsEmulatorTesting", dependencies: ["CoreHapticsEmulator"], exclude: ["README.md"]),
    .target(name: "UIKit", dependencies: ["IPhoneEmulation", "_Testing_UIKit", "_UIKitHeaders"], exclude: ["README.md"]),
    // SwiftUI's sensory feedback values, played as SwiftUI asks UIKit's generators (docs/feedback.md).
    .target(name: "SwiftUI", dependencies: ["IPhoneEmulation", "HapticPlanner"], exclude: ["README.md"]),
    .target(name: "AudioToolbox", dependencies: ["IPhoneEmulation", "HapticPlayback", "AudioCore", "_AudioToolboxHeaders"], exclude: ["README.md"]),
    // The empty Objective-C modules under UIKit and AudioToolbox, for the submodules apps name.
    .systemLibrary(name: "_UIKitHeaders"),
    .systemLibrary(name: "_AudioToolboxHeaders"),
    // Swift Testing's cross-import overlay for UIKit, which only Apple's systems have: empty.
    .target(name: "_Testing_UIKit"),
    // Apps' own shapes, built as Xcode builds them (Swift 5 and Swift 6 modes), warnings as errors:
    // each compiles only while hapsynth's products give what Apple's SDK gives (docs/corehaptics.md).
    .target(name: "AppShapesSwift5", dependencies: ["UIKit", "AVFoundation"], path: "Tests/AppShapes/Swift5",
            swiftSettings: [.swiftLanguageMode(.v5), .unsafeFlags(["-warnings-as-errors"])]),
    .target(name: "AppShapesSwift6", dependencies: ["CoreHaptics", "UIKit", "AudioToolbox"], path: "Tests/AppShapes/Swift6",
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
    // A plain program whose callback exits (CoreHapticsTests runs it as a process).
    .executableTarget(name: "corehaptics-probe", dependencies: ["CoreHaptics"], path: "Tests/CoreHapticsProbe"),
    .testTarget(
        name: "CoreHapticsTests",
        dependencies: ["CoreHaptics", "IPhoneEmulation", "CoreHapticsEmulator", "CoreHapticsEmulatorTesting", "AppShapesSwift5", "AppShapesSwift6", "UIKit", "SwiftUI", "AudioToolbox", "AVFoundation", "AudioIO", "HapticPlayback", "HapticCore", "TestSupport"]
    ),
]
#endif
