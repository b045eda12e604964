#!/usr/bin/env python3
"""`make bench-kotlin CORPUS=DIR`: hapsynth's Kotlin reader measured on the patterns Jindong's users
write (docs/kotlin.md, "Measured on Jindong's own code"). DIR holds Kotlin files as their authors
wrote them (an app's or a sample's `.kt` files), test files (kotest `test("…") { … }` bodies) and
documentation (`.md`/`.mdx` with ```kotlin blocks). App files are read as they are; a test's body
and a documentation block are laid out as a file of their own first: their `val`s become top-level
declarations, `compilePattern { … }` (Jindong's test helper) a composable's `Jindong { … }`, and
statements that hold a pattern (a bare `Jindong(…) { … }` or builder call) a composable or a `val`.
Every pattern found is then checked with `hapsynth check` and counted: read, needs a run, rejected
as Jindong rejects it, not read; a read pattern is compared with what the test asserts of it
(event count, starts, lengths, logical duration). Prints the figures; exits 0 (a measurement)."""
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

DECLARATION = re.compile(r"^\s*(@|package\b|import\b|(private |internal |public )?(val|var|fun|class|object|enum|data|interface|sealed|const)\b)")
CONTINUES_AT_END = ("=", "+", "-", "*", "/", ",", "(", "{", "->", "&&", "||", "?:", ".")
CONTINUES_AT_START = (".", "?.", "?:", "&&", "||", "}", ")", "else")


def depth_change(line):
    """Brackets a line opens minus those it closes, strings and // comments passed over."""
    depth, quote, index = 0, None, 0
    while index < len(line):
        char = line[index]
        if quote:
            if char == "\\":
                index += 1
            elif char == quote:
                quote = None
        elif line.startswith("//", index):
            break
        elif char in "\"'":
            quote = char
        elif char in "({[":
            depth += 1
        elif char in ")}]":
            depth -= 1
        index += 1
    return depth


def statements(text):
    """The top-level statements of a block of Kotlin, each as its lines joined."""
    found, current, depth = [], [], 0
    for line in text.split("\n"):
        stripped = line.strip()
        starts_new = depth == 0 and current and stripped and not stripped.startswith(CONTINUES_AT_START) \
            and not current[-1].split("//")[0].rstrip().endswith(CONTINUES_AT_END)
        if starts_new:
            found.append("\n".join(current))
            current = []
        if stripped or current:
            current.append(line)
        depth = max(0, depth + depth_change(line))
    if current:
        found.append("\n".join(current))
    return [statement for statement in found if statement.strip()]


def balanced(text, start):
    """The index just past the bracket that closes the one at `start`."""
    depth = 0
    for index in range(start, len(text)):
        if text[index] in "({[":
            depth += 1
        elif text[index] in ")}]":
            depth -= 1
            if depth == 0:
                return index + 1
    return len(text)


def test_bodies(text):
    """(name, body) of each kotest `test("name") { body }`."""
    for match in re.finditer(r'\btest\("((?:[^"\\]|\\.)*)"\)\s*\{', text):
        end = balanced(text, match.end() - 1)
        yield match.group(1), text[match.end():end - 1]


def lay_out(block, anonymous):
    """A test body or documentation block as a file: declarations kept, `compilePattern` as a
    composable, bare patterns named `snippetN`; the names of patterns a test may assert on."""
    out = []
    for statement in statements(block):
        stripped = statement.strip()
        named = re.match(r"^val\s+(\w+)\s*=\s*compilePattern\s*\{", stripped)
        if named:
            out.append("@Composable\nfun %s() {\n    Jindong %s\n}" % (named.group(1), stripped[stripped.index("{"):]))
        elif DECLARATION.match(stripped):
            out.append(stripped)
        elif "Jindong(" in stripped or "compilePattern" in stripped:
            body = stripped.replace("compilePattern {", "Jindong {").replace("compilePattern{", "Jindong {")
            out.append("@Composable\nfun snippet%d() {\n%s\n}" % (next(anonymous), body))
        elif re.match(r"^(haptic|transient|continuous|delay|repeat|repeatWithIndex|sequence|parallel|include|clip)\s*\(", stripped):
            out.append("val snippet%d = buildHapticPattern {\n%s\n}" % (next(anonymous), stripped))
        else:
            for match in re.finditer(r"buildHapticPattern\s*\{", stripped):
                end = balanced(stripped, match.end() - 1)
                out.append("val snippet%d = %s" % (next(anonymous), stripped[match.start():end]))
    return "\n\n".join(out) + "\n"


