import AudioToolbox
import CoreHaptics
import UIKit

/// Subclasses of Core Haptics' classes, which Apple's SDK does not declare `Sendable`: they need
/// no restated conformance (this target builds in Swift 6 mode with warnings as errors).
public final class AppEngine: CHHapticEngine {
    public var taps = 0
}

public final class AppTap: CHHapticEvent {}

/// A main-actor feedback manager, as Swift 6 apps write one.
@MainActor public final class Feedback {
    private let impact = UIImpactFeedbackGenerator(style: .rigid)

    public init() { impact.prepare() }

    public func hit() { impact.impactOccurred(intensity: 0.8) }
}

/// A system sound of one's own: C functions imported from Apple's headers discard their results.
public func makeSound(_ url: URL) -> SystemSoundID {
    var id: SystemSoundID = 0
    AudioServicesCreateSystemSoundID(url as CFURL, &id)
    AudioServicesAddSystemSoundCompletion(id, nil, nil, { _, _ in }, nil)
    return id
}
