#!/usr/bin/env python3
"""Writes the ST-SIM and SPQI fixtures: 8000 Hz float WAVs and, in scores.json, the scores the
reference implementation gives each pair (reference first, then distorted). Run it with the
pinned reference in a virtual environment:

    python3 -m venv /tmp/vibromaf && /tmp/vibromaf/bin/pip install -r requirements.txt
    /tmp/vibromaf/bin/python make_fixtures.py [HAPSYNTH]

HAPSYNTH is the hapsynth binary that renders the golden-against-a-changed-profile pair (default:
the debug build of this checkout). The files are committed, so tests need no Python.
"""
import json
import os
import subprocess
import sys
import warnings

import numpy as np
import vibromaf
from scipy.io import wavfile
from vibromaf.metrics.spqi import spqi
from vibromaf.metrics.stsim import st_sim

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", "..", ".."))
RATE = 8000


def sine(hz, count, amplitude=0.5, delay=0):
    n = np.arange(count)
    signal = amplitude * np.sin(2 * np.pi * hz * n / RATE)
    return np.concatenate([np.zeros(delay), signal])[:count]


def write(name, signal):
    wavfile.write(os.path.join(HERE, name), RATE, np.asarray(signal, dtype=np.float32))
    # Scores are of what the file holds (float32), read back as float64, as hapsynth reads it.
    return wavfile.read(os.path.join(HERE, name))[1].astype(np.float64)


def score(metric, distorted, reference):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = metric(distorted, reference)
    except ValueError as error:
        return {"null": str(error)}
    if isinstance(value, complex):
        return {"null": "complex: %r" % value}
    return float(value)


def renders(hapsynth):
    """A sample rendered at 8000 Hz with the default profile and with a softer transient gain."""
    pattern = os.path.join(ROOT, "Samples", "celebration.json")
    golden, changed = os.path.join(HERE, "golden.wav"), os.path.join(HERE, "golden-changed-profile.wav")
    subprocess.run([hapsynth, "render", pattern, golden, "--rate", "8000", "--quiet"], check=True)
    subprocess.run([hapsynth, "render", pattern, changed, "--rate", "8000", "--transient-gain", "0.6", "--quiet"], check=True)
    return golden, changed


def main():
    hapsynth = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "debug", "hapsynth")
    reference = sine(150, 4000)
    noise = np.random.default_rng(7).standard_normal(4000)
    pairs = {
        "equal": (reference, reference),
        "noise": (reference, reference + 0.05 * noise),
        "louder": (reference, 1.1 * reference),
        "softer": (reference, 0.5 * reference),
        "sine-160": (reference, sine(160, 4000)),
        "delay-8": (reference, sine(150, 4000, delay=8)),
        "delay-24": (reference, sine(150, 4000, delay=24)),
        "length-511": (sine(150, 511), 0.5 * sine(150, 511)),
        "length-512": (sine(150, 512), 0.5 * sine(150, 512)),
        "length-1000": (sine(150, 1000), sine(150, 1000, delay=3)),
    }
    cases = []
    for name, (ref, dist) in pairs.items():
        ref_file, dist_file = name + ".reference.wav", name + ".distorted.wav"
        ref, dist = write(ref_file, ref), write(dist_file, dist)
        cases.append({"name": name, "reference": ref_file, "distorted": dist_file,
                      "stSim": score(st_sim, dist, ref), "spqi": score(spqi, dist, ref)})
    golden, changed = renders(hapsynth)
    ref, dist = wavfile.read(golden)[1].astype(np.float64), wavfile.read(changed)[1].astype(np.float64)
    cases.append({"name": "changed-profile", "reference": os.path.basename(golden), "distorted": os.path.basename(changed),
                  "stSim": score(st_sim, dist, ref), "spqi": score(spqi, dist, ref)})
    with open(os.path.join(HERE, "scores.json"), "w") as handle:
        json.dump({"vibromaf": vibromaf.__version__ if hasattr(vibromaf, "__version__") else "0.0.8", "rate": RATE,
                   "cases": cases}, handle, indent=1)
        handle.write("\n")


if __name__ == "__main__":
    main()
