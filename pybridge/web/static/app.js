// The puzzlog page: open a puzzle, play it (entries, pencil marks, undo, the clock), ask the
// API to check, hint, reveal, solve and rate, or design one (the design's own rules are
// design.js).  The board is the engine's own SVG picture; entries and pencil marks are drawn
// over its cells.  What the modules share is page.js's; the stepper (explain) is stepper.js,
// the library library.js, practising a technique practice.js.

import {catalogue, charValue, loadCatalogue, valueChar} from "./cells.js";
import {applyKey, counted, designSizes, designText, designedBy, emptyDesign, extendCage, made as madeKind, makeCage,
        readAs, sizeProblem} from "./design.js";
import {flushProgress, keepProgress, keepSoon, listLibrary, lookUp} from "./library.js";
import {$, REGION_LETTERS, SVG, actions, api, apiCall, cellAt, cellOf, elapsed, fillOptions, fresh, indexOf, isGiven,
        isRight, largest, mmss, pickable, rect, request, rowCol, save, say, score, showPicture, state, storageKey,
        valueAt} from "./page.js";
import {closeStepper, explain, startStepper} from "./stepper.js";
import {startPractice} from "./practice.js";

const DESIGN_SECONDS = 3;  // engine time for each design verdict
// Whether a design is on the board and sets Rule (designed_by: the catalogue's, design.js).
const designing = (rule) => Boolean(state.design) && designedBy(state.design.kind) === rule;

// The cells that share a unit with a cell (row, column, box or region, diagonal, Kakuro run).
function peers(cell) {
  const i = indexOf(cell), out = new Set();
  for (const unit of state.current.units) if (unit.includes(i)) unit.forEach((j) => { if (j !== i) out.add(j); });
  return out;
}

// The entries that break the all-different rule of a unit, blamed only on entries the solution
// says are wrong (never a given, never a right entry; every one while there is no solution).
function clashes() {
  const blamed = new Set();
  for (const unit of state.current.units) {
    const seen = new Map();
    for (const i of unit) {
      const v = valueAt(i);
      if (v) seen.set(v, [...(seen.get(v) || []), i]);
    }
    for (const cells of seen.values()) {
      if (cells.length < 2) continue;
      for (const i of cells) {
        const cell = cellOf(i, state.current.cols);
        if (state.play.entries[cell] && !isRight(i)) blamed.add(cell);
      }
    }
  }
  return blamed;
}

function show(puzzle, text, format, source = "", readAs = null) {
  flushProgress();  // the progress of the puzzle left goes to the library first
  state.current = {text, kind: puzzle.kind, format, index: puzzle.index, rows: puzzle.rows, cols: puzzle.cols, id: null,
             readAs, units: puzzle.units || [], givens: puzzle.givens || [], solution: null,
             regions: puzzle.regions || null, largest: puzzle.largest, cellWords: puzzle.cell_words || [], source};
  if (!state.design) {
    localStorage.setItem("puzzlog:last", JSON.stringify({text, format, index: puzzle.index, readAs, source}));
    learnSolution(state.current);
  }
  if (source !== $("bundled").value || !source) {  // not a bundled file: its menu and link no longer apply
    $("bundled").value = "";
    $("index").replaceChildren();
    if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  }
  showPicture($("board"), puzzle.picture);
  delete $("board").dataset.solution;
  drawPad();
  state.play = Object.assign(fresh(), JSON.parse(localStorage.getItem(storageKey()) || "{}"));
  if (state.play.autoPaused && state.play.pausedAt) resumeClock();  // left hidden last time: the time away is not counted
  state.selected = null;
  state.undone = [];
  state.hinted = null;
  closeStepper();
  draw();
  $("board").classList.toggle("paused", Boolean(state.play.pausedAt));
  $("pause").textContent = state.play.pausedAt ? "Resume" : "Pause";
  $("aside").replaceChildren();
  say(`${puzzle.kind} ${puzzle.rows}x${puzzle.cols}`);
  showScore();
  tick();
  if (!state.design) lookUp();
}

// The page asks for the solution once: it tells a wrong entry from a right one, so that only
// wrong entries are charged and blamed, and it sees the last right digit end the game.
function learnSolution(shown) {
  api("/api/solve", request()).then((result) => {
    if (state.current !== shown || result.status !== "solved") return;
    shown.solution = result.grid.flat();
    $("board").dataset.solution = "known";  // what the page now knows (tests wait for it)
    draw();
    finishIfDone();
  }).catch(() => {});
}

