// The analysis page: a board, a rack, the ranked plays, game records
// stepped turn by turn, simulation and endgames in a web worker. Every
// answer comes from lexgraph compiled to WebAssembly (pkg/); nothing is
// fetched but this page's own files.
import init, { Lexicon, version } from "./pkg/lexgraph_wasm.js";

const EMPTY = Array(15).fill("15").join("/");
const START = `15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 AEINRS?/ 0/0 0`;
const BUNDLED = "lexicon/wordlist-en";
const $ = (id) => document.getElementById(id);

const state = {
  lex: null,
  files: { lexicon: null, leaves: null, win: null }, // {name, bytes|text}: what the worker gets
  cgp: START,
  view: null, // the position as the library reads it
  last: [], // the tiles of the play that led here (a game: the turn's play)
  plays: [],
  selected: -1,
  game: null,
  turn: 0,
  worker: null,
  job: null, // "sim" | "endgame" while the worker runs one
};

function status(text, error = false) {
  const s = $("status");
  s.textContent = text;
  s.classList.toggle("error", error);
}

function message(e) {
  return e && e.message ? e.message : String(e);
}

// ---- lexicon ------------------------------------------------------------

async function fetchBytes(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: ${r.status} ${r.statusText}`);
  return new Uint8Array(await r.arrayBuffer());
}

async function loadBundled() {
  const [lex, klv, win] = await Promise.all([
    fetchBytes(`${BUNDLED}.gaddag`),
    fetchBytes(`${BUNDLED}.klv2`),
    fetch(`${BUNDLED}.win.csv`).then((r) => (r.ok ? r.text() : null)),
  ]);
  openLexicon("wordlist-en.gaddag", lex);
  setLeaves("wordlist-en.klv2", klv, win);
}

function openLexicon(name, bytes) {
  const lex = new Lexicon(bytes.slice(), name);
  if (state.lex) state.lex.free();
  state.lex = lex;
  state.files = { lexicon: { name, bytes }, leaves: null, win: null };
  stopWorker();
  showLexicon();
}

function setLeaves(name, bytes, winText) {
  state.lex.setLeaves(bytes.slice(), name, winText ?? undefined);
  state.files.leaves = { name, bytes };
  state.files.win = winText ?? null;
  stopWorker();
  showLexicon();
}

function showLexicon() {
  const i = state.lex.info();
  const f = state.files;
  const leaves = f.leaves ? f.leaves.name : "Gordon's heuristic 2 (no leave file given)";
  const text = `${f.lexicon.name}: ${i.words.toLocaleString()} words, ${i.kind}${i.kwg ? " (KWG)" : ""}, ${i.alphabet}; leaves ${leaves}${f.win ? ", win table" : ""}`;
  $("lexicon-info").textContent = text;
  status(`Ready · ${text}`);
}

// ---- position and board -------------------------------------------------

function tokens(rack) {
  return rack.match(/\[[^\]]+\]|./g) || [];
}

function tileElement(letter, blank, points, extra = "") {
  const d = document.createElement("div");
  d.className = `tile${blank ? " blank" : ""}${extra ? " " + extra : ""}`;
  d.textContent = letter.replace(/[[\]]/g, "");
  if (!blank) {
    const p = document.createElement("span");
    p.className = "pts";
    p.textContent = points[letter.toUpperCase().replace(/[[\]]/g, "")] ?? "";
    d.append(p);
  }
  return d;
}

// Draws the position with the play that led here (or the turn's play, in
// a game) marked, and `overlay` (a play looked at) over it.
function drawBoard(overlay = []) {
  const v = state.view;
  const b = $("board");
  b.replaceChildren();
  b.style.gridTemplateColumns = `repeat(${v.size}, 1fr)`;
  const over = new Map(state.last.map((t) => [t.row * v.size + t.col, { ...t, cls: "last" }]));
  for (const t of overlay) over.set(t.row * v.size + t.col, { ...t, cls: "preview" });
  v.squares.forEach((row, r) =>
    row.forEach((sq, c) => {
      const d = document.createElement("div");
      d.dataset.row = r;
      d.dataset.col = c;
      const o = over.get(r * v.size + c);
      const tile = o ? o.letter : sq.tile;
      if (tile) {
        const blank = o ? o.blank : sq.blank;
        const t = tileElement(tile, blank, v.points, o ? o.cls : "");
        d.className = `sq ${t.className}`;
        d.replaceChildren(...t.childNodes);
        d.dataset.tile = tile;
      } else {
        const prem = sq.word === 3 ? "tw" : sq.word === 2 ? "dw" : sq.letter === 3 ? "tl" : sq.letter === 2 ? "dl" : "";
        d.className = `sq ${prem}${sq.start ? " start" : ""}`;
        if (!sq.start && prem) d.textContent = prem.toUpperCase();
      }
      b.append(d);
    }),
  );
  const rack = $("rack");
  rack.replaceChildren(...tokens(v.racks[0]).map((t) => tileElement(t === "?" ? "?" : t, t === "?", v.points)));
  $("scores").textContent = `score ${v.scores[0]} – ${v.scores[1]} · bag ${v.bag} · unseen ${tokens(v.unseen).length}`;
}

// Reads `cgp` and lists its plays; `last` marks the tiles of the play that
// led here.
function setPosition(cgp, last = []) {
  const view = state.lex.position(cgp);
  state.view = view;
  state.cgp = view.cgp;
  state.last = last;
  $("cgp-input").value = view.cgp;
  $("rack-input").value = view.racks[0];
  drawBoard();
  listPlays();
}

function listPlays() {
  const body = $("plays").tBodies[0];
  body.replaceChildren();
  state.plays = state.view.racks[0] ? state.lex.moves(state.cgp, { top: 100 }) : [];
  state.selected = -1;
  state.plays.forEach((p, i) => body.append(playRow(p, i)));
  if (!state.view.racks[0]) $("play-result").textContent = "No rack: give the rack of the player to move.";
}

function playText(p) {
  return p.type === "place" ? p.notation : p.type === "exchange" ? `exchange ${p.exchange}` : "pass";
}

function cell(text, cls) {
  const td = document.createElement("td");
  td.textContent = text;
  if (cls) td.className = cls;
  return td;
}

function playRow(p, i, click = () => selectPlay(i), dblclick = () => makePlay(p.notation)) {
  const tr = document.createElement("tr");
  tr.append(
    cell(i + 1, "num"),
    cell(playText(p)),
    cell(p.score, "num"),
    cell(p.equity === undefined ? "" : p.equity.toFixed(1), "num"),
    cell(p.leave ?? ""),
  );
  tr.addEventListener("click", click);
  tr.addEventListener("dblclick", dblclick);
  return tr;
}

function selectPlay(i) {
  const rows = $("plays").tBodies[0].rows;
  if (i < 0 || i >= rows.length) return;
  if (state.selected >= 0 && rows[state.selected]) rows[state.selected].classList.remove("selected");
  state.selected = i;
  rows[i].classList.add("selected");
  rows[i].scrollIntoView({ block: "nearest" });
  const p = state.plays[i];
  drawBoard(p.tiles);
  if (p.type === "place") $("play-input").value = p.notation;
  $("play-result").textContent = `${playText(p)}: ${p.score} points${p.equity !== undefined ? `, equity ${p.equity.toFixed(1)}, keeps ${p.leave || "nothing"}` : ""}`;
}

function makePlay(notation) {
  if (!notation) return;
  try {
    const check = state.lex.check(state.cgp, notation);
    const next = state.lex.play(state.cgp, notation);
    setPosition(next, check.play ? check.play.tiles : []);
    $("play-result").textContent = `Played ${check.play.notation} for ${check.score} (${check.words.join(", ")}). Give the next rack to go on.`;
    $("play-input").value = "";
  } catch (e) {
    $("play-result").textContent = message(e);
    $("play-result").className = "error";
    return;
  }
  $("play-result").className = "";
}

function checkPlay(notation) {
  const r = $("play-result");
  r.className = "";
  try {
    const c = state.lex.check(state.cgp, notation);
    if (c.legal) {
      drawBoard(c.play.tiles);
      r.textContent = `${c.play.notation}: legal, ${c.score} points (${c.words.join(", ")})`;
    } else {
      drawBoard();
      r.textContent = `Not legal: ${c.why}${c.words.length ? ` (words: ${c.words.join(", ")})` : ""}`;
      r.className = "error";
    }
  } catch (e) {
    r.textContent = message(e);
    r.className = "error";
  }
}

function withRack(cgp, rack) {
  const f = cgp.trim().split(/\s+/);
  if (f.length < 2) return cgp;
  const [, opp = ""] = f[1].split("/");
  f[1] = `${rack.toUpperCase().replace(/[^A-Z?[\]]/g, "")}/${opp}`;
  return f.join(" ");
}

// ---- game records -------------------------------------------------------

function loadGame(text, name) {
  state.game = state.lex.readGcg(text, { top: 5 });
  state.turn = 0;
  const list = $("turn-list");
  list.replaceChildren(
    ...state.game.turns.map((t, i) => {
      const li = document.createElement("li");
      li.textContent = `${t.nick}: ${t.play} ${t.points >= 0 ? "+" : ""}${t.points}`;
      li.addEventListener("click", () => showTurn(i));
      return li;
    }),
  );
  showTab("game");
  showTurn(0);
  status(`${name}: ${state.game.turns.length} turns, ${state.game.players.join(" v ")}${state.game.agrees ? "" : " (the record disagrees with the board somewhere)"}`);
}

function showTurn(i) {
  const g = state.game;
  if (!g || !g.turns.length) return;
  i = Math.max(0, Math.min(i, g.turns.length - 1));
  state.turn = i;
  const t = g.turns[i];
  setPosition(t.cgp, t.tiles);
  $("play-input").value = "";
  $("play-result").textContent = "";
  $("turn-label").textContent = `turn ${i + 1} of ${g.turns.length}`;
  const info = $("turn-info");
  info.replaceChildren();
  const line = document.createElement("div");
  line.textContent = `${t.nick}${t.rack ? ` with ${t.rack}` : ""}: ${t.play} ${t.points >= 0 ? "+" : ""}${t.points} (total ${t.total})`;
  info.append(line);
  if (t.words.length) {
    const w = document.createElement("div");
    w.textContent = `words: ${t.words.join(", ")}${t.missing.length ? ` · not in the lexicon: ${t.missing.join(", ")}` : ""}`;
    info.append(w);
  }
  if (t.gave_up !== null && t.gave_up !== undefined) {
    const w = document.createElement("div");
    w.className = "gave";
    w.id = "gave-up";
    w.dataset.value = t.gave_up;
    w.textContent = t.gave_up < 0.05 ? `the best play by equity (${t.played_equity.toFixed(1)})` : `equity given up: ${t.gave_up.toFixed(1)} (played ${t.played_equity.toFixed(1)}, best ${t.best[0].equity.toFixed(1)})`;
    info.append(w);
  }
  for (const p of t.problems) {
    const w = document.createElement("div");
    w.className = "error";
    w.textContent = p;
    info.append(w);
  }
  if (t.note) {
    const w = document.createElement("div");
    w.className = "hint";
    w.textContent = t.note;
    info.append(w);
  }
  const body = $("turn-best").tBodies[0];
  body.replaceChildren(
    ...t.best.map((p, k) => playRow(p, k, () => drawBoard(p.tiles), () => {})),
  );
  [...$("turn-list").children].forEach((li, k) => li.classList.toggle("current", k === i));
}

// ---- the worker: simulation and endgames --------------------------------

function worker() {
  if (state.worker) return state.worker;
  const w = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
  const f = state.files;
  w.postMessage({ type: "open", lexicon: f.lexicon, leaves: f.leaves, win: f.win });
  w.onmessage = (e) => onWorker(e.data);
  w.onerror = (e) => {
    finishJob(`worker: ${e.message}`, true);
  };
  state.worker = w;
  return w;
}

function stopWorker() {
  if (state.worker) state.worker.terminate();
  state.worker = null;
  if (state.job) finishJob("stopped", false, true);
}

function finishJob(text, error = false, stopped = false) {
  const job = state.job;
  state.job = null;
  for (const k of ["sim", "endgame"]) {
    $(`${k}-start`).disabled = false;
    $(`${k}-stop`).disabled = true;
  }
  if (job) {
    const s = $(`${job}-status`);
    s.textContent = stopped ? `${s.textContent.replace(/^Running…\s*/, "")} · stopped` : text;
    s.className = error ? "error" : "";
  }
}

function startJob(kind, msg) {
  if (state.job) return;
  state.job = kind;
  $(`${kind}-start`).disabled = true;
  $(`${kind}-stop`).disabled = false;
  $(`${kind}-status`).textContent = "Running…";
  $(`${kind}-status`).className = "";
  worker().postMessage(msg);
}

function onWorker(m) {
  if (m.type === "error") return finishJob(m.message, true);
  if (m.type === "sim") {
    drawSim(m.table);
    const done = m.final;
    const text = `${m.table.iterations} iterations · ${(m.elapsed / 1000).toFixed(1)} s${done ? ` · ended: ${m.table.stopped}` : ""}`;
    if (done) finishJob(text);
    else $("sim-status").textContent = `Running… ${text}`;
  }
  if (m.type === "endgame") {
    drawEndgame(m.solution, m.elapsed);
    if (m.final) finishJob($("endgame-status").textContent);
  }
}

function drawSim(table) {
  const body = $("sim-table").tBodies[0];
  body.replaceChildren(
    ...table.arms.map((a, i) => {
      const tr = document.createElement("tr");
      tr.append(
        cell(i + 1, "num"),
        cell(playText(a.play)),
        cell(a.play.score, "num"),
        cell(a.play.equity.toFixed(1), "num"),
        cell(a.mean.toFixed(2), "num"),
        cell(a.stderr === null ? "" : a.stderr.toFixed(2), "num"),
        cell((100 * a.win).toFixed(1), "num"),
        cell(a.iterations, "num"),
      );
      if (a.dropped !== null) tr.className = "dropped";
      tr.onclick = () => drawBoard(a.play.tiles);
      return tr;
    }),
  );
}

function drawEndgame(s, elapsed) {
  $("endgame-status").textContent = `${s.exact ? "Exact" : `Estimate at depth ${s.depth}`}: ${s.value >= 0 ? "+" : ""}${s.value} for the mover (${s.racks[0]} v ${s.racks[1]}) · ${s.nodes.toLocaleString()} nodes · ${(elapsed / 1000).toFixed(1)} s`;
  $("endgame-line").replaceChildren(
    ...s.line.map((st) => {
      const li = document.createElement("li");
      const who = st.player === 0 ? "mover" : "opponent";
      li.textContent = `${who}: ${st.play} ${st.score}${st.ending ? ` · ${st.ending === "out" ? "plays out" : "six scoreless turns"}: ${st.end >= 0 ? "+" : ""}${st.end}` : ""}`;
      return li;
    }),
  );
}

// ---- words --------------------------------------------------------------

function lookUp() {
  const q = $("words-input").value.trim();
  const out = $("words-result");
  out.className = "";
  if (!q) return;
  try {
    const kind = $("words-kind").value;
    if (kind === "check") {
      out.textContent = state.lex.contains(q) ? `${q.toUpperCase()} is a word` : `${q.toUpperCase()} is not a word`;
      return;
    }
    const words = kind === "pattern" ? state.lex.pattern(q) : state.lex.anagram(q, kind === "subanagram");
    out.textContent = `${words.length} words${words.length > 1000 ? " (the first 1,000)" : ""}: ${words.slice(0, 1000).join(" ")}`;
  } catch (e) {
    out.textContent = message(e);
    out.className = "error";
  }
}

// ---- files --------------------------------------------------------------

async function takeFiles(files) {
  // Lexicon first: leaves belong to it.
  const order = (f) => (/\.(gaddag|dawg|kwg)$/i.test(f.name) ? 0 : /\.klv2?$/i.test(f.name) ? 1 : 2);
  for (const f of [...files].sort((a, b) => order(a) - order(b))) {
    try {
      if (/\.(gaddag|dawg|kwg)$/i.test(f.name)) {
        openLexicon(f.name, new Uint8Array(await f.arrayBuffer()));
        setPosition(state.cgp);
      } else if (/\.klv2?$/i.test(f.name)) {
        setLeaves(f.name, new Uint8Array(await f.arrayBuffer()), state.files.win);
        listPlays();
      } else if (/\.csv$/i.test(f.name)) {
        if (!state.files.leaves) throw new Error(`${f.name}: a win table goes with a leave file: give the .klv2 first`);
        setLeaves(state.files.leaves.name, state.files.leaves.bytes, await f.text());
      } else if (/\.gcg$/i.test(f.name)) {
        loadGame(await f.text(), f.name);
      } else {
        throw new Error(`${f.name}: not a lexicon (.gaddag, .dawg, .kwg), leaves (.klv2), win table (.csv) or game (.gcg)`);
      }
    } catch (e) {
      status(message(e), true);
    }
  }
}

// ---- wiring -------------------------------------------------------------

function showTab(name) {
  for (const t of ["plays", "game", "sim", "endgame", "words", "files"]) {
    $(`tab-${t}`).setAttribute("aria-selected", String(t === name));
    $(`panel-${t}`).hidden = t !== name;
  }
}

function guarded(f) {
  return (...args) => {
    try {
      return f(...args);
    } catch (e) {
      status(message(e), true);
    }
  };
}

function wire() {
  for (const t of ["plays", "game", "sim", "endgame", "words", "files"]) $(`tab-${t}`).onclick = () => showTab(t);
  $("play-form").onsubmit = (e) => {
    e.preventDefault();
    makePlay($("play-input").value.trim());
  };
  $("check-button").onclick = () => checkPlay($("play-input").value.trim());
  $("position-form").onsubmit = guarded((e) => {
    e.preventDefault();
    const rack = $("rack-input").value.trim();
    let cgp = $("cgp-input").value.trim();
    if (rack) cgp = withRack(cgp, rack);
    setPosition(cgp);
    $("play-result").textContent = "";
    status("Position read");
  });
  // A CGP typed or pasted brings its own rack: the rack box then only
  // replaces it when filled in again.
  $("cgp-input").addEventListener("input", () => ($("rack-input").value = ""));
  $("empty-board").onclick = guarded(() => setPosition(`${EMPTY} ${$("rack-input").value.trim().toUpperCase()}/ 0/0 0`));
  $("gcg-file").onchange = async (e) => {
    const f = e.target.files[0];
    if (f) guarded(loadGame)(await f.text(), f.name);
  };
  $("example-game").onclick = async () => {
    try {
      const r = await fetch("example.gcg");
      loadGame(await r.text(), "example.gcg");
    } catch (e) {
      status(message(e), true);
    }
  };
  $("turn-first").onclick = () => showTurn(0);
  $("turn-prev").onclick = () => showTurn(state.turn - 1);
  $("turn-next").onclick = () => showTurn(state.turn + 1);
  $("turn-last").onclick = () => showTurn(Infinity);
  $("sim-form").onsubmit = (e) => {
    e.preventDefault();
    startJob("sim", {
      type: "sim",
      cgp: state.cgp,
      options: {
        candidates: +$("sim-candidates").value,
        plies: +$("sim-plies").value,
        iterations: +$("sim-iterations").value,
        time: +$("sim-time").value,
      },
    });
  };
  $("sim-stop").onclick = stopWorker;
  $("endgame-form").onsubmit = (e) => {
    e.preventDefault();
    $("endgame-line").replaceChildren();
    startJob("endgame", { type: "endgame", cgp: state.cgp, time: +$("endgame-time").value });
  };
  $("endgame-stop").onclick = stopWorker;
  $("words-form").onsubmit = (e) => {
    e.preventDefault();
    lookUp();
  };
  $("files").onchange = (e) => takeFiles(e.target.files);
  const drop = $("drop");
  for (const target of [drop, document.body]) {
    target.addEventListener("dragover", (e) => {
      e.preventDefault();
      drop.classList.add("over");
    });
    target.addEventListener("drop", (e) => {
      e.preventDefault();
      drop.classList.remove("over");
      takeFiles(e.dataTransfer.files);
    });
  }
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select")) return;
    const game = !$("panel-game").hidden && state.game;
    if (game && e.key === "ArrowRight") showTurn(state.turn + 1);
    else if (game && e.key === "ArrowLeft") showTurn(state.turn - 1);
    else if (game && e.key === "Home") showTurn(0);
    else if (game && e.key === "End") showTurn(Infinity);
    else if (!game && e.key === "ArrowDown") selectPlay(state.selected + 1);
    else if (!game && e.key === "ArrowUp") selectPlay(Math.max(0, state.selected - 1));
    else if (!game && e.key === "Enter" && state.selected >= 0) makePlay(state.plays[state.selected].notation);
    else if (e.key === "/") $("play-input").focus();
    else return;
    e.preventDefault();
  });
}

async function main() {
  try {
    await init();
    $("version").textContent = version();
    wire();
    await loadBundled();
    setPosition(START);
    // For the browser's console and for scripts (benches/browser/): the
    // package's Lexicon, and the lexicon in use.
    window.lexgraph = { Lexicon, lexicon: () => state.lex, version: version() };
    document.body.dataset.ready = "true";
  } catch (e) {
    status(`Could not start: ${message(e)}`, true);
    document.body.dataset.ready = "error";
  }
}

main();
