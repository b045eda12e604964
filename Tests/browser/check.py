#!/usr/bin/env python3
"""Opens hapsynth's pictures in a real browser (headless Chromium): `plot` as SVG and HTML, a
`check --report` page, a `devices --report` page (ten device rows, nine with a render to play; the summary table above them,
one time axis for all) and
an AHAP plot with audio. Pages hold no scripts; every embedded clip must decode in the browser (a
probe page of the same sources reads each one's duration). Each page must parse without errors (no XML parse-error page, no console
messages) and its screenshot (kept in .build/browser/) must not be blank. Prints what it did and a
closing `N passed, N failed` line; exits 1 on a failure. Without Chromium it says SKIPPED."""
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, ".build", "browser")


def png_pixels(path):
    """(width, height, rows of RGB(A) bytes) of an 8-bit PNG, unfiltered."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    offset, idat, width, height, channels = 8, b"", 0, 0, 0
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            assert depth == 8, "only 8-bit PNGs"
            channels = {2: 3, 6: 4, 0: 1, 4: 2}[color]
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1: line[x] = (line[x] + a) & 255
            elif kind == 2: line[x] = (line[x] + b) & 255
            elif kind == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def not_blank(path):
    """Whether a screenshot shows something: enough non-white pixels and several distinct colours."""
    width, height, channels, rows = png_pixels(path)
    dark, colours = 0, set()
    for row in rows[::4]:
        for x in range(0, width * channels, channels * 4):
            pixel = row[x:x + 3]
            colours.add(pixel)
            if sum(pixel) < 600:
                dark += 1
    return dark > 200 and len(colours) > 8, dark, len(colours)


def laid_out(browser, scratch, name, page, script):
    """What `script` writes into the page's <pre id="out"> once Chromium has laid the page out, as words."""
    layout = os.path.join(scratch, name)
    with open(layout, "w") as file:
        file.write(page.replace("</body>", "<pre id='out'>waiting</pre><script>" + script + "</script></body>"))
    dom = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", "file://" + layout], capture_output=True, text=True,
                         timeout=120)
    found = re.search(r"<pre id=\"out\">([^<]*)</pre>", dom.stdout)
    return found.group(1).split() if found else []


