import Testing
import HapticCore
@testable import HapticPlanner

/// Jindong's patterns read from Kotlin (docs/kotlin.md): every element, transform and value form
/// reads as its pattern.json translation reads; what only a run can know is refused with its place,
/// and the file's other patterns still read.
@Suite struct KotlinReaderTests {
    static func patterns(_ source: String, file: String = "Haptics.kt") throws -> [KotlinPattern] {
        try KotlinReader.read(bytes: Array(source.utf8), file: file)
    }

    static func pattern(_ source: String, _ name: String) throws -> Pattern {
        let found = try #require(try patterns(source).first { $0.name == name })
        return try found.result.get()
    }

    static func json(_ text: String) throws -> Pattern {
        try PatternReader.read(json: Array(text.utf8)).pattern
    }

    static let everything = """
        package com.example.haptics

        import io.github.compose.jindong.core.buildHapticPattern
        import io.github.compose.jindong.core.model.HapticIntensity
        import io.github.compose.jindong.core.ms

        /* Patterns shared by the Android and iOS apps. /* nested */ */
        private const val GAP_MS = 40
        const val SHARP = 0.8f

        // A tap train.
        val taps = buildHapticPattern {
            repeat(3) {
                transient(HapticIntensity.STRONG, sharpness = 0.9f); delay(80.ms)
            }
        }

        val swell: HapticPattern = buildHapticPattern {
            haptic(100.ms)
            delay((GAP_MS * 2).ms)
            continuous(
                duration = 300.ms,
                intensity = HapticIntensity.Custom(0.6f),
                sharpness = SHARP,
                intensityCurve = hapticCurve {
                    point(0.ms, 0f)
                    point(150.ms, 1.0f)
                    point(300.ms, 0.2f)
                },
            )
            haptic(50L.ms, HapticIntensity.HIGH, iosParameters = IosHapticParameters(sharpness = 0.25f))
        }

        internal val together = buildHapticPattern {
            parallel {
                haptic(400.ms, HapticIntensity.LIGHT)
                sequence { delay(GAP_MS.ms); transient(HapticIntensity.MEDIUM) }
            }
            include(taps)
            clip(taps)
        }

        val combined = taps.then(swell).repeated(2)
            .reversed()
            .scaleIntensity(0.5f)
            .timeStretch(1.5f)

        fun fade(): HapticPattern = buildHapticPattern {
            repeatWithIndex(3) { index ->
                haptic(1.seconds / 20, HapticIntensity.Custom(1.0f - index * 0.25f))
                delay(25.milliseconds)
            }
        }
        """

    @Test func everyElementAndValueReadsAsItsPatternJSON() throws {
        let found = try Self.patterns(Self.everything)
        #expect(found.map(\.name) == ["taps", "swell", "together", "combined", "fade"])
        #expect(found.map(\.position.line) == [12, 18, 34, 43, 48])
        let taps = try Self.json("""
            {"timeline": [{"repeat": {"count": 3, "timeline": [{"transient": {"intensity": "strong", "sharpness": 0.9}}, {"delay": 80}]}}]}
            """)
        #expect(try found[0].result.get() == taps)
        let swell = try Self.json("""
            {"timeline": [{"haptic": 100}, {"delay": 80},
              {"continuous": {"durationMs": 300, "intensity": 0.6, "sharpness": 0.8, "intensityCurve": [[0, 0], [150, 1.0], [300, 0.2]]}},
              {"haptic": {"durationMs": 50, "intensity": "high", "sharpness": 0.25}}]}
            """)
        #expect(try found[1].result.get() == swell)
        let together = try Self.json("""
            {"timeline": [{"parallel": [{"haptic": {"durationMs": 400, "intensity": "light"}}, {"sequence": [{"delay": 40}, {"transient": {}}]}]},
              {"clip": {"pattern": \(Self.tapsJSON)}}, {"clip": {"pattern": \(Self.tapsJSON)}}]}
            """)
        #expect(try found[2].result.get() == together)
        let combined = try Self.json("""
            {"timeline": [{"clip": {"pattern": \(Self.tapsJSON), "transforms": [{"then": {"timeline": [{"haptic": 100}, {"delay": 80},
              {"continuous": {"durationMs": 300, "intensity": 0.6, "sharpness": 0.8, "intensityCurve": [[0, 0], [150, 1.0], [300, 0.2]]}},
              {"haptic": {"durationMs": 50, "intensity": "high", "sharpness": 0.25}}]}}, {"repeated": 2}, "reversed", {"scaleIntensity": 0.5},
              {"timeStretch": 1.5}]}}]}
            """)
        #expect(try found[3].result.get() == combined)
        let fade = try Self.json("""
            {"timeline": [{"haptic": {"durationMs": 50, "intensity": 1.0}}, {"delay": 25}, {"haptic": {"durationMs": 50, "intensity": 0.75}}, {"delay": 25},
              {"haptic": {"durationMs": 50, "intensity": 0.5}}, {"delay": 25}]}
            """)
        #expect(try found[4].result.get() == fade)
    }

