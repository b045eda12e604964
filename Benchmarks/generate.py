#!/usr/bin/env python3
"""Writes the benchmark patterns (deterministic: the same files every time).

  stress-10k.json  10,000 events over 10 minutes: a third transients, a third constant continuous
                   events, a third continuous events with 15-point intensity and sharpness curves
                   (99,990 control points in all).
  stress-overlap.json  10,000 random events of 20-400 ms over 10 minutes that overlap (about 2.4
                   voices per frame, up to 10 at once), from a seeded generator: a third transients,
                   a third constant, a third with 15-point curves.
  hour.json        a one-hour pattern of 9,000 events, for the peak-memory figure.
  stress-hour.json the overlapping stress pattern stretched to one hour (10,000 events of 120-2,400 ms,
                   still about 2.4 voices per frame), for the peak-memory figure.
  sine-160.json    a 10-minute constant continuous event at 160 Hz (render with --seamless-splits).

Usage: generate.py OUTDIR [stress|overlap|hour|stress-hour|sine]...
"""
import json
import os
import random
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


def overlap(minutes=10):
    """10,000 events (a pattern's limit) over `minutes`, their lengths scaled with it so that as
    many overlap at once."""
    rng = random.Random(20261203)
    events = []
    scale = minutes // 10
    for index in range(10_000):
        start = rng.randrange(0, minutes * 60_000 - 400 * scale)
        duration = rng.randrange(20, 401) * scale
        intensity = round(rng.uniform(0.1, 0.9), 2)
        sharpness = round(rng.random(), 2)
        kind = index % 3
        if kind == 0:
            events.append({"type": "transient", "startMs": start, "intensity": intensity, "sharpness": sharpness})
        elif kind == 1:
            events.append({"type": "continuous", "startMs": start, "durationMs": duration,
                           "intensity": intensity, "sharpness": sharpness})
        else:
            times = [round(duration * step / 14) for step in range(15)]
            times = sorted(set(times))
            times[-1] = duration
            events.append({"type": "continuous", "startMs": start, "durationMs": duration,
                           "intensityCurve": [[t, round(rng.random(), 3)] for t in times],
                           "sharpnessCurve": [[t, round(rng.random(), 3)] for t in times]})
    if minutes != 10:
        return {"version": 1, "name": "stress overlap, %d minutes" % minutes,
                "description": "10,000 overlapping random events over %d minutes" % minutes, "events": events,
                "durationMs": minutes * 60_000}
    return {"version": 1, "name": "stress overlap",
            "description": "10,000 overlapping random events over 10 minutes", "events": events, "durationMs": 600_000}


def overlap_hour():
    return overlap(60)


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
    wanted = sys.argv[2:] or ["stress", "overlap", "hour", "sine"]
    makers = {"stress": ("stress-10k.json", stress), "overlap": ("stress-overlap.json", overlap), "hour": ("hour.json", hour),
              "stress-hour": ("stress-hour.json", overlap_hour),
              "sine": ("sine-160.json", sine)}
    os.makedirs(outdir, exist_ok=True)
    for name in wanted:
        filename, make = makers[name]
        with open(os.path.join(outdir, filename), "w") as handle:
            json.dump(make(), handle, separators=(",", ":"))
            handle.write("\n")


if __name__ == "__main__":
    main()
