// What the page's modules share: the state of the page (the puzzle shown, the player's
// progress, the selected cell, the design being made), the calls of the API, the words on
// the message line, and how cells are named.  Actions the other modules ask of the board
// (show a puzzle, draw it, show the score) are set by app.js in `actions`.

import {catalogue} from "./cells.js";

export const $ = (id) => document.getElementById(id);
export const SVG = "http://www.w3.org/2000/svg";

// What the server sends goes into the page as text or as parsed SVG, never as markup: a file
// name or a message cannot become a script (the Content-Security-Policy forbids inline
// script besides).  The engine's pictures are SVG documents, parsed as SVG, nothing else.
const svgParser = new DOMParser();
export function showPicture(element, svgText) {
  if (!svgText) { element.replaceChildren(); return; }
  const doc = svgParser.parseFromString(svgText, "image/svg+xml");
  const root = doc.documentElement;
  if (root.namespaceURI !== SVG || root.localName !== "svg") throw new Error("the server sent a picture that is not SVG");
  for (const bad of root.querySelectorAll("script, foreignObject")) bad.remove();
  element.replaceChildren(document.importNode(root, true));
}

// A <select>'s options, as text: [value, label] pairs or plain names; `keep` leaves the
// options already there (an "any" first).
export function fillOptions(select, items, keep = 0) {
  while (select.options.length > keep) select.remove(keep);
  for (const item of items) {
    const [value, label] = Array.isArray(item) ? item : [item, item];
    select.add(new Option(String(label), String(value)));
  }
}

export const state = {
  current: null,    // the puzzle shown: {text, kind, format, index, rows, cols}
  play: null,       // the player's progress, kept in the browser (see fresh())
  selected: null,   // "r1c2"
  undone: [],       // positions undo took back, for redo
  design: null,     // while designing: {kind, size, givens, across, down, regions, black, clues, cage, sums}
  dragged: null,    // the cells (indices) a drag over a Killer design's board has crossed
  designUndo: [],   // earlier designs, as JSON
  designRedo: [],   // taken-back designs, as JSON
  designTurn: 0,    // counts the verdicts asked for
  hinted: null,     // the cells the last hint lights on the board: {area, focus}, [row, col] each
  marked: null,     // the entries the board shows wrong (a Set of cells)
  practice: null,   // the practice position shown (practice.js): /api/practice's answer, with its text
};

export const actions = {show: null, draw: null, showScore: null};  // set by app.js

export function fresh() {
  return {entries: {}, pencil: {}, history: [], started: Date.now(), mistakes: 0, hints: 0, reveals: 0,
          finished: null, paused: 0, pausedAt: null};
}

export async function apiCall(path, body, signal = undefined) {
  const response = await fetch(path, body === undefined ? {signal} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body), signal});
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

export function say(text, isError = false) {
  $("message").textContent = inPageWords(text);
  $("message").className = isError ? "error" : "";
}

// The engine's words name a unit by number ("box 2"); the board numbers its rows and columns
// but not its boxes: a jigsaw's regions are named by the letters the board shows, a box by
// where it is ("the top-middle box") or, past three boxes a side, by its rows and columns.
export const REGION_LETTERS = "abcdefghijklmnopqrstuvwxy";
export function inPageWords(text) {
  if (!state.current || state.design) return text;
  if (state.current.regions) {
    return text.replace(/\bbox(es)? (\d+)/g, (_, plural, n) => `region${plural ? "s" : ""} ${REGION_LETTERS[n - 1]}`);
  }
  const shape = state.current.rows === state.current.cols && catalogue.boxes[state.current.rows];
  return shape ? text.replace(/\bbox (\d+)\b/g, (_, n) => boxName(Number(n), ...shape)) : text;
}

const SIDES = {2: [["top", "bottom"], ["left", "right"]], 3: [["top", "middle", "bottom"], ["left", "middle", "right"]]};

// Box n (numbered row by row from 1) of boxes boxRows x boxCols in a square grid.
export function boxName(n, boxRows, boxCols) {
  const size = boxRows * boxCols, bands = size / boxRows, stacks = size / boxCols;
  const band = Math.floor((n - 1) / stacks), stack = (n - 1) % stacks;
  if (bands > 3 || stacks > 3) {
    const rows = `${band * boxRows + 1}–${(band + 1) * boxRows}`, cols = `${stack * boxCols + 1}–${(stack + 1) * boxCols}`;
    return `the box of rows ${rows}, columns ${cols}`;
  }
  const across = SIDES[bands][0][band], along = SIDES[stacks][1][stack];
  return across === "middle" && along === "middle" ? "the centre box" : `the ${across}-${along} box`;
}


export const api = (path, body) => apiCall(path, body);
export const storageKey = () => `puzzlog:${state.current.index}:${state.current.text}`;
export const save = () => localStorage.setItem(storageKey(), JSON.stringify(state.play));
export const cellAt = (r, c) => `r${r}c${c}`;
export const cellOf = (i, cols) => cellAt(Math.floor(i / cols) + 1, i % cols + 1);  // of a row-major index
export const rowCol = (cell) => cell.match(/r(\d+)c(\d+)/).slice(1).map(Number);
export const rect = (cell) => $("board").querySelector(`rect[data-cell="${cell}"]`);
// A white cell, or in design also a Kakuro's black one (it can be turned white again).
export const pickable = (cell) => rect(cell) || (state.design && $("board").querySelector(`rect[data-black="${cell}"]`));
export const isGiven = (cell) => $("board").querySelector(`text[data-value="${cell}"]`) !== null;
export const largest = () => state.current.largest || state.current.rows;  // the largest value a cell takes
export const indexOf = (cell) => { const [r, c] = rowCol(cell); return (r - 1) * state.current.cols + c - 1; };
// What a cell holds now: the player's entry, else its given, else 0.
export const valueAt = (i) => state.play.entries[cellOf(i, state.current.cols)] || state.current.givens[i] || 0;
// Right by the solution the page asked for (none yet, or none unique: never "right").
export const isRight = (i) => Boolean(state.current.solution) && state.current.solution[i] === valueAt(i);
export const mmss = (seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

export const request = (extra = {}) => ({puzzle: state.current.text, format: state.current.format, index: state.current.index,
                                   kind: state.current.readAs, ...extra});

// The score, as the seed documents have it: time, mistakes, hints and reveals all cost.
export function elapsed() {
  const end = state.play.finished || state.play.pausedAt || Date.now();
  return Math.max(0, Math.round((end - state.play.started - (state.play.paused || 0)) / 1000));
}

export function score() {
  const seconds = elapsed();
  if (state.play.shown) return {seconds, points: 0};  // the solution was shown: not scored
  const points = Math.max(0, 1000 - Math.floor(seconds / 6) - 50 * state.play.mistakes - 30 * state.play.hints - 100 * state.play.reveals);
  return {seconds, points};
}
