#!/usr/bin/env python3
"""Opens `hapsynth studio` in a real browser (headless Chromium, driven over its DevTools pipe)
and uses it as a designer would: the page lists the folder, plots and lints the first pattern and
runs its devices rows; playing renders audio the browser decodes; editing a value and saving
changes the file by that value only and redraws the picture and the sound; a save in another
editor redraws it too (the time it took is printed); a save that does not load shows its
line:column and keeps the last good picture; a save over a file changed on disk is refused.
Screenshots go to .build/browser/studio-*.png. Prints `N passed, N failed`; exits 1 on a failure.
Without Chromium it says SKIPPED (in CI it fails). Usage: browser_check.py HAPSYNTH_BINARY."""
import json
import os
import base64
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, ".build", "browser")
sys.path.insert(0, os.path.join(ROOT, "Tests", "browser"))


class Browser:
    """Chromium headless over --remote-debugging-pipe: JSON messages ending in NUL on fds 3 and 4."""

    def __init__(self, executable, profile):
        commands_read, self.commands = os.pipe()
        self.replies, replies_write = os.pipe()

        def attach():
            os.dup2(commands_read, 3)
            os.dup2(replies_write, 4)

        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", "--user-data-dir=" + profile,
             "--autoplay-policy=no-user-gesture-required", "--window-size=1400,1000", "about:blank"],
            preexec_fn=attach, close_fds=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(commands_read)
        os.close(replies_write)
        self.buffer = b""
        self.next_id = 0
        self.session = None
        self.errors = []

    def send(self, method, params=None, timeout=60):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session and not method.startswith("Target."):
            message["sessionId"] = self.session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while time.time() < deadline:
            while b"\0" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("method") == "Runtime.exceptionThrown":
                    self.errors.append(json.dumps(reply["params"]["exceptionDetails"])[:300])
                if reply.get("method") == "Runtime.consoleAPICalled" and reply["params"].get("type") == "error":
                    self.errors.append(json.dumps(reply["params"]["args"])[:300])
                if reply.get("id") == self.next_id:
                    if "error" in reply:
                        raise RuntimeError(method + ": " + json.dumps(reply["error"]))
                    return reply.get("result", {})
            chunk = os.read(self.replies, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed its pipe")
            self.buffer += chunk
        raise TimeoutError(method)

    def open(self, url):
        target = self.send("Target.createTarget", {"url": url})["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.send("Page.enable")
        self.send("Runtime.enable")

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError(expression + ": " + json.dumps(result["exceptionDetails"])[:400])
        return result["result"].get("value")

    def wait(self, expression, seconds=60):
        """Polls `expression` every 20 ms until it is truthy; its value, or None after `seconds`."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.02)
        return None

    def screenshot(self, path):
        data = self.send("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

    def close(self):
        try:
            self.send("Browser.close", timeout=10)
        except Exception:
            pass
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def main(binary):
    browser_path = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser_path:
        print("studio browser check: SKIPPED: no chromium")
        return 1 if os.environ.get("CI") else 0
    from check import not_blank
    os.makedirs(OUT, exist_ok=True)
    passed, failed = [0], [0]

    def check(what, ok, detail=""):
        if ok:
            passed[0] += 1
            print("ok: " + what)
        else:
            failed[0] += 1
            print("FAILED: " + what + (": " + str(detail) if detail else ""))

    scratch = tempfile.mkdtemp(prefix="hapsynth-studio-check-")
    folder = os.path.join(scratch, "patterns")
    os.makedirs(folder)
    for name in ["heartbeat.json", "envelope-hit.ahap", "Celebration.kt"]:
        shutil.copy(os.path.join(ROOT, "Samples", name), folder)
    pattern = os.path.join(folder, "heartbeat.json")
    original = open(pattern).read()
    studio = subprocess.Popen([os.path.abspath(binary), "studio", "patterns"], cwd=scratch, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    shown = "patterns/heartbeat.json"
    browser = None
    try:
        line = studio.stdout.readline()
        check("the studio says where it listens", line.startswith("hapsynth studio: http://127.0.0.1:"), line)
        url = line.split()[2]
        browser = Browser(browser_path, os.path.join(scratch, "profile"))
        browser.open(url)
        first = browser.wait("document.querySelector('#plot svg') && document.querySelectorAll('#devices tr').length > 2 && document.getElementById('plot').dataset.version")
        check("the page plots the first pattern and runs its devices rows", bool(first))
        files = browser.evaluate("[...document.querySelectorAll('nav button')].map(b => b.dataset.path).filter(p => !p.includes(':'))")
        check("the tree lists the folder's patterns", files == ["patterns/Celebration.kt", "patterns/envelope-hit.ahap", shown], files)
        check("the first pattern's text is in the editor", browser.evaluate("document.getElementById('editor').value") == open(os.path.join(scratch, files[0])).read())
        browser.evaluate("choose(" + json.dumps(shown) + ")")
        browser.wait("document.getElementById('fileName').textContent === " + json.dumps(shown) + " && document.querySelector('#plot svg')")
        browser.wait("document.getElementById('lint').children.length > 0")
        rows = browser.evaluate("[...document.querySelectorAll('#devices td:first-child')].map(td => td.textContent)")
        check("the devices rows are iphone and pixel-5", rows == ["iphone", "pixel-5"], rows)
        before_svg = browser.evaluate("document.querySelector('#plot svg').outerHTML")

        def play(button):
            browser.evaluate("document.getElementById('audio').dataset.duration = ''; document.getElementById('" + button + "').click()")
            browser.wait("document.getElementById('audio').dataset.duration", 60)
            return browser.evaluate("({digest: audio.dataset.digest, duration: Number(audio.dataset.duration), bytes: Number(audio.dataset.bytes)})")

        ios = play("playIOS")
        check("the iPhone render decodes in the browser (%.3f s)" % ios["duration"], ios["duration"] > 2.0, ios)
        android = play("playAndroid")
        check("the Android render decodes and differs from the iPhone's", android["duration"] > 2.0 and android["digest"] != ios["digest"], android)
        both = play("playBoth")
        check("both plays the iPhone's render on the left and the Android one's on the right (%.3f s)" % both["duration"],
              both["digest"] == ios["digest"] + "+" + android["digest"] and abs(both["duration"] - max(ios["duration"], android["duration"])) < 0.05,
              [ios, android, both])
        browser.screenshot(os.path.join(OUT, "studio-1.png"))
        visible, dark, colours = not_blank(os.path.join(OUT, "studio-1.png"))
        check("the page's screenshot is not blank (%d dark samples, %d colours)" % (dark, colours), visible)

        # Edit one value in the editor and save, as a designer would (Ctrl-S).
        edited = original.replace('"durationMs": 60', '"durationMs": 120', 1)
        check("the sample has the value the check edits", edited != original)
        browser.evaluate("""(() => { const e = document.getElementById('editor');
            const at = e.value.indexOf('"durationMs": 60') + '"durationMs": '.length;
            e.focus(); e.setSelectionRange(at, at + 2); document.execCommand('insertText', false, '120');
            e.dispatchEvent(new KeyboardEvent('keydown', {key: 's', ctrlKey: true, bubbles: true})); })()""")
        redrawn = browser.wait("document.querySelector('#plot svg') && document.querySelector('#plot svg').outerHTML !== " + json.dumps(before_svg), 30)
        check("saving redraws the picture", bool(redrawn))
        check("the file changed by that value only", open(pattern).read() == edited)
        after = play("playIOS")
        check("the sound changed with it (%.3f s, was %.3f s)" % (after["duration"], ios["duration"]),
              after["digest"] != ios["digest"] and after["duration"] > ios["duration"], after)

        # A save in another editor (written by rename, as editors do) redraws the page.
        shown_svg = browser.evaluate("document.querySelector('#plot svg').outerHTML")
        theirs = edited.replace('"durationMs": 120', '"durationMs": 90', 1)
        with open(pattern + ".tmp", "w") as file:
            file.write(theirs)
        saved_at = time.time()
        os.rename(pattern + ".tmp", pattern)
        seen = browser.wait("document.querySelector('#plot svg').outerHTML !== " + json.dumps(shown_svg) + " && document.getElementById('editor').value === " + json.dumps(theirs), 30)
        latency_ms = (time.time() - saved_at) * 1000
        check("a save in another editor redraws the page (seen after %.0f ms, the page's own time %s ms)" % (latency_ms, browser.evaluate("document.getElementById('status').dataset.ms")), bool(seen))

        # A save that does not load: its line:column shows, the last good picture stays.
        good_svg = browser.evaluate("document.querySelector('#plot svg').outerHTML")
        broken = theirs.replace('"durationMs": 90', '"durationMs": 90,,', 1)
        with open(pattern, "w") as file:
            file.write(broken)
        problem = browser.wait("document.getElementById('problem').classList.contains('shown') && document.getElementById('problem').textContent", 30)
        line = broken[:broken.index(",,")].count("\n") + 1
        check("the error shows at its line:column (%s)" % (problem or "")[:60], bool(problem) and problem.startswith(str(line) + ":"), problem)
        check("the error's line is marked in the editor", browser.evaluate("document.querySelector('#gutter .bad') && document.querySelector('#gutter .bad').textContent") == str(line))
        check("the last good picture stays", browser.evaluate("document.querySelector('#plot svg').outerHTML") == good_svg and browser.evaluate("plot.classList.contains('stale')"))
        browser.screenshot(os.path.join(OUT, "studio-2.png"))

        # Edits in the page while the file changes on disk: the save is refused.
        with open(pattern, "w") as file:
            file.write(theirs)
        browser.wait("!document.getElementById('problem').classList.contains('shown') && editor.value === " + json.dumps(theirs), 30)
        browser.evaluate("(() => { const e = document.getElementById('editor'); e.focus(); e.setSelectionRange(0, 0); document.execCommand('insertText', false, ' '); })()")
        with open(pattern, "w") as file:
            file.write(original)
        browser.wait("problem.textContent.includes('changed on disk')", 30)
        browser.evaluate("document.getElementById('save').click()")
        refused = browser.wait("problem.textContent.includes('changed on disk since it was loaded') && problem.textContent", 30)
        check("a save over a file changed on disk is refused", bool(refused), browser.evaluate("problem.textContent"))
        check("the file on disk is the other editor's", open(pattern).read() == original)
        # A Kotlin file of two patterns: the page offers them and plots the first.
        browser.evaluate("editor.value = state.saved")  # leave the refused edit (the page would ask)
        browser.evaluate("choose('patterns/Celebration.kt')")
        chosen = browser.wait("!document.getElementById('patternName').hidden && document.querySelector('#plot svg') && !problem.classList.contains('shown') && patternName.value", 30)
        check("a Kotlin file's patterns are offered and the first is plotted (%s)" % chosen, chosen == "taps")
        check("the page ran without script errors", browser.errors == [], browser.errors)
    finally:
        if browser:
            browser.close()
        studio.terminate()
        try:
            studio.wait(20)
        except subprocess.TimeoutExpired:
            studio.kill()
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"{passed[0]} passed, {failed[0]} failed")
    return 0 if failed[0] == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
