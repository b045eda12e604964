# hapsynth build entry points. `make deps` installs the Debian packages the
# package needs; after it, plain `swift build` and `swift test` work as well.

SWIFT ?= swift
## PREFIX, DESTDIR: where `make install` puts hapsynth (DESTDIR is prepended, for packaging).
PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: devices deps build test browser-check studio-check example-check install install-check schema-check demo golden bench bench-audio bench-kotlin bench-apps bench-lint fuzz clean

## SECONDS: how long `make fuzz` runs the fuzzer.
SECONDS ?= 60

## deps: install libsndfile, ALSA headers, pkg-config and sox (Debian), jsonschema (PyPI, for
## the schema check) and mcp (PyPI, the MCP client the studio check talks with) when missing.
deps:
	@missing=""; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	pkg-config --exists sndfile 2>/dev/null || missing="$$missing libsndfile1-dev"; \
	pkg-config --exists alsa 2>/dev/null || missing="$$missing libasound2-dev"; \
	command -v sox >/dev/null 2>&1 || missing="$$missing sox"; \
	python3 -c "import jsonschema" 2>/dev/null || { echo "make deps: installing jsonschema (PyPI)"; \
	  python3 -m pip install --quiet --disable-pip-version-check jsonschema >/dev/null 2>&1 || \
	  python3 -m pip install --quiet --break-system-packages jsonschema; }; \
	python3 -c "import mcp" 2>/dev/null || { echo "make deps: installing mcp (PyPI)"; \
	  python3 -m pip install --quiet --disable-pip-version-check mcp >/dev/null 2>&1 || \
	  python3 -m pip install --quiet --break-system-packages mcp; }; \
	if [ -n "$$missing" ]; then \
	  echo "make deps: installing$$missing"; \
	  sudo=""; [ "$$(id -u)" -eq 0 ] || sudo="sudo"; \
	  $$sudo apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing; \
	fi

## devices: embed devices/*.json (the device catalogue) in the binary, after changing them.
devices:
	python3 devices/embed.py

## build: debug build of every target.
build:
	$(SWIFT) build

## test: the whole test suite (the README's test command).
test:
	$(SWIFT) build --build-tests
	$(MAKE) browser-check
	$(MAKE) studio-check
	$(MAKE) example-check
	$(MAKE) install-check
	$(MAKE) schema-check
	$(SWIFT) test

## schema-check: docs/schema/*.schema.json against every sample, profile and pattern example in docs/,
## and against invalid fixtures that must fail them; lint's SARIF against the SARIF 2.1.0 schema.
schema-check:
	python3 Tests/schema/validate.py

## example-check: build Examples/ (a package that uses hapsynth through its public products only),
## run it, and compare the file it writes with the command line's render of the same pattern, and
## its Android effect's backend and length with `render --platform android`; then run the game's
## haptics (`import CoreHaptics`, unchanged) as a plain program that writes its capture, and its tests
## (20 runs in a row: they run in parallel, each on a device of its own).
example-check:
	cd Examples && $(SWIFT) build --build-tests
	@example="$$(cd Examples && $(SWIFT) build --show-bin-path)/render-example"; \
	cli="$$($(SWIFT) build --show-bin-path)/hapsynth"; mkdir -p .build/example; \
	printed="$$("$$example" .build/example/celebration.wav Samples/envelope-hit.ahap)" && echo "$$printed" && \
	"$$cli" render Samples/celebration.json .build/example/cli.wav --rate 16000 >/dev/null && \
	"$$cli" compare .build/example/cli.wav .build/example/celebration.wav >/dev/null && \
	frames="$$("$$cli" render Samples/celebration.json .build/example/android.wav --rate 16000 --platform android \
	  --android-device phone-api26 | sed -E 's/.* ([0-9]+) frames .*/\1/')" && \
	echo "$$printed" | grep -q "^android: androidWaveform on phone-api26, $$frames samples" && \
	echo "example-check: the example's file and its Android effect match the command line's renders"
	@feedback="$$(cd Examples && $(SWIFT) build --show-bin-path)/haptic-feedback-example"; rm -rf .build/example/corehaptics; \
	HAPSYNTH_COREHAPTICS_CAPTURE=.build/example/corehaptics "$$feedback" && \
	test -s .build/example/corehaptics/haptics.wav && test -s .build/example/corehaptics/audio.wav && \
	test -s .build/example/corehaptics/timeline.json && test -s .build/example/corehaptics/log.jsonl && \
	echo "example-check: haptic-feedback-example wrote its capture to .build/example/corehaptics/"
	@cd Examples && for run in $$(seq 1 20); do \
	  $(SWIFT) test --skip-build >.build/example-tests.log 2>&1 || { cat .build/example-tests.log; echo "example-check: the example's tests failed on run $$run of 20"; exit 1; }; \
	done; tail -n 1 .build/example-tests.log; echo "example-check: the example's tests passed 20 runs in a row, in parallel, each test on its own device"

