#!/usr/bin/env python3
"""Writes thud.wav: a 150 ms decaying 90 Hz thump with a 1.2 kHz click on top, 22.05 kHz 16-bit
mono; the sound of Rumble.ahap. Deterministic: the same bytes every time."""
import math
import os
import struct
import wave

RATE, SECONDS = 22050, 0.15


def main():
    samples = []
    for n in range(int(RATE * SECONDS)):
        t = n / RATE
        thump = math.sin(2 * math.pi * 90 * t) * math.exp(-t / 0.04)
        click = 0.3 * math.sin(2 * math.pi * 1200 * t) * math.exp(-t / 0.005)
        samples.append(int(round(0.8 * (thump + click) / 1.3 * 32767)))
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "thud.wav")
    with wave.open(path, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(b"".join(struct.pack("<h", s) for s in samples))


if __name__ == "__main__":
    main()
