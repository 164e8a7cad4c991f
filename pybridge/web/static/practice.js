// Practise a technique: the board opens at a position where the technique is the next step of
// the ladder (POST /api/practice, a position from the shipped bank), its candidates pencilled in;
// the player makes the step and the engine judges it (POST /api/practice/check): what the
// player placed, and the candidates of the position the player took away.

import {$, actions, api, cellOf, fillOptions, fresh, rowCol, save, say, state} from "./page.js";

let banks = {};  // kind -> [{technique, met, walked}], the techniques the banks have positions of

const words = (technique) => technique.replaceAll("_", " ");
const valuesOf = (code) => [...Array(25).keys()].map((k) => k + 1).filter((v) => (-code) & (1 << (v - 1)));

function fillTechniques() {
  const listed = banks[$("learn-kind").value] || [];
  const chosen = $("learn-technique").value;
  fillOptions($("learn-technique"), listed.map(({technique, met, walked}) =>
    [technique, `${words(technique)} (in ${(100 * met / walked).toFixed(met * 1000 < walked ? 2 : 1)}% of puzzles)`]));
  if (listed.some((t) => t.technique === chosen)) $("learn-technique").value = chosen;
}

async function practise() {
  const technique = $("learn-technique").value, kind = $("learn-kind").value;
  if (!technique) { say("Choose a technique first.", true); return; }
  say(`Finding a position where ${words(technique)} comes next ...`);
  const found = await api("/api/practice", {technique, kind});
  actions.show(found, found.puzzle, found.format, "practice", found.kind);
  state.play = fresh();
  found.codes.forEach((code, i) => {
    const cell = cellOf(i, state.current.cols);
    if (code > 0 && !state.current.givens[i]) state.play.entries[cell] = code;
    else if (code < 0) state.play.pencil[cell] = valuesOf(code);
  });
  state.practice = {...found, text: found.puzzle};
  save();
  actions.draw();
  $("learn-actions").hidden = false;
  $("board").dataset.practice = technique;  // what the page shows now (tests wait for it)
  $("play").scrollIntoView({block: "start"});  // on a phone the panel sits below the board
  say(`${words(technique)} is the next step here, ${found.before} steps after the givens: make it, then check it.`);
}

function practising() {
  const p = state.practice;
  if (p && state.current && state.current.text === p.text) return p;
  say("Practise a technique first: choose one and press Practise.", true);
  return null;
}

// The player's step: the digits placed in the position's open cells, and the candidates of
// those still open that the pencil marks no longer hold.
function playersStep(p) {
  const placements = [], removals = [];
  p.codes.forEach((code, i) => {
    if (code >= 0) return;
    const cell = cellOf(i, state.current.cols), [r, c] = rowCol(cell);
    const entry = state.play.entries[cell];
    if (entry) { placements.push([r, c, entry]); return; }
    const kept = new Set(state.play.pencil[cell] || []);
    for (const v of valuesOf(code)) if (!kept.has(v)) removals.push([r, c, v]);
  });
  return {placements, removals};
}

async function checkStep() {
  const p = practising();
  if (!p) return;
  const step = playersStep(p);
  if (!step.placements.length && !step.removals.length) {
    say("Make the step first: place its digit, or take away the candidates it removes.", true);
    return;
  }
  const verdict = await api("/api/practice/check", {puzzle: p.text, format: p.format, kind: p.kind,
                                                    technique: p.technique, codes: p.codes, ...step});
  say(verdict.text, verdict.verdict === "wrong");
}

export async function startPractice() {
  ({kinds: banks} = await api("/api/practice/techniques"));
  fillOptions($("learn-kind"), Object.keys(banks));
  $("learn-kind").onchange = fillTechniques;
  fillTechniques();
  const act = (action) => () => action().catch((error) => say(error.message, true));
  $("learn-go").onclick = act(practise);
  $("learn-next").onclick = act(practise);
  $("learn-check").onclick = act(checkStep);
  $("learn-look").onclick = act(async () => {
    const p = practising();
    if (p) say(`Look at ${p.look.join(", ") || "the whole grid"}.`);
  });
  $("learn-show").onclick = act(async () => { const p = practising(); if (p) say(p.step); });
}
