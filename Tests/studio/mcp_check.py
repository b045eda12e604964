#!/usr/bin/env python3
"""Talks to `hapsynth studio --mcp` with the official MCP client from PyPI (the `mcp` package):
the handshake, the tool list, and each tool on a sample file and on a text; the lint tool's text
must be `hapsynth lint --format json` byte for byte, the render tool's audio the WAV `hapsynth
render` writes. Every request is bounded in time. Prints what it did and `N passed, N failed`;
exits 1 on a failure. Usage: mcp_check.py HAPSYNTH_BINARY."""
import asyncio
import base64
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


async def run(binary):
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    passed, failed = 0, 0

    def check(what, ok, detail=""):
        nonlocal passed, failed
        if ok:
            passed += 1
            print("ok: " + what)
        else:
            failed += 1
            print("FAILED: " + what + (": " + detail if detail else ""))

    sample = "Samples/heartbeat.json"
    parameters = StdioServerParameters(command=binary, args=["studio", "--mcp", "Samples"], cwd=ROOT)
    async with stdio_client(parameters) as (read, write):
        async with ClientSession(read, write, read_timeout_seconds=60) as session:
            started = await asyncio.wait_for(session.initialize(), 30)
            check("the handshake agrees on a revision (" + started.protocol_version + ") with server " + started.server_info.name,
                  started.server_info.name == "hapsynth")
            tools = await asyncio.wait_for(session.list_tools(), 30)
            names = [tool.name for tool in tools.tools]
            check("the tools are plan, render, lint, compare, devices", names == ["plan", "render", "lint", "compare", "devices"], str(names))

            lint = await asyncio.wait_for(session.call_tool("lint", {"path": sample}), 60)
            command = subprocess.run([binary, "lint", sample, "--format", "json"], cwd=ROOT, capture_output=True, text=True, timeout=60)
            check("lint on a path is `hapsynth lint --format json` byte for byte", lint.content[0].text == command.stdout, lint.content[0].text[:200])

            render = await asyncio.wait_for(session.call_tool("render", {"path": sample, "platform": "android", "device": "pixel-5"}), 120)
            audio = [item for item in render.content if item.type == "audio"]
            with tempfile.TemporaryDirectory() as scratch:
                out = os.path.join(scratch, "out.wav")
                subprocess.run([binary, "render", sample, out, "--platform", "android", "--android-device", "pixel-5"], cwd=ROOT, check=True,
                               capture_output=True, timeout=120)
                expected = open(out, "rb").read()
            check("render's audio is the WAV `hapsynth render` writes", len(audio) == 1 and base64.b64decode(audio[0].data) == expected)
            check("render's summary names the render", render.content[0].text.startswith("render.wav: "), render.content[0].text)

            text = open(os.path.join(ROOT, sample)).read()
            plan = await asyncio.wait_for(session.call_tool("plan", {"text": text, "format": "json"}), 60)
            check("plan takes a pattern's text", not plan.is_error and '"players"' in plan.content[0].text, plan.content[0].text[:200])

            broken = await asyncio.wait_for(session.call_tool("lint", {"text": '{"events": [\n {"type": "transent"}\n]}'}), 60)
            check("lint of a broken text names text.json at line 2", '"path": "text.json"' in broken.content[0].text and '"line": 2' in broken.content[0].text,
                  broken.content[0].text[:300])

            softer = text.replace('"strong"', '"light"')
            compare = await asyncio.wait_for(session.call_tool("compare", {"expected": sample, "actualText": softer}), 120)
            check("compare tells an edit that changes the feel", '"pass": false' in compare.content[0].text, compare.content[0].text[:300])
            same = await asyncio.wait_for(session.call_tool("compare", {"expected": sample, "actual": sample}), 120)
            check("compare passes a pattern against itself", '"pass": true' in same.content[0].text, same.content[0].text[:300])

            devices = await asyncio.wait_for(session.call_tool("devices", {"path": sample, "devices": ["iphone", "pixel-5"]}), 120)
            command = subprocess.run([binary, "devices", sample, "iphone", "pixel-5", "--json"], cwd=ROOT, capture_output=True, text=True, timeout=120)
            check("devices is `hapsynth devices --json`", devices.content[0].text + "\n" == command.stdout)

            outside = await asyncio.wait_for(session.call_tool("plan", {"path": "Package.swift"}), 30)
            check("a path outside the folders is a tool error", outside.is_error and "inside the folders" in outside.content[0].text, outside.content[0].text)
    print(f"{passed} passed, {failed} failed")
    return failed == 0


def main():
    try:
        import mcp  # noqa: F401
    except ImportError:
        print("mcp_check: SKIPPED: the mcp package is not installed (make deps installs it)")
        return 1 if os.environ.get("CI") else 0
    return 0 if asyncio.run(asyncio.wait_for(run(sys.argv[1]), 600)) else 1


if __name__ == "__main__":
    sys.exit(main())
