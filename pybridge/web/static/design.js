// Designing a puzzle on the page: the design is plain data (givens, signs, jigsaw regions,
// Kakuro black cells and clues, Killer cages and sums); a key typed on a cell (or, for a
// Killer's cage, a drag over cells) changes it, and it is written as a puzzle text the
// engine's reader takes.  The page (app.js) asks the API for the verdict.

import {catalogue, charValue, valueChar} from "./cells.js";

// a kind of grids laid out (a Samurai) is designed by its number of grids: where each grid's top
// left cell is in the frame (from 0), as the engine's kind record lays them out
const layouts = (kind) => catalogue.layouts[kind] || null;
const inSamurai = (design, r, c) => design.grids.some(([r0, c0]) => r > r0 && r <= r0 + 9 && c > c0 && c <= c0 + 9);
const KAKURO_DESIGN_SIDE = 10;  // the page's board: larger Kakuro are made, not designed, here
export const made = (kind) => catalogue.generated.find((g) => g.name === kind);
// What a designer sets beyond the givens, as the kind's record says (the catalogue's designed_by):
// givens, regions, signs, marks, runs, cages or grids.  The designer asks no kind's name.
export const designedBy = (kind) => made(kind)?.designed_by || "givens";
const by = (design) => designedBy(design.kind);
const SIGNED = ["signs", "marks"];  // signs between cells: < > ^ v, or Adjacent bars
// the kind the reader is asked for, per kind designed (the engine's read_as)
export const readAs = (kind) => made(kind)?.read_as || null;

// Why a kind cannot be designed at a size here, or null: within the sizes the engine
// makes the kind in (a size with standard boxes, or its range of sides).
export function sizeProblem(kind, size) {
  const sizes = made(kind)?.sizes;
  const laid = layouts(kind);
  if (laid) {
    const counts = Object.keys(laid).sort((a, b) => b - a);
    return laid[size] ? null : `A ${kind} is ${counts.slice(0, -1).join(", ")} or ${counts.at(-1)} grids here.`;
  }
  if (made(kind)?.diagonals && size < 6) return `A ${kind} is 6x6 or more here.`;
  if (sizes === "boxes") return catalogue.boxes[size] ? null : `A ${size}x${size} Sudoku has no standard boxes.`;
  const [low, high] = designedBy(kind) === "runs" ? [sizes[0], Math.min(sizes[1], KAKURO_DESIGN_SIDE)] : sizes;
  if (size < low || size > high) return `A ${kind} is designed from ${low}x${low} to ${high}x${high} here.`;
  return null;
}

// Every side some kind is designed at here, smallest first (the page's size choices).
export function designSizes() {
  const sides = new Set();
  for (const {name, sizes} of catalogue.generated) {
    if (layouts(name)) Object.keys(layouts(name)).forEach((grids) => sides.add(Number(grids)));
    else if (sizes === "boxes") Object.keys(catalogue.boxes).forEach((side) => sides.add(Number(side)));
    else for (let side = sizes[0]; side <= (designedBy(name) === "runs" ? KAKURO_DESIGN_SIDE : sizes[1]); side++) sides.add(side);
  }
  return [...sides].sort((a, b) => a - b);
}

// An empty design: no givens or signs, a jigsaw's regions the boxes (rows when the size has
// none), a Kakuro's clue row and column black.
export function emptyDesign(kind, size) {
  if (layouts(kind)) {  // size is the number of grids; the design's size is the frame's side
    const grids = layouts(kind)[size], side = Math.max(...grids.flat()) + 9;
    return {kind, size: side, grids, givens: new Array(side * side).fill(0)};
  }
  const [boxRows, boxCols] = catalogue.boxes[size] || [1, size];
  const regions = Array.from({length: size * size}, (_, i) =>
    Math.floor(Math.floor(i / size) / boxRows) * (size / boxCols) + Math.floor((i % size) / boxCols) + 1);
  const black = Array.from({length: size * size}, (_, i) => i < size || i % size === 0);
  return {kind, size, givens: new Array(size * size).fill(0), across: {}, down: {}, regions, black, clues: {},
          cage: new Array(size * size).fill(0), sums: {}, nextCage: 1};
}

// A Killer's cage drawn over cells (indices): they leave the cages they were in and make a new
// one.  A cage is drawn by dragging over its cells, or from the keyboard by Shift+arrow, which
// takes the next cell into the chosen cell's cage (makeCage with joinTo).
export function makeCage(design, cells, joinTo = 0) {
  const id = joinTo || design.nextCage++;
  for (const i of cells) design.cage[i] = id;
  dropEmptySums(design);
}

// The sums of cages no cell is in any more go.
function dropEmptySums(design) {
  for (const id of Object.keys(design.sums)) {
    if (!design.cage.includes(Number(id))) delete design.sums[id];
  }
}

