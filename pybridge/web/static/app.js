// The puzzlog page: open a puzzle, type entries, ask the API to check, hint, solve, rate.
// The board is the engine's own SVG picture; entries are drawn over its cells.

const $ = (id) => document.getElementById(id);
const KINDS = ["sudoku", "sudoku-x", "jigsaw", "jigsaw-x", "greater-than", "futoshiki", "adjacent", "kakuro"];
const LEVELS = ["trivial", "basic", "intermediate", "advanced", "extreme", "unreasonable"];
const VALUE_CHARS = "123456789ABCDEFGHIJKLMNOPQ";

let current = null;     // {text, kind, format, index, rows, cols}
let entries = {};       // "r1c2" -> value
let selected = null;    // "r1c2"

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function say(text, isError = false) {
  $("message").textContent = text;
  $("message").className = isError ? "error" : "";
}

function storageKey() { return current && `puzzlog:${current.index}:${current.text}`; }

function saveEntries() {
  if (current) localStorage.setItem(storageKey(), JSON.stringify(entries));
}

function show(puzzle, text, format) {
  current = {text, kind: puzzle.kind, format, index: puzzle.index, rows: puzzle.rows, cols: puzzle.cols};
  $("board").innerHTML = puzzle.picture;
  entries = JSON.parse(localStorage.getItem(storageKey()) || "{}");
  selected = null;
  drawEntries();
  $("aside").innerHTML = "";
  say(`${puzzle.kind} ${puzzle.rows}x${puzzle.cols}`);
}

function isGiven(cell) { return $("board").querySelector(`text[data-value="${cell}"]`) !== null; }

function drawEntries(wrong = []) {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  svg.querySelectorAll(".entry").forEach((e) => e.remove());
  for (const [cell, value] of Object.entries(entries)) {
    const rect = svg.querySelector(`rect[data-cell="${cell}"]`);
    if (!rect) continue;
    const size = Number(rect.getAttribute("width"));
    const t = document.createElementNS("http://www.w3.org/2000/svg", "text");
    t.setAttribute("x", Number(rect.getAttribute("x")) + size / 2);
    t.setAttribute("y", Number(rect.getAttribute("y")) + size * 0.72);
    t.setAttribute("font-size", size * 0.6);
    t.setAttribute("text-anchor", "middle");
    t.setAttribute("class", wrong.includes(cell) ? "entry wrong" : "entry");
    t.setAttribute("data-entry", cell);
    t.textContent = VALUE_CHARS[value - 1];
    svg.appendChild(t);
  }
}

function select(cell) {
  const svg = $("board").querySelector("svg");
  svg.querySelectorAll("rect.selected").forEach((r) => r.classList.remove("selected"));
  selected = cell;
  const rect = svg.querySelector(`rect[data-cell="${cell}"]`);
  if (rect) rect.classList.add("selected");
}

function grid() {
  const values = new Array(current.rows * current.cols).fill(0);
  for (const [cell, value] of Object.entries(entries)) {
    const [, r, c] = cell.match(/r(\d+)c(\d+)/).map(Number);
    values[(r - 1) * current.cols + c - 1] = value;
  }
  return values;
}

function request(extra = {}) {
  return {puzzle: current.text, format: current.format, index: current.index, ...extra};
}

async function run(action) {
  if (!current) { say("Open a puzzle first.", true); return; }
  try { await action(); } catch (error) { say(error.message, true); }
}

function onKey(event) {
  if (!current || !selected) return;
  const [, r, c] = selected.match(/r(\d+)c(\d+)/).map(Number);
  const moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
  if (moves[event.key]) {
    const [dr, dc] = moves[event.key];
    const next = `r${r + dr}c${c + dc}`;
    if ($("board").querySelector(`rect[data-cell="${next}"]`)) select(next);
    event.preventDefault();
    return;
  }
  if (isGiven(selected)) return;
  const value = VALUE_CHARS.indexOf(event.key.toUpperCase()) + 1;
  const most = current.kind === "kakuro" ? 9 : current.rows;
  if (value >= 1 && value <= most) entries[selected] = value;
  else if (["Backspace", "Delete", "0", " "].includes(event.key)) delete entries[selected];
  else return;
  event.preventDefault();
  saveEntries();
  drawEntries();
}

