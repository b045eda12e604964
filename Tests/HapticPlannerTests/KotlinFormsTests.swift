import HapticCore
import Testing
@testable import HapticPlanner

/// Jindong's Kotlin as its users write it (docs/kotlin.md): patterns among an app's ordinary code,
/// infix `then` and `+`, calls of pattern functions, members of objects, classes and enums, the
/// Compose DSL with keys and fragments, `if`/`when` on an index; each reads as its pattern.json
/// translation.
@Suite struct KotlinFormsTests {
    static func patterns(_ source: String, file: String = "Haptics.kt") throws -> [String: Result<Pattern, KotlinPatternError>] {
        let found = try KotlinReader.read(bytes: Array(source.utf8), file: file)
        return Dictionary(found.map { ($0.name, $0.result) }, uniquingKeysWith: { first, _ in first })
    }

    static func names(_ source: String) throws -> [String] {
        try KotlinReader.read(bytes: Array(source.utf8), file: "Haptics.kt").map(\.name)
    }

    static func json(_ text: String) throws -> Pattern { try PatternReader.read(json: Array(text.utf8)).pattern }

    static let tick = #"{"timeline": [{"transient": {"intensity": "medium", "sharpness": 0.7}}, {"delay": 40}]}"#
    static let tock = #"{"timeline": [{"haptic": 30}]}"#

    /// The lines the issue names, in functions, lambdas and top-level declarations, do not make
    /// the file unreadable: the patterns around them read.
    @Test func ordinaryKotlinAroundPatternsIsPassedOver() throws {
        let source = """
            package com.example.app

            import androidx.compose.runtime.*

            internal val presets: List<Preset> =
                listOf(Preset("Heartbeat", 120), Preset("Knock", 80))

            private val lookup: Map<String, Int> = mapOf("a" to 1, "b" to 2)

            val tick = buildHapticPattern { transient(HapticIntensity.MEDIUM, 0.7f); delay(40.ms) }

            fun counter() {
                var count = 0
                count++
                if (count == 3 && !done) println(count) else other ?: return
                for (i in 0..10) { if (i > 3) break }
                val big = presets.filter { it.rate > 3 }.map { it.name to it.rate }
                val typed = emptyList<Int>()
            }

            class Screen(private val model: Model) : Base(), Listener {
                override fun onEvent(e: Event) { when (e) { is Tap -> model.tap(); else -> Unit } }
                val label get() = model.name ?: "none"
            }

            @Composable
            fun Home(modifier: Modifier = Modifier) {
                var trigger by remember { mutableIntStateOf(0) }
                Column(modifier = modifier
                    .fillMaxWidth()
                    .padding(16.dp)) {
                    Button(onClick = { trigger++ }) { Text("Play") }
                }
                Jindong(trigger) { Haptic(100.ms) }
            }

            val tock = buildHapticPattern {
                haptic(30.ms)
            }
            """
        let found = try Self.patterns(source)
        #expect(Set(found.keys) == ["tick", "Home", "tock"])
        #expect(try found["Home"]?.get() == (try Self.json(#"{"timeline": [{"haptic": 100}]}"#)))
        #expect(try found["tick"]?.get() == (try Self.json(Self.tick)))
        #expect(try found["tock"]?.get() == (try Self.json(Self.tock)))
    }

    @Test func infixThenPlusAndCallsOfPatternFunctionsReadAsTheirTranslations() throws {
        let source = """
            val tick = buildHapticPattern { transient(HapticIntensity.MEDIUM, 0.7f); delay(40.ms) }
            fun tock() = buildHapticPattern { haptic(30.ms) }
            fun tockBlock(): HapticPattern { return tock() }
            val infix = tick then tock()
            val plussed = tick + tock() + tick
            val mixed = tick then tock() + tick.repeated(2)
            val called = tick.plus(tockBlock()).repeated(2)
            val included = buildHapticPattern { include(tock()); clip(tick); delay((1 + 2 * 3).ms) }
            val t = tock()
            """
        let found = try Self.patterns(source)
        let tick = try Self.json(Self.tick), tock = try Self.json(Self.tock)
        #expect(try found["infix"]?.get() == (try tick.then(tock)))
        #expect(try found["plussed"]?.get() == (try tick.then(tock).then(tick)))
        #expect(try found["mixed"]?.get() == (try tick.then(try tock.then(try tick.repeated(2)))))
        #expect(try found["called"]?.get() == (try tick.then(tock).repeated(2)))
        #expect(try found["included"]?.get() == (try Self.json(#"{"timeline": [{"haptic": 30}, {"clip": {"pattern": \#(Self.tick)}}, {"delay": 7}]}"#)))
        #expect(try found["t"]?.get() == tock && found["tock"] != nil && found["tockBlock"] != nil)
    }

