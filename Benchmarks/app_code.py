#!/usr/bin/env python3
"""Apps' own haptics code against hapsynth's Apple products, as users bring it (issue 51).

    python3 Benchmarks/app_code.py CORPUS [SCRATCH]

CORPUS is a folder of Swift files from public apps (helpers, managers, sound players), kept out of
this repository (other projects' code), with a manifest.json: a list of {"file", "source", "call",
"plays"?}, where "call" is the Swift that uses the file's code and "plays", when given, says why it
is not expected to play. Each file is built unchanged, as its own executable target in one scratch
package, in Swift 5 mode (what an existing Xcode project uses) with warnings as errors (Xcode gives
none for these files), beside a main.swift that makes the call; each that builds is run with
HAPSYNTH_COREHAPTICS_CAPTURE and its capture's log read. Prints a row per file and the counts that
compile and that play; says SKIPPED without a corpus; exits 1 when a file fails to compile.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRODUCTS = ["CoreHaptics", "UIKit", "AudioToolbox", "AVFoundation", "AVFAudio"]


def target_name(file):
    return "App_" + re.sub(r"[^A-Za-z0-9]", "_", os.path.splitext(file)[0])


def write_package(scratch, entries, corpus):
    targets = []
    for entry in entries:
        name = target_name(entry["file"])
        folder = os.path.join(scratch, "Sources", name)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(corpus, entry["file"]), encoding="utf-8") as source:
            text = source.read()
        with open(os.path.join(folder, entry["file"]), "w", encoding="utf-8") as copy:
            copy.write(text)  # unchanged
        # The calling file imports what the app's file imports, as the app's own callers do.
        imports = sorted(set(line.strip() for line in text.splitlines() if re.match(r"^import [A-Za-z_.]+\s*$", line.strip())))
        with open(os.path.join(folder, "main.swift"), "w", encoding="utf-8") as main:
            main.write("\n".join(["import Foundation"] + imports) + "\n\n// The app's call.\n" + entry.get("call", "") + "\n")
        targets.append(name)
    dependencies = ", ".join('.product(name: "%s", package: "%s")' % (product, os.path.basename(ROOT)) for product in PRODUCTS)
    with open(os.path.join(scratch, "Package.swift"), "w", encoding="utf-8") as package:
        package.write("// swift-tools-version:6.0\nimport PackageDescription\n\n"
                      "let package = Package(name: \"app-code\", dependencies: [.package(path: %s)], targets: [\n" % json.dumps(ROOT))
        for name in targets:
            package.write("    .executableTarget(name: \"%s\", dependencies: [%s],\n"
                          "                      swiftSettings: [.swiftLanguageMode(.v5), .unsafeFlags([\"-warnings-as-errors\"])]),\n"
                          % (name, dependencies))
        package.write("])\n")


def first_error(output):
    for line in output.splitlines():
        if ": error:" in line:
            return line.split(": error:", 1)[1].strip()
    return output.strip().splitlines()[-1] if output.strip() else "failed"


def main():
    corpus = sys.argv[1] if len(sys.argv) > 1 else ""
    if not corpus or not os.path.isfile(os.path.join(corpus, "manifest.json")):
        print("app code: SKIPPED (give a folder of apps' Swift files with a manifest.json: make bench-apps CORPUS=DIR)")
        return 0
    with open(os.path.join(corpus, "manifest.json"), encoding="utf-8") as handle:
        entries = json.load(handle)
    scratch = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="hapsynth-app-code-")
    write_package(scratch, entries, corpus)
    # The products once, then each file's target on its own (a failure stops only its row).
    subprocess.run(["swift", "build", "--package-path", scratch, "--target", "CoreHaptics"], capture_output=True, text=True)
    compiled = played = expected = 0
    for entry in entries:
        name = target_name(entry["file"])
        build = subprocess.run(["swift", "build", "--package-path", scratch, "--product", name], capture_output=True, text=True)
        if build.returncode != 0:
            print("%-40s does not compile: %s" % (entry["file"], first_error(build.stdout + build.stderr)))
            continue
        compiled += 1
        binary = os.path.join(subprocess.run(["swift", "build", "--package-path", scratch, "--show-bin-path"], capture_output=True,
                                             text=True).stdout.strip(), name)
        capture = os.path.join(scratch, "captures", name)
        env = dict(os.environ, HAPSYNTH_COREHAPTICS_CAPTURE=capture)
        run = subprocess.run([binary], capture_output=True, text=True, env=env, timeout=120)
        log = []
        if os.path.exists(os.path.join(capture, "log.jsonl")):
            with open(os.path.join(capture, "log.jsonl"), encoding="utf-8") as lines:
                log = [json.loads(line) for line in lines if line.strip()]
        calls = [e for e in log if e.get("object") != "device"]
        voices = []
        if os.path.exists(os.path.join(capture, "timeline.json")):
            with open(os.path.join(capture, "timeline.json"), encoding="utf-8") as timeline:
                voices = json.load(timeline)
                voices = voices.get("voices", []) if isinstance(voices, dict) else voices
        # What sounded: each player of a voice in the timeline, in order, once.
        plays = []
        for voice in voices:
            if voice.get("player") not in plays:
                plays.append(voice.get("player"))
        if "plays" in entry:
            verdict = "compiles and runs (exit %d; %d calls logged): %s" % (run.returncode, len(calls), entry["plays"])
        else:
            expected += 1
            played += 1 if plays and run.returncode == 0 else 0
            verdict = ("compiles and plays (%d voices): %s" % (len(voices), ", ".join(plays))) if plays and run.returncode == 0 \
                else "compiles, does not play (exit %d, %d calls logged)" % (run.returncode, len(calls))
        print("%-40s %s" % (entry["file"], verdict))
    print("\napp code: %d of %d files compile unchanged (Swift 5 mode, warnings as errors); %d of the %d that play on an iPhone play here"
          % (compiled, len(entries), played, expected))
    return 0 if compiled == len(entries) else 1


if __name__ == "__main__":
    sys.exit(main())
