// Simulation and endgames off the page's thread. The page stops a run by
// ending this worker (a new one opens the lexicon again); until then every
// round of a simulation and every depth of an endgame is posted back.
import init, { Lexicon } from "./pkg/lexgraph_wasm.js";

let lex = null;
const ready = init();

function post(type, body) {
  self.postMessage({ type, ...body });
}

function sim(cgp, options) {
  const started = performance.now();
  const table = lex.sim(cgp, options, (t) => {
    post("sim", { table: t, final: false, elapsed: performance.now() - started });
    return true;
  });
  post("sim", { table, final: true, elapsed: performance.now() - started });
}

// Deepens one ply at a time so that the page shows each depth's answer;
// stops when the value is exact or the time is up.
function endgame(cgp, seconds) {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let last = null;
  for (let depth = 1; ; depth++) {
    const left = (deadline - performance.now()) / 1000;
    if (left <= 0) break;
    const s = lex.endgame(cgp, { depth, time: left });
    if (last && !s.exact && s.depth < depth) break; // the time ran out inside this depth
    last = s;
    const final = s.exact || performance.now() >= deadline;
    post("endgame", { solution: s, final, elapsed: performance.now() - started });
    if (final) return;
  }
  if (last) post("endgame", { solution: last, final: true, elapsed: performance.now() - started });
  else post("error", { message: "no depth finished in the time given" });
}

self.onmessage = async (e) => {
  const m = e.data;
  try {
    await ready;
    if (m.type === "open") {
      lex = new Lexicon(m.lexicon.bytes, m.lexicon.name);
      if (m.leaves) lex.setLeaves(m.leaves.bytes, m.leaves.name, m.win ?? undefined);
    } else if (m.type === "sim") {
      sim(m.cgp, m.options);
    } else if (m.type === "endgame") {
      endgame(m.cgp, m.time);
    }
  } catch (err) {
    post("error", { message: err && err.message ? err.message : String(err) });
  }
};