## browser-check: install Debian's chromium when missing (it says SKIPPED where it cannot), then
## open plot and check --report pages headless; screenshots go to .build/browser/.
browser-check:
	@command -v chromium >/dev/null 2>&1 || { \
	  sudo=""; [ "$$(id -u)" -eq 0 ] || sudo="sudo"; \
	  echo "make browser-check: installing chromium"; \
	  ($$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends chromium) \
	    >/dev/null 2>&1 || echo "make browser-check: chromium could not be installed"; }
	python3 Tests/browser/check.py "$$($(SWIFT) build --show-bin-path)/hapsynth"

## studio-check: `hapsynth studio` in headless Chromium (a value edited and saved, the picture and
## the sound redrawn, a save elsewhere, an error at its line) and over MCP with the official client
## from PyPI (docs/studio.md); screenshots go to .build/browser/studio-*.png.
studio-check:
	python3 Tests/studio/browser_check.py "$$($(SWIFT) build --show-bin-path)/hapsynth"
	python3 Tests/studio/mcp_check.py "$$($(SWIFT) build --show-bin-path)/hapsynth"

## install: a release build with the Swift runtime linked in (it needs only Debian's libraries),
## to $(DESTDIR)$(PREFIX)/bin, with the man page hapsynth(1) and bash, zsh and fish completions.
## INSTALL_BIN=PATH lays out that binary instead of building one (make test's install-check uses the
## debug build it already has: the layout is what it checks).
install: deps
	@[ -n "$(INSTALL_BIN)" ] || $(SWIFT) build -c release --static-swift-stdlib --build-path .build/static --product hapsynth
	@bin="$(if $(INSTALL_BIN),$(INSTALL_BIN),.build/static/release/hapsynth)"; root="$(DESTDIR)$(PREFIX)"; \
	install -d "$$root/bin" "$$root/share/man/man1" "$$root/share/bash-completion/completions" \
	  "$$root/share/zsh/site-functions" "$$root/share/fish/vendor_completions.d" && \
	install -m 755 "$$bin" "$$root/bin/hapsynth" && \
	"$$bin" --generate-manual > "$$root/share/man/man1/hapsynth.1" && \
	"$$bin" --generate-completion-script bash > "$$root/share/bash-completion/completions/hapsynth" && \
	"$$bin" --generate-completion-script zsh > "$$root/share/zsh/site-functions/_hapsynth" && \
	"$$bin" --generate-completion-script fish > "$$root/share/fish/vendor_completions.d/hapsynth.fish" && \
	echo "installed $$root/bin/hapsynth, its man page and completions"

## install-check: `make install` into a scratch DESTDIR, then check the layout, that the installed
## binary runs, the bash completion parses and the man page formats without warnings.
install-check:
	@rm -rf .build/install-check
	$(MAKE) install DESTDIR="$(CURDIR)/.build/install-check" PREFIX=/usr/local INSTALL_BIN="$$($(SWIFT) build --show-bin-path)/hapsynth"
	@root=".build/install-check/usr/local"; \
	for file in bin/hapsynth share/man/man1/hapsynth.1 share/bash-completion/completions/hapsynth \
	  share/zsh/site-functions/_hapsynth share/fish/vendor_completions.d/hapsynth.fish; do \
	  test -s "$$root/$$file" || { echo "install-check: $$file is missing"; exit 1; }; done; \
	"$$root/bin/hapsynth" --version | grep -q '^hapsynth ' || { echo "install-check: the installed binary does not run"; exit 1; }; \
	bash -n "$$root/share/bash-completion/completions/hapsynth" || exit 1; \
	if command -v groff >/dev/null 2>&1; then \
	  warnings="$$(groff -man -Tutf8 -ww "$$root/share/man/man1/hapsynth.1" 2>&1 >/dev/null)"; \
	  [ -z "$$warnings" ] || { echo "install-check: man page: $$warnings"; exit 1; }; fi; \
	echo "install-check: bin, man page and completions laid out under $$root"

## demo: install, build, and render every sample to .build/samples/*.wav, with a picture of each
## (.build/samples/*.svg); each pattern.json and .haptic clip also for both platforms (NAME.both.wav:
## left iOS, right Android) with a picture of its Android effect (NAME.android.svg).
demo: deps build
	@bin="$$($(SWIFT) build --show-bin-path)"; mkdir -p .build/samples; \
	for sample in Samples/*.json Samples/*.ahap Samples/*.haptic; do \
	  [ -e "$$sample" ] || continue; \
	  name="$$(basename "$${sample%.*}")"; \
	  "$$bin/hapsynth" render "$$sample" ".build/samples/$$name.wav" || exit $$?; \
	  "$$bin/hapsynth" plot "$$sample" ".build/samples/$$name.svg" || exit $$?; \
	  if [ "$${sample%.ahap}" != "$$sample" ] && grep -q '"Audio' "$$sample"; then \
	    "$$bin/hapsynth" render "$$sample" ".build/samples/$$name.wav" --audio ".build/samples/$$name.audio.wav" || exit $$?; \
	  fi; \
	  case "$$sample" in *.json|*.haptic) \
	    "$$bin/hapsynth" render "$$sample" ".build/samples/$$name.both.wav" --platform both || exit $$?; \
	    "$$bin/hapsynth" plot "$$sample" ".build/samples/$$name.android.svg" --platform android || exit $$?;; \
	  esac; \
	done; \
	for sample in Samples/*.kt; do \
	  [ -e "$$sample" ] || continue; \
	  name="$$(basename "$${sample%.*}")"; \
	  for pattern in $$(sed -n 's/^val \([A-Za-z0-9_]*\) = buildHapticPattern.*/\1/p' "$$sample"); do \
	    "$$bin/hapsynth" render "$$sample" ".build/samples/$$name-$$pattern.wav" --pattern "$$pattern" || exit $$?; \
	    "$$bin/hapsynth" plot "$$sample" ".build/samples/$$name-$$pattern.svg" --pattern "$$pattern" || exit $$?; \
	  done; \
	done