    static let tapsJSON = #"{"timeline": [{"repeat": {"count": 3, "timeline": [{"transient": {"intensity": "strong", "sharpness": 0.9}}, {"delay": 80}]}}]}"#

    /// What Jindong's own sample tests expect of its sample patterns, restated with patterns
    /// written here: 240 ms with taps at 0, 80 and 160 ms; 540 ms with a 300 ms swell at 240 ms;
    /// 400 ms with two events at 0 ms.
    @Test func jindongsSampleExpectationsHold() throws {
        let taps = try Self.pattern(Self.everything, "taps")
        #expect(taps.durationMs == 240 && taps.events.map(\.startMs) == [0, 80, 160])
        let source = """
            val taps = buildHapticPattern { repeat(3) { transient(HapticIntensity.STRONG, 0.9f); delay(80.ms) } }
            val rise = buildHapticPattern {
                include(taps)
                continuous(300.ms, HapticIntensity.HIGH, intensityCurve = hapticCurve { point(0.ms, 0.1f); point(300.ms, 1f) })
            }
            val both = buildHapticPattern { parallel { haptic(400.ms); transient(HapticIntensity.HIGH) } }
            """
        let rise = try Self.pattern(source, "rise")
        #expect(rise.durationMs == 540 && rise.events.last?.startMs == 240 && rise.events.last?.durationMs == 300)
        let both = try Self.pattern(source, "both")
        #expect(both.durationMs == 400 && both.events.map(\.startMs) == [0, 0])
    }