// Every cell holds the solution's value: the game ends, the clock stops, the library keeps it.
function finishIfDone() {
  if (!state.current?.solution || state.play.finished || state.design) return;
  if (!state.current.solution.every((v, i) => !v || valueAt(i) === v)) return;
  state.play.finished = Date.now();
  save();
  showScore();
  tick();  // the clock stops and the mistakes count shows
  say("Solved! Every entry is right.");
  keepProgress();
}

// Entries in blue (red when wrong), pencil marks small in a grid of their own.
function draw(wrong = []) {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  svg.querySelectorAll(".entry, .pencil, .region-letter, .mark-line").forEach((e) => e.remove());
  const clashing = state.design || !$("clashes").checked ? new Set() : clashes();
  const add = (attributes, text) => {
    const t = document.createElementNS(SVG, "text");
    for (const [k, v] of Object.entries(attributes)) t.setAttribute(k, v);
    t.textContent = text;
    svg.appendChild(t);
  };
  // a jigsaw's regions by letter: in design every cell's (the letter paints it), in play the
  // first cell of each (the letter the page's words use)
  const regions = state.design && designedBy(state.design.kind) === "regions" ? state.design.regions : state.design ? null : state.current.regions;
  if (regions) {
    const named = new Set();
    regions.forEach((region, i) => {
      const cell = cellOf(i, state.design ? state.design.size : state.current.cols), box = rect(cell);
      if (!box || (!state.design && named.has(region))) return;
      named.add(region);
      const size = Number(box.getAttribute("width"));
      add({x: Number(box.getAttribute("x")) + size * 0.12, y: Number(box.getAttribute("y")) + size * 0.28,
           "font-size": size * 0.22, class: "region-letter", "data-region": cell}, REGION_LETTERS[region - 1]);
    });
  }
  const side = Math.ceil(Math.sqrt(largest())), marked = new Set();
  state.marked = marked;  // the entries shown wrong, for the announcement too
  for (const [cell, marks] of Object.entries(state.play.pencil)) {
    const box = rect(cell);
    if (!box || state.play.entries[cell]) continue;
    const size = Number(box.getAttribute("width")), x = Number(box.getAttribute("x")), y = Number(box.getAttribute("y"));
    // below a Killer cage's sum, in the rest of the cell (as the engine draws candidates there)
    const below = svg.querySelector(`text[data-sum="${cell}"]`) ? size * 0.3 : 0, rise = (size - below) / side;
    for (const v of marks) {
      const col = (v - 1) % side, row = Math.floor((v - 1) / side);
      add({x: x + (col + 0.5) * size / side, y: y + below + (row + 0.8) * rise, "font-size": Math.min(size / (side + 1), rise * 0.8),
           "text-anchor": "middle", class: "pencil", "data-pencil": cell}, valueChar(v));
    }
  }
  for (const [cell, value] of Object.entries(state.play.entries)) {
    const box = rect(cell);
    if (!box) continue;
    const size = Number(box.getAttribute("width")), x = Number(box.getAttribute("x")), y = Number(box.getAttribute("y"));
    const marks = [wrong.includes(cell) ? "wrong" : "", clashing.has(cell) ? "clash" : ""].filter(Boolean);
    if (marks.length) marked.add(cell);
    add({x: x + size / 2, y: y + size * 0.72, "font-size": size * 0.6, "text-anchor": "middle",
         class: ["entry", ...marks].join(" "), "data-entry": cell}, valueChar(value));
    if (marks.length) {  // colour is not the only sign: a wrong digit is underlined too
      const line = document.createElementNS(SVG, "line");
      for (const [k, v] of Object.entries({x1: x + size * 0.3, x2: x + size * 0.7, y1: y + size * 0.82,
                                            y2: y + size * 0.82, class: "mark-line"})) line.setAttribute(k, v);
      svg.appendChild(line);
    }
  }
  lightHint();
  highlight();
  placeCursor();
}

// The cells a hint points at, lit on the board itself (the units it looks in, the cells it
// rests on), until the next change.
function lightHint() {
  const svg = $("board").querySelector("svg");
  svg.querySelectorAll("rect.hint-area, rect.hint-focus").forEach((r) => r.classList.remove("hint-area", "hint-focus"));
  if (!state.hinted) return;
  for (const [r, c] of state.hinted.area) rect(cellAt(r, c))?.classList.add("hint-area");
  for (const [r, c] of state.hinted.focus) rect(cellAt(r, c))?.classList.add("hint-focus");
}

