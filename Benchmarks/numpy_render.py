#!/usr/bin/env python3
"""The synthesis formulas of docs/synthesis.md in numpy, for `make bench` to compare hapsynth with:
renders a flat pattern.json (`events`, like the stress patterns) at 48 kHz with the default
profile into raw float32 samples. Usage: numpy_render.py PATTERN OUT.raw"""
import json
import sys

import numpy as np

RATE, LEAD_MS = 48_000, 10
F_MIN, F_MAX = 65.0, 300.0
CONTINUOUS_GAIN, TRANSIENT_GAIN, CYCLES, RAMP_MS = 0.5, 0.8, 2, 2.0
PRESETS = {"light": 0.25, "medium": 0.5, "strong": 0.75, "high": 1.0}


def frame(ms):
    """round-half-up((10 + ms) x rate / 1000), in integers."""
    return ((int(ms) + LEAD_MS) * RATE + 500) // 1000


def level(value):
    value = PRESETS.get(value, value) if isinstance(value, str) else value
    return min(max(float(value), 0.0), 1.0)


def curve(points, times_ms):
    points = [p if isinstance(p, list) else [p["timeMs"], p["value"]] for p in points]
    return np.interp(times_ms, [p[0] for p in points], [p[1] for p in points])


def render(pattern):
    events = pattern["events"]
    duration = pattern.get("durationMs") or max(e["startMs"] + e.get("durationMs", 0) for e in events)
    ends = [frame(duration)]
    voices = []
    for event in events:
        start_ms = event["startMs"]
        if event["type"] == "transient":
            intensity = level(event.get("intensity", "medium"))
            if intensity <= 0:
                continue
            f = F_MIN + event.get("sharpness", 0.5) * (F_MAX - F_MIN)
            n = max(1, int(CYCLES * RATE / f + 0.5))
            k = np.arange(n)
            voices.append((frame(start_ms), TRANSIENT_GAIN * intensity * np.sin(2 * np.pi * CYCLES * k / n)))
            continue
        first, last = frame(start_ms), frame(start_ms + event["durationMs"])
        n = last - first
        if n <= 0:
            continue
        t = (first + np.arange(n)) * 1000.0 / RATE - LEAD_MS - start_ms
        if "intensityCurve" in event:
            intensity = np.clip(curve(event["intensityCurve"], t), 0, 1)
        else:
            intensity = np.full(n, level(event.get("intensity", "medium")))
        if not np.any(intensity > 0):
            continue
        sharpness = np.clip(curve(event["sharpnessCurve"], t), 0, 1) if "sharpnessCurve" in event \
            else np.full(n, event.get("sharpness", 0.5))
        step = 2 * np.pi * (F_MIN + sharpness * (F_MAX - F_MIN)) / RATE
        phase = np.concatenate(([0.0], np.cumsum(step[:-1])))
        sample = CONTINUOUS_GAIN * intensity * np.sin(phase)
        ramp = min(int(RAMP_MS * RATE / 1000 + 0.5), n // 2)
        if ramp > 0:
            w = 0.5 - 0.5 * np.cos(np.pi * np.arange(ramp) / ramp)
            sample[:ramp] *= w
            sample[n - ramp:] *= w[::-1]
        voices.append((first, sample))
    length = max(ends + [start + len(samples) for start, samples in voices])
    mix = np.zeros(length)
    for start, samples in voices:
        mix[start:start + len(samples)] += samples
    return np.clip(mix, -1, 1).astype(np.float32)


def main():
    with open(sys.argv[1]) as handle:
        pattern = json.load(handle)
    render(pattern).tofile(sys.argv[2])


if __name__ == "__main__":
    main()