## golden: re-record every golden file from the current code (review the diff before committing).
golden:
	HAPSYNTH_RECORD=1 $(SWIFT) test --filter Golden

## bench: release build, then the performance figures beside their targets, measured side by side in one run.
bench: deps
	$(SWIFT) build -c release
	python3 Benchmarks/bench.py "$$($(SWIFT) build -c release --show-bin-path)"

## bench-audio DIR="SET ...": from-audio at its defaults against designers' clips (each SET a folder of
## NAME.wav beside NAME.haptic, e.g. Haptics Studio's sample projects, kept out of this repository by
## their licence): emphasis F1, amplitude error and frequency rho per pair and each set's medians,
## beside a naive baseline, and whether from-audio beats it on every figure; skipped without DIR.
bench-audio: deps
	$(SWIFT) build -c release --product hapsynth
	python3 Benchmarks/from_audio_bench.py "$$($(SWIFT) build -c release --show-bin-path)/hapsynth" $(DIR)

## bench-apps CORPUS=DIR: apps' own haptics code (a folder of public apps' Swift files and a manifest.json naming each
## file's source and the call that uses it, kept out of this repository) built unchanged against the Apple products in
## Swift 5 mode with warnings as errors, each run with its capture: how many compile and play. SKIPPED without a folder.
bench-apps:
	python3 Benchmarks/app_code.py "$(CORPUS)"

## bench-kotlin CORPUS=DIR: the Kotlin reader on the patterns Jindong's users write (its sample app, docs and
## tests, apps that use it, as a folder of .kt and .md/.mdx files): how many read, need a run, are rejected
## as Jindong rejects them, or are not read, and whether each read one meets what its test asserts; and how many
## of the VibrationEffects Jindong's Android tests state `export --to vibration-effect` writes exactly.
## Says SKIPPED without a folder. docs/kotlin.md has the figures.
bench-kotlin: deps
	$(SWIFT) build -c release --product hapsynth
	python3 Benchmarks/kotlin_corpus.py "$$($(SWIFT) build -c release --show-bin-path)/hapsynth" "$(CORPUS)"
	python3 Benchmarks/vibration_effects.py "$$($(SWIFT) build -c release --show-bin-path)/hapsynth" "$(CORPUS)"

## bench-lint CORPUS=DIR: lint at its defaults on clean public AHAP files (a folder of folders, one per
## source: Apple's samples, Haptics Studio and Lofelt exports, apps' files, kept out of this repository):
## how many files warn, by source and rule, against the target of at most 10 %. SKIPPED without a folder.
bench-lint: deps
	$(SWIFT) build -c release --product hapsynth
	python3 Benchmarks/lint_corpus.py "$$($(SWIFT) build -c release --show-bin-path)/hapsynth" "$(CORPUS)"

## fuzz: build hapsynth-fuzz with libFuzzer and AddressSanitizer, then fuzz the readers (pattern.json,
## AHAP, .haptic, sound headers, profiles, device files, lint configs), planners, render-length guard,
## short renders and audio tracks for SECONDS, seeded with the samples, the devices, Fuzz/seeds and the
## invalid fixtures. New inputs go to .build/fuzz-corpus; a crash is saved as crash-*.
fuzz:
	$(SWIFT) build --product hapsynth-fuzz --build-path .build/fuzz \
	  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DHAPSYNTH_FUZZ -Xswiftc -use-ld=lld
	@mkdir -p .build/fuzz-corpus .build/fuzz-seeds
	@cp Samples/*.json Samples/*.ahap Samples/*.haptic Samples/profiles/*.json devices/*.json Fuzz/seeds/* Tests/HapticCoreTests/Fixtures/invalid/*.json .build/fuzz-seeds/ 2>/dev/null || true
	"$$($(SWIFT) build --build-path .build/fuzz --show-bin-path)/hapsynth-fuzz" \
	  -max_total_time=$(SECONDS) -timeout=10 -rss_limit_mb=1024 -max_len=65536 -print_final_stats=1 -dict=Fuzz/kotlin.dict \
	  -artifact_prefix=.build/ .build/fuzz-corpus .build/fuzz-seeds

## clean: remove build products.
clean:
	rm -rf .build