    @Test func whatOnlyARunKnowsIsRefusedWithItsPlaceAndTheRestReads() throws {
        let source = """
            fun gapMs() = 80

            val ok = buildHapticPattern { haptic(100.ms) }
            val computed = buildHapticPattern {
                haptic(100.ms)
                delay(computeDelay().ms)
            }
            val looped = buildHapticPattern {
                for (i in 0 until 3) { haptic(10.ms) }
            }
            fun withParameter(gap: Int) = buildHapticPattern { delay(gap.ms) }
            var changing = buildHapticPattern { haptic(10.ms) }
            val texty = buildHapticPattern { haptic("100".ms) }
            val alsoOk = ok.repeated(2)
            """
        let found = try Self.patterns(source)
        #expect(found.map(\.name) == ["ok", "computed", "looped", "withParameter", "changing", "texty", "alsoOk"])
        #expect(try found[0].result.get().durationMs == 100 && found[6].result.map(\.durationMs) == .success(200))
        func refusal(_ index: Int) -> KotlinPatternError? {
            if case .failure(let error) = found[index].result { return error }
            return nil
        }
        #expect(refusal(1)?.description == "Haptics.kt:6:11: computed: `computeDelay()`, a call of the app's code: known only when the app runs",
                "\(String(describing: refusal(1)))")
        #expect(refusal(2)?.message == "a `for` loop: known only when the app runs" && refusal(2)?.position == SourcePosition(line: 9, column: 5))
        #expect(refusal(3)?.message == "`gap`, a parameter: known only when the app runs")
        #expect(refusal(4)?.message == "changing is a `var`: known only when the app runs")
        #expect(refusal(5)?.message == "`\"100\"`, a string" && refusal(5)?.position == SourcePosition(line: 13, column: 41), "\(String(describing: refusal(5)))")
        #expect([1, 2, 3, 4].allSatisfy { refusal($0)?.kind == .needsRun } && refusal(5)?.kind == .notRead)
    }

    /// As Jindong's Compose tests state, a `Jindong { … }` block equals the core builder with the
    /// same calls: its trailing delay is kept.
    @Test func aStaticComposableKeepsItsTrailingDelay() throws {
        let source = """
            @Composable
            fun ButtonHaptic() {
                Jindong(trigger) {
                    Sequence {
                        Haptic(100.ms, intensity = HapticIntensity.STRONG)
                        Delay(50.ms)
                        Transient(sharpness = 1f)
                        Delay(200.ms)
                    }
                }
            }

            @Composable
            fun Screen(state: State) { Text("hello") }
            """
        let found = try Self.patterns(source)
        #expect(found.map(\.name) == ["ButtonHaptic"])
        let pattern = try found[0].result.get()
        #expect(pattern.durationMs == 350 && pattern.events.map(\.startMs) == [0, 150])
    }

    @Test func aBrokenFileSaysWhereAndJSONIsNotKotlin() {
        #expect(throws: KotlinPatternError.self) { try Self.patterns(#"val p = buildHapticPattern { haptic("100.ms) }"#) }
        #expect(!KotlinReader.looksLikeKotlin(Array(#"{"timeline": []}"#.utf8)))
        #expect(KotlinReader.looksLikeKotlin(Array("package a\nval p = buildHapticPattern { }".utf8)))
        #expect(!KotlinReader.looksLikeKotlin(Array("# README\nNothing here.".utf8)))
    }

    /// Hostile files end in a refusal that says what, never a deep recursion, a hang or an
    /// expansion without bound.
    @Test func hostileFilesAreRefusedWithinTheLimits() throws {
        func refusal(_ source: String) -> String? {
            do {
                let found = try Self.patterns(source)
                if case .failure(let error) = found.first?.result { return error.message }
                return nil
            } catch let error as KotlinPatternError {
                return error.message
            } catch {
                return "\(error)"
            }
        }
        #expect(refusal("val p = buildHapticPattern { delay((" + Array(repeating: "1", count: 50_000).joined(separator: "+") + ").ms) }")
            == "an expression of more than 100 operations")
        #expect(refusal("val p = buildHapticPattern { delay(1" + String(repeating: ".ms", count: 50_000) + ") }") == "an expression of more than 100 operations")
        #expect(refusal("val p = buildHapticPattern { delay(" + String(repeating: "- ", count: 50_000) + "1.ms) }") == "an expression of more than 100 operations")
        #expect(refusal("val p = buildHapticPattern { delay(" + String(repeating: "(", count: 50_000) + "1" + String(repeating: ")", count: 50_000) + ".ms) }")
            == "nested more than 64 deep")
        #expect(refusal("val p = buildHapticPattern { " + String(repeating: "sequence { ", count: 5_000) + String(repeating: "}", count: 5_001)) == "nested more than 64 deep")
        #expect(refusal("val p = buildHapticPattern { repeatWithIndex(2000000000) { } }") == "repeatWithIndex expands at most 10000 iterations, got 2000000000")
        #expect(refusal("val p = buildHapticPattern { repeat(3000000000) { } }")?.hasPrefix("not a count") == true)
        #expect(refusal("val a = buildHapticPattern { include(b) }\nval b = buildHapticPattern { include(a) }")?.hasSuffix("a refers to itself") == true)
        #expect(refusal("val p = buildHapticPattern { repeat(10000) { haptic(1.ms); haptic(1.ms) } }")?.contains("10000") == true)
    }

    /// A pattern includes from the `.kt` files beside it; their patterns are not the file's, its
    /// own declarations win, and a neighbour's refusal says where in that file.
    @Test func aPatternIncludesFromItsNeighbours() throws {
        let shared = (file: "ui/Shared.kt", bytes: Array("val click = buildHapticPattern { haptic(30.ms) }\nval bad = buildHapticPattern {\n    delay(later().ms)\n}\nval tap = buildHapticPattern { haptic(1.ms) }\n".utf8))
        let found = try KotlinReader.read(bytes: Array("val tap = buildHapticPattern { include(click); delay(20.ms) }\nval worse = buildHapticPattern { include(bad) }\n".utf8),
                                          file: "ui/Tap.kt", neighbours: [shared])
        #expect(found.map(\.name) == ["tap", "worse"])
        #expect(try found[0].result.get().durationMs == 50)
        guard case .failure(let error) = found[1].result else {
            Issue.record("a neighbour's refusal was not passed on")
            return
        }
        #expect(error.description == "ui/Tap.kt:2:42: worse: bad cannot be read: ui/Shared.kt:3:11: `later()`, a call of the app's code: known only when the app runs")
    }

    /// The neighbours are read only when a pattern names what its file does not declare, and only
    /// those it used count as its files (what a watch follows).
    @Test func neighboursAreReadOnlyWhenAPatternNeedsThem() throws {
        nonisolated(unsafe) var reads = 0
        let neighbours = { () -> [(file: String, bytes: [UInt8])] in
            reads += 1
            return [("ui/Shared.kt", Array("val click = buildHapticPattern { haptic(30.ms) }\n".utf8)),
                    ("ui/Other.kt", Array("val other = buildHapticPattern { haptic(10.ms) }\n".utf8))]
        }
        let alone = try KotlinDeclared(bytes: Array("val tap = buildHapticPattern { haptic(20.ms) }\n".utf8), file: "ui/Tap.kt", neighbours: neighbours)
        #expect(try alone.pattern("tap").get().durationMs == 20 && reads == 0 && alone.scope.used.isEmpty)
        let including = try KotlinDeclared(bytes: Array("val tap = buildHapticPattern { include(click); delay(20.ms) }\n".utf8), file: "ui/Tap.kt",
                                           neighbours: neighbours)
        #expect(try including.pattern("tap").get().durationMs == 50)
        #expect(reads == 1 && including.scope.used.map(\.file) == ["ui/Shared.kt"])
    }
}

