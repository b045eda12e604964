#!/usr/bin/env python3
"""Writes the benchmark patterns (deterministic: the same files every time).

  stress-10k.json  10,000 events over 10 minutes: a third transients, a third constant continuous
                   events, a third continuous events with 15-point intensity and sharpness curves
                   (99,990 control points in all).
  hour.json        a one-hour pattern of 9,000 events, for the peak-memory figure.
  sine-160.json    a 10-minute constant continuous event at 160 Hz (render with --seamless-splits).

Usage: generate.py OUTDIR [stress|hour|sine]...
"""
import json
import os
import sys


def stress():
    events = []
    for index in range(10_000):
        start = index * 60
        kind = index % 3
        sharpness = round((index * 37 % 101) / 100, 2)
        intensity = round(0.2 + (index * 53 % 81) / 100, 2)
        if kind == 0:
            events.append({"type": "transient", "startMs": start, "intensity": intensity, "sharpness": sharpness})
        elif kind == 1:
            events.append({"type": "continuous", "startMs": start, "durationMs": 40,
                           "intensity": intensity, "sharpness": sharpness})
        else:
            times = [4 * step for step in range(15)]  # 0 … 56 ms
            events.append({"type": "continuous", "startMs": start, "durationMs": 56,
                           "intensityCurve": [[t, round(abs((t % 28) - 14) / 14, 3)] for t in times],
                           "sharpnessCurve": [[t, round(t / 56, 3)] for t in times]})
    return {"version": 1, "name": "stress 10k",
            "description": "10,000 events over 10 minutes, 99,990 control points",
            "events": events, "durationMs": 600_000}


def hour():
    beat = [
        {"transient": {"intensity": "strong", "sharpness": 0.8}},
        {"delay": 100},
        {"continuous": {"durationMs": 300, "intensityCurve": [[0, 0], [100, 0.9], [300, 0]],
                        "sharpnessCurve": [[0, 0.1], [300, 0.7]]}},
        {"haptic": 150},
        {"delay": 650},
    ]
    return {"version": 1, "name": "one hour", "description": "9,000 events over 3,600 s",
            "timeline": [{"repeat": {"count": 3000, "timeline": beat}}]}


def sine():
    # 65 + s × 235 = 160 Hz.
    return {"version": 1, "name": "sine 160 Hz", "description": "10 minutes of one constant continuous event",
            "timeline": [{"continuous": {"durationMs": 600_000, "intensity": "high", "sharpness": 95 / 235}}]}


def main():
    outdir = sys.argv[1]
    wanted = sys.argv[2:] or ["stress", "hour", "sine"]
    makers = {"stress": ("stress-10k.json", stress), "hour": ("hour.json", hour), "sine": ("sine-160.json", sine)}
    os.makedirs(outdir, exist_ok=True)
    for name in wanted:
        filename, make = makers[name]
        with open(os.path.join(outdir, filename), "w") as handle:
            json.dump(make(), handle, separators=(",", ":"))
            handle.write("\n")


if __name__ == "__main__":
    main()
