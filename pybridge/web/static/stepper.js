// The stepper: a puzzle explained step by step (POST /api/explain with pictures), each step's
// words and picture beside the board, stepped by hand (buttons, ← and →, the next new
// technique) or played.

import {$, api, inPageWords, request, say, showPicture} from "./page.js";

let explanation = null, stepAt = 0, playing = null;

export function closeStepper() {
  clearInterval(playing);
  playing = null;
  explanation = null;
  $("stepper").hidden = true;
}

function showStep(i) {
  stepAt = Math.max(0, Math.min(i, explanation.steps.length - 1));
  const step = explanation.steps[stepAt];
  showPicture($("aside"), step.picture);
  $("step-count").textContent = `step ${stepAt + 1} of ${explanation.steps.length}`;
  $("step-text").textContent = inPageWords(step.text);
}

export async function explain() {
  say("Explaining ...");
  explanation = await api("/api/explain", request({pictures: true}));
  if (!explanation.steps.length) throw new Error(`Nothing to explain (${explanation.status}).`);
  $("stepper").hidden = false;
  say(`${explanation.steps.length} steps (${explanation.status}).`);
  showStep(0);
  $("step-next").focus();  // the stepper's keys work from here on
}

// The first step after the one shown whose technique no earlier step used: a lesson's way
// through sixty steps of singles to the one that teaches something new.
function nextNewTechnique() {
  const met = new Set(explanation.steps.slice(0, stepAt + 1).map((step) => step.technique));
  const next = explanation.steps.findIndex((step, i) => i > stepAt && !met.has(step.technique));
  if (next < 0) { say("No technique after this step is new: the rest repeat ones already met."); return; }
  showStep(next);
}

export function startStepper() {
  $("step-prev").onclick = () => showStep(stepAt - 1);
  $("step-next").onclick = () => showStep(stepAt + 1);
  $("step-new").onclick = nextNewTechnique;
  // ← and → step it while the focus is in the stepper (on the board they move the cell)
  $("stepper").addEventListener("keydown", (event) => {
    if (!explanation || !["ArrowLeft", "ArrowRight"].includes(event.key)) return;
    showStep(stepAt + (event.key === "ArrowRight" ? 1 : -1));
    event.preventDefault();
  });
  $("step-play").onclick = () => {
    if (playing) { clearInterval(playing); playing = null; $("step-play").textContent = "Play"; return; }
    $("step-play").textContent = "Pause";
    playing = setInterval(() => {
      if (stepAt >= explanation.steps.length - 1) { clearInterval(playing); playing = null; $("step-play").textContent = "Play"; }
      else showStep(stepAt + 1);
    }, 1200);
  };
}