// The chosen cell's outline, drawn over everything (a fill alone is too faint to see: the
// outline's contrast is above 3:1 on every cell colour).
function placeCursor() {
  const svg = $("board").querySelector("svg");
  svg?.querySelectorAll(".cursor").forEach((e) => e.remove());
  const box = state.selected && pickable(state.selected);
  if (!box) return;
  const outline = document.createElementNS(SVG, "rect"), size = Number(box.getAttribute("width"));
  for (const [k, v] of Object.entries({x: Number(box.getAttribute("x")) + 2, y: Number(box.getAttribute("y")) + 2,
                                        width: size - 4, height: size - 4, class: "cursor"})) outline.setAttribute(k, v);
  svg.appendChild(outline);
}

// The chosen cell's units, and the other places of its value, lit up.
function highlight() {
  const svg = $("board").querySelector("svg");
  if (!svg || state.design) return;
  svg.querySelectorAll("rect.peer, rect.same").forEach((r) => r.classList.remove("peer", "same"));
  if (!state.selected || !rect(state.selected)) return;
  for (const j of peers(state.selected)) rect(cellOf(j, state.current.cols))?.classList.add("peer");
  const value = valueAt(indexOf(state.selected));
  if (!value) return;
  state.current.givens.forEach((_, i) => {
    const cell = cellOf(i, state.current.cols);
    if (cell !== state.selected && valueAt(i) === value) rect(cell)?.classList.add("same");
  });
}

// A digit pad under the board, for a mouse or a finger: each button is that key on the board.
function drawPad() {
  const keys = designing("runs") ? [..."#1234567890\\"] : designing("cages") ? [..."1234567890"]
    : [...catalogue.value_chars.slice(0, largest())];
  $("pad").replaceChildren();
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
  state.selected = cell;
  pickable(cell)?.classList.add("selected");
  placeCursor();
  if (!state.design && state.current) { highlight(); announce(cell); }
}

// What a screen reader says of the chosen cell: what it holds, whether it is shown wrong, and
// what the board shows around it ("row 3, column 5, 7, marked wrong; cage of 3 cells, sum 15").
function announce(cell) {
  const [r, c] = rowCol(cell), i = indexOf(cell), value = valueAt(i), marks = state.play.pencil[cell] || [];
  const held = value ? `${valueChar(value)}${isGiven(cell) ? ", given" : ""}${state.marked?.has(cell) ? ", marked wrong" : ""}`
                     : `empty${marks.length ? `, pencil marks ${marks.map(valueChar).join(" ")}` : ""}`;
  const about = state.current.cellWords[i];
  $("announce").textContent = `row ${r}, column ${c}, ${held}${about ? `; ${about}` : ""}`;
}

// Every change goes through here, so that undo can take it back.
function change(apply) {
  state.play.history.push(JSON.stringify({entries: state.play.entries, pencil: state.play.pencil}));
  state.undone = [];
  state.hinted = null;
  apply();
  save();
  draw();
  keepSoon();
  tick();
  finishIfDone();
}

function travel(from, to) {
  if (!from.length) return;
  to.push(JSON.stringify({entries: state.play.entries, pencil: state.play.pencil}));
  Object.assign(state.play, JSON.parse(from.pop()));
  save();
  draw();
  keepSoon();
}

function grid() {
  const values = new Array(state.current.rows * state.current.cols).fill(0);
  for (const [cell, value] of Object.entries(state.play.entries)) {
    const [r, c] = rowCol(cell);
    values[(r - 1) * state.current.cols + c - 1] = value;
  }
  return values;
}

async function run(action) {
  if (!state.current) { say("Open a puzzle first.", true); return; }
  try { await action(); } catch (error) { say(error.message, true); }
}

