#!/usr/bin/env python3
"""from-audio's analysis (docs/from-audio.md, "The analysis") in numpy, for `make bench` to time
hapsynth against on the same sound: mono mix, DC removed, the RMS over 0.1 ms, the spectral frames
(a 1024-point FFT under the symmetric Hann window every 128 samples: the same frames and hops) with
their centroid under 1 kHz and their flux, and the attack/hold/release follower read every 1 ms.
It computes the envelopes, not the reduction or emphasis (a small share of the work), so it errs in
numpy's favour. Usage: numpy_from_audio.py SOUND.wav (16-bit PCM)."""
import sys
import wave

import numpy as np


def main():
    with wave.open(sys.argv[1]) as sound:
        rate, channels = sound.getframerate(), sound.getnchannels()
        samples = np.frombuffer(sound.readframes(sound.getnframes()), dtype="<i2").astype(np.float32) / 32768
    mono = samples.reshape(-1, channels).mean(axis=1)
    mono -= mono.mean()
    # The RMS over 0.1 ms, every sample.
    window = max(1, round(1e-4 * rate))
    squares = np.concatenate(([0.0], np.cumsum(mono.astype(np.float64) ** 2)))
    rms = np.sqrt(np.maximum(squares[window:] - squares[:-window], 0) / window)
    # The follower, read every 1 ms on the largest RMS of each millisecond (attack 0.1 ms, hold
    # 1.5 ms, release 100 ms as one-pole steps per millisecond).
    step = rate // 1000
    levels = rms[: len(rms) // step * step].reshape(-1, step).max(axis=1)
    release = np.exp(np.log(0.01) / 100)
    envelope = np.empty_like(levels)
    level, hold = 0.0, 0
    for index, value in enumerate(levels):
        if value >= level:
            level, hold = value, 1
        elif hold > 0:
            hold -= 1
        else:
            level = value + (level - value) * release
        envelope[index] = level
    # The spectral frames: 1024 points, a hop of 128, the symmetric Hann window.
    size, hop = 1024, 128
    hann = (0.5 * (1 - np.cos(2 * np.pi * np.arange(size) / (size - 1)))).astype(np.float32)
    padded = np.concatenate((np.zeros(size // 2, np.float32), mono, np.zeros(size // 2, np.float32)))
    count = (len(padded) - size) // hop + 1
    low = int(np.ceil(size // 2 * 1000 / (rate / 2)))
    centroids, fluxes, previous = [], [], np.zeros(size // 2, np.float32)
    for first in range(0, count, 4096):
        indices = np.arange(first, min(count, first + 4096))[:, None] * hop + np.arange(size)[None, :]
        magnitudes = np.abs(np.fft.rfft(padded[indices] * hann, axis=1))[:, : size // 2].astype(np.float32)
        weights = np.arange(low) / (size // 2)
        energy = magnitudes[:, :low].sum(axis=1)
        centroids.append(np.where(energy > 0, (magnitudes[:, :low] * weights).sum(axis=1) / np.maximum(energy, 1e-12), 0))
        changes = np.diff(np.vstack((previous, magnitudes)), axis=0).sum(axis=1)
        fluxes.append(np.maximum(changes, 0))
        previous = magnitudes[-1]
    centroid = np.concatenate(centroids)
    print(f"{len(envelope)} amplitude updates, {len(centroid)} spectral frames, peak {envelope.max():.3f}, flux sum {np.concatenate(fluxes).sum():.1f}")


if __name__ == "__main__":
    main()
