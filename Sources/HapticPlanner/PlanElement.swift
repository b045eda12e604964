import HapticCore

/// The element of a plan that plays at a given time, as a report names it beside a difference
/// (`player 2 event 1: continuous at 240 ms in the plan`). Numbers count from 1, as `hapsynth plan` shows them.
public struct PlanElement: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// A Core Haptics event: its player and its index in that player.
        case event(player: Int, index: Int, kind: HapticEvent.Kind)
        /// An Android composition's primitive.
        case primitive(index: Int, AndroidPrimitive)
        /// An Android amplitude waveform's segment (amplitude 0…255).
        case waveformSegment(index: Int, amplitude: Int)
        /// An Android envelope's point: the last one reached.
        case envelopePoint(index: Int)
    }

    public let kind: Kind
    /// Where the element starts, in ms of the pattern's timeline.
    public let startMs: Double

    public var description: String {
        let from = NumberText.significant(startMs)
        switch kind {
        case let .event(player, index, kind): return "player \(player) event \(index): \(kind.rawValue) at \(from) ms in the plan"
        case let .primitive(index, primitive): return "primitive \(index): \(primitive.rawValue) at \(from) ms in the plan"
        case let .waveformSegment(index, amplitude): return "waveform segment \(index): amplitude \(amplitude) from \(from) ms in the plan"
        case let .envelopePoint(index): return "envelope point \(index): at \(from) ms in the plan"
        }
    }
}

extension PlaybackPlan {
    /// The event sounding at `ms` on the pattern's timeline: the latest-starting one whose onset is
    /// at or before it and that still sounds (a continuous event to its end, a transient for
    /// `transientMs` after its onset); nil between events.
    public func element(atMs ms: Double, transientMs: Double) -> PlanElement? {
        var found: PlanElement?
        for (playerIndex, player) in players.enumerated() {
            for (eventIndex, event) in player.events.enumerated() {
                let startMs = Double(event.startUs) / 1000
                let endMs = event.kind == .transient ? startMs + transientMs : Double(event.endUs) / 1000
                guard startMs <= ms, ms <= endMs, startMs >= found?.startMs ?? -.infinity else { continue }
                found = PlanElement(kind: .event(player: playerIndex + 1, index: eventIndex + 1, kind: event.kind), startMs: startMs)
            }
        }
        return found
    }
}

extension AndroidPlan {
    /// What plays at `ms` after the request: a primitive (for its native duration), a waveform
    /// segment, or the envelope's last point reached; nil when nothing does.
    public func element(atMs ms: Double) -> PlanElement? {
        switch backend {
        case .androidPrimitives:
            return primitiveOnsets.enumerated().last { _, step in Double(step.onsetMs) <= ms && ms <= Double(step.onsetMs + step.durationMs) }
                .map { PlanElement(kind: .primitive(index: $0.offset + 1, $0.element.step.primitive), startMs: Double($0.element.onsetMs)) }
        case .androidWaveform:
            return waveform?.segments.enumerated().first { _, segment in ms < Double(segment.startMs + segment.durationMs) && ms >= Double(segment.startMs) }
                .map { PlanElement(kind: .waveformSegment(index: $0.offset + 1, amplitude: $0.element.amplitude), startMs: Double($0.element.startMs)) }
        case .androidEnvelope:
            guard let last = envelope.last, ms <= Double(last.timeMs) else { return nil }
            return envelope.enumerated().last { Double($0.element.timeMs) <= ms }
                .map { PlanElement(kind: .envelopePoint(index: $0.offset + 1), startMs: Double($0.element.timeMs)) }
        case .androidEffect:
            return effectBursts.enumerated().last { Double($0.element.onsetMs) <= ms && ms <= Double($0.element.onsetMs + $0.element.durationMs) }
                .map { PlanElement(kind: .waveformSegment(index: $0.offset + 1, amplitude: Int(($0.element.level * 255).rounded())),
                                   startMs: Double($0.element.onsetMs)) }
        case .silent, .unsupported:
            return nil
        }
    }
}