def expectations(body):
    """What a test asserts of its patterns: {name: {"count": n, "starts": {i: ms}, "lengths": {i: ms}, "duration": ms}}."""
    found = collections.defaultdict(lambda: {"starts": {}, "lengths": {}})
    for name, count in re.findall(r"(\w+)\.events shouldHaveSize (\d+)", body):
        found[name]["count"] = int(count)
    for name, index, field, value in re.findall(r"(\w+)\.events\[(\d+)\]\.(startTimeMs|durationMs) shouldBe (\d+)", body):
        found[name]["starts" if field == "startTimeMs" else "lengths"][int(index)] = int(value)
    for name, index, inner in re.findall(r"assertSoftly\((\w+)\.events\[(\d+)\]\)\s*\{([^}]*)\}", body):
        for field, value in re.findall(r"(startTimeMs|durationMs) shouldBe (\d+)", inner):
            found[name]["starts" if field == "startTimeMs" else "lengths"][int(index)] = int(value)
    for name, inner in re.findall(r"with\((\w+)\.events\.single\(\)\)\s*\{([^}]*)\}", body):
        found[name]["count"] = 1
        for field, value in re.findall(r"(startTimeMs|durationMs) shouldBe (\d+)", inner):
            found[name]["starts" if field == "startTimeMs" else "lengths"][0] = int(value)
    for name, values in re.findall(r"(\w+)\.events\.map \{ it\.startTimeMs \} shouldBe listOf\(([^)]*)\)", body):
        for index, value in enumerate(re.findall(r"\d+", values)):
            found[name]["starts"][index] = int(value)
    for name, value in re.findall(r"(\w+)\.durationMs shouldBe (\d+)", body):
        found[name]["duration"] = int(value)
    for name in re.findall(r"(\w+)\.events\.shouldBeEmpty\(\)", body):
        found[name]["count"] = 0
    return found


def events_of(hapsynth, path, name):
    """(events as (start, length), logical duration) of a pattern, from its pattern.json export."""
    text = subprocess.run([hapsynth, "export", path, "--pattern", name, "--to", "json", "-o", "-"], capture_output=True, text=True).stdout
    document = json.loads(text)
    events = []
    for element in document["timeline"]:
        for branch in element.get("parallel", []):
            start, length = 0, 0
            for part in branch["sequence"]:
                if "delay" in part:
                    start = part["delay"]
                else:
                    kind, value = next(iter(part.items()))
                    length = value if isinstance(value, int) else value.get("durationMs", 0)
            events.append((start, length))
    return events, document.get("durationMs")


