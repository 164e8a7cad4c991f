// The library (puzzlog serve --db): every puzzle opened is kept with the player's progress,
// which follows a moment after the last change; the list of kept puzzles opens any again.

import {$, actions, api, fresh, mmss, save, say, score, state, storageKey} from "./page.js";

let libraryOn = true;   // false when the server keeps no library
let keepTimer = null;   // progress goes to the library a moment after the last change

// Every puzzle opened is kept in the server's library, with the player's progress.
export async function keep(source) {
  if (!libraryOn) return;
  const shown = state.current;
  try {
    const entry = await api("/api/library/add", {puzzle: shown.text, format: shown.format, index: shown.index,
                                                 kind: shown.readAs, source});
    shown.id = entry.id;
    // progress kept by the library (another browser, a cleared one) when this one has none
    if (entry.progress && state.current === shown && !localStorage.getItem(storageKey())) {
      state.play = Object.assign(fresh(), entry.progress);
      save();
      actions.draw();
      actions.showScore();
    }
    listLibrary();
  } catch (error) {
    if (error.message.includes("keeps no library")) { libraryOn = false; $("library").hidden = true; }
    else say(`You can play this puzzle, but the library did not keep it: ${error.message}`, true);
  }
}

const progressBody = () => ({id: state.current.id, progress: state.play, seconds: state.play.finished ? score().seconds : null});

export async function keepProgress() {
  if (!libraryOn || !state.current.id) return;
  await api("/api/library/progress", progressBody());
  listLibrary();
}

// The library gets the progress too, a moment after the last change (not one request a key).
export function keepSoon() {
  clearTimeout(keepTimer);
  keepTimer = setTimeout(() => { keepTimer = null; keepProgress().catch(() => {}); }, 1500);
}

// A page closed or reloaded before the library got its last change sends it on the way out.
window.addEventListener("pagehide", () => {
  if (!keepTimer || !libraryOn || !state.current?.id) return;
  clearTimeout(keepTimer);
  keepTimer = null;
  navigator.sendBeacon("/api/library/progress", new Blob([JSON.stringify(progressBody())], {type: "application/json"}));
});

export async function listLibrary() {
  if (!libraryOn) return;
  const {entries} = await api("/api/library", {kind: $("lib-kind").value || null, level: $("lib-level").value || null,
                                               order: $("lib-order").value});
  const best = (s) => (s === null ? "" : mmss(s));
  $("lib-list").replaceChildren();
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
      state.design = null;
      actions.show(puzzles.find((p) => p.index === e.index), e.puzzle, null, e.source, e.kind);
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
  if (state.current?.id === entry.id) state.current.id = null;
  await listLibrary();
}

// The progress of the puzzle left goes to the library before another is shown.
export function flushProgress() {
  if (!keepTimer) return;
  clearTimeout(keepTimer);
  keepTimer = null;
  keepProgress().catch(() => {});
}
