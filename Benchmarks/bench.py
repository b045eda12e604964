#!/usr/bin/env python3
"""`make bench`: the performance figures beside their targets, measured side by side in one run (ratios, since
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


def min_and_median(runs, make_command):
    """Seconds of `runs` runs: the minimum and the median. `make_command(run)` gives each run a
    fresh output path (removing an old large target would be timed too)."""
    times = []
    for run in range(runs):
        start = time.perf_counter()
        subprocess.run(make_command(run), check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    times.sort()
    return times[0], times[len(times) // 2]


def peak_rss_mb(command, env=None, expect_success=True):
    """Peak resident memory of one child, measured in a fresh Python so no other child counts."""
    probe = ("import resource, subprocess, sys; subprocess.run(sys.argv[2:], check=sys.argv[1] == '1', "
             "stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); "
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    output = subprocess.run([sys.executable, "-c", probe, "1" if expect_success else "0"] + command, check=True,
                            capture_output=True, text=True, env=env)
    return int(output.stdout.strip()) / 1024


def hostile_and_check_memory(hapsynth, scratch):
    """Peak RSS reading a 60 MiB hostile pattern, and checking a 2-hour pattern that differs."""
    hostile = os.path.join(scratch, "hostile.json")
    count = (60 * 1024 * 1024 - 20) // 2
    with open(hostile, "w") as file:
        file.write('{"events":[' + ",".join(["0"] * count) + "]}")
    hostile_rss = peak_rss_mb([hapsynth, "plan", hostile], expect_success=False)
    long_pattern = os.path.join(scratch, "patterns", "two-hours.json")
    os.makedirs(os.path.dirname(long_pattern))
    with open(long_pattern, "w") as file:
        file.write('{"timeline": [{"continuous": {"durationMs": 7200000, "sharpness": 0.3}}]}')
    goldens = os.path.join(scratch, "goldens")
    os.makedirs(goldens)
    subprocess.run([hapsynth, "render", long_pattern, os.path.join(goldens, "two-hours.flac"), "--rate", "8000"],
                   check=True, stdout=subprocess.DEVNULL)
    env = dict(os.environ, TMPDIR=scratch)
    check_rss = peak_rss_mb([hapsynth, "check", os.path.dirname(long_pattern), "--goldens", goldens,
                             "--max-frequency", "301"], env=env, expect_success=False)
    return hostile_rss, check_rss


def check_suite_ms(hapsynth, scratch):
    """ms per pattern checking a suite of 200 small patterns at --jobs 1 and --jobs 2."""
    suite = os.path.join(scratch, "suite")
    for index in range(200):
        folder = os.path.join(suite, "group-%d" % (index % 10))
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "pattern-%03d.json" % index), "w") as file:
            file.write('{"timeline": [{"transient": {"sharpness": %.2f}}, {"delay": 40}, '
                       '{"continuous": {"durationMs": %d, "intensity": 0.6}}]}' % ((index % 10) / 10, 50 + index % 7 * 20))
    goldens = os.path.join(scratch, "suite-goldens")
    subprocess.run([hapsynth, "check", suite, "--goldens", goldens, "--record", "--rate", "8000"], check=True,
                   stdout=subprocess.DEVNULL)
    one = best_of(3, [hapsynth, "check", suite, "--goldens", goldens, "--jobs", "1"])
    two = best_of(3, [hapsynth, "check", suite, "--goldens", goldens, "--jobs", "2"])
    return one * 1000 / 200, two * 1000 / 200


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
        overlap = os.path.join(BENCH, "stress-overlap.json")
        overlap_min, overlap_median = min_and_median(
            5, lambda run: [hapsynth, "render", overlap, os.path.join(scratch, "overlap-%d.wav" % run), "--quiet"])

        print(f"render throughput, stress-10k plan to WAV (in process): {audio_seconds / in_process:.0f}x real time "
              f"(target >= 1000x: {verdict(audio_seconds / in_process >= 1000)})")
        print(f"render throughput, stress-10k whole command (reading JSON included): {audio_seconds / whole:.0f}x real time "
              f"(target >= 1000x: {verdict(audio_seconds / whole >= 1000)})")
        print(f"render throughput, overlapping stress pattern, whole command: {600 / overlap_min:.0f}x real time at best, "
              f"{600 / overlap_median:.0f}x median of 5 (target >= 1500x on one thread: {verdict(600 / overlap_min >= 1500)})")
        numpy_check = subprocess.run([sys.executable, "-c", "import numpy"], capture_output=True)
        if numpy_check.returncode == 0:
            numpy_min, _ = min_and_median(3, lambda run: [sys.executable, os.path.join(ROOT, "Benchmarks", "numpy_render.py"), overlap,
                                                          os.path.join(scratch, "numpy-%d.raw" % run)])
            print(f"overlapping stress pattern, numpy script of the same formulas / hapsynth: {numpy_min:.2f} s / "
                  f"{overlap_min:.2f} s = {numpy_min / overlap_min:.1f}x (target >= 6x: {verdict(numpy_min / overlap_min >= 6)})")
        else:
            print("numpy comparison skipped: numpy is not installed (pip install numpy)")
        ratio = in_process / inner["sndfileSeconds"]
        print(f"render / libsndfile alone writing {inner['frames']} float frames: {ratio:.2f} "
              f"(target <= 3: {verdict(ratio <= 3)})")
        print(f"10-minute 160 Hz sine, hapsynth / sox: {sine:.3f} s / {sox:.3f} s = {sine / sox:.2f} "
              f"(target < 1: {verdict(sine / sox < 1)})")
        print(f"planning stress-10k: {inner['planMs']:.2f} ms (target <= 20 ms: {verdict(inner['planMs'] <= 20)}); "
              f"reading its 1.9 MB of JSON: {inner['readMs']:.0f} ms")
        print(f"peak RSS rendering a 1-hour pattern: {rss:.1f} MB (target <= 64 MB: {verdict(rss <= 64)})")
        plot = best_of(3, [hapsynth, "plot", stress, os.path.join(scratch, "stress.svg")])
        print(f"plot of the 10-minute stress pattern: {plot:.2f} s (target < 2 s: {verdict(plot < 2)})")
        one, two = check_suite_ms(hapsynth, scratch)
        print(f"check of 200 small patterns: {one:.2f} ms per pattern at --jobs 1, {two:.2f} ms at --jobs 2 "
              f"({one / two:.2f}x)")
        hostile_rss, check_rss = hostile_and_check_memory(hapsynth, scratch)
        print(f"peak RSS reading a 60 MiB hostile pattern: {hostile_rss:.1f} MB (target <= 200 MB: {verdict(hostile_rss <= 200)})")
        print(f"peak RSS checking a 2-hour pattern that differs (8 kHz): {check_rss:.1f} MB "
              f"(target <= 64 MB: {verdict(check_rss <= 64)})")


if __name__ == "__main__":
    main()
