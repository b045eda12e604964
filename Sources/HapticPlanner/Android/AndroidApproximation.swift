/// One way an Android plan differs from what its file asks for: a code for programs (lint chooses
/// its rules by it) and the sentence people read in `plan`, `plot` and `devices`.
public struct AndroidApproximation: Hashable, Sendable, CustomStringConvertible {
    /// What was approximated; the raw values are stable.
    public enum Code: String, Hashable, Sendable, CaseIterable {
        /// Overlapping events play their maximum intensity.
        case overlapsUseMaximum = "overlaps-use-maximum"
        /// Overlapping curves cross on a millisecond grid.
        case crossingsOnMillisecondGrid = "crossings-on-millisecond-grid"
        /// The envelope path was refused (and why).
        case envelopeRejected = "envelope-rejected"
        /// Transients as triangular envelope pulses, peaking late.
        case transientEnvelopePulses = "transient-envelope-pulses"
        /// The envelope path fell back to another.
        case envelopeFallback = "envelope-fallback"
        /// Sharpness as one of three primitives.
        case sharpnessAsPrimitives = "sharpness-as-primitives"
        /// Primitive tails play past the pattern's end.
        case primitiveTails = "primitive-tails"
        /// The primitive path fell back to the waveform.
        case primitiveFallback = "primitive-fallback"
        /// Transient pulses widened into other events.
        case pulsesOverlap = "pulses-overlap"
        /// The legacy fall ramp borrows from the following gap.
        case fallRampBorrows = "fall-ramp-borrows"
        /// Transients as waveform pulses of at most 10 ms.
        case transientWaveformPulses = "transient-waveform-pulses"
        /// A waveform plays no sharpness.
        case sharpnessDropped = "sharpness-dropped"
        /// No amplitude control: on or off.
        case onOff = "on-off"
        /// The compatibility tail some phones require (lint's HS205).
        case compatibilityTail = "compatibility-tail"
        /// The native effect ends after the pattern.
        case nativeEndsLate = "native-ends-late"
        /// Curves sampled and held.
        case sampleAndHold = "sample-and-hold"
        /// AHAP times rounded to whole milliseconds.
        case timesRounded = "times-rounded"
        /// Control steps under 1 ms widened to 1 ms.
        case stepsWidened = "steps-widened"
        /// AHAP controls sampled at whole milliseconds (with the largest error).
        case controlsSampled = "controls-sampled"
        /// AHAP envelope parameters not expressed.
        case envelopeParametersDropped = "envelope-parameters-dropped"
        /// A clip sampled as Meta's renderer samples it, its frequency dropped.
        case clipSampled = "clip-sampled"
        /// A clip's emphasis as an amplitude step.
        case clipEmphasisStep = "clip-emphasis-step"
        /// A clip's emphasis on its last breakpoint, not rendered.
        case clipLastEmphasisDropped = "clip-last-emphasis-dropped"
        /// A clip that starts late, its end cut.
        case clipEndCut = "clip-end-cut"
        /// A system feedback call's effect is not the HAL's: Android's fallback waveform plays.
        case feedbackFallback = "feedback-fallback"
        /// A repeating VibrationEffect played once through, then its repeated part once more.
        case repeatPlayedTwice = "repeat-played-twice"
        /// A frequency a VibrationEffect asks for that the device cannot set: its default plays.
        case frequencyIgnored = "frequency-ignored"
        /// Ramps played as steps, as Android plays them without PWLE support.
        case rampsAsSteps = "ramps-as-steps"
    }

    public let code: Code
    /// The sentence, as `plan` prints it.
    public let text: String

    public init(_ code: Code, _ text: String) {
        self.code = code
        self.text = text
    }

    public var description: String { text }
}
