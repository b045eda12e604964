#!/usr/bin/env python3
"""make test: docs/schema/*.schema.json are valid JSON Schema 2020-12, every sample pattern, .haptic clip,
Android device and profile (and every pattern and clip example in docs/) passes its schema, and a set of
invalid fixtures fails it; the device catalogue passes its schema; `hapsynth lint --format sarif` passes the SARIF 2.1.0 schema. Needs the `jsonschema` package (make deps installs it)."""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Invalid fixtures whose fault is in the structure a schema describes (the others, such as a curve
# that ends before its event or an include cycle, only the reader can find).
STRUCTURAL = ["continuous-without-duration", "curve-bad-point", "curve-value-out-of-range", "duration-as-string",
              "element-with-two-keys", "events-and-timeline", "negative-delay", "negative-start", "no-events-or-timeline",
              "not-an-object", "repeat-count-fractional", "repeat-count-negative", "sharpness-out-of-range",
              "transient-with-curve", "unknown-key", "unknown-element", "curve-single-point", "haptic-zero"]


def load(name):
    with open(os.path.join(ROOT, "docs", "schema", name)) as handle:
        schema = json.load(handle)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def doc_blocks():
    """The ```json blocks of docs/*.md, parsed, with where they are."""
    for path in sorted(glob.glob(os.path.join(ROOT, "docs", "*.md"))):
        with open(path) as handle:
            for block in re.findall(r"```json\n(.*?)```", handle.read(), re.S):
                yield "%s (example)" % os.path.relpath(path, ROOT), json.loads(block)


def doc_examples():
    """The ```json blocks of docs/*.md that are patterns (an object with "events" or "timeline")."""
    for name, value in doc_blocks():
        if isinstance(value, dict) and ("events" in value or "timeline" in value):
            yield name, value


def lint_sarif(inputs, root):
    """`hapsynth lint --format sarif` of `inputs`, relative to `root` (the debug build of this checkout)."""
    bindir = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    run = subprocess.run([os.path.join(bindir, "hapsynth"), "lint", "--format", "sarif", "--sarif-root", root] + inputs,
                         cwd=ROOT, capture_output=True, text=True)
    if run.returncode not in (0, 1):
        raise SystemExit("schema-check: hapsynth lint exited %d: %s" % (run.returncode, run.stderr))
    return json.loads(run.stdout)


def check_sarif():
    """SARIF from lint over the samples and over files that trigger findings of every severity (one
    with a space and a '#' in its name, so its URI is percent-encoded) passes the SARIF 2.1.0 schema
    (OASIS, draft-04, shipped in Tests/schema/fixtures); a log with a level SARIF does not have fails it."""
    with open(os.path.join(ROOT, "Tests", "schema", "fixtures", "sarif-schema-2.1.0.json")) as handle:
        schema = json.load(handle)
    jsonschema.Draft4Validator.check_schema(schema)
    sarif = jsonschema.Draft4Validator(schema)
    failures, checked = [], 0
    with tempfile.TemporaryDirectory() as folder:
        files = {"bad time #1.json": '{"timeline": [{"delay": "x"}]}',
                 "zero.ahap": '{"Version": 0.0, "Pattern": [{"Event": {"EventType": "HapticTransient", "Time": 0}},]}',
                 "short.json": '{"timeline": [{"transient": {}}]}'}
        for name, text in files.items():
            with open(os.path.join(folder, name), "w") as handle:
                handle.write(text)
        logs = [("lint --format sarif Samples", lint_sarif(["Samples"], ROOT)),
                ("lint --format sarif (generated files)", lint_sarif([folder], folder))]
    for name, log in logs:
        checked += 1
        levels = {result["level"] for run in log["runs"] for result in run["results"]}
        errors = sorted(sarif.iter_errors(log), key=lambda e: list(e.path))
        if errors:
            failures.append("%s: %s at %s" % (name, errors[0].message, "/".join(map(str, errors[0].path))))
        elif name.endswith("(generated files)") and levels != {"error", "warning", "note"}:
            failures.append("%s: levels %s, not one of each" % (name, sorted(levels)))
    broken = json.loads(json.dumps(logs[1][1]))
    broken["runs"][0]["results"][0]["level"] = "fatal"
    checked += 1
    if sarif.is_valid(broken):
        failures.append("a SARIF log with the level 'fatal' passes the SARIF schema")
    return failures, checked


def main():
    pattern, profile, device = load("pattern.schema.json"), load("profile.schema.json"), load("android-device.schema.json")
    haptic = load("haptic.schema.json")
    failures, checked = [], 0
    clips = [(os.path.relpath(p, ROOT), json.load(open(p))) for p in sorted(glob.glob(os.path.join(ROOT, "Samples", "*.haptic")))]
    clips += [(name, value) for name, value in doc_blocks() if isinstance(value, dict) and "signals" in value]
    for name, value in clips:
        checked += 1
        errors = sorted(haptic.iter_errors(value), key=lambda e: e.path)
        if errors:
            failures.append("%s: %s at %s" % (name, errors[0].message, "/".join(map(str, errors[0].path))))
    envelope = lambda points: {"version": {"major": 1}, "signals": {"continuous": {"envelopes": {"amplitude": points}}}}
    for bad in [{"version": {"major": 2}, "signals": {"continuous": {"envelopes": {"amplitude": []}}}},
                {"version": {"major": 1}}, envelope([{"time": 0, "amplitude": 0.5}]),
                envelope([{"time": 0, "amplitude": 1.5}, {"time": 1, "amplitude": 0}]),
                envelope([{"time": -1, "amplitude": 0.5}, {"time": 1, "amplitude": 0}]),
                envelope([{"time": 0, "amplitude": 0.5, "emphasis": {"amplitude": 2, "frequency": 0.5}}, {"time": 1, "amplitude": 0}]),
                envelope([{"time": 0, "amplitude": 0.5, "emphasis": {"amplitude": 0.5}}, {"time": 1, "amplitude": 0}]),
                envelope([{"time": "0", "amplitude": 0.5}, {"time": 1, "amplitude": 0}])]:
        checked += 1
        if haptic.is_valid(bad):
            failures.append("clip %s passes the .haptic schema" % json.dumps(bad))
    samples = [p for p in sorted(glob.glob(os.path.join(ROOT, "Samples", "*.json")))]
    cases = [(os.path.relpath(p, ROOT), json.load(open(p))) for p in samples] + list(doc_examples())
    for name, value in cases:
        checked += 1
        errors = sorted(pattern.iter_errors(value), key=lambda e: e.path)
        if errors:
            failures.append("%s: %s at %s" % (name, errors[0].message, "/".join(map(str, errors[0].path))))
    for path in sorted(glob.glob(os.path.join(ROOT, "Samples", "profiles", "*.json"))):
        checked += 1
        errors = list(profile.iter_errors(json.load(open(path))))
        if errors:
            failures.append("%s: %s" % (os.path.relpath(path, ROOT), errors[0].message))
    devices = [(os.path.relpath(p, ROOT), json.load(open(p))) for p in sorted(glob.glob(os.path.join(ROOT, "Samples", "devices", "*.json")))]
    devices += [(name, value) for name, value in doc_blocks() if isinstance(value, dict) and "apiLevel" in value]
    for name, value in devices:
        checked += 1
        errors = list(device.iter_errors(value))
        if errors:
            failures.append("%s: %s" % (name, errors[0].message))
    for bad in [{"name": "x"}, {"apiLevel": 0}, {"apiLevel": 31, "hasVibrater": True}, {"apiLevel": 36, "envelope": {"maxControlPoints": 16}},
                {"apiLevel": 31, "primitives": {"THUD": 10}}, {"apiLevel": 31, "primitives": {"CLICK": 1.5}}]:
        checked += 1
        if device.is_valid(bad):
            failures.append("device %s passes the Android device schema" % json.dumps(bad))
    for name in STRUCTURAL:
        path = os.path.join(ROOT, "Tests", "HapticCoreTests", "Fixtures", "invalid", name + ".json")
        checked += 1
        try:
            value = json.load(open(path))
        except ValueError:
            continue  # not even JSON: every schema check fails it
        if pattern.is_valid(value):
            failures.append("%s: an invalid fixture passes the pattern schema" % os.path.relpath(path, ROOT))
    for bad in [{"sampleRate": 4000}, {"rate": 8000}, {"continuousGain": 2}, {"splitRetrigger": "no"}]:
        checked += 1
        if profile.is_valid(bad):
            failures.append("profile %s passes the profile schema" % json.dumps(bad))
    catalogue = load("device-profile.schema.json")
    for path in sorted(glob.glob(os.path.join(ROOT, "devices", "*.json"))):
        checked += 1
        errors = sorted(catalogue.iter_errors(json.load(open(path))), key=lambda e: list(e.path))
        if errors:
            failures.append("%s: %s at %s" % (os.path.relpath(path, ROOT), errors[0].message, "/".join(map(str, errors[0].path))))
    iphone = json.load(open(os.path.join(ROOT, "devices", "iphone.json")))
    for change in [lambda d: d.pop("actuator"), lambda d: d["provenance"]["/actuator/q"].update(basis="guessed"),
                   lambda d: d.update(platform="watch"), lambda d: d["actuator"].update(q=0.1), lambda d: d.update(android={"apiLevel": 33})]:
        bad = json.loads(json.dumps(iphone))
        change(bad)
        checked += 1
        if catalogue.is_valid(bad):
            failures.append("device profile %s passes the device profile schema" % json.dumps(bad)[:120])
    more, count = check_sarif()
    failures += more
    checked += count
    for failure in failures:
        print("schema-check: " + failure)
    print("schema-check: %d files and examples checked, %d failed" % (checked, len(failures)))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
