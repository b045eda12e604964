package com.example.haptics

private const val GAP_MS = 80

val taps = buildHapticPattern {
    repeat(3) { transient(HapticIntensity.STRONG, sharpness = 0.9f); delay(GAP_MS.ms) }
}

val swell = buildHapticPattern {
    haptic(100.ms, iosParameters = IosHapticParameters(sharpness = 0.25f))
    parallel { sequence { delay(40.ms); transient() }; haptic(50L.ms, HapticIntensity.Custom(0.6f)) }
    continuous(300.ms, HapticIntensity.HIGH, intensityCurve = hapticCurve { point(0.ms, 0f); point(300.ms, 1f) })
}.then(taps).repeated(2).reversed().scaleIntensity(0.5f).timeStretch(1.5f)

fun fade() = buildHapticPattern { repeatWithIndex(3) { i -> haptic(1.seconds / 20, HapticIntensity.Custom(1f - i * 0.25f)) } }

@Composable
fun Tap() { Jindong(key) { Sequence { Haptic(100.ms); Delay(50.ms) } } }
