#!/usr/bin/env python3
"""`make bench-lint CORPUS=DIR`: `hapsynth lint` at its defaults on clean public AHAP files (Apple's
samples, Haptics Studio and Lofelt exports, apps' own files: a folder of folders, one per source,
kept out of this repository). Prints, per source and in all, how many files get a warning or an
error and which rules give them, and the files with their rules; the target (docs/lint.md) is at
most 10 % of the files. A file's sounds are looked for beside it, as lint looks. Exits 0 (a
measurement); says SKIPPED without a folder."""
import collections
import json
import os
import subprocess
import sys


def lint(hapsynth, files):
    """The rules that warn or fail on each file, by path."""
    result = subprocess.run([hapsynth, "lint", *files, "--format", "json"], capture_output=True, text=True, timeout=1800)
    report = json.loads(result.stdout)
    warned = collections.defaultdict(set)
    for finding in report["findings"]:
        if finding["severity"] in ("warning", "error"):
            warned[finding["path"]].add(finding["ruleId"])
    return warned


def main():
    if len(sys.argv) < 3 or not sys.argv[2] or not os.path.isdir(sys.argv[2]):
        print("bench-lint: SKIPPED (give CORPUS=DIR, a folder of folders of public .ahap files)")
        return 0
    hapsynth, corpus = sys.argv[1], sys.argv[2]
    total, warning_files, rules = 0, 0, collections.Counter()
    listed = []
    for source in sorted(os.listdir(corpus)):
        folder = os.path.join(corpus, source)
        if not os.path.isdir(folder):
            continue
        files = sorted(os.path.join(root, name) for root, _, names in os.walk(folder) for name in names if name.lower().endswith(".ahap"))
        if not files:
            continue
        warned = lint(hapsynth, files)
        counts = collections.Counter(rule for found in warned.values() for rule in found)
        print(f"{source}: {len(warned)} of {len(files)} files warn {dict(counts.most_common())}")
        total += len(files)
        warning_files += len(warned)
        rules += counts
        listed += sorted(warned.items())
    share = 100 * warning_files / total if total else 0
    print(f"all: {warning_files} of {total} files warn ({share:.1f} %, target at most 10 %) {dict(rules.most_common())}")
    for path, found in listed:
        print(f"  {os.path.relpath(path, corpus)}: {', '.join(sorted(found))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