    /// Members are named as Kotlin code refers to them, and read where code of their container
    /// uses them by their short name.
    @Test func membersOfObjectsClassesCompanionsAndEnumsAreNamedAsKotlinRefersToThem() throws {
        let source = """
            object AppHaptics {
                val tap = buildHapticPattern { haptic(20.ms) }
                val doubleTap: HapticPattern
                    get() = tap.repeated(2)
                object Nested { val deep = tap then tap }
            }

            class HapticsRepository(private val context: Context) {
                val failure = buildHapticPattern { repeat(2) { haptic(60.ms, HapticIntensity.STRONG); delay(60.ms) } }
                companion object {
                    val shared = buildHapticPattern { transient() }
                }
            }

            enum class Feel(val pattern: HapticPattern) {
                Soft(buildHapticPattern { haptic(50.ms, HapticIntensity.LIGHT) }),
                Firm(AppHaptics.tap.scaleIntensity(1.5f));

                fun label() = name.lowercase()
            }

            enum class Cue(val content: @Composable JindongScope.() -> Unit) {
                Ping({ Transient(HapticIntensity.HIGH); Delay(30.ms) }),
            }

            val lazyOne by lazy { buildHapticPattern { delay(10.ms); haptic(10.ms) } }
            val fromOutside = AppHaptics.Nested.deep + HapticsRepository.shared
            """
        #expect(try Self.names(source) == ["AppHaptics.tap", "AppHaptics.doubleTap", "AppHaptics.Nested.deep", "HapticsRepository.failure",
                                           "HapticsRepository.shared", "Feel.Soft", "Feel.Firm", "Cue.Ping", "lazyOne", "fromOutside"])
        let found = try Self.patterns(source)
        let tap = try Self.json(#"{"timeline": [{"haptic": 20}]}"#)
        #expect(try found["AppHaptics.doubleTap"]?.get() == (try tap.repeated(2)))
        #expect(try found["AppHaptics.Nested.deep"]?.get() == (try tap.then(tap)))
        #expect(try found["HapticsRepository.failure"]?.get()
                == (try Self.json(#"{"timeline": [{"repeat": {"count": 2, "timeline": [{"haptic": {"durationMs": 60, "intensity": "strong"}}, {"delay": 60}]}}]}"#)))
        #expect(try found["Feel.Soft"]?.get() == (try Self.json(#"{"timeline": [{"haptic": {"durationMs": 50, "intensity": "light"}}]}"#)))
        #expect(try found["Feel.Firm"]?.get() == (try tap.scaleIntensity(1.5)))
        #expect(try found["Cue.Ping"]?.get() == (try Self.json(#"{"timeline": [{"transient": {"intensity": "high"}}, {"delay": 30}]}"#)))
        #expect(try found["lazyOne"]?.get() == (try Self.json(#"{"timeline": [{"delay": 10}, {"haptic": 10}]}"#)))
        #expect(try found["fromOutside"]?.get() == (try tap.then(tap).then(try Self.json(#"{"timeline": [{"transient": {}}]}"#))))
    }

    /// Parameters used only as Jindong's keys do not make a composable dynamic; a fragment of
    /// `JindongScope` is a pattern, and its use inside another places its nodes where it stands.
    @Test func composablesWithKeysAndFragmentsRead() throws {
        let source = """
            @Composable
            fun SuccessHaptic(trigger: Int) {
                Jindong(trigger) {
                    Haptic(100.ms)
                    Delay(50.ms)
                }
            }

            @Composable
            fun JindongScope.Knock(strength: HapticIntensity = HapticIntensity.HIGH) {
                Transient(strength)
                Delay(80.ms)
            }

            @Composable
            fun DoubleKnock(key: Any) {
                Jindong(key, playOnInitialComposition = false) {
                    Knock()
                    Parallel { Knock(HapticIntensity.LIGHT) }
                }
            }

            @Composable
            fun Reactive(level: Float) {
                Jindong(level) { Haptic(100.ms, HapticIntensity.Custom(level)) }
            }
            """
        let found = try Self.patterns(source)
        #expect(try found["SuccessHaptic"]?.get() == (try Self.json(#"{"timeline": [{"haptic": 100}, {"delay": 50}]}"#)))
        let knock = try Self.json(#"{"timeline": [{"transient": {"intensity": "high"}}, {"delay": 80}]}"#)
        #expect(try found["Knock"]?.get() == knock)
        // In a Parallel, the fragment's two nodes start together (the delay sets its length).
        #expect(try found["DoubleKnock"]?.get()
                == (try Self.json(#"{"timeline": [{"transient": {"intensity": "high"}}, {"delay": 80}, {"parallel": [{"transient": {"intensity": "light"}}, {"delay": 80}]}]}"#)))
        guard case .failure(let refused)? = found["Reactive"] else {
            Issue.record("a parameter read in the content is known only when the app runs")
            return
        }
        #expect(refused.kind == .needsRun && refused.message == "`level`, a parameter: known only when the app runs")
    }

    /// As Jindong's own Compose tests state: a `Jindong { … }` block equals the core builder with
    /// the same calls, its trailing `Delay` kept (230 ms; a delay alone 100 ms).
    @Test func composeKeepsItsTrailingDelayAsTheCoreBuilderDoes() throws {
        let source = """
            @Composable fun Composed() {
                Jindong { Repeat(2) { Sequence { Haptic(50.ms); Delay(50.ms) } }; Delay(30.ms) }
            }
            val built = buildHapticPattern { repeat(2) { sequence { haptic(50.ms); delay(50.ms) } }; delay(30.ms) }
            @Composable fun Pause() { Jindong { Delay(100.ms) } }
            """
        let found = try Self.patterns(source)
        let composed = try #require(try found["Composed"]?.get())
        #expect(composed == (try found["built"]?.get()) && composed.durationMs == 230)
        #expect(try found["Pause"]?.get() == (try Pattern.delay(ms: 100)))
    }

    @Test func ifAndWhenOnTheIndexAndConstantsKnownBeforeTheAppRuns() throws {
        let source = """
            val indexed = buildHapticPattern {
                repeatWithIndex(4) { i ->
                    if (i % 2 == 0) transient(HapticIntensity.STRONG) else delay(20.ms)
                    when (i) {
                        0 -> delay(10.ms)
                        in 1..2 -> { haptic(5.ms) }
                        else -> delay(1.ms)
                    }
                }
            }
            val fading = buildHapticPattern {
                repeatWithIndex(3) { haptic(10.ms, HapticIntensity.Custom(if (it == 0) 1f else 1f - it * 0.25f)) }
            }
            val compared = buildHapticPattern {
                repeatWithIndex(3) { i -> if (i != 1 && !(i >= 2)) haptic(1.ms) else if (i !in 0..1) delay(5.ms) else delay(2.ms) }
            }
            val nothing = HapticPattern.Empty
            val capped = buildHapticPattern { repeat(minOf(3, Int.MAX_VALUE)) { haptic(1.ms) } }
            """
        let found = try Self.patterns(source)
        #expect(try found["indexed"]?.get() == (try Self.json("""
            {"timeline": [{"transient": {"intensity": "strong"}}, {"delay": 10}, {"delay": 20}, {"haptic": 5},
              {"transient": {"intensity": "strong"}}, {"haptic": 5}, {"delay": 20}, {"delay": 1}]}
            """)))
        #expect(try found["fading"]?.get() == (try Self.json("""
            {"timeline": [{"haptic": {"durationMs": 10, "intensity": 1.0}}, {"haptic": {"durationMs": 10, "intensity": 0.75}},
              {"haptic": {"durationMs": 10, "intensity": 0.5}}]}
            """)))
        #expect(try found["compared"]?.get() == (try Self.json(#"{"timeline": [{"haptic": 1}, {"delay": 2}, {"delay": 5}]}"#)))
        #expect(try found["nothing"]?.get() == .empty)
        #expect(try found["capped"]?.get().durationMs == 3)
    }

    /// Refusals say what a Kotlin developer wrote, and whether it needs a run, is Jindong's own
    /// rejection, or is a form not read.
    @Test func refusalsShowTheExpressionAsWrittenAndTheirKind() throws {
        let source = """
            val negative = buildHapticPattern { delay((-1).ms) }
            val tooMany = buildHapticPattern { repeatWithIndex(Int.MAX_VALUE) { haptic(1.ms) } }
            val zero = buildHapticPattern { continuous(0.ms) }
            val looped = buildHapticPattern { for (i in 0 until 3) haptic(10.ms) }
            val cast = buildHapticPattern { delay((x as Int).ms) }
            fun later(n: Int) = buildHapticPattern { delay(n.ms) }
            val missing = buildHapticPattern { include(elsewhere) }
            """
        let found = try Self.patterns(source)
        func refusal(_ name: String) -> KotlinPatternError? {
            if case .failure(let error)? = found[name] { return error }
            return nil
        }
        #expect(refusal("negative")?.message == "duration must not be negative (got -1): `(-1).ms`" && refusal("negative")?.kind == .invalid)
        #expect(refusal("tooMany")?.message == "repeatWithIndex expands at most 10000 iterations, got 2147483647 (`Int.MAX_VALUE`)")
        #expect(refusal("zero")?.kind == .invalid && refusal("zero")?.isUncheckable == false)
        #expect(refusal("looped")?.message == "a `for` loop: known only when the app runs" && refusal("looped")?.isUncheckable == true)
        #expect(refusal("cast")?.message == "`x as Int`, a cast: known only when the app runs")
        #expect(refusal("later")?.kind == .needsRun)
        #expect(refusal("missing")?.kind == .notRead && refusal("missing")?.message.contains("`elsewhere` is not declared in the .kt files read") == true)
    }

    /// Hostile files end in a refusal, never a crash, a deep recursion or a hang.
    @Test func hostileKotlinNeverCrashesOrHangs() throws {
        // Long arithmetic wraps as Kotlin's does instead of trapping.
        let wraps = try Self.patterns("""
            val a = buildHapticPattern { delay((Long.MIN_VALUE / -1).ms) }
            val b = buildHapticPattern { delay((Long.MIN_VALUE % -1).ms) }
            val c = buildHapticPattern { delay((-(Long.MIN_VALUE)).ms) }
            val d = buildHapticPattern { delay((Int.MAX_VALUE + 1).ms) }
            """)
        #expect(try wraps["b"]?.get().durationMs == 0)
        for name in ["a", "c", "d"] { #expect(throws: KotlinPatternError.self) { try wraps[name]?.get() } }
        // String templates nested deeper than any code: the file is refused, its place given.
        let deep = "val s = " + String(repeating: "\"${", count: 45_000) + String(repeating: "}\"", count: 45_000) + "\nval p = buildHapticPattern { }"
        #expect(throws: KotlinPatternError.self) { try Self.patterns(deep) }
        // 4,000 declarations each including the one before: each reads, chosen alone it is bounded.
        var chain = "val p0 = buildHapticPattern { haptic(1.ms) }\n"
        for index in 1..<4_000 { chain += "val p\(index) = buildHapticPattern { include(p\(index - 1)) }\n" }
        let declared = try KotlinDeclared(bytes: Array(chain.utf8), file: "Chain.kt", neighbours: { [] })
        #expect(declared.names.count == 4_000)
        guard case .failure(let tooDeep) = declared.pattern("p3999") else {
            Issue.record("a chain of 4,000 includes read alone")
            return
        }
        #expect(tooDeep.message.contains("more than 64 deep"))
        // Nested repeats of empty blocks stop at the work bound.
        let nested = try Self.patterns("val p = buildHapticPattern { repeatWithIndex(10000) { repeatWithIndex(10000) { repeatWithIndex(10000) { } } } }")
        guard case .failure(let bounded)? = nested["p"] else {
            Issue.record("nested repeats were not bounded")
            return
        }
        #expect(bounded.message.hasPrefix("more than 1000000 builder steps"))
        // A chain of 2,000 names is found in linear time (this would take minutes if cubic).
        var names = "val p0 = buildHapticPattern { }\n"
        for index in 1..<2_000 { names += "val p\(index) = p\(index - 1)\n" }
        #expect(try Self.names(names).count == 2_000)
    }

    /// A backticked name is read as Kotlin's grammar reads it, its control characters written
    /// escaped so none reaches a terminal (golden names are made safe where they are made:
    /// CheckSuiteTests); a byte order mark and lone CR line endings read as Kotlin reads them.
    @Test func namesBytesAndLineEndingsAreReadAsKotlinReadsThem() throws {
        // Changed (issue 62): these two names were refused (the file with them); Kotlin's grammar
        // takes them, so they are read, and shown escaped.
        #expect(try Self.names("val `../../../victim` = buildHapticPattern { }") == ["../../../victim"])
        #expect(try Self.names("val `a\u{1B}[2Jb` = buildHapticPattern { }") == ["a\\u{1b}[2Jb"])
        #expect(throws: KotlinPatternError.self) { try Self.names("val ab\u{9B}c = buildHapticPattern { }") }
        #expect(throws: KotlinPatternError.self) { try Self.names("val `` = buildHapticPattern { }") }
        #expect(try Self.names("\u{FEFF}val tap = buildHapticPattern { haptic(1.ms) }") == ["tap"])
        #expect(KotlinReader.looksLikeKotlin(Array("\u{FEFF}val tap = buildHapticPattern { }".utf8)))
        let cr = try KotlinReader.read(bytes: Array("// one\rval a = buildHapticPattern { }\rval b = buildHapticPattern {\r  delay(later().ms)\r}".utf8), file: "CR.kt")
        #expect(cr.map(\.position.line) == [2, 3])
        guard case .failure(let refused) = cr[1].result else {
            Issue.record("later() read")
            return
        }
        #expect(refused.position == SourcePosition(line: 4, column: 9))
    }

    /// Only Kotlin source is taken for Kotlin: an AHAP file with a stray byte before its `{`
    /// names HapticIntensity too, and is JSON to be refused at its place.
    @Test func theContentSniffNeedsALineThatStartsAsKotlinDoes() {
        let ahap = #"x{"Version": 1.0, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1}]}}]}"#
        #expect(!KotlinReader.looksLikeKotlin(Array(ahap.utf8)))
        #expect(!KotlinReader.looksLikeKotlin(Array(("@" + ahap.dropFirst()).utf8)))
        #expect(KotlinReader.looksLikeKotlin(Array("@file:JvmName(\"H\")\nval p: HapticPattern = make()".utf8)))
    }

    /// A screen's `Jindong(…) { … }` calls are its patterns (`Screen`, or `Screen.1`, `Screen.2`
    /// for several), wherever they stand in its body; state read in the content needs a run.
    @Test func aScreensJindongCallsAreItsPatterns() throws {
        let source = """
            @Composable
            fun WelcomeScreen() {
                Jindong(Unit) {
                    Haptic(100.ms, HapticIntensity.MEDIUM)
                }
                Text("Welcome!")
            }

            @Composable
            fun App(modifier: Modifier = Modifier) {
                var count by remember { mutableStateOf(0) }
                val base = remember { makePattern() }
                JindongProvider {
                    Jindong(count) { Haptic(100.ms) }
                    Column(modifier) { if (count > 0) Jindong(count, base) { Clip(base) } }
                }
            }

            val tick = buildHapticPattern { haptic(50.ms); delay(50.ms) }
            val longer = tick.copy(durationMs = 150L)
            """
        #expect(try Self.names(source) == ["WelcomeScreen", "App.1", "App.2", "tick", "longer"])
        let found = try Self.patterns(source)
        #expect(try found["WelcomeScreen"]?.get() == (try Self.json(#"{"timeline": [{"haptic": {"durationMs": 100, "intensity": "medium"}}]}"#)))
        #expect(try found["App.1"]?.get() == (try Self.json(#"{"timeline": [{"haptic": 100}]}"#)))
        guard case .failure(let refused)? = found["App.2"] else {
            Issue.record("a remembered pattern was read")
            return
        }
        #expect(refused.kind == .needsRun && refused.message.hasPrefix("`remember { makePattern() }`, a call of the app's code"))
        #expect(try found["longer"]?.get() == (try Pattern(events: try Self.json(#"{"timeline": [{"haptic": 50}]}"#).events, durationMs: 150)))
    }
}
