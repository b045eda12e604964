#!/usr/bin/env python3
"""Writes chirp.wav: a 120 ms rising chirp (800 to 2400 Hz) at 44.1 kHz, 16-bit mono, with 5 ms
raised-cosine ends; the sound of Samples/audio-chirp.ahap. Deterministic: the same bytes every time."""
import math
import os
import struct
import wave

RATE, SECONDS, LOW, HIGH, FADE = 44100, 0.12, 800.0, 2400.0, 0.005


def main():
    frames = int(RATE * SECONDS)
    samples = []
    for n in range(frames):
        t = n / RATE
        phase = 2 * math.pi * (LOW * t + (HIGH - LOW) * t * t / (2 * SECONDS))
        edge = min(t, SECONDS - t)
        gain = 0.5 - 0.5 * math.cos(math.pi * edge / FADE) if edge < FADE else 1.0
        samples.append(int(round(0.7 * gain * math.sin(phase) * 32767)))
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "chirp.wav")
    with wave.open(path, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(struct.pack("<%dh" % frames, *samples))


if __name__ == "__main__":
    main()
