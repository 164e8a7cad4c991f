// The library (puzzlog serve --db): a puzzle is kept once it is played (its first entry, mark
// or hint) or named, with the player's progress, which follows a moment after the last
// change; the list of kept puzzles, a page at a time, opens any again.

import {$, actions, api, fresh, mmss, save, say, score, state, storageKey} from "./page.js";

const PAGE = 25;        // rows of the list fetched at a time
let libraryOn = true;   // false when the server keeps no library
let keepTimer = null;   // progress goes to the library a moment after the last change
let listed = 0;         // rows of the list shown

function libraryOff(error) {
  if (!error.message.includes("keeps no library")) return false;
  libraryOn = false;
  $("library").hidden = true;
  return true;
}

// A puzzle opened: the library's entry of it, if it keeps one, with the progress kept there
// (another browser's, a cleared one's) when this browser has none.  Nothing is added here:
// a puzzle opened and left unplayed stays out of the library.
export async function lookUp() {
  if (!libraryOn) return;
  const shown = state.current;
  try {
    const {entry} = await api("/api/library/find", {puzzle: shown.text, index: shown.index});
    if (!entry || state.current !== shown) return;
    shown.id = entry.id;
    if (entry.progress && !localStorage.getItem(storageKey())) {
      state.play = Object.assign(fresh(), entry.progress);
      save();
      actions.draw();
      actions.showScore();
    }
  } catch (error) {
    if (!libraryOff(error)) say(`The library could not be asked: ${error.message}`, true);
  }
}

// The puzzle shown goes into the library (read and rated there) unless it is in already.
async function keep() {
  const shown = state.current;
  const entry = await api("/api/library/add", {puzzle: shown.text, format: shown.format, index: shown.index,
                                               kind: shown.readAs, source: shown.source});
  shown.id = entry.id;
  await listLibrary();
}

const progressBody = () => ({id: state.current.id, progress: state.play,
                             // a best time only for a game played to the end, not a solution shown
                             seconds: state.play.finished && !state.play.shown ? score().seconds : null});

// The progress of the puzzle shown, kept; the puzzle too, the first time.  The list is asked
// again only when a row of it changes (a new entry, a best time), not at every move.  It never
// throws: a library that cannot keep it says so on the message line.
export async function keepProgress() {
  if (!libraryOn || state.design) return;
  try {
    if (!state.current.id) await keep();
    await api("/api/library/progress", progressBody());
    if (state.play.finished) await listLibrary();
  } catch (error) {
    if (!libraryOff(error)) say(`You can play this puzzle, but the library did not keep it: ${error.message}`, true);
  }
}

// The library gets the progress too, a moment after the last change (not one request a key).
export function keepSoon() {
  clearTimeout(keepTimer);
  keepTimer = setTimeout(() => { keepTimer = null; keepProgress(); }, 1500);
}

// A page closed or reloaded before the library got its last change sends it on the way out.
window.addEventListener("pagehide", () => {
  if (!keepTimer || !libraryOn || !state.current?.id) return;
  clearTimeout(keepTimer);
  keepTimer = null;
  navigator.sendBeacon("/api/library/progress", new Blob([JSON.stringify(progressBody())], {type: "application/json"}));
});

// The list from its first row (more = false) or its next page.
export async function listLibrary(more = false) {
  if (!libraryOn) return;
  const offset = more ? listed : 0;
  let page;
  try {
    page = await api("/api/library", {kind: $("lib-kind").value || null, level: $("lib-level").value || null,
                                      order: $("lib-order").value, offset, limit: PAGE});
  } catch (error) {
    if (libraryOff(error)) return;
    throw error;
  }
  if (!more) $("lib-list").replaceChildren();
  for (const e of page.entries) $("lib-list").appendChild(row(e));
  listed = offset + page.entries.length;
  $("lib-more").hidden = listed >= page.total;
  $("lib-count").textContent = page.total ? `${listed} of ${page.total}` : "Nothing kept yet: a puzzle is kept once played.";
}

function row(e) {
  const tr = document.createElement("tr");
  // its name: the player's, else where it came from and which of the file's puzzles it is
  const name = e.source ? (e.index ? `${e.source} #${e.index}` : e.source) : `puzzle ${e.id}`;
  const best = (s) => (s === null ? "" : mmss(s));
  for (const text of [name, `${e.kind} ${e.rows}x${e.cols}`, e.level || "", best(e.best_seconds)]) {
    const td = document.createElement("td");
    td.textContent = text;  // sources are the visitors' words: text, never markup
    tr.appendChild(td);
  }
  // the name opens it: a button, so that a keyboard opens it as a mouse does
  const open = document.createElement("button");
  open.className = "open-entry";
  open.textContent = name;
  open.title = `Open ${name}`;
  open.onclick = () => openEntry(e.id).catch((error) => say(error.message, true));
  tr.children[0].replaceChildren(open);
  const tools = document.createElement("td");
  for (const [label, icon, act] of [["Rename", "✎", renameEntry], ["Delete", "✕", deleteEntry]]) {
    const button = document.createElement("button");
    button.textContent = icon;
    button.title = label;
    button.setAttribute("aria-label", `${label} ${name}`);
    button.onclick = () => act(e, name).catch((error) => say(error.message, true));
    tools.appendChild(button);
  }
  tr.appendChild(tools);
  return tr;
}

async function openEntry(id) {
  const e = await api("/api/library/get", {id});
  const {puzzles} = await api("/api/read", {puzzle: e.puzzle, kind: e.kind});
  state.design = null;
  actions.show(puzzles.find((p) => p.index === e.index), e.puzzle, null, e.source, e.kind);
  $("board").focus({preventScroll: true});
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
  if (state.current?.id === entry.id) state.current.id = null;
  await listLibrary();
}

// The progress of the puzzle left goes to the library before another is shown.
export function flushProgress() {
  if (!keepTimer) return;
  clearTimeout(keepTimer);
  keepTimer = null;
  keepProgress();
}
