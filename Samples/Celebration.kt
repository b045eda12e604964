// The celebration of celebration.json, as a Jindong app writes it (docs/kotlin.md), with a
// shorter tap train beside it: `hapsynth render Samples/Celebration.kt --pattern celebration`.
package com.example.haptics

import io.github.compose.jindong.core.buildHapticPattern
import io.github.compose.jindong.core.dsl.hapticCurve
import io.github.compose.jindong.core.model.HapticIntensity
import io.github.compose.jindong.core.ms

private const val TAP_GAP_MS = 80

val taps = buildHapticPattern {
    repeat(3) {
        transient(HapticIntensity.STRONG, sharpness = 0.9f)
        delay(TAP_GAP_MS.ms)
    }
}

val celebration = buildHapticPattern {
    include(taps)
    continuous(
        duration = 300.ms,
        intensityCurve = hapticCurve {
            point(0.ms, 0f)
            point(80.ms, 0.8f)
            point(300.ms, 0f)
        },
        sharpnessCurve = hapticCurve {
            point(0.ms, 0.2f)
            point(300.ms, 0.8f)
        },
    )
}
