#!/usr/bin/env python3
"""Writes xing-cut.mp3: two seconds of a 220 Hz tone encoded to MP3 by this machine's libsndfile
(its LAME encoder writes a Xing header), then cut after 6,000 bytes, so the header's stream size
is off and libmpg123 writes "Warning: Xing stream size off by more than 1%" while it decodes.
Run it where libsndfile has MP3 support (Debian 12's libsndfile1 has)."""
import ctypes
import math
import os
import sys


class SFInfo(ctypes.Structure):
    _fields_ = [("frames", ctypes.c_int64), ("samplerate", ctypes.c_int), ("channels", ctypes.c_int),
                ("format", ctypes.c_int), ("sections", ctypes.c_int), ("seekable", ctypes.c_int)]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    library = ctypes.CDLL("libsndfile.so.1")
    library.sf_open.restype = ctypes.c_void_p
    info = SFInfo(0, 44100, 1, 0x230000 | 0x0082, 0, 0)  # SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III
    whole = os.path.join(here, "xing-whole.mp3")
    handle = library.sf_open(whole.encode(), 0x20, ctypes.byref(info))  # SFM_WRITE
    if not handle:
        sys.exit("libsndfile cannot write MP3 here")
    frames = 2 * 44100
    samples = (ctypes.c_float * frames)(*[0.5 * math.sin(2 * math.pi * 220 * n / 44100) for n in range(frames)])
    library.sf_writef_float(ctypes.c_void_p(handle), samples, ctypes.c_int64(frames))
    library.sf_close(ctypes.c_void_p(handle))
    with open(whole, "rb") as source:
        data = source.read()[:6000]
    os.remove(whole)
    with open(os.path.join(here, "xing-cut.mp3"), "wb") as out:
        out.write(data)


if __name__ == "__main__":
    main()