async function openBundled(name, index = 0) {
  const data = await api(`/api/bundled/${encodeURIComponent(name).replaceAll("%2F", "/")}`);
  const readable = data.puzzles.filter((p) => !p.error);
  $("bundled").value = name;
  $("index").innerHTML = readable.map((p) => `<option value="${p.index}">#${p.index} ${p.kind}</option>`).join("");
  $("index").onchange = () => {
    show(readable.find((p) => p.index == $("index").value), data.text, null);
    location.hash = `bundled=${name}&index=${$("index").value}`;
  };
  const chosen = readable.find((p) => p.index == index) || readable[0];
  if (chosen) {
    $("index").value = chosen.index;
    show(chosen, data.text, null);
    location.hash = `bundled=${name}&index=${chosen.index}`;
  }
}

async function start() {
  $("gen-kind").innerHTML = KINDS.map((k) => `<option>${k}</option>`).join("");
  $("gen-level").innerHTML += LEVELS.slice(0, 5).map((l) => `<option>${l}</option>`).join("");
  const {files} = await api("/api/bundled");
  $("bundled").innerHTML += files.map((f) => `<option>${f}</option>`).join("");
  $("bundled").onchange = () => { if ($("bundled").value) openBundled($("bundled").value).catch((e) => say(e.message, true)); };
  $("load").onclick = async () => {
    try {
      const text = $("text").value;
      const {puzzles} = await api("/api/read", {puzzle: text});
      const first = puzzles.find((p) => !p.error);
      if (!first) throw new Error(puzzles[0].error);
      show(first, text, null);
    } catch (error) { say(error.message, true); }
  };
  $("generate").onclick = async () => {
    say("Generating ...");
    try {
      const kind = $("gen-kind").value;
      const g = await api("/api/generate", {kind, size: Number($("gen-size").value),
        difficulty: $("gen-level").value || null, seed: Math.floor(Math.random() * 1e9)});
      const {puzzles} = await api("/api/read", {puzzle: g.puzzle});
      show(puzzles[0], g.puzzle, g.format);
      say(`A new ${kind}, ${g.level} (seed ${g.seed}).`);
    } catch (error) { say(error.message, true); }
  };
  $("board").addEventListener("click", (event) => {
    const cell = event.target.getAttribute && event.target.getAttribute("data-cell");
    if (cell && event.target.tagName === "rect") { select(cell); $("board").focus(); }
  });
  $("board").addEventListener("keydown", onKey);
  $("check").onclick = () => run(async () => {
    const report = await api("/api/check", request({grid: grid()}));
    const wrong = (report.wrong || []).map(([r, c]) => `r${r}c${c}`);
    const broken = (report.entry_problems || []).flatMap((p) => p.cells.map(([r, c]) => `r${r}c${c}`));
    drawEntries([...wrong, ...broken]);
    if (report.complete) say("Solved! Every entry is right.");
    else if (wrong.length || broken.length) say(`${wrong.length + broken.length} entries are wrong (in red).`);
    else say(`No mistakes so far; ${report.cells_left} cells left.`);
  });
  for (const level of [1, 2, 3]) {
    $(`hint${level}`).onclick = () => run(async () => {
      const h = await api("/api/hint", request({grid: grid(), level}));
      say(h.text);
      $("aside").innerHTML = level > 1 && h.picture ? h.picture : "";
    });
  }
  $("solve").onclick = () => run(async () => {
    const result = await api("/api/solve", request());
    $("aside").innerHTML = result.picture;
    say(`The solution (${result.status}).`);
  });
  $("rate").onclick = () => run(async () => {
    const rating = await api("/api/rate", request());
    say(rating.level ? `Level ${rating.level}, score ${rating.score}; hardest: ${rating.hardest}.`
                     : `Not rated: ${rating.status}.`);
  });
  $("clear").onclick = () => run(async () => { entries = {}; saveEntries(); drawEntries(); });
}

async function openFromAddress() {
  // #bundled=FILE&index=I opens that puzzle: a link to it, and a reload, show it again.
  const wanted = new URLSearchParams(location.hash.slice(1));
  if (wanted.get("bundled")) await openBundled(wanted.get("bundled"), Number(wanted.get("index") || 0));
}

start().then(openFromAddress).catch((error) => say(error.message, true));
