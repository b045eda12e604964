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


def min_and_median(runs, make_command):
    """Seconds of `runs` runs: the minimum and the median. `make_command(run)` gives each run a
    fresh output path (removing an old large target would be timed too). Between runs, untimed,
    the outputs are removed and the disk is synced, so one run's writeback does not slow the next."""
    times = []
    for run in range(runs):
        os.sync()
        command = make_command(run)
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
        for argument in command:
            if argument.startswith(tempfile.gettempdir()) and os.path.splitext(argument)[1] in (".wav", ".raw", ".svg"):
                if os.path.exists(argument):
                    os.remove(argument)
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
    one, _ = min_and_median(3, lambda run: [hapsynth, "check", suite, "--goldens", goldens, "--jobs", "1"])
    two, _ = min_and_median(3, lambda run: [hapsynth, "check", suite, "--goldens", goldens, "--jobs", "2"])
    return one * 1000 / 200, two * 1000 / 200


def verdict(ok):
    return "met" if ok else "NOT MET"


def fresh(scratch, name):
    """`make_command` helper: a new output path for each run."""
    return lambda run: os.path.join(scratch, "%s-%d.%s" % (name[0], run, name[1]))


def main():
    hapsynth = os.path.join(BIN, "hapsynth")
    with tempfile.TemporaryDirectory(prefix="hapsynth-bench-") as scratch:
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks", "generate.py"), scratch, "hour", "stress-hour"],
                       check=True)
        stress = os.path.join(BENCH, "stress-10k.json")
        inner = json.loads(subprocess.run([os.path.join(BIN, "hapsynth-bench"), stress, scratch],
                                          check=True, capture_output=True, text=True).stdout)
        print(f"(kernel instruction set here: {inner['instructionSet']}; min and median of several runs, side by side)")
        audio_seconds = inner["frames"] / inner["sampleRate"]

        # The issue-16 figures: the overlapping stress pattern, whole command.
        overlap = os.path.join(BENCH, "stress-overlap.json")
        # One and two threads take turns, so a noisy moment of the machine falls on both.
        runs = {1: [], 2: []}
        for run in range(7):
            for threads in (1, 2):
                runs[threads].append(min_and_median(1, lambda _: [hapsynth, "render", overlap,
                                                                   os.path.join(scratch, "overlap-%d-%d.wav" % (threads, run)),
                                                                   "--quiet", "--threads", str(threads)])[0])
        times = {threads: (min(values), sorted(values)[len(values) // 2]) for threads, values in runs.items()}
        for threads, target in ((1, 1500), (2, 2500)):
            best, median = times[threads]
            print(f"overlapping stress pattern, whole command, {threads} thread{'s' if threads > 1 else ''}: "
                  f"{600 / best:.0f}x real time at best, {600 / median:.0f}x median of 7 "
                  f"(target >= {target}x: {verdict(600 / best >= target)})")
        # The resonator (docs/devices.md): its cost on the same pattern, as a ratio to the drive, taking turns.
        resonator_runs = {"drive": [], "resonator": []}
        for run in range(5):
            for actuator in ("drive", "resonator"):
                resonator_runs[actuator].append(min_and_median(1, lambda _: [hapsynth, "render", overlap, "/dev/null", "--format", "wav",
                                                                             "--quiet", "--threads", "1", "--actuator", actuator])[0])
        ratio = min(resonator_runs["resonator"]) / min(resonator_runs["drive"])
        print(f"overlapping stress pattern, --actuator resonator / drive (1 thread, /dev/null): {ratio:.2f} "
              f"(target <= 1.3: {verdict(ratio <= 1.3)})")
        null_best, _ = min_and_median(5, lambda run: [hapsynth, "render", overlap, "/dev/null", "--format", "wav", "--quiet",
                                                      "--threads", "1"])
        print(f"  the same, 1 thread, writing to /dev/null (no file system): {600 / null_best:.0f}x real time at best")
        numpy_check = subprocess.run([sys.executable, "-c", "import numpy"], capture_output=True)
        if numpy_check.returncode == 0:
            numpy_min, _ = min_and_median(3, lambda run: [sys.executable, os.path.join(ROOT, "Benchmarks", "numpy_render.py"),
                                                          overlap, os.path.join(scratch, "numpy-%d.raw" % run)])
            one, both = times[1][0], times[2][0]
            print(f"overlapping stress pattern, numpy script of the same formulas / hapsynth: {numpy_min:.2f} s / {one:.2f} s "
                  f"= {numpy_min / one:.1f}x on one thread, {numpy_min / both:.1f}x on two "
                  f"(target >= 6x: {verdict(numpy_min / one >= 6)})")
        else:
            print("numpy comparison skipped: numpy is not installed (pip install numpy)")
        sine_path = fresh(scratch, ("sine", "wav"))
        sine, _ = min_and_median(3, lambda run: [hapsynth, "render", os.path.join(BENCH, "sine-160.json"), sine_path(run),
                                                  "--seamless-splits"])
        sox_path = fresh(scratch, ("sox", "wav"))
        sox, _ = min_and_median(3, lambda run: ["sox", "-n", "-r", "48000", "-e", "floating-point", "-b", "32",
                                                 sox_path(run), "synth", "600", "sine", "160"])
        print(f"10-minute 160 Hz sine, hapsynth / sox: {sine:.3f} s / {sox:.3f} s = {sine / sox:.2f} "
              f"(target <= 0.33: {verdict(sine / sox <= 1 / 3)})")
        # Android (no target): the same sine as the effect an Android phone plays (one amplitude waveform).
        android_path = fresh(scratch, ("android", "wav"))
        android, _ = min_and_median(3, lambda run: [hapsynth, "render", os.path.join(BENCH, "sine-160.json"), android_path(run),
                                                     "--platform", "android"])
        print(f"10-minute 160 Hz sine as Android plays it (androidWaveform): {600 / android:.0f}x real time at best, "
              f"{android / sine:.2f} of the iOS render's time (no target)")
        one, two = check_suite_ms(hapsynth, scratch)
        print(f"check of 200 small patterns: {one:.2f} ms per pattern at --jobs 1 (target <= 3 ms: {verdict(one <= 3)}), "
              f"{two:.2f} ms at --jobs 2")
        stress_hour = peak_rss_mb([hapsynth, "render", os.path.join(scratch, "stress-hour.json"),
                                   os.path.join(scratch, "stress-hour.wav"), "--quiet"])
        # The floor: the same command on a one-second sample (the Swift runtime and Foundation).
        floor = peak_rss_mb([hapsynth, "render", os.path.join(ROOT, "Samples", "celebration.json"),
                             os.path.join(scratch, "floor.wav")])
        print(f"peak RSS rendering the 1-hour overlapping stress pattern: {stress_hour:.1f} MB, of which {floor:.1f} MB "
              f"any render takes (target <= 32 MB: {verdict(stress_hour <= 32)})")

        # The standing targets.
        whole, _ = min_and_median(3, lambda run: [hapsynth, "render", stress, os.path.join(scratch, "stress-%d.wav" % run)])
        in_process = inner["renderSeconds"]
        print(f"render throughput, stress-10k plan to WAV (in process): {audio_seconds / in_process:.0f}x real time "
              f"(target >= 1000x: {verdict(audio_seconds / in_process >= 1000)})")
        print(f"render throughput, stress-10k whole command (reading JSON included): {audio_seconds / whole:.0f}x real time "
              f"(target >= 1000x: {verdict(audio_seconds / whole >= 1000)})")
        ratio = in_process / inner["sndfileSeconds"]
        print(f"render / libsndfile alone writing {inner['frames']} float frames: {ratio:.2f} "
              f"(target <= 3: {verdict(ratio <= 3)})")
        print(f"planning stress-10k: {inner['planMs']:.2f} ms (target <= 20 ms: {verdict(inner['planMs'] <= 20)}); "
              f"reading its 1.9 MB of JSON: {inner['readMs']:.0f} ms")
        rss = peak_rss_mb([hapsynth, "render", os.path.join(scratch, "hour.json"), os.path.join(scratch, "hour.wav")])
        print(f"peak RSS rendering a 1-hour pattern: {rss:.1f} MB (target <= 64 MB: {verdict(rss <= 64)})")
        plot, _ = min_and_median(3, lambda run: [hapsynth, "plot", stress, os.path.join(scratch, "stress-%d.svg" % run)])
        print(f"plot of the 10-minute stress pattern: {plot:.2f} s (target < 2 s: {verdict(plot < 2)})")
        hostile_rss, check_rss = hostile_and_check_memory(hapsynth, scratch)
        print(f"peak RSS reading a 60 MiB hostile pattern: {hostile_rss:.1f} MB (target <= 200 MB: {verdict(hostile_rss <= 200)})")
        print(f"peak RSS checking a 2-hour pattern that differs (8 kHz): {check_rss:.1f} MB "
              f"(target <= 64 MB: {verdict(check_rss <= 64)})")
        # from-audio (docs/from-audio.md): a 10-minute 48 kHz stereo sound, beside sox reading the
        # same file and computing its levels (a naive analysis) in the same run.
        # (Named without .wav, which the timing helper removes after each run as an output.)
        sound = os.path.join(scratch, "ten-minutes.sound")
        subprocess.run(["sox", "-n", "-r", "48000", "-c", "2", "-b", "16", "-t", "wav", sound, "synth", "600", "pinknoise", "vol", "0.3"],
                       check=True)
        analysis, _ = min_and_median(3, lambda run: [hapsynth, "from-audio", sound, "-o", os.path.join(scratch, "ten-%d.haptic" % run), "-q"])
        levels, _ = min_and_median(3, lambda run: ["sh", "-c", 'exec sox -t wav "$0" -n stats 2>/dev/null', sound])
        print(f"from-audio of a 10-minute 48 kHz stereo sound: {analysis:.2f} s, 1/{600 / analysis:.0f} of its length "
              f"(target <= 1/60: {verdict(analysis <= 10)}); sox reading it for its levels: {levels:.2f} s ({analysis / levels:.2f}x)")
        if numpy_check.returncode == 0:
            # The same analysis in numpy (the same frames and hops), on the same file, in the same run:
            # the two in turn, a pair at a time, so that a spell of a busy machine slows both of a pair;
            # the median of the pairs' ratios.
            ratios = []
            for run in range(5):
                ours, _ = min_and_median(1, lambda _: [hapsynth, "from-audio", sound, "-o", os.path.join(scratch, "pair-%d.haptic" % run), "-q"])
                theirs, _ = min_and_median(1, lambda _: [sys.executable, os.path.join(ROOT, "Benchmarks", "numpy_from_audio.py"), sound])
                ratios.append((theirs / ours, ours, theirs))
            ratio, ours, theirs = sorted(ratios)[len(ratios) // 2]
            print(f"from-audio / numpy of the same analysis, the median of 5 pairs run in turn: {ours:.2f} s / {theirs:.2f} s = {ratio:.1f}x faster "
                  f"(pairs {min(r[0] for r in ratios):.1f}x to {max(r[0] for r in ratios):.1f}x; target >= 3x: {verdict(ratio >= 3)})")
        one_minute = os.path.join(scratch, "one-minute.sound")
        subprocess.run(["sox", sound, "-t", "wav", one_minute, "trim", "0", "60"], check=True)
        rss_ten, rss_one = peak_rss_mb([hapsynth, "from-audio", sound, "-o", os.path.join(scratch, "rss-10.haptic"), "-q"]), \
            peak_rss_mb([hapsynth, "from-audio", one_minute, "-o", os.path.join(scratch, "rss-1.haptic"), "-q"])
        print(f"from-audio peak RSS, 1 and 10 minutes of sound: {rss_one:.1f} MB and {rss_ten:.1f} MB "
              f"(target: flat, at most 8 MB more: {verdict(rss_ten - rss_one <= 8)})")

        # Kotlin (docs/kotlin.md): one pattern of a file of 2,000, beside the same pattern as a
        # pattern.json in the same run: the cost of reading where Jindong's users write.
        kotlin = os.path.join(scratch, "Patterns.kt")
        body = ("repeat(3) { transient(HapticIntensity.STRONG, sharpness = 0.9f); delay(80.ms) }\n"
                "    continuous(300.ms, intensityCurve = hapticCurve { point(0.ms, 0f); point(80.ms, 0.8f); point(300.ms, 0f) })")
        with open(kotlin, "w") as handle:
            handle.write("package bench\n\n" + "".join("val p%d = buildHapticPattern {\n    %s\n}\n\n" % (n, body) for n in range(2000)))
        json_twin = os.path.join(scratch, "p1999.json")
        with open(json_twin, "w") as handle:
            handle.write('{"timeline": [{"repeat": {"count": 3, "timeline": [{"transient": {"intensity": "strong", "sharpness": 0.9}}, {"delay": 80}]}}, '
                         '{"continuous": {"durationMs": 300, "intensityCurve": [[0, 0], [80, 0.8], [300, 0]]}}]}')
        from_kotlin, _ = min_and_median(5, lambda run: [hapsynth, "plan", kotlin, "--pattern", "p1999", "--json"])
        from_json, _ = min_and_median(5, lambda run: [hapsynth, "plan", json_twin, "--json"])
        print(f"plan of one pattern of a {os.path.getsize(kotlin) // 1024} KiB Kotlin file of 2,000: {from_kotlin * 1000:.0f} ms; "
              f"the same pattern as pattern.json: {from_json * 1000:.0f} ms ({from_kotlin / from_json:.1f}x)")

        # A device file with a provenance entry for each of its values (issue 53): 9,000 taps in
        # one system feedback row, 54,000 values and entries. Matching them was quadratic.
        with open(os.path.join(ROOT, "devices", "iphone.json")) as handle:
            device = json.load(handle)
        device["name"] = "big"
        leaves = ["Time", "EventType"] + [f"EventParameters/{n}/{key}" for n in (0, 1) for key in ("ParameterID", "ParameterValue")]
        device["systemFeedback"]["impact.light"] = {"Pattern": [{"Event": {
            "Time": n / 1000, "EventType": "HapticTransient", "EventParameters": [
                {"ParameterID": "HapticIntensity", "ParameterValue": 0.5}, {"ParameterID": "HapticSharpness", "ParameterValue": 0.5}]}}
            for n in range(9000)]}
        provenance = {key: value for key, value in device["provenance"].items() if key != "/systemFeedback/impact.light"}
        for n in range(9000):
            for leaf in leaves:
                provenance[f"/systemFeedback/impact.light/Pattern/{n}/Event/{leaf}"] = {"basis": "assumed", "ref": "one entry per value"}
        device["provenance"] = provenance
        big_device = os.path.join(scratch, "big-device.json")
        with open(big_device, "w") as handle:
            json.dump(device, handle)
        heartbeat = os.path.join(ROOT, "Samples", "heartbeat.json")
        best, _ = min_and_median(3, lambda run: [hapsynth, "plan", heartbeat, "--device-profile", big_device])
        print(f"plan with a {os.path.getsize(big_device) / 1e6:.1f} MB device file, a provenance per value: {best:.2f} s "
              f"(target <= 2 s: {verdict(best <= 2)})")


if __name__ == "__main__":
    main()