function onKey(event) {
  if (!state.current) return;
  if ((event.ctrlKey || event.metaKey) && ["z", "y"].includes(event.key.toLowerCase())) {
    const back = event.key.toLowerCase() === "z";
    if (state.design) back ? redesignFrom(state.designUndo, state.designRedo) : redesignFrom(state.designRedo, state.designUndo);
    else back ? travel(state.play.history, state.undone) : travel(state.undone, state.play.history);
    event.preventDefault();
    return;
  }
  if (event.key.toLowerCase() === "p" && !state.design) { $("pencil").checked = !$("pencil").checked; return; }
  if (!state.selected) return;
  const [r, c] = rowCol(state.selected);
  const moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
  if (moves[event.key] && event.shiftKey && designing("cages")) {  // the neighbour joins the cell's cage
    const [dr, dc] = moves[event.key];
    changeDesign(() => extendCage(state.design, r, c, dr, dc), cellAt(r + dr, c + dc));
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
  const cell = state.selected;
  if (state.design) {
    if (changeDesign(() => applyKey(state.design, r, c, event.key), cell)) event.preventDefault();
    return;
  }
  if (isGiven(state.selected) || !rect(state.selected)) return;
  if (value >= 1 && value <= largest()) {
    if ($("pencil").checked) {
      if (state.play.finished || state.play.pausedAt) return;
      change(() => {
        const marks = new Set(state.play.pencil[cell] || []);
        marks.has(value) ? marks.delete(value) : marks.add(value);
        state.play.pencil[cell] = [...marks].sort((a, b) => a - b);
      });
    } else {
      if (state.play.finished || state.play.pausedAt) return;
      change(() => {
        state.play.entries[cell] = value;
        for (const j of peers(cell)) {  // the digit's pencil marks leave the cell's units (undo brings them back)
          const other = cellOf(j, state.current.cols);
          if (state.play.pencil[other]?.includes(value)) state.play.pencil[other] = state.play.pencil[other].filter((m) => m !== value);
        }
        if (state.current.solution && state.current.solution[indexOf(cell)] !== value) state.play.mistakes += 1;
      });
      announce(cell);
    }
  } else if (["Backspace", "Delete", "0", " "].includes(event.key)) {
    if (state.play.finished || state.play.pausedAt) return;   // a solved board stays as it was solved
    change(() => { delete state.play.entries[cell]; delete state.play.pencil[cell]; });
  } else {
    return;
  }
  event.preventDefault();
}

function showScore() {
  if (!state.play.finished) { $("score").textContent = ""; return; }
  const {seconds, points} = score();
  if (state.play.shown) { $("score").textContent = `Solution shown after ${mmss(seconds)}: not scored.`; return; }
  $("score").textContent = `Solved in ${mmss(seconds)}: score ${points} (${state.play.mistakes} mistakes, ${state.play.hints} hints, ` +
                           `${state.play.reveals} cells revealed).`;
}

// The clock runs again: the time it stood is not counted.
function resumeClock() {
  state.play.paused = (state.play.paused || 0) + Date.now() - state.play.pausedAt;
  state.play.pausedAt = null;
  state.play.autoPaused = false;
}

// The clock and the counters, once a second.
function tick() {
  if (!state.current || !state.play || state.design) return;
  $("clock").textContent = mmss(elapsed());
  // the mistakes are counted from the first, but shown only when the player asks to see
  // mistakes (or at the end): a count going up would point at the digit just typed
  const mistakes = $("mistakes").checked || state.play.finished
    ? `${state.play.mistakes} ${state.play.mistakes === 1 ? "mistake" : "mistakes"} · ` : "";
  $("counts").textContent = `${mistakes}${state.play.hints} ${state.play.hints === 1 ? "hint" : "hints"}`;
}
setInterval(tick, 1000);
const pauseWhenHidden = () => { if (state.play && state.current && !state.design && !state.play.pausedAt) pause(true); };
document.addEventListener("visibilitychange", () => {
  if (document.hidden) pauseWhenHidden();
  else if (state.play?.autoPaused && state.play.pausedAt) pause(true);
});
window.addEventListener("pagehide", pauseWhenHidden);

// Pause hides the board and stops the clock; the time paused is not counted.  A page that
// is hidden (another tab, the phone locked, the page closed) pauses itself and takes up
// again when seen: only time looking at the puzzle counts, tomorrow's resumption included.
// The listeners above pause only a running clock, and start again only a clock they paused:
// a pause of the player's own stays.
function pause(auto = false) {
  if (state.play.finished) return;
  if (state.play.pausedAt) {
    resumeClock();
  } else {
    state.play.pausedAt = Date.now();
    state.play.autoPaused = auto;
  }
  $("board").classList.toggle("paused", Boolean(state.play.pausedAt));
  $("pause").textContent = state.play.pausedAt ? "Resume" : "Pause";
  save();
  tick();
}

// Check marks the entries that break a rule; those that only contradict the solution are
// marked too when "Show mistakes" is ticked (a player may want to find them alone).
async function check() {
  if (state.current.solution) { checkBySolution(); return; }
  const report = await api("/api/check", request({grid: grid()}));
  const broken = (report.entry_problems || []).flatMap((p) => p.cells.map(([r, c]) => cellAt(r, c)));
  const wrong = $("mistakes").checked ? (report.wrong || []).map(([r, c]) => cellAt(r, c)) : [];
  const marked = [...new Set([...broken, ...wrong])].filter((cell) => state.play.entries[cell]);
  state.play.mistakes += marked.length;
  draw(marked);
  const unmarked = (report.wrong || []).length && !$("mistakes").checked;
  if (report.complete) {
    state.play.finished = state.play.finished || Date.now();
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
  const wrong = Object.keys(state.play.entries).filter((cell) => !isRight(indexOf(cell)));
  const marked = $("mistakes").checked ? wrong : [...clashes()];
  draw(marked);
  const left = state.current.solution.filter((v, i) => v && !valueAt(i)).length;
  if (state.play.finished) say("Solved! Every entry is right.");
  else if (marked.length) say(`${marked.length} ${marked.length === 1 ? "entry is" : "entries are"} wrong (in red).`);
  else if (wrong.length) say("No rule is broken, but some entries contradict the solution (tick Show mistakes to see them).");
  else say(`No mistakes so far; ${left} cells left.`);
}

// Candidates worked out from the player's entries leave out a cell's true digit when an entry
// is wrong: the player is told so (not where), before trusting them.
function restsOnAMistake(candidates) {
  const solution = state.current.solution;
  if (!solution) return "";
  const lost = candidates.some((values, i) => solution[i] && !valueAt(i) && !values.includes(solution[i]));
  return lost ? "Careful: an entry is wrong, so in some cell the true digit is not among these candidates." : "";
}

// The grid a hint is asked from: without the wrong entries while "Show mistakes" is off, so that
// the hint never names one.
function hintGrid() {
  if ($("mistakes").checked || !state.current.solution) return grid();
  return grid().map((v, i) => (v && state.current.solution[i] !== v && !state.current.givens[i] ? 0 : v));
}

// A hint at one of three depths.  One deduction is charged once: "More" and "Show" after
// "Hint" on the same position tell more of the step already paid for.  Its cells are lit
// on the board; its picture goes beside it.
async function hint(level) {
  const asked = hintGrid(), position = asked.join(",");
  const h = await api("/api/hint", request({grid: asked, level}));
  if (h.status === "step" && state.play.hintedPosition !== position) {
    state.play.hints += 1;
    state.play.hintedPosition = position;
  }
  save();
  keepSoon();  // a hint is play: the library keeps the puzzle
  tick();
  say(h.text);
  state.hinted = level < 2 ? null : h.status === "step" ? {area: h.area || [], focus: h.cells || []}
    : h.status === "mistake" ? {area: [], focus: h.mistakes.map(([r, c]) => [r, c])} : null;
  draw();
  showPicture($("aside"), level > 1 ? h.picture : null);
}

async function reveal() {
  if (!state.selected || isGiven(state.selected)) throw new Error("Choose an empty cell first.");
  const result = await api("/api/solve", request());
  const [r, c] = rowCol(state.selected);
  const value = result.grid[r - 1][c - 1];
  if (!value) throw new Error("That cell holds no digit.");
  const cell = state.selected;
  state.play.reveals += 1;
  change(() => { state.play.entries[cell] = value; });
  say(`${cell} is ${valueChar(value)}.`);
}

// The whole solution, on the board, once the player says so: the game ends there, unscored
// (no score, no best time in the library), and the board says how it ended.
async function solveAll() {
  if (!state.play.finished &&
      !window.confirm("Show the whole solution? The game ends: it is not scored and keeps no best time.")) return;
  const result = await api("/api/solve", request());
  if (result.status !== "solved") {
    showPicture($("aside"), result.picture);
    say(`No one solution to show: ${result.status === "multiple" ? "the puzzle has several" : result.status}.`);
    return;
  }
  if (!state.play.finished) {
    const values = result.grid.flat();
    change(() => {
      state.play.entries = Object.fromEntries(values.flatMap((v, i) => (v && !state.current.givens[i] ? [[cellOf(i, state.current.cols), v]] : [])));
      state.play.shown = true;
      state.play.finished = Date.now();
    });
    showScore();
    keepProgress();
  }
  say("The solution is on the board.");
}

// A change of the design (apply returns whether it took the change), kept for undo and judged;
// the chosen cell moves to `chosen` (a cell taken into a cage) at once, not when the board is
// drawn again: a key typed before then goes where the player sees the choice.
function changeDesign(apply, chosen) {
  const before = JSON.stringify(state.design);
  if (!apply()) return false;
  if (chosen && chosen !== state.selected && pickable(chosen)) select(chosen);
  if (JSON.stringify(state.design) !== before) {
    state.designUndo.push(before);
    state.designRedo = [];
    redesign().catch((error) => say(error.message, true));
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

async function redesign() {
  designRequests.abort();
  designRequests = new AbortController();
  try {
    await judgeDesign(designRequests.signal);
  } catch (error) {
    if (error.name !== "AbortError") throw error;
  }
}

async function judgeDesign(signal) {
  const turn = ++state.designTurn;  // a later change's verdict wins over an earlier one still on its way
  const stale = () => turn !== state.designTurn || !state.design;
  const ask = (path, body) => apiCall(path, body, signal);  // called off with the design
  $("design-play").disabled = true;  // until this design's verdict is in
  // changes typed in a burst are read once, after the last: not one request a key
  await new Promise((resolve) => setTimeout(resolve, 150));
  if (stale()) return;
  const {text, format, missing} = designText(state.design);
  const kindRead = readAs(state.design.kind);
  const {puzzles} = await ask("/api/read", {puzzle: text, kind: kindRead, format});
  if (stale()) return;
  const kakuro = designing("runs");
  const chosen = state.selected;  // the cell chosen now (the player may have moved on since the change)
  if (puzzles[0].error) {  // a shape being drawn: the last board stays, with what is wrong
    draw();
    if (chosen) select(chosen);
    say(`Design: ${counted(state.design)}; the ${kakuro ? "layout breaks" : "regions break"} a rule: ${puzzles[0].error}`, true);
    $("design-play").disabled = true;
    return;
  }
  show(puzzles[0], text, format, "", kindRead);
  if (chosen) select(chosen);
  if (kakuro) {  // the digits typed are a solution, not givens: drawn as entries
    state.play.entries = Object.fromEntries(state.design.givens.flatMap((v, i) => (v ? [[cellOf(i, state.design.size), v]] : [])));
    draw();
  }
  if (missing) {
    say(kakuro ? `Design: ${counted(state.design)}; ${missing} ${missing === 1 ? "run has" : "runs have"} no clue yet: ` +
                 "type it on the black cell, or fill the run's cells."
               : `Design: ${counted(state.design)}; ${missing} ${missing === 1 ? "cage has" : "cages have"} no sum yet: ` +
                 "select a cell of the cage and type it.");
    $("design-play").disabled = true;
    return;
  }
  if (designing("cages") && state.design.cage.some((id) => !id)) {
    say(`Design: ${counted(state.design)}; drag over the cells of the next cage (or Shift+arrow from a cell).`);
    $("design-play").disabled = true;
    return;
  }
  say(`Design: ${counted(state.design)}; counting its solutions ...`);
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
    say(`Design: ${counted(state.design)}, one solution, ${rating.level ? `level ${rating.level}` : "too hard to rate in time"}.`);
  } else {
    const problems = (report.problems || []).map((p) => p.text).join("; ");
    for (const problem of report.problems || []) {  // the cells of each broken rule, on the board
      for (const [r, c] of problem.cells) rect(cellAt(r, c))?.classList.add("broken");
    }
    say(`Design: ${counted(state.design)}; the grid ${verdicts[report.status] || report.status}` +
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
  state.play.pencil = Object.fromEntries(values.flatMap((v, i) => (v.length ? [[cellOf(i, state.current.cols), v]] : [])));
  draw();
  say(`${$("message").textContent} Each open cell shows the values it takes in some solution` +
      (complete ? "." : " (those found in time)."));
}

// Design undo and redo: the design before the change comes back, and is read and judged again.
function redesignFrom(from, to) {
  if (!from.length) return;
  to.push(JSON.stringify(state.design));
  state.design = JSON.parse(from.pop());
  redesign().catch((error) => say(error.message, true));
}

// A pasted or uploaded text: its first readable puzzle, or the reader's message.
async function openText(text, source) {
  const {puzzles} = await api("/api/read", {puzzle: text});
  const first = puzzles.find((p) => !p.error);
  if (!first) throw new Error(puzzles[0].error);
  state.design = null;
  show(first, text, null, source);
}

async function openBundled(name, index = 0) {
  state.design = null;
  const data = await api(`/api/bundled/${encodeURIComponent(name).replaceAll("%2F", "/")}`);
  const readable = data.puzzles.filter((p) => !p.error);
  $("bundled").value = name;
  fillOptions($("index"), readable.map((p) => [p.index, `#${p.index} ${p.kind}`]));
  const open = (puzzle) => {
    show(puzzle, data.text, null, name);
    $("index").value = puzzle.index;
    location.hash = `bundled=${name}&index=${puzzle.index}`;
  };
  $("index").onchange = () => open(readable.find((p) => p.index == $("index").value));
  const chosen = readable.find((p) => p.index == index) || readable[0];
  if (chosen) open(chosen);
}

const GENERATE_TRIES = 3;  // a try that runs out of time is made again from another seed

async function generateOne(kind, size, difficulty) {
  // a kind of grids laid out (a Samurai) has its number of grids for a size: its default unless one it has
  const laid = catalogue.layouts[kind];
  if (laid && !laid[size]) size = madeKind(kind).default_size;
  const wanted = `${difficulty ? `${difficulty} ` : ""}${kind}${laid ? "" : ` ${size}x${size}`}`;
  // no seed: the server's stock first (puzzles made on the way to other levels), else a random one
  let g = null, last = null;
  for (let attempt = 1; attempt <= GENERATE_TRIES && !g; attempt++) {
    say(attempt === 1 ? `Making a ${wanted} ...` : `Making a ${wanted}: the last try ran out of time; try ${attempt} of ${GENERATE_TRIES} ...`);
    try {
      g = await api("/api/generate", {kind, size, difficulty});
    } catch (error) {
      last = error;
      if (!/no puzzle was made|out of time|too long/i.test(error.message)) throw error;  // only time is worth a retry
    }
  }
  if (!g) throw new Error(`No ${wanted} was made in ${GENERATE_TRIES} tries (${last.message}): ` +
                          "a lower level or a smaller size is quicker to make.");
  // what makes it again: puzzlog generate KIND --seed N [--difficulty L]
  const made = g.seed === null ? "from the stock" : `seed ${g.seed}${g.difficulty ? ` at ${g.difficulty}` : ""}`;
  state.design = null;
  show(g, g.puzzle, g.format, `generated ${kind} ${made}`);
  say(`A new ${kind}, ${g.level} (${made}).`);
}

// The size box follows the kind chosen: its default size, and the sizes it is made in.
function sizesOfKind() {
  const kind = madeKind($("gen-kind").value), laid = catalogue.layouts[kind.name];
  const sides = laid ? Object.keys(laid).map(Number)
    : kind.sizes === "boxes" ? Object.keys(catalogue.boxes).map(Number) : [kind.sizes[0], kind.sizes[1]];
  $("gen-size").min = Math.min(...sides);
  $("gen-size").max = Math.max(...sides);
  $("gen-size").value = kind.default_size;
  levelsOfSize();
}

// The level box offers what the kind is made at in that size within a page's wait (the
// catalogue's levels: a Futoshiki is never intermediate, a Kakuro all but always is, unreasonable
// where a stock of hard puzzles is); a level
// chosen before stays when it is offered, else "any".
function levelsOfSize() {
  const kind = madeKind($("gen-kind").value), chosen = $("gen-level").value;
  const offered = kind.levels[$("gen-size").value]
    || catalogue.levels.filter((l) => l !== "unreasonable");
  fillOptions($("gen-level"), offered, 1);
  $("gen-level").value = offered.includes(chosen) ? chosen : "";
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
  Object.assign(actions, {show, draw, showScore});
  await loadCatalogue();
  const made = catalogue.generated.map((g) => g.name);
  fillOptions($("gen-kind"), made);
  $("gen-kind").onchange = sizesOfKind;
  $("gen-size").onchange = levelsOfSize;
  sizesOfKind();
  fillOptions($("design-kind"), made);
  fillOptions($("design-size"), designSizes());
  $("design-size").value = "9";
  const {files} = await api("/api/bundled");
  fillOptions($("bundled"), files, 1);
  $("bundled").onchange = () => { if ($("bundled").value) openBundled($("bundled").value).catch((e) => say(e.message, true)); };
  $("load").onclick = () => openText($("text").value, "pasted").catch((error) => say(error.message, true));
  $("design-new").onclick = () => {
    const size = Number($("design-size").value);
    const kind = $("design-kind").value;
    const problem = sizeProblem(kind, size);
    if (problem) { say(problem, true); return; }
    state.design = emptyDesign(kind, size);
    state.designUndo = [];
    state.designRedo = [];
    redesign().catch((error) => say(error.message, true));
  };
  $("design-play").onclick = () => {
    const text = state.current.text, readAs = state.current.readAs, format = state.current.format;
    designRequests.abort();
    state.design = null;
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
  $("pause").onclick = () => { if (state.current && !state.design) pause(); };
  $("skip").onclick = (event) => { event.preventDefault(); $("board").focus(); };  // the address keeps its puzzle
  $("print").onclick = () => run(async () => window.print());
  $("board").addEventListener("focus", () => {  // by keyboard: the first open cell is chosen
    if (state.selected || !state.current || state.design) return;
    const open = state.current.givens.findIndex((v, i) => !v && rect(cellOf(i, state.current.cols)));
    if (open >= 0) select(cellOf(open, state.current.cols));
  });
  $("board").addEventListener("click", (event) => {
    const cell = event.target.getAttribute && (event.target.getAttribute("data-cell") ||
                                              (state.design && event.target.getAttribute("data-black")));
    if (cell && event.target.tagName === "rect") { select(cell); $("board").focus(); }
  });
  $("board").addEventListener("keydown", onKey);
  // A Killer's cage is drawn by dragging over its cells in design.
  $("board").addEventListener("pointerdown", (event) => {
    const cell = designing("cages") && cellUnder(event);
    if (!cell) return;
    state.dragged = [indexOf(cell)];
    select(cell);
    event.preventDefault();
  });
  $("board").addEventListener("pointermove", (event) => {
    const cell = state.dragged && cellUnder(event);
    if (!cell || state.dragged.includes(indexOf(cell))) return;
    state.dragged.push(indexOf(cell));
    rect(cell)?.classList.add("selected");
  });
  window.addEventListener("pointerup", () => {
    if (!state.dragged) return;
    const cells = state.dragged;
    state.dragged = null;
    if (cells.length > 1 && designing("cages")) changeDesign(() => { makeCage(state.design, cells); return true; }, state.selected);
  });
  $("undo").onclick = () => run(async () => (state.design ? redesignFrom(state.designUndo, state.designRedo) : travel(state.play.history, state.undone)));
  $("redo").onclick = () => run(async () => (state.design ? redesignFrom(state.designRedo, state.designUndo) : travel(state.undone, state.play.history)));
  $("candidates").onclick = () => run(async () => {
    const {picture, notes, candidates} = await api("/api/candidates", request({grid: grid()}));
    showPicture($("aside"), picture);
    say(["What each open cell can still hold, given the puzzle and your entries.", ...notes, restsOnAMistake(candidates)].join(" "));
  });
  $("fill-pencil").onclick = () => run(async () => {
    const {candidates} = await api("/api/candidates", request({grid: grid()}));
    change(() => {
      state.play.pencil = Object.fromEntries(candidates.flatMap((values, i) => (values.length ? [[cellOf(i, state.current.cols), values]] : [])));
    });
    say(`Every open cell is pencilled with its candidates. ${restsOnAMistake(candidates)}`);
  });
  $("mistakes").onchange = tick;
  $("check").onclick = () => run(check);
  for (const level of [1, 2, 3]) $(`hint${level}`).onclick = () => run(() => hint(level));
  $("reveal").onclick = () => run(reveal);
  $("solve").onclick = () => run(solveAll);
  $("rate").onclick = () => run(async () => {
    const rating = await api("/api/rate", request());
    // a standard 9x9 Sudoku is read on Sudoku Explainer's and HoDoKu's scales too
    const outside = rating.se == null ? "" : ` SE ${rating.se.toFixed(1)}, HoDoKu ${rating.hodoku_level}.`;
    say(rating.level ? `Level ${rating.level}, score ${rating.score}; hardest: ${rating.hardest}.${outside}`
                     : `Not rated: ${rating.status}.`);
  });
  $("explain").onclick = () => run(explain);
  startStepper();
  startPractice().catch(() => { $("learn").hidden = true; });  // no bank: no panel
  fillOptions($("lib-level"), catalogue.levels, 1);
  fillOptions($("lib-kind"), catalogue.kinds.filter((k) => k !== "x"), 1);  // x: sudoku-x's other name
  $("lib-kind").onchange = $("lib-level").onchange = $("lib-order").onchange =
    () => listLibrary().catch((e) => say(e.message, true));
  $("lib-more").onclick = () => listLibrary(true).catch((e) => say(e.message, true));
  listLibrary().catch(() => {});
  $("clear").onclick = () => run(async () => change(() => { state.play.entries = {}; state.play.pencil = {}; }));
}

async function openFromAddress() {
  // #bundled=FILE&index=I opens that puzzle: a link to it, and a reload, show it again.
  const wanted = new URLSearchParams(location.hash.slice(1));
  if (wanted.get("bundled")) await openBundled(wanted.get("bundled"), Number(wanted.get("index") || 0));
}

window.addEventListener("hashchange", () => {
  const wanted = new URLSearchParams(location.hash.slice(1));
  const name = wanted.get("bundled"), index = Number(wanted.get("index") || 0);
  if (name && !(state.current && $("bundled").value === name && state.current.index === index)) {
    openFromAddress().catch((error) => say(error.message, true));
  }
});
start().then(openFirst).catch((error) => say(error.message, true));