// Shift+arrow from cell r, c in a Killer design: the neighbour joins the cell's cage (a cage of
// the cell alone when it has none).  False when there is no neighbour that way.
export function extendCage(design, r, c, dr, dc) {
  const n = design.size, r2 = r + dr, c2 = c + dc;
  if (r2 < 1 || r2 > n || c2 < 1 || c2 > n) return false;
  const i = (r - 1) * n + c - 1;
  if (!design.cage[i]) makeCage(design, [i]);
  makeCage(design, [(r2 - 1) * n + c2 - 1], design.cage[i]);
  return true;
}

// A key on a Killer design's cell: digits type the sum of the cell's cage (Backspace takes one
// back; on a cell in no cage, a cage of that cell alone), Delete takes the cell out of its cage.
function setCageKey(design, i, key) {
  if (key === "Delete") {
    if (!design.cage[i]) return false;
    design.cage[i] = 0;
    dropEmptySums(design);
    return true;
  }
  if (!design.cage[i] && !/^[0-9]$/.test(key)) return key === "Backspace";  // taken, but there is no cage to sum
  if (!design.cage[i]) makeCage(design, [i]);  // a sum typed on a cell in no cage: a cage of its own
  const id = design.cage[i], typed = design.sums[id] || "";
  let next = typed;
  if (/^[0-9]$/.test(key) && typed.length < 3) next = typed + key;
  else if (key === "Backspace") next = typed.slice(0, -1);
  else return false;
  if (next) design.sums[id] = next; else delete design.sums[id];
  return true;
}

// A key typed on cell r, c: a given, a sign, a region letter, or a Kakuro change.  True when
// the key is one the design takes (it may still change nothing).
export function applyKey(design, r, c, key) {
  const value = charValue(key);
  const clear = ["Backspace", "Delete", "0", " "].includes(key);
  if (by(design) === "runs") return setKakuro(design, r, c, key, clear, value);
  if (by(design) === "cages") return setCageKey(design, (r - 1) * design.size + c - 1, key);
  if (by(design) === "grids") {
    if (!inSamurai(design, r, c) || !(clear || (value >= 1 && value <= 9))) return false;
    design.givens[(r - 1) * design.size + c - 1] = clear ? 0 : value;
    return true;
  }
  if (SIGNED.includes(by(design)) && setSign(design, r, c, key)) return true;
  const region = by(design) === "regions" ? "abcdefghi".slice(0, design.size).indexOf(key) + 1 : 0;
  if (region) {
    design.regions[(r - 1) * design.size + c - 1] = region;
    return true;
  }
  if (!clear && !(value >= 1 && value <= design.size)) return false;
  design.givens[(r - 1) * design.size + c - 1] = clear ? 0 : value;
  return true;
}

// A sign from the selected cell: in a Futoshiki or a greater-than Sudoku < or > to the cell on its right, ^ or v
// to the cell below; in an Adjacent, a bar | to the right or - below.  The same key again takes the sign away.
// False when the key is no sign.
function setSign(design, r, c, key) {
  const adjacent = by(design) === "marks";
  const across = (adjacent ? {"|": "|"} : {"<": "<", ">": ">"})[key];
  const down = (adjacent ? {"-": "-"} : {"^": "^", "v": "v", "V": "v"})[key];
  const [signs, at, sign, fits] = across ? [design.across, `${r},${c}`, across, c < design.size]
                                         : [design.down, `${r},${c}`, down, r < design.size];
  if (!sign) return false;
  if (!fits) return true;  // no neighbour there: nothing to change
  if (signs[at] === sign) delete signs[at]; else signs[at] = sign;
  return true;
}

// A Kakuro is designed by its clues, its solution, or both: # turns a cell black or white (not
// in the clue row and column); on a white cell a digit fills it; on a black cell digits type
// its clue, the down sum first, then \ and the across sum ("16\24", "\7"), Backspace taking
// back a character.  A run without a typed clue gets the sum of its digits.  True when the key
// changed something.
function setKakuro(design, r, c, key, clear, value) {
  const i = (r - 1) * design.size + c - 1;
  if (key === "#") {
    if (r === 1 || c === 1) return false;
    design.black[i] = !design.black[i];
    design.givens[i] = 0;
    delete design.clues[i];
    return true;
  }
  if (design.black[i]) {
    const typed = design.clues[i] || "";
    let next = typed;
    if (/^[0-9]$/.test(key) && (typed.split("\\").pop().length < 2)) next = typed + key;
    else if (["\\", "/"].includes(key) && !typed.includes("\\")) next = typed + "\\";
    else if (["Backspace", "Delete"].includes(key)) next = typed.slice(0, -1);
    else if (key === " ") next = "";
    else return false;
    if (next) design.clues[i] = next; else delete design.clues[i];
    return true;
  }
  if (!(clear || (value >= 1 && value <= 9))) return false;
  design.givens[i] = clear ? 0 : value;
  return true;
}

