#!/usr/bin/env python3
"""`make bench`: the SYNTH.md §4 figures, measured side by side in one run (ratios, since
absolute times on shared machines are noisy). Expects release binaries in BIN."""
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

BIN = sys.argv[1]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "Samples", "bench")


def best_of(runs, command):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return min(times)


def peak_rss_mb(command):
    """Peak resident memory of one child, measured in a fresh Python so no other child counts."""
    probe = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL); "
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    output = subprocess.run([sys.executable, "-c", probe] + command, check=True, capture_output=True, text=True)
    return int(output.stdout.strip()) / 1024


def verdict(ok):
    return "met" if ok else "NOT MET"


def main():
    hapsynth = os.path.join(BIN, "hapsynth")
    with tempfile.TemporaryDirectory(prefix="hapsynth-bench-") as scratch:
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "generate.py"), scratch, "hour"], check=True)
        stress = os.path.join(BENCH, "stress-10k.json")
        inner = json.loads(subprocess.run([os.path.join(BIN, "hapsynth-bench"), stress, scratch],
                                          check=True, capture_output=True, text=True).stdout)
        audio_seconds = inner["frames"] / inner["sampleRate"]
        whole = best_of(3, [hapsynth, "render", stress, os.path.join(scratch, "stress.wav")])
        in_process = inner["renderSeconds"]
        sine_command = [hapsynth, "render", os.path.join(BENCH, "sine-160.json"), os.path.join(scratch, "sine.wav"),
                        "--seamless-splits"]
        sox_command = ["sox", "-n", "-r", "48000", "-e", "floating-point", "-b", "32", os.path.join(scratch, "sox.wav"),
                       "synth", "600", "sine", "160"]
        sine = best_of(3, sine_command)
        sox = best_of(3, sox_command)
        rss = peak_rss_mb([hapsynth, "render", os.path.join(scratch, "hour.json"), os.path.join(scratch, "hour.wav")])

        print(f"render throughput, stress-10k plan to WAV (in process): {audio_seconds / in_process:.0f}x real time "
              f"(target >= 1000x: {verdict(audio_seconds / in_process >= 1000)})")
        print(f"render throughput, stress-10k whole command (reading JSON included): {audio_seconds / whole:.0f}x real time "
              f"(target >= 1000x: {verdict(audio_seconds / whole >= 1000)})")
        ratio = in_process / inner["sndfileSeconds"]
        print(f"render / libsndfile alone writing {inner['frames']} float frames: {ratio:.2f} "
              f"(target <= 3: {verdict(ratio <= 3)})")
        print(f"10-minute 160 Hz sine, hapsynth / sox: {sine:.3f} s / {sox:.3f} s = {sine / sox:.2f} "
              f"(target < 1: {verdict(sine / sox < 1)})")
        print(f"planning stress-10k: {inner['planMs']:.2f} ms (target <= 20 ms: {verdict(inner['planMs'] <= 20)}); "
              f"reading its 1.9 MB of JSON: {inner['readMs']:.0f} ms")
        print(f"peak RSS rendering a 1-hour pattern: {rss:.1f} MB (target <= 64 MB: {verdict(rss <= 64)})")


if __name__ == "__main__":
    main()
