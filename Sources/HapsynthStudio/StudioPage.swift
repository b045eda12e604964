/// The studio's one page: the file tree, the editor, and for the chosen pattern the plot, the
/// renders to play (iPhone, an Android device, both), the lint findings at their lines and the
/// `devices` rows. It talks only to the server that served it; no file comes from elsewhere.
enum StudioPage {
    static let html = #"""
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>hapsynth studio</title>
<style>
:root { --line: 18px; font-family: system-ui, sans-serif; font-size: 14px; color: #1d1d1f; }
body { margin: 0; display: grid; grid-template-rows: auto 1fr; height: 100vh; }
header { display: flex; gap: 16px; align-items: center; padding: 6px 12px; background: #f2f2f4; border-bottom: 1px solid #ccc; }
header h1 { font-size: 15px; margin: 0; }
main { display: grid; grid-template-columns: 220px minmax(300px, 1fr) minmax(420px, 1.3fr); min-height: 0; }
main > * { min-width: 0; }
nav { overflow: auto; border-right: 1px solid #ddd; padding: 6px 0; }
nav button { display: block; width: 100%; text-align: left; border: 0; background: none; padding: 3px 12px; font: inherit; cursor: pointer; }
nav button.chosen { background: #dbe8ff; }
nav h2 { font-size: 12px; color: #666; margin: 10px 12px 2px; text-transform: uppercase; }
#editing { display: grid; grid-template-rows: auto 1fr auto; min-height: 0; border-right: 1px solid #ddd; }
#bar { display: flex; gap: 8px; align-items: center; padding: 6px 8px; }
#bar .name { font-weight: 600; flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
#code { display: grid; grid-template-columns: auto minmax(0, 1fr); overflow-y: auto; overflow-x: hidden; align-items: start; font: 13px/var(--line) ui-monospace, monospace; }
#gutter { text-align: right; padding: 4px 6px; color: #999; background: #fafafa; user-select: none; white-space: pre; }
#gutter .bad { color: #fff; background: #d70015; }
#gutter .warn { color: #000; background: #ffd60a; }
#editor { border: 0; outline: none; resize: none; padding: 4px 6px; font: inherit; white-space: pre; overflow-x: auto; overflow-y: hidden;
  width: 100%; box-sizing: border-box; tab-size: 4; }
#status { padding: 4px 8px; font-size: 12px; color: #444; border-top: 1px solid #ddd; min-height: 18px; }
#problem { display: none; padding: 6px 8px; background: #ffe5e5; color: #8a0010; font-size: 13px; white-space: pre-wrap; overflow-wrap: anywhere; }
#problem.shown { display: block; }
#panels { overflow: auto; padding: 8px 12px; }
section h2 { font-size: 13px; margin: 12px 0 4px; }
#plot svg { max-width: 100%; height: auto; }
#plot.stale { opacity: 0.45; }
#lint li { cursor: pointer; font-size: 13px; }
#lint .error { color: #b00010; } #lint .warning { color: #8a6100; }
table { border-collapse: collapse; font-size: 12px; } td, th { border: 1px solid #ddd; padding: 2px 6px; text-align: left; }
#devicePicker { display: flex; flex-wrap: wrap; gap: 4px 10px; font-size: 12px; margin-bottom: 4px; }
</style>
</head>
<body>
<header>
  <h1>hapsynth studio</h1>
  <label>Plot <select id="plotPlatform"><option value="ios">iPhone</option><option value="android">Android</option></select></label>
  <label>Android device <select id="androidDevice"></select></label>
  <span id="folders"></span>
</header>
<main>
  <nav id="tree" aria-label="pattern files"></nav>
  <div id="editing">
    <div id="bar"><span class="name" id="fileName">no file chosen</span><select id="patternName" hidden aria-label="pattern in the file"></select><button id="save" disabled>Save</button></div>
    <div id="code"><div id="gutter">1</div><textarea id="editor" spellcheck="false" wrap="off" aria-label="pattern text"></textarea></div>
    <div><div id="problem" role="alert"></div><div id="status">Choose a pattern on the left.</div></div>
  </div>
  <div id="panels">
    <section><h2>Play</h2>
      <button id="playIOS" data-platform="ios">▶ iPhone</button>
      <button id="playAndroid" data-platform="android">▶ Android</button>
      <button id="playBoth" data-platform="both">▶ Both (left iPhone, right Android)</button>
      <audio id="audio" controls></audio>
    </section>
    <section><h2>Plot</h2><div id="plot"></div></section>
    <section><h2>Lint</h2><ul id="lint"></ul></section>
    <section><h2>Devices</h2><div id="devicePicker"></div><table id="devices"></table></section>
  </div>
</main>
<script>
"use strict";
const $ = (id) => document.getElementById(id);
const state = { path: null, version: null, saved: "", editable: false, generation: 0, renders: {}, chosenDevices: new Set() };

async function call(url, options) {
  const response = await fetch(url, options);
  if (response.ok) return response;
  let problem = { error: response.status + " " + response.statusText };
  try { problem = await response.json(); } catch (_) {}
  const error = new Error(problem.error);
  error.line = problem.line; error.column = problem.column; error.status = response.status;
  throw error;
}
const query = (extra) => "path=" + encodeURIComponent(state.path) + (state.pattern ? "&pattern=" + encodeURIComponent(state.pattern) : "") + (extra || "");
const isCall = (path) => /^[a-z-]+(@[^:]*)?:/.test(path);

function showProblem(error) {
  // The loader's words begin FILE:LINE:COLUMN; the page says LINE:COLUMN once.
  const where = error && error.line ? error.line + ":" + error.column + ": " : "";
  const words = error ? (where ? error.message.replace(/^.*?:\d+:\d+: /, "") : error.message) : "";
  $("problem").textContent = error ? where + words : "";
  $("problem").classList.toggle("shown", !!error);
  state.problemLine = error && error.line ? error.line : null;
  drawGutter();
}

function drawGutter() {
  const count = $("editor").value.split("\n").length;
  const marks = state.lintLines || {};
  const lines = [];
  for (let line = 1; line <= count; line++) {
    const kind = line === state.problemLine ? "bad" : marks[line];
    lines.push(kind ? '<span class="' + kind + '">' + line + "</span>" : String(line));
  }
  $("gutter").innerHTML = lines.join("\n");
  $("editor").style.height = (count * 18 + 28) + "px";
}

function goToLine(line, column) {
  const editor = $("editor");
  const lines = editor.value.split("\n");
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += Math.max(0, (column || 1) - 1);
  editor.focus();
  editor.setSelectionRange(offset, offset);
}

async function loadFiles() {
  const listing = await (await call("/api/files")).json();
  $("folders").textContent = "folders: " + listing.folders.join(", ") + (listing.cut ? " (the list is cut)" : "");
  const tree = $("tree");
  tree.innerHTML = "";
  let folder = null;
  for (const path of listing.files) {
    const slash = path.lastIndexOf("/");
    const here = slash < 0 ? "." : path.slice(0, slash);
    if (here !== folder) { folder = here; const h = document.createElement("h2"); h.textContent = here; tree.appendChild(h); }
    addEntry(tree, path, path.slice(slash + 1));
  }
  const calls = document.createElement("h2"); calls.textContent = "system feedback calls"; tree.appendChild(calls);
  for (const name of listing.calls) addEntry(tree, name, name);
  const picker = $("androidDevice");
  const androids = listing.devices.filter((d) => d.platform === "android").map((d) => d.name).concat(listing.androidDevices);
  for (const name of androids) { const o = document.createElement("option"); o.value = o.textContent = name; picker.appendChild(o); }
  picker.value = androids.includes("pixel-5") ? "pixel-5" : androids[0];
  for (const device of listing.devices) {
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox"; box.value = device.name;
    box.checked = device.name === "iphone" || device.name === "pixel-5";
    if (box.checked) state.chosenDevices.add(device.name);
    box.addEventListener("change", () => { box.checked ? state.chosenDevices.add(device.name) : state.chosenDevices.delete(device.name); runDevices(state.generation); });
    label.append(box, " " + device.name);
    $("devicePicker").appendChild(label);
  }
  const wanted = decodeURIComponent(location.hash.replace(/^#/, ""));
  const first = listing.files.includes(wanted) || isCall(wanted) ? wanted : listing.files[0];
  if (first) choose(first);
}

function addEntry(tree, path, label) {
  const button = document.createElement("button");
  button.textContent = label; button.dataset.path = path; button.title = path;
  button.addEventListener("click", () => choose(path));
  tree.appendChild(button);
}

async function choose(path) {
  if (state.path && $("editor").value !== state.saved && !confirm("Leave " + state.path + " without saving?")) return;
  state.path = path; state.generation++; state.pattern = null; $("patternName").hidden = true;
  if (state.waiting) state.waiting.abort();  // the browser keeps few connections: free the last file's wait
  location.hash = encodeURIComponent(path);
  for (const b of document.querySelectorAll("nav button")) b.classList.toggle("chosen", b.dataset.path === path);
  $("fileName").textContent = path;
  $("plot").innerHTML = ""; $("lint").innerHTML = ""; $("devices").innerHTML = "";
  if (isCall(path)) {
    state.version = null; state.editable = false; state.saved = "";
    $("editor").value = "// " + path + " is a system feedback call: nothing to edit (docs/feedback.md)";
    $("editor").readOnly = true;
  } else {
    const file = await (await call("/api/file?" + query())).json();
    Object.assign(state, { version: file.version, saved: file.text, editable: file.editable });
    $("editor").value = file.text; $("editor").readOnly = !file.editable;
    watch(state.generation);
  }
  updateSaveButton(); showProblem(null); refresh("opened");
}

/** A file of several patterns (Kotlin) or effects (VibrationEffect text): a list to choose one. */
function choosePattern(names) {
  const picker = $("patternName");
  picker.innerHTML = "";
  for (const name of names) { const o = document.createElement("option"); o.value = o.textContent = name; picker.appendChild(o); }
  picker.hidden = false;
  state.pattern = names[0];
  refresh("pattern " + names[0]);
}

function updateSaveButton() { $("save").disabled = !state.editable || $("editor").value === state.saved; }

async function save() {
  if ($("save").disabled) return;
  const text = $("editor").value;
  try {
    const reply = await (await call("/api/save", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path: state.path, text: text, version: state.version }) })).json();
    state.version = reply.version; state.saved = text;
    updateSaveButton(); refresh("saved");
  } catch (error) { showProblem(error); }
}

async function watch(generation) {
  while (generation === state.generation && state.version) {
    let reply;
    if (state.waiting) state.waiting.abort();
    state.waiting = new AbortController();
    try { reply = await (await call("/api/wait?" + query("&version=" + state.version), { signal: state.waiting.signal })).json(); }
    catch (_) { if (generation !== state.generation) return; await new Promise((r) => setTimeout(r, 1000)); continue; }
    if (generation !== state.generation || !reply.changed || reply.version === state.version) continue;
    if ($("editor").value !== state.saved) {
      showProblem({ message: state.path + " changed on disk; your edits here are not saved (saving is refused until you reload the file)" });
      return;
    }
    const file = await (await call("/api/file?" + query())).json();
    Object.assign(state, { version: file.version, saved: file.text });
    $("editor").value = file.text; updateSaveButton(); refresh("changed on disk");
  }
}

async function refresh(reason) {
  const generation = state.generation + 0.5;
  state.refreshing = generation; state.renders = {};
  const started = performance.now();
  drawGutter();
  const plotting = call("/api/plot?" + query("&platform=" + $("plotPlatform").value + "&device=" + $("androidDevice").value))
    .then((r) => r.text()).then((svg) => {
      if (state.refreshing !== generation) return;
      $("plot").innerHTML = svg; $("plot").classList.remove("stale"); showProblem(null);
      $("plot").dataset.version = state.version || state.path;
    }).catch((error) => {
      if (state.refreshing !== generation) return;
      const names = /(?:declares|holds) \d+ (?:patterns|effects) \(([^)]*)\)/.exec(error.message);
      if (names && !state.pattern) { choosePattern(names[1].split(", ")); return; }
      $("plot").classList.add("stale"); showProblem(error);
    });
  const linting = isCall(state.path) ? Promise.resolve() : call("/api/lint?" + query()).then((r) => r.json()).then((report) => {
    if (state.refreshing !== generation) return;
    state.lintLines = {};
    $("lint").innerHTML = "";
    for (const finding of report.findings) {
      const item = document.createElement("li");
      item.className = finding.severity;
      item.textContent = (finding.line ? finding.line + ":" + finding.column + " " : "") + finding.ruleId + " " + finding.severity + ": " + finding.message;
      if (finding.line) { item.addEventListener("click", () => goToLine(finding.line, finding.column)); if (finding.severity !== "info") state.lintLines[finding.line] = finding.severity === "error" ? "bad" : "warn"; }
      $("lint").appendChild(item);
    }
    if (!report.findings.length) $("lint").innerHTML = "<li>no findings</li>";
    drawGutter();
  }).catch(() => {});
  await Promise.all([plotting, linting]);
  $("status").textContent = reason + ": " + (state.version ? "version " + state.version : state.path) + ", shown in " + Math.round(performance.now() - started) + " ms";
  $("status").dataset.ms = String(Math.round(performance.now() - started));
  runDevices(state.generation);
}

async function runDevices(generation) {
  if (!state.path || !state.chosenDevices.size) { $("devices").innerHTML = ""; return; }
  try {
    const report = await (await call("/api/devices?" + query("&devices=" + [...state.chosenDevices].join(",")))).json();
    if (generation !== state.generation) return;
    const rows = ["<tr><th>device</th><th>platform</th><th>backend</th><th>loss</th><th>mostly</th><th>level</th></tr>"];
    for (const row of report.summary || []) {
      rows.push("<tr>" + [row.name, row.platform, row.backend, row.verdict, row.mostly, row.level].map((v) => "<td>" + String(v).replace(/[<&]/g, (c) => c === "<" ? "&lt;" : "&amp;") + "</td>").join("") + "</tr>");
    }
    $("devices").innerHTML = rows.join("");
  } catch (error) { $("devices").innerHTML = "<tr><td>" + error.message.replace(/</g, "&lt;") + "</td></tr>"; }
}

/** The render of the chosen file on `platform`, fetched once per version and device. */
async function fetchRender(platform) {
  const device = platform === "ios" ? "" : $("androidDevice").value;
  const key = platform + ":" + device + ":" + state.version + ":" + (state.pattern || "");
  if (!state.renders[key]) {
    const bytes = await (await call("/api/render?" + query("&platform=" + platform + (device ? "&device=" + device : "")))).arrayBuffer();
    const digest = Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))).map((b) => b.toString(16).padStart(2, "0")).join("");
    state.renders[key] = { url: URL.createObjectURL(new Blob([bytes], { type: "audio/wav" })), digest: digest, bytes: bytes };
  }
  return state.renders[key];
}

/** Plays the render on one platform in the audio element; "both" plays the iPhone's render on
 * the left and the Android device's on the right, each as the command renders it. */
async function play(platform) {
  const audio = $("audio");
  try {
    if (platform === "both") {
      const [ios, android] = await Promise.all([fetchRender("ios"), fetchRender("android")]);
      const context = state.audioContext || (state.audioContext = new AudioContext());
      const [left, right] = await Promise.all([ios, android].map((r) => context.decodeAudioData(r.bytes.slice(0))));
      const pair = context.createBuffer(2, Math.max(left.length, right.length), context.sampleRate);
      pair.copyToChannel(left.getChannelData(0), 0);
      pair.copyToChannel(right.getChannelData(0), 1);
      if (state.playing) state.playing.stop();
      state.playing = context.createBufferSource();
      state.playing.buffer = pair; state.playing.connect(context.destination); state.playing.start();
      Object.assign(audio.dataset, { digest: ios.digest + "+" + android.digest, bytes: String(ios.bytes.byteLength + android.bytes.byteLength),
        platform: "both", duration: String(pair.duration) });
      return;
    }
    const render = await fetchRender(platform);
    Object.assign(audio.dataset, { digest: render.digest, bytes: String(render.bytes.byteLength), platform: platform, duration: "" });
    audio.src = render.url;
    audio.onloadedmetadata = () => { audio.dataset.duration = String(audio.duration); };
    audio.play().catch(() => {});
  } catch (error) { showProblem(error); }
}

$("editor").addEventListener("input", () => { updateSaveButton(); drawGutter(); });
$("editor").addEventListener("keydown", (event) => {
  if ((event.ctrlKey || event.metaKey) && event.key === "s") { event.preventDefault(); save(); }
  if (event.key === "Tab") { event.preventDefault(); document.execCommand("insertText", false, "    "); }
});
$("save").addEventListener("click", save);
for (const id of ["playIOS", "playAndroid", "playBoth"]) $(id).addEventListener("click", () => play($(id).dataset.platform));
$("plotPlatform").addEventListener("change", () => refresh("platform"));
$("patternName").addEventListener("change", () => { state.pattern = $("patternName").value; refresh("pattern " + state.pattern); });
$("androidDevice").addEventListener("change", () => { if ($("plotPlatform").value === "android") refresh("device"); });
window.addEventListener("beforeunload", (event) => { if (state.path && $("editor").value !== state.saved) event.preventDefault(); });
loadFiles().catch((error) => showProblem(error));
</script>
</body>
</html>
"""#
}