// The Kakuro grid of the design: each run's clue is the one typed, or else the sum of its
// digits; a run with neither shows the least sum its length allows (so that the board can
// still be drawn) and is counted in ``missing``.
function kakuroText(design) {
  const n = design.size, black = (r, c) => r > n || c > n || design.black[(r - 1) * n + c - 1];
  let missing = 0;
  const run = (r, c, dr, dc, typed) => {
    const digits = [];
    for (let rr = r + dr, cc = c + dc; !black(rr, cc); rr += dr, cc += dc) digits.push(design.givens[(rr - 1) * n + cc - 1]);
    if (typed) return Number(typed);
    if (!digits.length) return 0;
    if (digits.every(Boolean)) return digits.reduce((a, b) => a + b, 0);
    missing += 1;
    return digits.length * (digits.length + 1) / 2;
  };
  const lines = [];
  for (let r = 1; r <= n; r++) {
    const cells = [];
    for (let c = 1; c <= n; c++) {
      if (!black(r, c)) { cells.push("."); continue; }
      const [typedDown, typedAcross] = (design.clues[(r - 1) * n + c - 1] || "").split("\\");
      const down = run(r, c, 1, 0, typedDown), across = run(r, c, 0, 1, typedAcross);
      cells.push(down || across ? `${down || ""}\\${across || ""}` : "#");
    }
    lines.push(cells.join(" "));
  }
  return {text: lines.join("\n") + "\n", format: "grid", missing};
}

// A Killer in the killer format: each cage named by a letter in the reading order of its first
// cell, `.` for a cell in no cage; a cage without a typed sum shows the least sum its size
// allows (so that the board can still be drawn) and is counted in ``missing``.
const CAGE_NAMES = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

function killerText(design) {
  const n = design.size, names = {}, sizes = {};
  for (const id of design.cage) {
    if (!id) continue;
    if (!(id in names)) names[id] = CAGE_NAMES[Object.keys(names).length] || "?";
    sizes[id] = (sizes[id] || 0) + 1;
  }
  const lines = ["killer"];
  for (let r = 0; r < n; r++) lines.push(design.cage.slice(r * n, r * n + n).map((id) => (id ? names[id] : ".")).join(""));
  let missing = 0;
  const sums = Object.entries(names).map(([id, name]) => {
    if (design.sums[id]) return `${name}=${design.sums[id]}`;
    missing += 1;
    return `${name}=${sizes[id] * (sizes[id] + 1) / 2}`;
  });
  if (sums.length) lines.push(sums.join(" "));
  return {text: lines.join("\n") + "\n", format: "killer", missing};
}

// The design as text: a line for Sudoku kinds, the readable grid with signs for Futoshiki and
// greater-than Sudoku (boxes come from the size, as the reader gives them).
export function designText(design) {
  if (by(design) === "runs") return kakuroText(design);
  if (by(design) === "cages") return killerText(design);
  const char = (v) => (v ? valueChar(v) : ".");
  if (by(design) === "grids") {  // the frame, a space where no grid is
    const n = design.size, lines = ["samurai"];
    for (let r = 1; r <= n; r++) {
      let line = "";
      for (let c = 1; c <= n; c++) line += inSamurai(design, r, c) ? char(design.givens[(r - 1) * n + c - 1]) : " ";
      lines.push(line.trimEnd());
    }
    return {text: lines.join("\n") + "\n", format: "samurai"};
  }
  if (by(design) === "regions") return {text: `${design.givens.map(char).join("")} ${design.regions.join("")}`, format: "line"};
  if (!SIGNED.includes(by(design))) return {text: design.givens.map(char).join(""), format: "line"};
  const n = design.size, lines = by(design) === "marks" ? ["adjacent"] : [];
  for (let r = 1; r <= n; r++) {
    let line = "";
    for (let c = 1; c <= n; c++) {
      line += char(design.givens[(r - 1) * n + c - 1]);
      if (c < n) line += ` ${design.across[`${r},${c}`] || " "} `;
    }
    lines.push(line.trimEnd());
    const below = Array.from({length: n}, (_, i) => (design.down[`${r},${i + 1}`] || " ").padEnd(4)).join("").trimEnd();
    if (r < n && below) lines.push(below);  // a blank line would end the grid
  }
  return {text: lines.join("\n") + "\n", format: "grid"};
}

const counting = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

// What the design holds so far, in words: "12 givens, 3 signs".
export function counted(design) {
  if (by(design) === "cages") {
    const cages = new Set(design.cage.filter(Boolean)).size;
    return `${counting(cages, "cage")}, ${counting(Object.keys(design.sums).length, "sum")} typed`;
  }
  if (by(design) === "runs") {
    const typed = Object.keys(design.clues).length;
    return `${counting(design.black.filter(Boolean).length, "black cell")}, ` +
           counting(design.givens.filter(Boolean).length, "digit") + (typed ? `, ${counting(typed, "clue")} typed` : "");
  }
  const givens = counting(design.givens.filter(Boolean).length, "given");
  if (!SIGNED.includes(by(design))) return givens;
  return `${givens}, ${counting(Object.keys(design.across).length + Object.keys(design.down).length, "sign")}`;
}
