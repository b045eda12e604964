#!/usr/bin/env python3
"""What `hapsynth export --to vibration-effect` writes, against what Jindong's own Android tests
state (issue 63): in a folder of Jindong's Kotlin test sources (the corpus, never part of this
repository), every test that builds a pattern of `event(start, duration, intensity)` calls, takes
`toWaveform()` and states its whole `timings` and `amplitudes` (or that there is none) is
exported on the device the test runs as (`@Config(sdk = [Build.VERSION_CODES.O])`: API 26 with
amplitude control, hapsynth's phone-api26) and compared with the text Android prints for
`createWaveform(timings, amplitudes, -1)` at that level. Prints each case and the count that
match. Usage: vibration_effects.py HAPSYNTH CORPUS (SKIPPED without a folder)."""
import json, os, re, subprocess, sys, tempfile

EVENT = re.compile(r"event\(\s*(\d+)\s*,\s*(\d+)\s*,\s*([-\d.eE]+|Float\.MIN_VALUE)f?\s*\)")
TEST = re.compile(r"fun `([^`]+)`\(\)[^{]*\{(.*?)\n  \}", re.S)


def cases(text):
    """Each test stating a whole waveform: its name, events, and timings/amplitudes (None: no effect)."""
    for name, body in TEST.findall(text):
        if "toWaveform()" not in body:
            continue
        events = [(int(s), int(d), 1.4e-45 if i == "Float.MIN_VALUE" else float(i)) for s, d, i in EVENT.findall(body)]
        timings = re.search(r"timings shouldBe longArrayOf\(([^)]*)\)", body)
        amplitudes = re.search(r"amplitudes shouldBe intArrayOf\(([^)]*)\)", body)
        if events and "shouldBeNull()" in body:
            yield name, events, None
        elif events and timings and amplitudes:
            yield name, events, ([int(x) for x in timings.group(1).split(",")], [int(x) for x in amplitudes.group(1).split(",")])


def main():
    if len(sys.argv) < 3 or not os.path.isdir(sys.argv[2]):
        print("SKIPPED: give the folder of Jindong's Kotlin test sources (CORPUS=DIR)")
        return
    hapsynth, corpus = sys.argv[1], sys.argv[2]
    total = matched = 0
    with tempfile.TemporaryDirectory() as scratch:
        for root, _, files in os.walk(corpus):
            for file in sorted(f for f in files if f.endswith(".kt")):
                text = open(os.path.join(root, file), encoding="utf-8", errors="replace").read()
                if "Build.VERSION_CODES.O]" not in text:
                    continue
                for name, events, stated in cases(text):
                    total += 1
                    pattern = os.path.join(scratch, "p.json")
                    json.dump({"version": 1, "events": [{"type": "continuous", "startMs": s, "durationMs": d, "intensity": i} for s, d, i in events]},
                              open(pattern, "w"))
                    run = subprocess.run([hapsynth, "export", pattern, "--to", "vibration-effect", "--android-device", "phone-api26", "-q"],
                                         capture_output=True, text=True)
                    if stated is None:
                        ok = run.returncode != 0 and "silent" in run.stderr
                        want = "no effect (the plan is silent)"
                    else:
                        want = "Waveform{mTimings=[%s], mAmplitudes=[%s], mRepeat=-1}" % (", ".join(map(str, stated[0])), ", ".join(map(str, stated[1])))
                        ok = run.returncode == 0 and run.stdout.strip() == want
                    matched += ok
                    print(("match " if ok else "DIFFER") + f"  {file}: {name}\n        stated: {want}\n        wrote:  {run.stdout.strip() or run.stderr.strip()}")
    print(f"vibration-effect: {matched} of {total} stated effects match")


if __name__ == "__main__":
    main()
