// The puzzlog page: open a puzzle, play it (entries, pencil marks, undo), ask the API to
// check, hint, reveal, solve, rate and explain, keep it in the library, or design one (the
// design's own rules are design.js).  The board is the engine's own SVG picture; entries
// and pencil marks are drawn over its cells.

import {catalogue, charValue, loadCatalogue, valueChar} from "./cells.js";
import {applyKey, counted, designSizes, designText, emptyDesign, extendCage, isJigsaw, makeCage, readAs,
        sizeProblem} from "./design.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";

let current = null;   // the puzzle shown: {text, kind, format, index, rows, cols}
let play = null;      // the player's progress, kept in the browser (see fresh())
let selected = null;  // "r1c2"
let undone = [];      // positions undo took back, for redo
let explanation = null, stepAt = 0, playing = null;
let libraryOn = true;  // false when the server keeps no library
let design = null;     // while designing: {kind, size, givens, across, down, regions, black, clues, cage, sums}
let dragged = null;    // the cells (indices) a drag over a Killer design's board has crossed
let designUndo = [], designRedo = [];  // earlier and taken-back designs, as JSON
let designTurn = 0;    // counts the verdicts asked for
let keepTimer = null;  // progress goes to the library a moment after the last change
const DESIGN_SECONDS = 3;  // engine time for each design verdict

function fresh() {
  return {entries: {}, pencil: {}, history: [], started: Date.now(), mistakes: 0, hints: 0, reveals: 0,
          finished: null, paused: 0, pausedAt: null};
}

async function apiCall(path, body, signal = undefined) {
  const response = await fetch(path, body === undefined ? {signal} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body), signal});
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function say(text, isError = false) {
  $("message").textContent = inPageWords(text);
  $("message").className = isError ? "error" : "";
}

// A jigsaw's regions are named by the letters the board shows, not the engine's numbers.
const REGION_LETTERS = "abcdefghijklmnopqrstuvwxy";
function inPageWords(text) {
  if (!current?.regions || design) return text;
  return text.replace(/\bbox(es)? (\d+)/g, (_, plural, n) => `region${plural ? "s" : ""} ${REGION_LETTERS[n - 1]}`);
}