def main():
    hapsynth = sys.argv[1]
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser:
        print("SKIPPED browser check: Chromium is not installed and could not be installed here")
        return 0
    os.makedirs(OUT, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="hapsynth-browser-")
    pages = []
    for name, arguments in [("plot-celebration.svg", ["plot", "Samples/celebration.json"]),
                            ("plot-long-swell.html", ["plot", "Samples/long-swell.json"]),
                            ("plot-envelope-hit.svg", ["plot", "Samples/envelope-hit.ahap"])]:
        target = os.path.join(scratch, name)
        subprocess.run([hapsynth] + arguments + [target], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        pages.append((name, target))
    suite, goldens = os.path.join(scratch, "suite"), os.path.join(scratch, "goldens")
    os.makedirs(os.path.join(suite, "ui"))
    with open(os.path.join(suite, "ui", "tap.json"), "w") as file:
        file.write('{"timeline": [{"transient": {"sharpness": 0.9}}, {"delay": 30}]}')
    with open(os.path.join(suite, "swell.json"), "w") as file:
        file.write('{"timeline": [{"continuous": {"durationMs": 200, "intensityCurve": [[0, 0], [200, 1]]}}]}')
    subprocess.run([hapsynth, "check", suite, "--goldens", goldens, "--record", "--rate", "8000"], check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(suite, "swell.json"), "w") as file:
        file.write('{"timeline": [{"continuous": {"durationMs": 200, "sharpness": 0.8, "intensityCurve": [[0, 0], [200, 1]]}}]}')
    report = os.path.join(scratch, "report.html")
    subprocess.run([hapsynth, "check", suite, "--goldens", goldens, "--report", report, "--artifacts", os.path.join(scratch, "art")],
                   stdout=subprocess.DEVNULL)
    pages.append(("check-report.html", report))
    devices = os.path.join(scratch, "devices.html")
    subprocess.run([hapsynth, "devices", "Samples/celebration.json", "--report", devices, "--rate", "16000"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    with open(devices) as page:
        text = page.read()
    if text.count('<section class="device"') != 10 or text.count("<audio controls") != 9:
        print("FAILED  devices.html: %d device rows, %d players (10 and 9 expected)" % (text.count('<section class="device"'), text.count("<audio controls")))
        return 1
    pages.append(("devices.html", devices))
    # from-audio's report: a synthesised sound of three hits, beside a clip made of it at another
    # sensitivity as the "designer's".
    import math, struct, wave
    sound = os.path.join(scratch, "hits.wav")
    with wave.open(sound, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(48000)
        frames = []
        for i in range(int(1.2 * 48000)):
            t = i / 48000
            v = sum(0.8 * math.exp(-(t - h) / 0.03) * math.sin(2 * math.pi * 180 * (t - h)) for h in (0.2, 0.5, 0.9) if t >= h)
            frames.append(struct.pack("<h", int(max(-1, min(1, v)) * 32767)))
        out.writeframes(b"".join(frames))
    designer = os.path.join(scratch, "designer.haptic")
    subprocess.run([hapsynth, "from-audio", sound, "-o", designer, "--sensitivity", "100", "-q"], check=True)
    from_audio = os.path.join(scratch, "from-audio.html")
    subprocess.run([hapsynth, "from-audio", sound, "-o", os.path.join(scratch, "hits.haptic"), "--reference", designer, "--report", from_audio, "-q"],
                   check=True)
    with open(from_audio) as page:
        report_text = page.read()
    if report_text.count("<audio controls") != 3 or "emphasis F1" not in report_text:
        print("FAILED  from-audio.html: %d players (3 expected), figures %s" % (report_text.count("<audio controls"), "emphasis F1" in report_text))
        return 1
    pages.append(("from-audio.html", from_audio))
    # Laid out by the browser: the summary table above the first row, every row's picture on one time axis.
    shown = laid_out(browser, scratch, "devices-layout.html", text,
                     "const s=document.querySelector('table.summary').getBoundingClientRect();"
                     + "const r=document.querySelector('section.device').getBoundingClientRect();"
                     + "const axes=[...document.querySelectorAll('section.device svg[data-from-ms]')].map(g=>g.dataset.fromMs+'-'+g.dataset.toMs+'@'"
                     + "+g.dataset.plotLeft+'-'+g.dataset.plotRight);"
                     + "document.getElementById('out').textContent=(s.bottom<=r.top?'above':'below')+' '+axes.length+' '+new Set(axes).size;")
    if len(shown) == 3 and shown[0] == "above" and shown[1] == "9" and shown[2] == "1":
        print("ok      devices.html: the summary table is above the rows; the rows' 9 pictures share one time axis")
    else:
        print("FAILED  devices.html layout: %s (expected the summary above, 9 pictures on 1 axis)" % shown)
        return 1

    # feedback's page, laid out by the browser: a row per call, a cell per device, each cell
    # coloured by its verdict and titled with the chain it becomes there.
    feedback = os.path.join(scratch, "feedback.html")
    subprocess.run([hapsynth, "feedback", "uikit:impact.light", "flutter:lightImpact", "android:TEXT_HANDLE_MOVE", "pixel-5", "iphone",
                    "--report", feedback, "--rate", "8000"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    with open(feedback) as page:
        feedback_text = page.read()
    shown = laid_out(browser, scratch, "feedback-layout.html", feedback_text,
                     "const cells=[...document.querySelectorAll('td[data-verdict]')];"
                     + "const colour=v=>new Set(cells.filter(c=>c.className.split(' ')[0]===v).map(c=>getComputedStyle(c).backgroundColor));"
                     + "document.getElementById('out').textContent=document.querySelectorAll('tr[data-call]').length+' '+cells.length+' '"
                     + "+cells.filter(c=>c.title.length>0).length+' '+[...colour('felt')].join('/').replace(/, /g,',')+' '"
                     + "+[...colour('silent')].join('/').replace(/, /g,',');")
    if shown == ["3", "6", "6", "rgb(216,240,216)", "rgb(243,198,198)"]:
        print("ok      feedback.html: 3 calls by 2 devices, every cell titled with its chain, felt and silent cells coloured apart")
    else:
        print("FAILED  feedback.html: %s (expected 3 rows, 6 cells, 6 titles, felt green and silent red)" % shown)
        return 1
    pages.append(("feedback.html", feedback))

    plot_audio = os.path.join(scratch, "plot-audio-chirp.html")
    subprocess.run([hapsynth, "plot", "Samples/audio-chirp.ahap", plot_audio], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    pages.append(("plot-audio-chirp.html", plot_audio))

    # Text laid out by the browser: no title, label or caption line cut at the picture's edge or
    # overlapping another (a long title and a long clamping warning wrap; a panel's title stays
    # in the left margin).
    long_title = os.path.join(scratch, "long-title.json")
    with open(long_title, "w") as file:
        file.write(json.dumps({"name": "texture", "description": "a sequence of low-sharpness, tightly spaced transient events with "
                               "parameter variations, to create a gravel-like texture that rumbles under the thumb",
                               "timeline": [{"repeat": {"count": 45, "timeline": [
                                   {"parallel": [{"transient": {"intensity": 1, "sharpness": 0.2}},
                                                 {"sequence": [{"delay": 10}, {"transient": {"intensity": 0.7, "sharpness": 0}}]}]},
                                   {"delay": 20}]}}]}))
    for name, arguments in [("text-long-title.svg", ["plot", long_title]),
                            ("text-android-primitives.svg", ["plot", "Samples/click-train.json", "--platform", "android", "--android-device", "phone-api31"]),
                            ("text-celebration.svg", ["plot", "Samples/celebration.json"])]:
        target = os.path.join(scratch, name)
        subprocess.run([hapsynth] + arguments + [target], cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        probe = os.path.join(scratch, "probe-" + name + ".html")
        with open(probe, "w") as file:
            file.write("<!DOCTYPE html><html><body style='margin:0'>" + open(target, encoding="utf-8").read()
                       + "<pre id='out'>waiting</pre><script>const svg=document.querySelector('svg');const W=+svg.getAttribute('width');"
                       + "const b=[...svg.querySelectorAll('text')].map(t=>({r:t.getBBox(),s:t.textContent}));const out=[];"
                       + "for(const x of b){if(x.r.x<0||x.r.x+x.r.width>W+0.5)out.push('cut: '+x.s.slice(0,40));}"
                       + "for(let i=0;i<b.length;i++)for(let j=i+1;j<b.length;j++){const a=b[i].r,c=b[j].r;"
                       + "if(a.x<c.x+c.width-1&&c.x<a.x+a.width-1&&a.y<c.y+c.height-1&&c.y<a.y+a.height-1)out.push('overlap: '+b[i].s.slice(0,30)+' / '+b[j].s.slice(0,30));}"
                       + "document.getElementById('out').textContent=out.length?out.join('; '):'clean '+b.length;</script></body></html>")
        dom = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", "file://" + probe], capture_output=True, text=True,
                             timeout=120)
        found = re.search(r"<pre id=\"out\">([^<]*)</pre>", dom.stdout)
        verdict = found.group(1) if found else "no answer"
        if verdict.startswith("clean "):
            print(f"ok      {name}: {verdict.split()[1]} text lines, none cut or overlapping")
        else:
            print(f"FAILED  {name}: {verdict}")
            return 1

    passed = failed = 0
    common = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
              "--autoplay-policy=no-user-gesture-required"]
    for name, path in pages:
        text = open(path, encoding="utf-8").read()
        sources = re.findall(r'<audio controls preload="metadata" src="(data:audio/wav;base64,[A-Za-z0-9+/=]*)"', text)
        if "<script" in text:
            failed += 1
            print(f"FAILED  {name}: the page has a script")
            continue
        if not sources:
            continue
        # Each clip must decode in the browser: a probe page of the same sources reports their durations.
        probe = os.path.join(scratch, "probe-" + os.path.splitext(name)[0] + ".html")
        with open(probe, "w") as file:
            file.write("<!DOCTYPE html><html><body><pre id='out'>waiting</pre>"
                       + "".join('<audio preload="metadata" src="%s"></audio>' % source for source in sources)
                       + "<script>const all=[...document.querySelectorAll('audio')];const done=()=>{document.getElementById('out').textContent="
                       + "all.map(a=>isFinite(a.duration)&&a.duration>0?a.duration.toFixed(3):'bad:'+(a.error?a.error.code:'none')).join(' ')};"
                       + "let left=all.length;all.forEach(a=>{const f=()=>{if(--left===0)done()};a.addEventListener('loadedmetadata',f);"
                       + "a.addEventListener('error',f)});setTimeout(done,8000);</script></body></html>")
        dom = subprocess.run(common + ["--virtual-time-budget=10000", "--dump-dom", "file://" + probe], capture_output=True, text=True, timeout=120)
        found = re.search(r"<pre id=\"out\">([^<]*)</pre>", dom.stdout)
        durations = found.group(1).split() if found else []
        if len(durations) == len(sources) and all(not d.startswith("bad") and d != "waiting" for d in durations):
            passed += 1
            print(f"ok      {name}: {len(sources)} clips decode in the browser ({', '.join(durations)} s)")
        else:
            failed += 1
            print(f"FAILED  {name}: clips {len(sources)}, browser says {durations}")
    for name, path in pages:
        shot = os.path.join(OUT, os.path.splitext(name)[0] + ".png")
        shown = subprocess.run(common + ["--window-size=1000,1400", "--screenshot=" + shot, "file://" + path],
                               capture_output=True, text=True, timeout=120)
        dom = subprocess.run(common + ["--dump-dom", "file://" + path], capture_output=True, text=True, timeout=120)
        console = [line for line in (shown.stderr + dom.stderr).splitlines() if "CONSOLE" in line]
        parse_error = "parsererror" in dom.stdout or "This page contains the following errors" in dom.stdout
        ok, dark, colours = not_blank(shot) if os.path.exists(shot) else (False, 0, 0)
        if ok and not console and not parse_error:
            passed += 1
            print(f"ok      {name}: screenshot {shot} ({dark} dark samples, {colours} colours), no console messages, parsed")
        else:
            failed += 1
            print(f"FAILED  {name}: screenshot ok {ok} ({dark} dark, {colours} colours), console {console[:3]}, parse error {parse_error}")
    shutil.rmtree(scratch, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
