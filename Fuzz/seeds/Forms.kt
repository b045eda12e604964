package com.example

internal val presets: List<Preset> =
    listOf(Preset("a", 1))

fun bump() { count++; if (a == b) x = y ?: z; val m = mapOf("a" to 1); list.filter { it > 3 } }

val tick = buildHapticPattern { transient(HapticIntensity.MEDIUM, 0.7f); delay(40.ms) }
fun tock() = buildHapticPattern { haptic(30.ms) }
val twice = tick then tock() + tick.plus(tock()).copy(durationMs = 400L)

object AppHaptics {
    val tap = buildHapticPattern { haptic(20.ms) }
    val doubleTap: HapticPattern
        get() = tap.repeated(2)
}

class Repo { companion object { val shared = buildHapticPattern { transient() } } }

enum class Feel(val pattern: HapticPattern) { Soft(buildHapticPattern { haptic(50.ms) }), Firm(AppHaptics.tap) }

val lazyOne by lazy { buildHapticPattern { delay(10.ms); haptic(10.ms) } }

@Composable
fun JindongScope.Knock(strength: HapticIntensity = HapticIntensity.HIGH) { Transient(strength); Delay(80.ms) }

@Composable
fun Screen(trigger: Int) {
    var count by remember { mutableStateOf(0) }
    Column { Jindong(trigger) { Knock(); Repeat(2) { Haptic(10.ms) }; Delay(30.ms) } }
}

val indexed = buildHapticPattern {
    repeatWithIndex(4) { i ->
        if (i % 2 == 0) transient(HapticIntensity.STRONG) else delay(20.ms)
        when (i) { 0 -> delay(10.ms); in 1..2 -> haptic(5.ms); else -> delay((Long.MIN_VALUE / -1 % 7).ms) }
    }
}
