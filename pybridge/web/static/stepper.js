// The stepper: a puzzle explained step by step (POST /api/explain with pictures), each step's
// words under the board and its picture beside it, stepped by hand or played.

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
}

export function startStepper() {
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
}
