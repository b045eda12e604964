#!/usr/bin/env python3
"""Designer agreement of `hapsynth from-audio` (docs/from-audio.md, "How it is measured").

Usage: from_audio_bench.py HAPSYNTH FOLDER [FOLDER ...]

Each FOLDER is a set of pairs of a sound and the clip a designer made from it: NAME.wav beside
NAME.haptic (Lofelt/NiceVibrations' HapticSamples are such pairs, and so are the sample projects of
facebook/haptics-studio, their clips' haptics written beside their sounds; their licences keep them
out of this repository, so the folders are given, and the bench skips when none is there). For each
pair the sound goes through `hapsynth from-audio` at its defaults and, as a baseline, through a naive
analysis (a 50 ms RMS envelope and its peaks over a threshold, the zero-crossing rate as frequency);
each is compared with the designer's clip:

- emphasis F1: the designer's emphases against the analysis' (a match within 20 ms);
- amplitude error: the mean |difference| in dB of the two amplitude envelopes, sampled every 1 ms,
  over the times the designer's is above -30 dB;
- frequency rho: Spearman's rank correlation of the two frequency envelopes, sampled every 10 ms
  where the designer's amplitude is felt (above -30 dB: a silent stretch's frequency is not felt).

It prints a row per pair, then for each set the medians of each figure for hapsynth and for the
baseline, and whether hapsynth beats the baseline on every figure of every set (exit 1 if not).
"""
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
from array import array


def envelope_at(points, t):
    """The value of a breakpoint envelope [(time, value)] at t, linear between points."""
    if not points:
        return 0.0
    if t <= points[0][0]:
        return points[0][1]
    for (t0, v0), (t1, v1) in zip(points, points[1:]):
        if t0 <= t <= t1:
            return v0 if t1 == t0 else v0 + (v1 - v0) * (t - t0) / (t1 - t0)
    return points[-1][1]


def read_clip(path):
    with open(path) as file:
        clip = json.load(file)
    envelopes = clip["signals"]["continuous"]["envelopes"]
    amplitude = [(p["time"], p["amplitude"]) for p in envelopes["amplitude"]]
    emphases = [p["time"] for p in envelopes["amplitude"] if "emphasis" in p]
    frequency = [(p["time"], p["frequency"]) for p in envelopes.get("frequency") or []]
    return amplitude, emphases, frequency


def mono_samples(path):
    """The sound as mono 32-bit floats (through sox), and its rate."""
    rate = int(subprocess.run(["soxi", "-r", path], capture_output=True, text=True, check=True).stdout.strip())
    raw = subprocess.run(["sox", path, "-t", "f32", "-c", "1", "-"], capture_output=True, check=True).stdout
    samples = array("f")
    samples.frombytes(raw)
    return samples, rate


def baseline(path):
    """A naive analysis: 50 ms RMS every 1 ms (peak-normalised), peaks over half the maximum at
    least 100 ms apart, zero crossings per 50 ms as frequency (normalised to the loudest)."""
    samples, rate = mono_samples(path)
    window, hop = max(1, rate // 20), max(1, rate // 1000)
    amplitude, crossings = [], []
    for start in range(0, max(1, len(samples) - window + 1), hop):
        chunk = samples[start:start + window]
        amplitude.append((start / rate, math.sqrt(sum(x * x for x in chunk) / max(1, len(chunk)))))
        crossings.append((start / rate, sum(1 for a, b in zip(chunk, chunk[1:]) if (a < 0) != (b < 0))))
    peak = max((v for _, v in amplitude), default=0) or 1
    amplitude = [(t, v / peak) for t, v in amplitude]
    most = max((c for _, c in crossings), default=0) or 1
    frequency = [(t, c / most) for t, c in crossings]
    emphases, last = [], None
    for (t0, v0), (t1, v1), (t2, v2) in zip(amplitude, amplitude[1:], amplitude[2:]):
        if v1 > 0.5 and v1 >= v0 and v1 > v2 and (last is None or t1 - last >= 0.1):
            emphases.append(t1)
            last = t1
    return amplitude, emphases, frequency


def f1(reference, found, tolerance=0.02):
    if not reference and not found:
        return 1.0
    matched_reference = sum(1 for t in reference if any(abs(t - u) <= tolerance for u in found))
    matched_found = sum(1 for u in found if any(abs(t - u) <= tolerance for t in reference))
    precision = matched_found / len(found) if found else 0.0
    recall = matched_reference / len(reference) if reference else 0.0
    return 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)