const api = (path, body) => apiCall(path, body);
const storageKey = () => `puzzlog:${current.index}:${current.text}`;
const save = () => localStorage.setItem(storageKey(), JSON.stringify(play));
const cellAt = (r, c) => `r${r}c${c}`;
const cellOf = (i, cols) => cellAt(Math.floor(i / cols) + 1, i % cols + 1);  // of a row-major index
const rowCol = (cell) => cell.match(/r(\d+)c(\d+)/).slice(1).map(Number);
const rect = (cell) => $("board").querySelector(`rect[data-cell="${cell}"]`);
// A white cell, or in design also a Kakuro's black one (it can be turned white again).
const pickable = (cell) => rect(cell) || (design && $("board").querySelector(`rect[data-black="${cell}"]`));
const isGiven = (cell) => $("board").querySelector(`text[data-value="${cell}"]`) !== null;
const largest = () => current.largest || current.rows;  // the largest value a cell takes
const indexOf = (cell) => { const [r, c] = rowCol(cell); return (r - 1) * current.cols + c - 1; };
// What a cell holds now: the player's entry, else its given, else 0.
const valueAt = (i) => play.entries[cellOf(i, current.cols)] || current.givens[i] || 0;
// Right by the solution the page asked for (none yet, or none unique: never "right").
const isRight = (i) => Boolean(current.solution) && current.solution[i] === valueAt(i);
const mmss = (seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

// The cells that share a unit with a cell (row, column, box or region, diagonal, Kakuro run).
function peers(cell) {
  const i = indexOf(cell), out = new Set();
  for (const unit of current.units) if (unit.includes(i)) unit.forEach((j) => { if (j !== i) out.add(j); });
  return out;
}

// The entries that break the all-different rule of a unit, blamed only on entries the solution
// says are wrong (never a given, never a right entry; every one while there is no solution).
function clashes() {
  const blamed = new Set();
  for (const unit of current.units) {
    const seen = new Map();
    for (const i of unit) {
      const v = valueAt(i);
      if (v) seen.set(v, [...(seen.get(v) || []), i]);
    }
    for (const cells of seen.values()) {
      if (cells.length < 2) continue;
      for (const i of cells) {
        const cell = cellOf(i, current.cols);
        if (play.entries[cell] && !isRight(i)) blamed.add(cell);
      }
    }
  }
  return blamed;
}

function show(puzzle, text, format, source = "", readAs = null) {
  if (keepTimer) {  // the progress of the puzzle left goes to the library first
    clearTimeout(keepTimer);
    keepTimer = null;
    keepProgress().catch(() => {});
  }
  current = {text, kind: puzzle.kind, format, index: puzzle.index, rows: puzzle.rows, cols: puzzle.cols, id: null,
             readAs, units: puzzle.units || [], givens: puzzle.givens || [], solution: null,
             regions: puzzle.regions || null, largest: puzzle.largest};
  if (!design) {
    keep(source);
    localStorage.setItem("puzzlog:last", JSON.stringify({text, format, index: puzzle.index, readAs, source}));
    learnSolution(current);
  }
  if (source !== $("bundled").value || !source) {  // not a bundled file: its menu and link no longer apply
    $("bundled").value = "";
    $("index").innerHTML = "";
    if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  }
  $("board").innerHTML = puzzle.picture;
  delete $("board").dataset.solution;
  drawPad();
  play = Object.assign(fresh(), JSON.parse(localStorage.getItem(storageKey()) || "{}"));
  selected = null;
  undone = [];
  closeStepper();
  draw();
  $("board").classList.toggle("paused", Boolean(play.pausedAt));
  $("pause").textContent = play.pausedAt ? "Resume" : "Pause";
  $("aside").innerHTML = "";
  say(`${puzzle.kind} ${puzzle.rows}x${puzzle.cols}`);
  showScore();
  tick();
}

// The page asks for the solution once: it tells a wrong entry from a right one, so that only
// wrong entries are charged and blamed, and it sees the last right digit end the game.
function learnSolution(shown) {
  api("/api/solve", request()).then((result) => {
    if (current !== shown || result.status !== "solved") return;
    shown.solution = result.grid.flat();
    $("board").dataset.solution = "known";  // what the page now knows (tests wait for it)
    draw();
    finishIfDone();
  }).catch(() => {});
}

// Every cell holds the solution's value: the game ends, the clock stops, the library keeps it.
function finishIfDone() {
  if (!current?.solution || play.finished || design) return;
  if (!current.solution.every((v, i) => !v || valueAt(i) === v)) return;
  play.finished = Date.now();
  save();
  showScore();
  say("Solved! Every entry is right.");
  keepProgress().catch(() => {});
}

// Entries in blue (red when wrong), pencil marks small in a grid of their own.
function draw(wrong = []) {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  svg.querySelectorAll(".entry, .pencil, .region-letter, .mark-line").forEach((e) => e.remove());
  const clashing = design || !$("clashes").checked ? new Set() : clashes();
  const add = (attributes, text) => {
    const t = document.createElementNS(SVG, "text");
    for (const [k, v] of Object.entries(attributes)) t.setAttribute(k, v);
    t.textContent = text;
    svg.appendChild(t);
  };
  // a jigsaw's regions by letter: in design every cell's (the letter paints it), in play the
  // first cell of each (the letter the page's words use)
  const regions = design && isJigsaw(design.kind) ? design.regions : design ? null : current.regions;
  if (regions) {
    const named = new Set();
    regions.forEach((region, i) => {
      const cell = cellOf(i, design ? design.size : current.cols), box = rect(cell);
      if (!box || (!design && named.has(region))) return;
      named.add(region);
      const size = Number(box.getAttribute("width"));
      add({x: Number(box.getAttribute("x")) + size * 0.12, y: Number(box.getAttribute("y")) + size * 0.28,
           "font-size": size * 0.22, class: "region-letter", "data-region": cell}, REGION_LETTERS[region - 1]);
    });
  }
  const side = Math.ceil(Math.sqrt(largest()));
  for (const [cell, marks] of Object.entries(play.pencil)) {
    const box = rect(cell);
    if (!box || play.entries[cell]) continue;
    const size = Number(box.getAttribute("width")), x = Number(box.getAttribute("x")), y = Number(box.getAttribute("y"));
    for (const v of marks) {
      const col = (v - 1) % side, row = Math.floor((v - 1) / side);
      add({x: x + (col + 0.5) * size / side, y: y + (row + 0.8) * size / side, "font-size": size / (side + 1),
           "text-anchor": "middle", class: "pencil", "data-pencil": cell}, valueChar(v));
    }
  }
  for (const [cell, value] of Object.entries(play.entries)) {
    const box = rect(cell);
    if (!box) continue;
    const size = Number(box.getAttribute("width")), x = Number(box.getAttribute("x")), y = Number(box.getAttribute("y"));
    const marks = [wrong.includes(cell) ? "wrong" : "", clashing.has(cell) ? "clash" : ""].filter(Boolean);
    add({x: x + size / 2, y: y + size * 0.72, "font-size": size * 0.6, "text-anchor": "middle",
         class: ["entry", ...marks].join(" "), "data-entry": cell}, valueChar(value));
    if (marks.length) {  // colour is not the only sign: a wrong digit is underlined too
      const line = document.createElementNS(SVG, "line");
      for (const [k, v] of Object.entries({x1: x + size * 0.3, x2: x + size * 0.7, y1: y + size * 0.82,
                                            y2: y + size * 0.82, class: "mark-line"})) line.setAttribute(k, v);
      svg.appendChild(line);
    }
  }
  highlight();
}

// The chosen cell's units, and the other places of its value, lit up.
function highlight() {
  const svg = $("board").querySelector("svg");
  if (!svg || design) return;
  svg.querySelectorAll("rect.peer, rect.same").forEach((r) => r.classList.remove("peer", "same"));
  if (!selected || !rect(selected)) return;
  for (const j of peers(selected)) rect(cellOf(j, current.cols))?.classList.add("peer");
  const value = valueAt(indexOf(selected));
  if (!value) return;
  current.givens.forEach((_, i) => {
    const cell = cellOf(i, current.cols);
    if (cell !== selected && valueAt(i) === value) rect(cell)?.classList.add("same");
  });
}

// A digit pad under the board, for a mouse or a finger: each button is that key on the board.
function drawPad() {
  const keys = design?.kind === "kakuro" ? [..."#1234567890\\"] : design?.kind === "killer" ? [..."1234567890"]
    : [...catalogue.value_chars.slice(0, largest())];
  $("pad").innerHTML = "";
  for (const key of [...keys, "Delete"]) {
    const button = document.createElement("button");
    button.textContent = key === "Delete" ? "⌫" : key;
    button.title = key === "Delete" ? "erase" : key === "#" ? "black or white" : "";
    button.onclick = () => { onKey({key, preventDefault() {}}); $("board").focus({preventScroll: true}); };
    $("pad").appendChild(button);
  }
}

function select(cell) {
  $("board").querySelectorAll("rect.selected").forEach((r) => r.classList.remove("selected"));
  selected = cell;
  pickable(cell)?.classList.add("selected");
  if (!design && current) { highlight(); announce(cell); }
}

// What a screen reader says of the chosen cell: "row 3, column 5, empty, pencil marks 1 4 7".
function announce(cell) {
  const [r, c] = rowCol(cell), value = valueAt(indexOf(cell)), marks = play.pencil[cell] || [];
  const held = value ? `${valueChar(value)}${isGiven(cell) ? ", given" : ""}`
                     : `empty${marks.length ? `, pencil marks ${marks.map(valueChar).join(" ")}` : ""}`;
  $("announce").textContent = `row ${r}, column ${c}, ${held}`;
}

// Every change goes through here, so that undo can take it back.
function change(apply) {
  play.history.push(JSON.stringify({entries: play.entries, pencil: play.pencil}));
  undone = [];
  apply();
  save();
  draw();
  keepSoon();
  tick();
  finishIfDone();
}

// The library gets the progress too, a moment after the last change (not one request a key).
function keepSoon() {
  clearTimeout(keepTimer);
  keepTimer = setTimeout(() => { keepTimer = null; keepProgress().catch(() => {}); }, 1500);
}

function travel(from, to) {
  if (!from.length) return;
  to.push(JSON.stringify({entries: play.entries, pencil: play.pencil}));
  Object.assign(play, JSON.parse(from.pop()));
  save();
  draw();
  keepSoon();
}

function grid() {
  const values = new Array(current.rows * current.cols).fill(0);
  for (const [cell, value] of Object.entries(play.entries)) {
    const [r, c] = rowCol(cell);
    values[(r - 1) * current.cols + c - 1] = value;
  }
  return values;
}

const request = (extra = {}) => ({puzzle: current.text, format: current.format, index: current.index,
                                   kind: current.readAs, ...extra});

async function run(action) {
  if (!current) { say("Open a puzzle first.", true); return; }
  try { await action(); } catch (error) { say(error.message, true); }
}

function onKey(event) {
  if (!current) return;
  if ((event.ctrlKey || event.metaKey) && ["z", "y"].includes(event.key.toLowerCase())) {
    const back = event.key.toLowerCase() === "z";
    if (design) back ? redesignFrom(designUndo, designRedo) : redesignFrom(designRedo, designUndo);
    else back ? travel(play.history, undone) : travel(undone, play.history);
    event.preventDefault();
    return;
  }
  if (event.key.toLowerCase() === "p" && !design) { $("pencil").checked = !$("pencil").checked; return; }
  if (!selected) return;
  const [r, c] = rowCol(selected);
  const moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
  if (moves[event.key] && event.shiftKey && design?.kind === "killer") {  // the neighbour joins the cell's cage
    const [dr, dc] = moves[event.key];
    changeDesign(() => extendCage(design, r, c, dr, dc), cellAt(r + dr, c + dc));
    event.preventDefault();
    return;
  }
  if (moves[event.key]) {
    const next = cellAt(r + moves[event.key][0], c + moves[event.key][1]);
    if (pickable(next)) select(next);
    event.preventDefault();
    return;
  }
  const value = charValue(event.key);
  const cell = selected;
  if (design) {
    if (changeDesign(() => applyKey(design, r, c, event.key), cell)) event.preventDefault();
    return;
  }
  if (isGiven(selected) || !rect(selected)) return;
  if (value >= 1 && value <= largest()) {
    if ($("pencil").checked) {
      change(() => {
        const marks = new Set(play.pencil[cell] || []);
        marks.has(value) ? marks.delete(value) : marks.add(value);
        play.pencil[cell] = [...marks].sort((a, b) => a - b);
      });
    } else {
      if (play.finished || play.pausedAt) return;
      change(() => {
        play.entries[cell] = value;
        for (const j of peers(cell)) {  // the digit's pencil marks leave the cell's units (undo brings them back)
          const other = cellOf(j, current.cols);
          if (play.pencil[other]?.includes(value)) play.pencil[other] = play.pencil[other].filter((m) => m !== value);
        }
        if (current.solution && current.solution[indexOf(cell)] !== value) play.mistakes += 1;
      });
      announce(cell);
    }
  } else if (["Backspace", "Delete", "0", " "].includes(event.key)) {
    change(() => { delete play.entries[cell]; delete play.pencil[cell]; });
  } else {
    return;
  }
  event.preventDefault();
}

// The score, as the seed documents have it: time, mistakes, hints and reveals all cost.
function elapsed() {
  const end = play.finished || play.pausedAt || Date.now();
  return Math.max(0, Math.round((end - play.started - (play.paused || 0)) / 1000));
}

function score() {
  const seconds = elapsed();
  const points = Math.max(0, 1000 - Math.floor(seconds / 6) - 50 * play.mistakes - 30 * play.hints - 100 * play.reveals);
  return {seconds, points};
}

function showScore() {
  if (!play.finished) { $("score").textContent = ""; return; }
  const {seconds, points} = score();
  $("score").textContent = `Solved in ${mmss(seconds)}: score ${points} (${play.mistakes} mistakes, ${play.hints} hints, ` +
                           `${play.reveals} cells revealed).`;
}

// The clock and the counters, once a second.
function tick() {
  if (!current || !play || design) return;
  $("clock").textContent = mmss(elapsed());
  $("counts").textContent = `${play.mistakes} ${play.mistakes === 1 ? "mistake" : "mistakes"} · ` +
                            `${play.hints} ${play.hints === 1 ? "hint" : "hints"}`;
}
setInterval(tick, 1000);

// Pause hides the board and stops the clock; the time paused is not counted.
function pause() {
  if (play.finished) return;
  if (play.pausedAt) {
    play.paused = (play.paused || 0) + Date.now() - play.pausedAt;
    play.pausedAt = null;
  } else {
    play.pausedAt = Date.now();
  }
  $("board").classList.toggle("paused", Boolean(play.pausedAt));
  $("pause").textContent = play.pausedAt ? "Resume" : "Pause";
  save();
  tick();
}

// Check marks the entries that break a rule; those that only contradict the solution are
// marked too when "Show mistakes" is ticked (a player may want to find them alone).
async function check() {
  if (current.solution) { checkBySolution(); return; }
  const report = await api("/api/check", request({grid: grid()}));
  const broken = (report.entry_problems || []).flatMap((p) => p.cells.map(([r, c]) => cellAt(r, c)));
  const wrong = $("mistakes").checked ? (report.wrong || []).map(([r, c]) => cellAt(r, c)) : [];
  const marked = [...new Set([...broken, ...wrong])].filter((cell) => play.entries[cell]);
  play.mistakes += marked.length;
  draw(marked);
  const unmarked = (report.wrong || []).length && !$("mistakes").checked;
  if (report.complete) {
    play.finished = play.finished || Date.now();
    say("Solved! Every entry is right.");
  } else if (marked.length) {
    say(`${marked.length} ${marked.length === 1 ? "entry is" : "entries are"} wrong (in red).`);
  } else if (unmarked) {
    say(`No rule is broken, but some entries contradict the solution (tick Show mistakes to see them).`);
  } else {
    say(`No mistakes so far; ${report.cells_left} cells left.`);
  }
  save();
  showScore();
  await keepProgress();
}

// Check with the solution in hand: a rule broken is marked (on the wrong entries only), and
// every wrong entry too when "Show mistakes" is ticked.  Mistakes were charged as they went in.
function checkBySolution() {
  const wrong = Object.keys(play.entries).filter((cell) => !isRight(indexOf(cell)));
  const marked = $("mistakes").checked ? wrong : [...clashes()];
  draw(marked);
  const left = current.solution.filter((v, i) => v && !valueAt(i)).length;
  if (play.finished) say("Solved! Every entry is right.");
  else if (marked.length) say(`${marked.length} ${marked.length === 1 ? "entry is" : "entries are"} wrong (in red).`);
  else if (wrong.length) say("No rule is broken, but some entries contradict the solution (tick Show mistakes to see them).");
  else say(`No mistakes so far; ${left} cells left.`);
}

// The grid a hint is asked from: without the wrong entries while "Show mistakes" is off, so that
// the hint never names one.
function hintGrid() {
  if ($("mistakes").checked || !current.solution) return grid();
  return grid().map((v, i) => (v && current.solution[i] !== v && !current.givens[i] ? 0 : v));
}

async function reveal() {
  if (!selected || isGiven(selected)) throw new Error("Choose an empty cell first.");
  const result = await api("/api/solve", request());
  const [r, c] = rowCol(selected);
  const value = result.grid[r - 1][c - 1];
  if (!value) throw new Error("That cell holds no digit.");
  const cell = selected;
  play.reveals += 1;
  change(() => { play.entries[cell] = value; });
  say(`${cell} is ${valueChar(value)}.`);
}

// Every puzzle opened is kept in the server's library, with the player's progress.
async function keep(source) {
  if (!libraryOn) return;
  const shown = current;
  try {
    const entry = await api("/api/library/add", {puzzle: shown.text, format: shown.format, index: shown.index,
                                                 kind: shown.readAs, source});
    shown.id = entry.id;
    // progress kept by the library (another browser, a cleared one) when this one has none
    if (entry.progress && current === shown && !localStorage.getItem(storageKey())) {
      play = Object.assign(fresh(), entry.progress);
      save();
      draw();
      showScore();
    }
    listLibrary();
  } catch (error) {
    if (error.message.includes("keeps no library")) { libraryOn = false; $("library").hidden = true; }
  }
}

const progressBody = () => ({id: current.id, progress: play, seconds: play.finished ? score().seconds : null});

async function keepProgress() {
  if (!libraryOn || !current.id) return;
  await api("/api/library/progress", progressBody());
  listLibrary();
}

// A page closed or reloaded before the library got its last change sends it on the way out.
window.addEventListener("pagehide", () => {
  if (!keepTimer || !libraryOn || !current?.id) return;
  clearTimeout(keepTimer);
  keepTimer = null;
  navigator.sendBeacon("/api/library/progress", new Blob([JSON.stringify(progressBody())], {type: "application/json"}));
});

async function listLibrary() {
  if (!libraryOn) return;
  const {entries} = await api("/api/library", {kind: $("lib-kind").value || null, level: $("lib-level").value || null,
                                               order: $("lib-order").value});
  const best = (s) => (s === null ? "" : mmss(s));
  $("lib-list").innerHTML = "";
  for (const e of entries) {
    const row = document.createElement("tr");
    // its name: the player's, else where it came from and which of the file's puzzles it is
    const name = e.source ? (e.index ? `${e.source} #${e.index}` : e.source) : `puzzle ${e.id}`;
    for (const text of [e.id, name, `${e.kind} ${e.rows}x${e.cols}`, e.level || "", best(e.best_seconds)]) {
      const td = document.createElement("td");
      td.textContent = text;  // sources are the visitors' words: text, never markup
      row.appendChild(td);
    }
    const tools = document.createElement("td");
    for (const [label, icon, act] of [["Rename", "✎", renameEntry], ["Delete", "✕", deleteEntry]]) {
      const button = document.createElement("button");
      button.textContent = icon;
      button.title = label;
      button.setAttribute("aria-label", `${label} ${name}`);
      button.onclick = (event) => { event.stopPropagation(); act(e, name).catch((error) => say(error.message, true)); };
      tools.appendChild(button);
    }
    row.appendChild(tools);
    row.onclick = async () => {
      const {puzzles} = await api("/api/read", {puzzle: e.puzzle, kind: e.kind});
      design = null;
      show(puzzles.find((p) => p.index === e.index), e.puzzle, null, e.source, e.kind);
    };
    $("lib-list").appendChild(row);
  }
}

async function renameEntry(entry, name) {
  const wanted = window.prompt("A name for this puzzle:", name);
  if (wanted === null || !wanted.trim()) return;
  await api("/api/library/rename", {id: entry.id, name: wanted.trim()});
  await listLibrary();
}

async function deleteEntry(entry, name) {
  if (!window.confirm(`Take ${name} and its progress out of the library?`)) return;
  await api("/api/library/delete", {id: entry.id});
  if (current?.id === entry.id) current.id = null;
  await listLibrary();
}

// A change of the design (apply returns whether it took the change), kept for undo and judged.
function changeDesign(apply, keepSelected) {
  const before = JSON.stringify(design);
  if (!apply()) return false;
  if (JSON.stringify(design) !== before) {
    designUndo.push(before);
    designRedo = [];
    redesign(keepSelected).catch((error) => say(error.message, true));
  }
  return true;
}

// The cell under a pointer, through the cage lines and sums drawn over it.
function cellUnder(event) {
  const hit = document.elementsFromPoint(event.clientX, event.clientY).find((e) => e.getAttribute("data-cell"));
  return hit ? hit.getAttribute("data-cell") : null;
}

// Designing: after each change the grid is read again and checked (rule breaks, no / one /
// several solutions), and rated when unique.  A later change (or Play) calls off the requests
// of the verdict before: the server stops their work at once instead of serving them before
// the new one's.
let designRequests = new AbortController();

async function redesign(keepSelected = null) {
  designRequests.abort();
  designRequests = new AbortController();
  try {
    await judgeDesign(keepSelected, designRequests.signal);
  } catch (error) {
    if (error.name !== "AbortError") throw error;
  }
}

async function judgeDesign(keepSelected, signal) {
  const turn = ++designTurn;  // a later change's verdict wins over an earlier one still on its way
  const stale = () => turn !== designTurn || !design;
  const ask = (path, body) => apiCall(path, body, signal);  // called off with the design
  $("design-play").disabled = true;  // until this design's verdict is in
  const {text, format, missing} = designText(design);
  const kindRead = readAs(design.kind);
  const {puzzles} = await ask("/api/read", {puzzle: text, kind: kindRead, format});
  if (stale()) return;
  const kakuro = design.kind === "kakuro";
  if (puzzles[0].error) {  // a shape being drawn: the last board stays, with what is wrong
    draw();
    if (keepSelected) select(keepSelected);
    say(`Design: ${counted(design)}; the ${kakuro ? "layout breaks" : "regions break"} a rule: ${puzzles[0].error}`, true);
    $("design-play").disabled = true;
    return;
  }
  show(puzzles[0], text, format, "", kindRead);
  if (keepSelected) select(keepSelected);
  if (kakuro) {  // the digits typed are a solution, not givens: drawn as entries
    play.entries = Object.fromEntries(design.givens.flatMap((v, i) => (v ? [[cellOf(i, design.size), v]] : [])));
    draw();
  }
  if (missing) {
    say(kakuro ? `Design: ${counted(design)}; ${missing} ${missing === 1 ? "run has" : "runs have"} no clue yet: ` +
                 "type it on the black cell, or fill the run's cells."
               : `Design: ${counted(design)}; ${missing} ${missing === 1 ? "cage has" : "cages have"} no sum yet: ` +
                 "select a cell of the cage and type it.");
    $("design-play").disabled = true;
    return;
  }
  if (design.kind === "killer" && design.cage.some((id) => !id)) {
    say(`Design: ${counted(design)}; drag over the cells of the next cage (or Shift+arrow from a cell).`);
    $("design-play").disabled = true;
    return;
  }
  say(`Design: ${counted(design)}; counting its solutions ...`);
  // the engine serves one request at a time: a change typed soon after this one replaces
  // its count instead of queueing behind it, and no count takes more than DESIGN_SECONDS
  await new Promise((resolve) => setTimeout(resolve, 300));
  if (stale()) return;
  const report = await ask("/api/check", request({time_limit: DESIGN_SECONDS}));
  if (stale()) return;
  const verdicts = {invalid: "breaks a rule", unsolvable: "has no solution", multiple: "has several solutions",
                    timeout: "is too hard to count in time"};
  if (report.status === "unique") {
    const rating = await ask("/api/rate", request({time_limit: DESIGN_SECONDS}));
    if (stale()) return;
    say(`Design: ${counted(design)}, one solution, ${rating.level ? `level ${rating.level}` : "too hard to rate in time"}.`);
  } else {
    const problems = (report.problems || []).map((p) => p.text).join("; ");
    for (const problem of report.problems || []) {  // the cells of each broken rule, on the board
      for (const [r, c] of problem.cells) rect(cellAt(r, c))?.classList.add("broken");
    }
    say(`Design: ${counted(design)}; the grid ${verdicts[report.status] || report.status}` +
        (problems ? `: ${problems}` : "."), report.status === "invalid");
    if (report.status === "multiple") await showPossible(stale, signal);
  }
  $("design-play").disabled = report.status !== "unique";
}

// A design with several solutions: each open cell shows, small, the values it takes over all of
// them (a setter sees where a given would make it unique).
async function showPossible(stale, signal) {
  const {values, complete} = await apiCall("/api/possible", request({time_limit: DESIGN_SECONDS}), signal);
  if (stale() || !values.length) return;
  play.pencil = Object.fromEntries(values.flatMap((v, i) => (v.length ? [[cellOf(i, current.cols), v]] : [])));
  draw();
  say(`${$("message").textContent} Each open cell shows the values it takes in some solution` +
      (complete ? "." : " (those found in time)."));
}

// Design undo and redo: the design before the change comes back, and is read and judged again.
function redesignFrom(from, to) {
  if (!from.length) return;
  to.push(JSON.stringify(design));
  design = JSON.parse(from.pop());
  redesign(selected).catch((error) => say(error.message, true));
}

function closeStepper() {
  clearInterval(playing);
  playing = null;
  explanation = null;
  $("stepper").hidden = true;
}

function showStep(i) {
  stepAt = Math.max(0, Math.min(i, explanation.steps.length - 1));
  const step = explanation.steps[stepAt];
  $("aside").innerHTML = step.picture || "";
  $("step-count").textContent = `step ${stepAt + 1} of ${explanation.steps.length}`;
  $("step-text").textContent = inPageWords(step.text);
}

async function explain() {
  say("Explaining ...");
  explanation = await api("/api/explain", request({pictures: true}));
  if (!explanation.steps.length) throw new Error(`Nothing to explain (${explanation.status}).`);
  $("stepper").hidden = false;
  say(`${explanation.steps.length} steps (${explanation.status}).`);
  showStep(0);
}

// A pasted or uploaded text: its first readable puzzle, or the reader's message.
async function openText(text, source) {
  const {puzzles} = await api("/api/read", {puzzle: text});
  const first = puzzles.find((p) => !p.error);
  if (!first) throw new Error(puzzles[0].error);
  design = null;
  show(first, text, null, source);
}

async function openBundled(name, index = 0) {
  design = null;
  const data = await api(`/api/bundled/${encodeURIComponent(name).replaceAll("%2F", "/")}`);
  const readable = data.puzzles.filter((p) => !p.error);
  $("bundled").value = name;
  $("index").innerHTML = readable.map((p) => `<option value="${p.index}">#${p.index} ${p.kind}</option>`).join("");
  const open = (puzzle) => {
    show(puzzle, data.text, null, name);
    $("index").value = puzzle.index;
    location.hash = `bundled=${name}&index=${puzzle.index}`;
  };
  $("index").onchange = () => open(readable.find((p) => p.index == $("index").value));
  const chosen = readable.find((p) => p.index == index) || readable[0];
  if (chosen) open(chosen);
}

const options = (names) => names.map((name) => `<option>${name}</option>`).join("");

async function generateOne(kind, size, difficulty) {
  say("Generating ...");
  // no seed: the server's stock first (puzzles made on the way to other levels), else a random one
  if (kind === "samurai" && ![2, 3, 5].includes(size)) size = 5;  // a Samurai's size is its number of grids
  const g = await api("/api/generate", {kind, size, difficulty});
  const made = g.seed === null ? "from the stock" : `seed ${g.seed}`;
  design = null;
  show(g, g.puzzle, g.format, `generated ${kind} ${made}`);
  say(`A new ${kind}, ${g.level} (${made}).`);
}

// The page opens on a puzzle: the one a link names, else the one left (its progress comes back
// with it), else a fresh one at the level last chosen.  A first visit says what to do.
async function openFirst() {
  if (location.hash) { await openFromAddress(); return; }
  const last = JSON.parse(localStorage.getItem("puzzlog:last") || "null");
  if (last) {
    try {
      const {puzzles} = await api("/api/read", {puzzle: last.text, kind: last.readAs, format: last.format});
      const left = puzzles.find((p) => p.index === last.index && !p.error);
      if (left) { show(left, last.text, last.format, last.source, last.readAs); return; }
    } catch (error) { /* the text no longer reads: a fresh puzzle instead */ }
  }
  const level = localStorage.getItem("puzzlog:level") || "basic";
  $("gen-level").value = level;
  await generateOne("sudoku", 9, level || null);
  if (!localStorage.getItem("puzzlog:visited")) {
    say("Click a cell (or Tab to the board and use the arrows), type a digit; P switches to pencil marks, " +
        "Ctrl+Z undoes.");
  }
  localStorage.setItem("puzzlog:visited", "1");
}

async function start() {
  await loadCatalogue();
  const made = catalogue.generated.map((g) => g.name);
  $("gen-kind").innerHTML = options(made);
  $("design-kind").innerHTML = options(made);
  $("design-size").innerHTML = options(designSizes());
  $("design-size").value = "9";
  // unreasonable (a guess needed) is a level a puzzle may have, not one to make
  $("gen-level").innerHTML += options(catalogue.levels.filter((l) => l !== "unreasonable"));
  const {files} = await api("/api/bundled");
  $("bundled").innerHTML += files.map((f) => `<option>${f}</option>`).join("");
  $("bundled").onchange = () => { if ($("bundled").value) openBundled($("bundled").value).catch((e) => say(e.message, true)); };
  $("load").onclick = () => openText($("text").value, "pasted").catch((error) => say(error.message, true));
  $("design-new").onclick = () => {
    const size = Number($("design-size").value);
    const kind = $("design-kind").value;
    const problem = sizeProblem(kind, size);
    if (problem) { say(problem, true); return; }
    design = emptyDesign(kind, size);
    designUndo = [];
    designRedo = [];
    redesign().catch((error) => say(error.message, true));
  };
  $("design-play").onclick = () => {
    const text = current.text, readAs = current.readAs, format = current.format;
    designRequests.abort();
    design = null;
    $("design-play").disabled = true;
    api("/api/read", {puzzle: text, kind: readAs, format})
      .then(({puzzles}) => show(puzzles[0], text, format, "designed", readAs))
      .catch((error) => say(error.message, true));
  };
  $("upload").onchange = async () => {
    const file = $("upload").files[0];
    if (!file) return;
    try {
      const text = await file.text();  // read in the browser: the server only ever sees text
      await openText(text, file.name);
      $("text").value = text;
    } catch (error) { say(error.message, true); }
  };
  $("generate").onclick = async () => {
    localStorage.setItem("puzzlog:level", $("gen-level").value);
    try {
      await generateOne($("gen-kind").value, Number($("gen-size").value), $("gen-level").value || null);
    } catch (error) { say(error.message, true); }
  };
  $("pause").onclick = () => { if (current && !design) pause(); };
  $("print").onclick = () => run(async () => window.print());
  $("board").addEventListener("focus", () => {  // by keyboard: the first open cell is chosen
    if (selected || !current || design) return;
    const open = current.givens.findIndex((v, i) => !v && rect(cellOf(i, current.cols)));
    if (open >= 0) select(cellOf(open, current.cols));
  });
  $("board").addEventListener("click", (event) => {
    const cell = event.target.getAttribute && (event.target.getAttribute("data-cell") ||
                                              (design && event.target.getAttribute("data-black")));
    if (cell && event.target.tagName === "rect") { select(cell); $("board").focus(); }
  });
  $("board").addEventListener("keydown", onKey);
  // A Killer's cage is drawn by dragging over its cells in design.
  $("board").addEventListener("pointerdown", (event) => {
    const cell = design?.kind === "killer" && cellUnder(event);
    if (!cell) return;
    dragged = [indexOf(cell)];
    select(cell);
    event.preventDefault();
  });
  $("board").addEventListener("pointermove", (event) => {
    const cell = dragged && cellUnder(event);
    if (!cell || dragged.includes(indexOf(cell))) return;
    dragged.push(indexOf(cell));
    rect(cell)?.classList.add("selected");
  });
  window.addEventListener("pointerup", () => {
    if (!dragged) return;
    const cells = dragged;
    dragged = null;
    if (cells.length > 1 && design?.kind === "killer") changeDesign(() => { makeCage(design, cells); return true; }, selected);
  });
  $("undo").onclick = () => run(async () => (design ? redesignFrom(designUndo, designRedo) : travel(play.history, undone)));
  $("redo").onclick = () => run(async () => (design ? redesignFrom(designRedo, designUndo) : travel(undone, play.history)));
  $("candidates").onclick = () => run(async () => {
    const {picture, notes} = await api("/api/candidates", request({grid: grid()}));
    $("aside").innerHTML = picture;
    say(["What each open cell can still hold, given the puzzle and your entries.", ...notes].join(" "));
  });
  $("fill-pencil").onclick = () => run(async () => {
    const {candidates} = await api("/api/candidates", request({grid: grid()}));
    change(() => {
      play.pencil = Object.fromEntries(candidates.flatMap((values, i) => (values.length ? [[cellOf(i, current.cols), values]] : [])));
    });
    say("Every open cell is pencilled with its candidates.");
  });
  $("check").onclick = () => run(check);
  for (const level of [1, 2, 3]) {
    $(`hint${level}`).onclick = () => run(async () => {
      const h = await api("/api/hint", request({grid: hintGrid(), level}));
      if (h.status === "step") play.hints += 1;
      save();
      say(h.text);
      $("aside").innerHTML = level > 1 && h.picture ? h.picture : "";
    });
  }
  $("reveal").onclick = () => run(reveal);
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
  $("explain").onclick = () => run(explain);
  $("step-prev").onclick = () => showStep(stepAt - 1);
  $("step-next").onclick = () => showStep(stepAt + 1);
  $("step-play").onclick = () => {
    if (playing) { clearInterval(playing); playing = null; $("step-play").textContent = "Play"; return; }
    $("step-play").textContent = "Pause";
    playing = setInterval(() => {
      if (stepAt >= explanation.steps.length - 1) { clearInterval(playing); playing = null; $("step-play").textContent = "Play"; }
      else showStep(stepAt + 1);
    }, 1200);
  };
  $("lib-level").innerHTML += options(catalogue.levels);
  $("lib-kind").innerHTML += options(catalogue.kinds.filter((k) => k !== "x"));  // x: sudoku-x's other name
  $("lib-kind").onchange = $("lib-level").onchange = $("lib-order").onchange =
    () => listLibrary().catch((e) => say(e.message, true));
  listLibrary().catch(() => {});
  $("clear").onclick = () => run(async () => change(() => { play.entries = {}; play.pencil = {}; }));
}

async function openFromAddress() {
  // #bundled=FILE&index=I opens that puzzle: a link to it, and a reload, show it again.
  const wanted = new URLSearchParams(location.hash.slice(1));
  if (wanted.get("bundled")) await openBundled(wanted.get("bundled"), Number(wanted.get("index") || 0));
}

window.addEventListener("hashchange", () => {
  const wanted = new URLSearchParams(location.hash.slice(1));
  const name = wanted.get("bundled"), index = Number(wanted.get("index") || 0);
  if (name && !(current && $("bundled").value === name && current.index === index)) {
    openFromAddress().catch((error) => say(error.message, true));
  }
});
start().then(openFirst).catch((error) => say(error.message, true));