def main():
    hapsynth, corpus = sys.argv[1], sys.argv[2]
    if not os.path.isdir(corpus):
        print(f"bench-kotlin: SKIPPED: no corpus folder {corpus!r} (give CORPUS=DIR: Jindong's sample, docs and tests, apps that use it)")
        return
    work = tempfile.mkdtemp(prefix="hapsynth-kotlin-corpus-")
    asserted = {}
    counter = iter(range(1, 1_000_000))
    for root, _, files in os.walk(corpus):
        for file in sorted(files):
            path = os.path.join(root, file)
            relative = os.path.relpath(path, corpus)
            text = open(path, encoding="utf-8", errors="replace").read()
            target = os.path.join(work, relative)
            if file.endswith((".md", ".mdx")):
                for index, block in enumerate(re.findall(r"```kotlin\n(.*?)```", text, re.S)):
                    os.makedirs(f"{target}.{index + 1}", exist_ok=True)
                    open(f"{target}.{index + 1}/Block.kt", "w").write(lay_out(block, counter))
            elif file.endswith(".kt") and "FunSpec(" in text:
                shared = "\n".join(s for s in statements(text[:text.find("class ")]) if s.strip().startswith(("private val", "val", "internal val")))
                for index, (_, body) in enumerate(test_bodies(text)):
                    folder = f"{target}.{index + 1}"
                    os.makedirs(folder, exist_ok=True)
                    open(f"{folder}/Test.kt", "w").write(shared + "\n\n" + lay_out(body, counter))
                    for name, facts in expectations(body).items():
                        asserted[(os.path.relpath(f"{folder}/Test.kt", work), name)] = facts
            elif file.endswith(".kt"):
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copy(path, target)
    goldens = tempfile.mkdtemp(prefix="hapsynth-kotlin-goldens-")
    check = subprocess.run([hapsynth, "check", work, "--goldens", goldens, "--record", "missing", "--json"], capture_output=True, text=True)
    results = json.loads(check.stdout)["results"] if check.stdout.strip() else []
    counts, reasons, seen, listed = collections.Counter(), collections.Counter(), set(), []
    exact, differ = 0, []
    for result in results:
        path, name = os.path.relpath(result["pattern"], work), result["name"].split("#", 1)[-1]
        text = open(result["pattern"]).read()
        # A test file's shared declarations are laid out with each test: counted once.
        key = (os.path.dirname(os.path.dirname(path)), name) if name in text.split("\n\n", 1)[0] and "Test.kt" in path else (path, name)
        if key in seen:
            continue
        seen.add(key)
        status = result["status"]
        if status in ("recorded", "ok"):
            counts["read"] += 1
            facts = asserted.get((path, name))
            if facts:
                events, duration = events_of(hapsynth, result["pattern"], name)
                ok = facts.get("count", len(events)) == len(events) and facts.get("duration", duration) == duration
                ok = ok and all(index < len(events) and events[index][0] == value for index, value in facts["starts"].items())
                ok = ok and all(index < len(events) and events[index][1] == value for index, value in facts["lengths"].items())
                exact += ok
                if not ok:
                    differ.append(f"{path}#{name}: expected {dict(facts)}, read {events} lasting {duration}")
        elif status == "not checked":
            kind = "needs a run" if result["note"].startswith("needs a run") else "not read"
            counts[kind] += 1
            message = result["note"].split(": ", 3)[-1]
            reasons[(kind, re.sub(r"`[^`]*`", "`…`", message))] += 1
            listed.append(f"{kind}: {path}#{name}: {message}")
        else:
            counts["rejected (invalid)"] += 1
            reasons[("rejected (invalid)", re.sub(r"`[^`]*`|\d+", "…", (result["error"] or "").split(": ", 3)[-1]))] += 1
            listed.append(f"rejected: {path}#{name}: {(result['error'] or '').split(': ', 3)[-1]}")
    total = sum(counts.values())
    print(f"bench-kotlin: {total} patterns in {corpus}")
    for kind in ("read", "needs a run", "rejected (invalid)", "not read"):
        print(f"  {kind:<20} {counts[kind]:>4}")
    print(f"  read and asserted by a test: {exact + len(differ)}, meeting every assertion: {exact}")
    for line in differ:
        print(f"    differs: {line}")
    print("  why, most common first:")
    for (kind, message), count in reasons.most_common(12):
        print(f"    {count:>3} {kind}: {message}")
    print("  each pattern not read:")
    for line in listed:
        print(f"    {line}")
    shutil.rmtree(work, ignore_errors=True)
    shutil.rmtree(goldens, ignore_errors=True)


if __name__ == "__main__":
    main()