def amplitude_error_db(reference, found):
    end = max(reference[-1][0] if reference else 0, found[-1][0] if found else 0)
    errors = []
    for step in range(int(end * 1000) + 1):
        t = step / 1000
        r = envelope_at(reference, t)
        if r <= 10 ** (-30 / 20):
            continue
        f = max(envelope_at(found, t), 1e-6)
        errors.append(abs(20 * math.log10(f) - 20 * math.log10(r)))
    return statistics.mean(errors) if errors else float("nan")


def ranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2
        i = j + 1
    return result


def spearman(reference, found, felt):
    end = min(reference[-1][0] if reference else 0, found[-1][0] if found else 0)
    times = [step / 100 for step in range(int(end * 100) + 1) if envelope_at(felt, step / 100) > 10 ** (-30 / 20)]
    a = ranks([envelope_at(reference, t) for t in times])
    b = ranks([envelope_at(found, t) for t in times])
    if len(times) < 3:
        return float("nan")
    ma, mb = statistics.mean(a), statistics.mean(b)
    cov = sum((x - ma) * (y - mb) for x, y in zip(a, b))
    spread = math.sqrt(sum((x - ma) ** 2 for x in a) * sum((y - mb) ** 2 for y in b))
    return cov / spread if spread > 0 else float("nan")


def figures(reference, analysis):
    amplitude, emphases, frequency = analysis
    return (f1(reference[1], emphases), amplitude_error_db(reference[0], amplitude), spearman(reference[2], frequency, reference[0]))


def median(values):
    values = [v for v in values if not math.isnan(v)]
    return statistics.median(values) if values else float("nan")


def pairs_in(folder):
    pairs = []
    for root, _, names in os.walk(folder):
        for name in sorted(names):
            if name.lower().endswith(".wav") and os.path.exists(os.path.join(root, name[:-4] + ".haptic")):
                pairs.append((os.path.join(root, name), os.path.join(root, name[:-4] + ".haptic")))
    return sorted(pairs)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    hapsynth, folders = sys.argv[1], [f for f in sys.argv[2:] if f]
    sets = [(folder, pairs_in(folder)) for folder in folders if os.path.isdir(folder)]
    sets = [(folder, pairs) for folder, pairs in sets if pairs]
    if not sets:
        print(f"bench-audio: SKIPPED: no NAME.wav beside NAME.haptic in {' '.join(folders) or '(no folder given: DIR=FOLDER)'}")
        return
    print(f"{'pair':40} {'F1':>5} {'dB':>6} {'rho':>6}   baseline {'F1':>5} {'dB':>6} {'rho':>6}")
    summaries = []
    with tempfile.TemporaryDirectory() as scratch:
        for folder, pairs in sets:
            ours, naive = [], []
            for sound, clip in pairs:
                reference = read_clip(clip)
                out = os.path.join(scratch, "out.haptic")
                subprocess.run([hapsynth, "from-audio", sound, "-o", out, "-q", "--force"], check=True)
                mine = figures(reference, read_clip(out))
                theirs = figures(reference, baseline(sound))
                ours.append(mine)
                naive.append(theirs)
                name = os.path.relpath(sound, folder)[:40]
                print(f"{name:40} {mine[0]:5.2f} {mine[1]:6.2f} {mine[2]:6.2f}   baseline {theirs[0]:5.2f} {theirs[1]:6.2f} {theirs[2]:6.2f}")
            summaries.append((folder, len(pairs), [median([f[i] for f in ours]) for i in range(3)], [median([f[i] for f in naive]) for i in range(3)]))
    beaten = True
    for folder, count, mine, theirs in summaries:
        print(f"\n{folder}: medians over {count} pairs, at the defaults")
        print(f"  hapsynth from-audio: emphasis F1 {mine[0]:.2f}, amplitude error {mine[1]:.2f} dB, frequency rho {mine[2]:.2f}")
        print(f"  naive baseline:      emphasis F1 {theirs[0]:.2f}, amplitude error {theirs[1]:.2f} dB, frequency rho {theirs[2]:.2f}")
        beaten = beaten and mine[0] > theirs[0] and mine[1] < theirs[1] and mine[2] > theirs[2]
    print(f"\nfrom-audio beats the baseline on every figure of every set: {'yes' if beaten else 'NO'}")
    if not beaten:
        sys.exit(1)


if __name__ == "__main__":
    main()
