// seig serve: the page. It draws what the server returns and asks the server for
// everything else (legal moves, refusals, rules, diagnostics, rulebook, studies); it knows
// no game.
"use strict";

const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";
const PLAYERS = ["human", "random", "greedy", "mcts", "expectimax"];
const st = { files: [], file: 0, game: null, log: [], logShown: 0, selPiece: null, selMove: 0, edited: false, checkTimer: 0, lastCheck: null,
  // Unsaved work: actions when the game was last started, saved or loaded, and the fewest it
  // has had since (undo takes saved actions back); the editor's text of each file not yet
  // saved or reverted.
  savedLen: 0, kept: 0, texts: {} };

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

function el(tag, attrs, ...kids) {
  const e = tag.startsWith("svg:") ? document.createElementNS(SVGNS, tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v);
  }
  for (const k of kids) if (k) e.append(k);
  return e;
}

// A question in the page (no browser dialog: it works the same on a phone and in tests):
// resolves to the chosen answer's key; Escape or a click beside it cancels.
function ask(question, answers) {
  return new Promise((resolve) => {
    const box = $("ask");
    $("ask-text").textContent = question;
    const bar = $("ask-buttons");
    bar.textContent = "";
    const done = (key) => { box.hidden = true; document.removeEventListener("keydown", esc2, true); resolve(key); };
    const esc2 = (e) => { if (e.key === "Escape") { e.stopPropagation(); done("cancel"); } };
    for (const [key, label, primary] of answers) {
      bar.append(el("button", { "data-answer": key, class: primary ? "primary" : "", text: label, onclick: () => done(key) }));
    }
    bar.append(el("button", { "data-answer": "cancel", text: "Cancel", onclick: () => done("cancel") }));
    document.addEventListener("keydown", esc2, true);
    box.hidden = false;
    bar.querySelector("button").focus();
  });
}

// Actions taken (or saved ones taken back) since the game was started, saved or loaded.
function unsaved() {
  if (!st.game) return 0;
  const n = st.game.log.length;
  return (n - Math.min(st.kept, n)) + (st.savedLen - Math.min(st.kept, st.savedLen));
}

function markSaved() { st.savedLen = st.kept = st.game ? st.game.log.length : 0; }

// Before the game is replaced: true when there is nothing to lose, or the person chose to
// save it first or to let it go.
async function mayReplaceGame(what) {
  const n = unsaved();
  if (!n) return true;
  const a = await ask(`${n} action${n === 1 ? "" : "s"} of this game ${n === 1 ? "is" : "are"} not saved: ${what} replaces the game.`,
    [["save", "Save first", true], ["discard", "Discard the game"]]);
  if (a === "save") { await save(); return true; }
  return a === "discard";
}

function notice(msg) {
  const n = $("notice");
  n.textContent = msg || "";
  n.hidden = !msg;
}

// The server's token for this run, in the page it served: every request that changes
// something carries it (a page of another origin cannot read it).
const TOKEN = document.querySelector('meta[name="seig-token"]').content;

let busy = 0;
async function api(method, path, body, raw) {
  busy++;
  document.body.dataset.busy = String(busy);
  try {
    const opts = { method, headers: {} };
    if (method !== "GET") opts.headers["X-Seig-Token"] = TOKEN;
    if (body !== undefined) {
      opts.body = raw ? body : JSON.stringify(body);
      opts.headers["Content-Type"] = "application/json";
    }
    const r = await fetch(path, opts);
    const text = await r.text();
    let data;
    try { data = JSON.parse(text); } catch (_) { data = { error: text }; }
    if (!r.ok) throw new Error(data.error || r.statusText);
    return data;
  } finally {
    busy--;
    document.body.dataset.busy = String(busy);
  }
}

// ---------- files, readings and parameters ----------

function fileInfo() { return st.files[st.file]; }

/** The params the user set in this page (a follower not in it takes its param's value). */
const setParams = new Set();

function buildChoices(readings, params) {
  const rs = $("readings");
  const ps = $("params");
  const old = choices();
  rs.textContent = "";
  ps.textContent = "";
  const compared = new Set(st.compare || []);
  st.compare = [];
  for (const r of readings) {
    const was = old.readings[r.id] || r.options[r.chosen][0];
    const box = el("fieldset", { class: "reading", "data-reading": r.id, "data-default": r.options[r.default][0] },
      el("legend", {}, el("span", { class: "q", text: r.question }), " ", el("span", { class: "rid", text: r.id })));
    r.options.forEach(([name, doc], i) => {
      const radio = el("input", { type: "radio", name: "r-" + r.id, value: name });
      radio.checked = was === name;
      radio.addEventListener("change", () => { markVariants(); choicesChanged(); });
      const arm = r.id + "=" + name;
      const cmp = el("input", { type: "checkbox", class: "cmp", "data-arm": arm, title: "study this option against your choices" });
      cmp.checked = compared.has(arm);
      if (cmp.checked) st.compare.push(arm);
      cmp.addEventListener("change", () => {
        st.compare = st.compare.filter((a) => a !== arm);
        if (cmp.checked) st.compare.push(arm);
        drawArms();
      });
      box.append(el("div", { class: "opt" + (i === r.default ? " default" : ""), "data-option": name },
        el("label", { class: "pick" }, radio, el("b", { text: name }), i === r.default ? el("span", { class: "tag", text: "default" }) : null),
        el("label", { class: "cmp-label" }, cmp, "compare"),
        el("div", { class: "doc", text: doc })));
    });
    rs.append(box);
  }
  markVariants();
  drawArms();
  for (const p of params) {
    const v = old.params[p.name] !== undefined ? old.params[p.name] : p.value;
    const title = p.follows ? p.doc + " (default: as " + p.follows + ")" : p.doc;
    // A param that takes listed values is a choice among them; odd or even ones step by 2.
    const listed = p.allowed && p.allowed.values;
    const parity = p.allowed === "odd" ? 1 : p.allowed === "even" ? 0 : null;
    const lo = parity === null ? p.range[0] : p.range[0] + (Math.abs(p.range[0] % 2) === parity ? 0 : 1);
    const inp = listed
      ? el("select", { "data-param": p.name, title }, ...listed.map(x => el("option", { value: x }, String(x))))
      : el("input", { type: "number", "data-param": p.name, min: lo, max: p.range[1], step: parity === null ? 1 : 2, value: v, title });
    if (listed) inp.value = String(v);
    if (p.follows) inp.dataset.follows = p.follows;
    inp.addEventListener("change", () => { setParams.add(p.name); choicesChanged(); });
    ps.append(el("label", { title: p.doc }, p.name + " ", inp));
  }
}

function choices() {
  const out = { readings: {}, params: {} };
  document.querySelectorAll("#readings input[type=radio]:checked").forEach((r) => { out.readings[r.name.slice(2)] = r.value; });
  document.querySelectorAll("#params [data-param]").forEach((i) => {
    const n = parseInt(i.value, 10);
    // A param whose default follows another is sent only once the user set it.
    if (i.dataset.follows && !setParams.has(i.dataset.param)) return;
    if (!Number.isNaN(n)) out.params[i.dataset.param] = n;
  });
  return out;
}

function choicesChanged() { scheduleCheck(0); drawArms(); }

// Each question whose choice is not the file's default is highlighted, and the panel's
// summary counts them (so that a closed panel still says the game is not the default one).
function markVariants() {
  let changed = 0;
  const boxes = document.querySelectorAll("#readings fieldset.reading");
  boxes.forEach((f) => {
    const on = f.querySelector("input[type=radio]:checked");
    const away = !!on && on.value !== f.dataset.default;
    f.classList.toggle("changed", away);
    f.querySelectorAll(".opt").forEach((o) => o.classList.toggle("chosen", !!on && o.dataset.option === on.value));
    if (away) changed++;
  });
  $("variants-sum").textContent = boxes.length
    ? `${boxes.length} question${boxes.length === 1 ? "" : "s"}, ${changed ? changed + " changed from the default" : "all at the default"}`
    : "none in this file";
  document.body.dataset.variantsChanged = String(changed);
}

// The study's arms: [0] the choices of the panel, then one per option ticked "compare"
// (that option in place of the chosen one), in the order ticked.
function drawArms() {
  const ol = $("arms");
  if (!ol) return;
  ol.textContent = "";
  const chosen = choices().readings;
  const away = Object.entries(chosen).filter(([id, o]) => {
    const f = document.querySelector(`#readings fieldset[data-reading="${CSS.escape(id)}"]`);
    return f && f.dataset.default !== o;
  });
  ol.append(el("li", { class: "arm base", text: "your choices" + (away.length ? " (" + away.map(([i, o]) => `${i} = ${o}`).join(", ") + ")" : " (every default)") }));
  for (const arm of st.compare) {
    const [id, opt] = arm.split("=");
    const f = document.querySelector(`#readings fieldset[data-reading="${CSS.escape(id)}"]`);
    const q = f ? f.querySelector(".q").textContent : "";
    ol.append(el("li", { class: "arm", "data-arm": arm }, el("b", { text: `${id} = ${opt}` }), el("span", { class: "dim", text: " — " + q + " " }),
      el("button", { class: "drop", title: "leave this arm out", text: "×", onclick: () => {
        const c = document.querySelector(`#readings input.cmp[data-arm="${CSS.escape(arm)}"]`);
        if (c) c.checked = false;
        st.compare = st.compare.filter((a) => a !== arm);
        drawArms();
      } })));
  }
}

function useEdit() { return $("use-edit").checked ? $("text").value : undefined; }

async function loadFiles() {
  st.files = await api("GET", "/api/files");
  const sel = $("file");
  sel.textContent = "";
  st.files.forEach((f) => sel.append(el("option", { value: f.index, text: f.path + (f.game ? " — " + f.game : "") })));
  if (!st.files.length) {
    notice("The server offers no rule file: start it as `seig serve FILE…`.");
    return;
  }
  selectFile(0);
}

// Shows file i: its readings, parameters and seats, and its text in the editor (the edited
// text when it was edited and neither saved nor reverted).
function selectFile(i) {
  if (st.edited) st.texts[st.file] = { text: $("text").value, use: $("use-edit").checked };
  st.file = i;
  st.compare = [];
  $("file").value = String(i);
  const f = fileInfo();
  document.querySelectorAll("#readings, #params").forEach((e) => { e.textContent = ""; });
  buildChoices(f.readings, f.params);
  const kept = st.texts[i];
  $("text").value = kept ? kept.text : f.text;
  st.edited = !!kept;
  $("use-edit").checked = kept ? kept.use : false;
  document.body.dataset.edited = st.edited ? "1" : "0";
  buildSeats(f.teams);
  editorRefresh([]);
  scheduleCheck(0);
}

// The file selector: the game of the old file is replaced (asked first when unsaved), and a
// game of the new one starts.
async function switchFile(i) {
  if (!(await mayReplaceGame("switching the file"))) { $("file").value = String(st.file); return; }
  selectFile(i);
  await startGame();
}

// ---------- play ----------

function buildSeats(teams) {
  const box = $("seats");
  box.textContent = "";
  teams.forEach((t, i) => {
    const s = el("select", { "data-team": t, id: "seat-" + i });
    PLAYERS.forEach((p) => s.append(el("option", { value: p, text: p })));
    s.value = i === 0 ? "human" : "expectimax";
    box.append(el("label", {}, t + " ", s));
  });
}

async function newGame() {
  if (!(await mayReplaceGame("a new game"))) return;
  await startGame();
}

async function startGame() {
  const seats = {};
  document.querySelectorAll("#seats select").forEach((s) => { seats[s.dataset.team] = s.value; });
  const body = { file: st.file, choices: choices(), seed: parseInt($("seed").value, 10) || 0, seats };
  const text = useEdit();
  if (text !== undefined) body.text = text;
  try {
    notice("");
    const v = await withWork(null, () => api("POST", "/api/games", body));
    st.game = null;
    show(v);
    markSaved();
  } catch (e) { notice(e.message); }
}

async function act(path, body, raw) {
  if (!st.game) return;
  try {
    notice("");
    const id = st.game.id;
    show(await withWork(id, () => api("POST", "/api/games/" + id + "/" + path + "?since=" + st.log.length, body, raw)));
  } catch (e) { notice(e.message); }
}

// While a request that lets the computer play is under way (`id` null: a new game, not yet
// numbered): after a moment, how many actions the computer has taken, from the server's
// progress, and a Cancel that stops it before its next action.
async function withWork(id, request) {
  const w = { id, done: false, since: st.maxGame || 0 };
  st.work = w;
  const watch = async () => {
    if (w.done) return;
    try {
      if (w.id === null) {
        // The newest game a request is working on, newer than any this page knew.
        const busy = (await api("GET", "/api/games")).filter((g) => g.busy && g.id > w.since);
        if (busy.length) w.id = busy[busy.length - 1].id;
      }
      if (w.id !== null) {
        const p = await api("GET", "/api/games/" + w.id + "/progress");
        if (w.done) return;
        const n = p.computer_actions;
        $("work-text").textContent = `The computer is playing: ${n} action${n === 1 ? "" : "s"} so far.`;
        $("work").hidden = false;
        document.body.dataset.work = String(n);
      }
    } catch (_) { /* the request itself reports its failure */ }
    if (!w.done) w.timer = setTimeout(watch, 250);
  };
  w.timer = setTimeout(watch, 300);
  try {
    const v = await request();
    st.maxGame = Math.max(st.maxGame || 0, v.id || 0);
    return v;
  } finally {
    w.done = true;
    clearTimeout(w.timer);
    if (st.work === w) st.work = null;
    $("work").hidden = true;
    $("work-cancel").disabled = false;
    document.body.dataset.work = "";
  }
}

// The work bar's Cancel: the computer stops before its next action; the answer of the
// request under way then shows the game where it stopped.
async function cancelGame() {
  const w = st.work;
  if (!w || w.id === null) return;
  $("work-cancel").disabled = true;
  $("work-text").textContent += " Stopping…";
  try { await api("POST", "/api/games/" + w.id + "/cancel", {}); } catch (e) { notice(e.message); }
}

function teamName(v, t) { return v.board.teams[t].name; }

function show(v) {
  // The server sends the log from the first line the page lacks (or whole, when rewritten).
  const fresh = v.log_from === 0;
  st.log = st.log.slice(0, v.log_from).concat(v.log);
  v.log = st.log;
  st.game = v;
  st.shown = null;
  $("replay-bar").hidden = true;
  $("replay").disabled = !v.log.length;
  $("replay").classList.toggle("primary", v.board.stage !== "throw" && v.board.stage !== "move");
  st.kept = Math.min(st.kept, v.log.length);
  document.body.dataset.unsaved = String(unsaved());
  st.selPiece = null;
  st.selMove = 0;
  const b = v.board;
  if (b.colours) b.colours.forEach((c, i) => document.documentElement.style.setProperty(i ? "--b" : "--a", c));
  document.body.dataset.stage = b.stage;
  document.body.dataset.actions = String(v.log.length);
  document.body.dataset.human = v.human_to_act ? "1" : "0";
  const who = (t) => `<b class="t${t}">${esc(teamName(v, t))}</b>`;
  let s;
  if (b.stage === "over") s = `Game over: ${who(b.winner)} won after ${b.turns} turns.`;
  else {
    const seat = v.seats.find((x) => x.team === teamName(v, b.team) && x.seat === b.seat);
    s = `${who(b.team)}${b.seat > 1 || v.seats.length > 2 ? " seat " + b.seat : ""} (${esc(seat ? seat.player : "?")}) ` +
      `to ${b.stage === "throw" ? (b.again ? "throw again" : "throw") : "move"} · phase ${esc(b.phase)} · turn ${b.turns + 1}`;
    if (v.capped) s += " · the turn cap stopped the computer";
    if (v.stopped) s += " · stopped by Cancel";
  }
  if (v.refused) s += `<br><span class="err">Refused: ${esc(v.refused.message)}${v.refused.rule ? " (" + esc(v.refused.rule.id) + ")" : ""}</span>`;
  $("status").innerHTML = s;
  $("throw").disabled = !(v.human_to_act && b.stage === "throw");
  // A computer seat to act that is not acting (a Cancel stopped it): it may go on.
  $("continue").hidden = v.human_to_act || b.stage === "over" || v.full || v.capped;
  $("throw").classList.toggle("primary", !$("throw").disabled);
  $("undo").disabled = !v.can_undo;
  $("new").classList.toggle("primary", b.stage !== "throw" && b.stage !== "move");
  $("save").classList.toggle("primary", b.stage !== "throw" && b.stage !== "move");
  $("position").textContent = b.position;
  drawBoard(v);
  drawSticks(b);
  drawMoves(v);
  drawLog(v, fresh);
  if (v.refused) showWhy({ message: v.refused.message, rule: v.refused.rule });
}

function drawMoves(v) {
  const b = v.board;
  const ol = $("moves");
  ol.textContent = "";
  const mine = v.human_to_act && b.stage === "move";
  b.moves.forEach((m, i) => {
    const btn = el("button", { class: "move", "data-index": m.index, "data-piece": m.piece, disabled: !mine,
      title: "play this move" + (i < 9 ? " (key " + (i + 1) + ")" : ""), text: (i + 1) + ") " + m.notation + (m.capture ? " ×" : "") });
    btn.addEventListener("click", () => play(m.index));
    btn.addEventListener("mouseenter", () => { showWhy(m); pathFor(m); });
    btn.addEventListener("mouseleave", () => pathFor(null));
    ol.append(el("li", { class: m.capture ? "capture" : "" }, btn));
  });
  if (!b.moves.length) ol.append(el("li", { class: "dim", text: b.stage === "throw" ? "(throw first)" : "—" }));
  const ul = $("refusals");
  ul.textContent = "";
  for (const r of b.refusals) {
    const li = el("li", { text: `${teamName(v, b.team)} ${r.piece}: ${r.message}` + (r.rule ? ` (${r.rule.id})` : "") });
    li.addEventListener("mouseenter", () => showWhy({ message: "piece " + r.piece + " cannot move: " + r.message, rule: r.rule }));
    ul.append(li);
  }
  if (!b.refusals.length) ul.append(el("li", { class: "dim", text: "—" }));
  const tb = $("throws");
  tb.textContent = "";
  $("throws-box").hidden = !b.throws.length;
  for (const t of b.throws) {
    const tr = el("tr", {}, el("td", { text: t.value }), el("td", { text: (100 * t.probability).toFixed(2) + "%" }),
      el("td", { text: t.rule ? t.rule.id : "—" }), el("td", { text: t.effects }));
    tr.addEventListener("mouseenter", () => showWhy({ message: `a throw of ${t.value}: ${t.effects}`, rule: t.rule, events: t.events }));
    tb.append(tr);
  }
  markSelected();
}

function markSelected() {
  document.querySelectorAll("#moves li").forEach((li, i) => li.classList.toggle("sel", i === st.selMove && !!st.game && st.game.board.moves.length > 0));
}

function ruleHtml(r) {
  let h = `<div><span class="rule">${esc(r.id)}</span> (${esc(r.status)})</div>`;
  if (!r.citations.length) h += `<q>(no source sentence)</q>`;
  for (const [src, text] of r.citations) h += `<q>${esc(src)}: “${esc(text)}”</q>`;
  return h;
}

function showWhy(x) {
  let h = "";
  if (x.notation) h += `<div><b>${esc(x.notation)}</b></div>`;
  if (x.message) h += `<div>${esc(x.message)}</div>`;
  for (const r of x.rules || []) h += ruleHtml(r);
  if (x.rule) h += ruleHtml(x.rule);
  if (x.events && x.events.length) h += `<div class="dim">then: ${x.events.map(esc).join("; ")}</div>`;
  $("why").innerHTML = h;
  $("why").classList.remove("dim");
}

function drawLog(v, fresh) {
  const ol = $("log");
  if (fresh || v.log.length < st.logShown) {
    ol.textContent = "";
    st.logShown = 0;
  }
  const teams = v.board.teams.map((t) => t.name);
  for (let i = st.logShown; i < v.log.length; i++) {
    const l = v.log[i];
    const t = teams.indexOf(l.team);
    const li = el("li", { class: `t${t} ${l.mark}` });
    li.append(`${l.team}${l.seat > 1 ? "." + l.seat : ""} (${l.player}): ${l.text}`);
    if (l.events.length) li.append(el("span", { class: "ev", text: " — " + l.events.join("; ") }));
    ol.append(li);
  }
  st.logShown = v.log.length;
  ol.scrollTop = ol.scrollHeight;
  // A capture that sends home is a capture; a throw's removal is not (as in every table).
  const caps = v.log.filter((l) => l.mark === "capture" || l.mark === "send-home" || l.mark === "swap").length;
  const rems = v.log.filter((l) => l.mark === "removal").length;
  $("log-count").textContent = `${v.log.length} actions, ${caps} with a capture` + (rems ? `, ${rems} with a removal` : "");
}

// Board geometry: rows top to bottom from the last to the first (the first team's home row
// nearest its player), the first team's tray under the board, the second's above it.
const G = { left: 150, hole: 40, r: 14, row: 58, tray: 46, top: 22 };

function rowY(b, ri) { return G.top + G.tray + (b.rows.length - 1 - ri) * G.row + G.row / 2; }
function holeX(h) { return G.left + h * G.hole + G.hole / 2; }
function trayY(b, t) { return t === 0 ? rowY(b, 0) + G.row / 2 + G.tray / 2 + 4 : G.top + G.tray / 2 - 4; }

function drawBoard(v) {
  const b = v.board;
  const svg = $("board");
  svg.textContent = "";
  const maxLen = Math.max(...b.rows.map((r) => r.len), 1);
  const w = G.left + maxLen * G.hole + 70;
  const h = G.top + 2 * G.tray + b.rows.length * G.row + 16;
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.style.maxWidth = Math.max(w, 600) + "px";
  const defs = el("svg:defs");
  [0, 1].forEach((t) => defs.append(el("svg:marker", { id: "arrow" + t, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" },
    el("svg:path", { d: "M0,0 L10,5 L0,10 z", class: "walk t" + t, style: "fill: currentColor", color: `var(--${t ? "b" : "a"})` }))));
  svg.append(defs);
  for (let hN = 0; hN < maxLen; hN++) {
    svg.append(el("svg:text", { x: holeX(hN), y: G.top - 6, "text-anchor": "middle", class: "holeno", text: hN + 1 }));
  }
  const moves = v.human_to_act && b.stage === "move" ? b.moves : [];
  b.rows.forEach((r, ri) => {
    const y = rowY(b, ri);
    const owner = r.owner === null ? "" : ` (${b.teams[r.owner].name})`;
    svg.append(el("svg:text", { x: 8, y: y + 4, class: "rowname", text: r.name + owner }));
    for (let hN = 0; hN < r.len; hN++) {
      const hole = el("svg:circle", { cx: holeX(hN), cy: y, r: G.r, class: "hole", "data-row": ri, "data-hole": hN });
      hole.addEventListener("click", () => clickHole(ri, hN));
      svg.append(hole);
    }
  });
  // Each team's direction along each row it walks: an arrow beside the holes.
  // The first team's arrows run under each row, the second's over it; a second walk of the
  // same row (a return) runs further out, dashed.
  b.teams.forEach((t, ti) => {
    const seen = new Map();
    for (const wk of t.walks) {
      const k = seen.get(wk.row) || 0;
      seen.set(wk.row, k + 1);
      const off = G.r + 5 + 6 * k;
      const y = rowY(b, wk.row) + (ti === 0 ? off : -off);
      const a = holeX(wk.from), z = holeX(wk.to);
      if (a === z) continue;
      svg.append(el("svg:line", { x1: a, y1: y, x2: z, y2: y, class: "walk t" + ti, "stroke-dasharray": k ? "5 4" : null, "marker-end": `url(#arrow${ti})` },
        el("svg:title", { text: `${t.name} walks ${b.rows[wk.row].name} from hole ${wk.from + 1} to ${wk.to + 1}${wk.label ? " (" + wk.label + ")" : ""}` })));
    }
  });
  // Pieces on holes: a team's pieces on one hole are one piece with their count (×N); a hole
  // both teams share is split in two halves, the first team's on the left.
  const at = new Map();
  b.teams.forEach((t, ti) => t.pieces.forEach((p) => {
    if (p.at) {
      const k = p.at.row + ":" + p.at.hole;
      if (!at.has(k)) at.set(k, [[], []]);
      at.get(k)[ti].push(p);
    }
  }));
  for (const [k, byTeam] of at) {
    const [ri, hN] = k.split(":").map(Number);
    const cx = holeX(hN), cy = rowY(b, ri);
    const shared = byTeam[0].length > 0 && byTeam[1].length > 0;
    byTeam.forEach((list, ti) => {
      if (list.length) svg.append(stack(v, ti, list, cx, cy, shared ? (ti === 0 ? "left" : "right") : null, moves));
    });
  }
  // Trays: pieces beside the board (waiting, or started but off the track) and out of the game.
  b.teams.forEach((t, ti) => {
    const y = trayY(b, ti);
    const beside = t.pieces.filter((p) => p.alive && !p.at);
    const out = t.pieces.filter((p) => !p.alive && !p.borne_off);
    const borne = t.pieces.filter((p) => p.borne_off);
    svg.append(el("svg:text", { x: 8, y: y + 4, class: "tray", text: `${t.name}: ${beside.length} beside` }));
    beside.forEach((p, i) => svg.append(piece(v, ti, p, G.left + 12 + i * 22, y, 9, moves)));
    if (out.length) {
      const x0 = G.left + 12 + Math.max(beside.length, 1) * 22 + 30;
      svg.append(el("svg:text", { x: x0, y: y + 4, class: "tray", text: `out: ${out.length}` }));
      out.forEach((p, i) => svg.append(piece(v, ti, p, x0 + 52 + i * 20, y, 8, [])));
    }
    if (borne.length) {
      // Borne off the board (not taken): counted at the tray's end.
      const x1 = G.left + 12 + (Math.max(beside.length, 1) + out.length) * 22 + (out.length ? 110 : 30);
      svg.append(el("svg:text", { x: x1, y: y + 4, class: "tray", text: `borne off: ${borne.length}` }));
    }
  });
  svg.append(el("svg:path", { id: "movepath", class: "movepath", d: "" }));
  $("legend").innerHTML = b.teams.map((t, i) => `<span class="t${i}">●</span> ${esc(t.name)}`).join("   ") +
    " · ×N: N pieces on one hole · half discs: both teams share the hole · dashed: not yet released · gold ring: immune · green ring: can move · arrows: each team's direction";
}

function piecePos(v, ti, number) {
  const b = v.board;
  const p = b.teams[ti].pieces[number - 1];
  if (p && p.at) return [holeX(p.at.hole), rowY(b, p.at.row)];
  const beside = b.teams[ti].pieces.filter((q) => q.alive && !q.at);
  const i = beside.findIndex((q) => q.number === number);
  return [G.left + 12 + Math.max(i, 0) * 22, trayY(b, ti)];
}

// A team's pieces on one hole, drawn as one: the number of the piece (or ×N for a stack),
// the whole circle or, on a shared hole, its team's half. It acts as the stack's first
// piece that can move.
function stack(v, ti, list, x, y, half, moves) {
  const b = v.board;
  const movable = list.find((p) => ti === b.team && moves.some((m) => m.piece === p.number));
  const p = movable || list[0];
  const g = piece(v, ti, p, x, y, 13, moves, half);
  if (list.length > 1) {
    g.classList.add("stack");
    g.dataset.count = String(list.length);
    g.querySelector("text").textContent = "×" + list.length;
    const where = `${b.rows[p.at.row].name}.${p.at.hole + 1}`;
    g.querySelector("title").textContent = `${b.teams[ti].name} ${list.map((q) => q.number).join(", ")}: ${list.length} pieces on ${where}` +
      (list.some((q) => q.immune) ? ", immune" : "");
    if (list.some((q) => q.immune)) g.classList.add("immune");
  }
  return g;
}

function piece(v, ti, p, x, y, r, moves, half) {
  const b = v.board;
  const mine = ti === b.team && moves.some((m) => m.piece === p.number);
  const cls = ["piece", "t" + ti, p.released ? "" : "waiting", p.alive ? "" : "out", p.immune ? "immune" : "", mine ? "can" : "",
    st.selPiece === p.number && ti === b.team ? "sel" : ""].filter(Boolean).join(" ");
  const hole = p.at ? `${b.rows[p.at.row].name}.${p.at.hole + 1}` : "";
  const where = p.prisoner ? `a prisoner carried on ${hole}` : p.at ? hole : p.alive ? "beside the board" : p.borne_off ? "borne off" : "out of the game";
  const g = el("svg:g", { class: cls, "data-team": ti, "data-number": p.number, "data-row": p.at ? p.at.row : "", "data-hole": p.at ? p.at.hole : "" },
    el("svg:title", { text: `${b.teams[ti].name} ${p.number}: ${where}${p.released ? ", released" : ", not released"}${p.immune ? ", immune" : ""}` }),
    half ? el("svg:path", { d: `M${x},${y - r} A${r},${r} 0 0 ${half === "left" ? 0 : 1} ${x},${y + r} Z`, class: "disc" }) : el("svg:circle", { cx: x, cy: y, r, class: "disc" }),
    el("svg:text", { x: half ? x + (half === "left" ? -r / 2 : r / 2) : x, y: y + 4, "text-anchor": "middle", text: p.number }));
  if (half) g.dataset.half = half;
  if (ti === b.team) {
    g.addEventListener("click", () => clickPiece(p.number));
    g.addEventListener("mouseenter", () => {
      const m = b.moves.filter((q) => q.piece === p.number);
      const r2 = b.refusals.find((q) => q.piece === p.number);
      if (m.length) { showWhy(m[0]); pathFor(m[0]); } else if (r2) showWhy({ message: `piece ${p.number} cannot move: ${r2.message}`, rule: r2.rule });
    });
    g.addEventListener("mouseleave", () => pathFor(null));
  }
  return g;
}

function pathFor(m) {
  const path = $("movepath");
  document.querySelectorAll(".hole.target, .hole.from").forEach((h) => h.classList.remove("target", "from"));
  if (!path) return;
  const v = st.shown || st.game;
  if (!m || !v) { path.setAttribute("d", ""); return; }
  const b = v.board;
  // From the hole it leaves (a replay draws the position after the move), else its tray.
  const ti = st.shown ? st.shown.team : b.team;
  // A decision with no piece of the seat's and a hole (a home decision) puts an opposing
  // piece from its tray.
  const tray = m.piece ? ti : 1 - ti;
  const [x1, y1] = m.from ? [holeX(m.from.hole), rowY(b, m.from.row)] : st.shown ? [G.left + 12, trayY(b, ti)] : piecePos(v, tray, m.piece);
  if (m.to) {
    // Along the track, hole by hole, where the server gives the way; else straight.
    const way = m.path && m.path.length ? m.path : [m.to];
    path.setAttribute("d", `M${x1},${y1} ` + way.map((h) => `L${holeX(h.hole)},${rowY(b, h.row)}`).join(" "));
    const h = document.querySelector(`.hole[data-row="${m.to.row}"][data-hole="${m.to.hole}"]`);
    if (h) h.classList.add("target");
    const f = m.from && document.querySelector(`.hole[data-row="${m.from.row}"][data-hole="${m.from.hole}"]`);
    if (f) f.classList.add("from");
  } else path.setAttribute("d", "");
}

function clickPiece(n) {
  const v = st.game;
  if (!v || !v.human_to_act || v.board.stage !== "move") return;
  const ms = v.board.moves.filter((m) => m.piece === n);
  if (ms.length === 1) return play(ms[0].index);
  if (!ms.length) return;
  st.selPiece = n;
  st.selMove = v.board.moves.indexOf(ms[0]);
  markSelected();
  document.querySelectorAll(".piece").forEach((g) => g.classList.toggle("sel", Number(g.dataset.team) === v.board.team && Number(g.dataset.number) === n));
  showWhy({ message: `piece ${n} has ${ms.length} moves: click its landing hole or a move in the list` });
  document.querySelectorAll(".hole").forEach((h) => h.classList.toggle("target",
    ms.some((m) => m.to && m.to.row === Number(h.dataset.row) && m.to.hole === Number(h.dataset.hole))));
}

function clickHole(row, hole) {
  const v = st.game;
  if (!v || st.selPiece === null) return;
  const m = v.board.moves.find((q) => q.piece === st.selPiece && q.to && q.to.row === row && q.to.hole === hole);
  if (m) play(m.index);
}

function play(index) { return act("move", { index }); }

// The last throw as its thrower reads it: the sticks of the face its value counts for the
// thrower (its own colour, in games that count one) drawn first and in its team's colour,
// then the server's words ("north threw 3 (3 black, 2 white)") and the moves in hand.
function drawSticks(b) {
  const svg = $("sticks");
  svg.textContent = "";
  const s = b.sticks;
  const hand = b.hand || "";
  $("hand").textContent = hand;
  if (!s) { svg.setAttribute("viewBox", "0 0 400 70"); svg.append(el("svg:text", { x: 4, y: 30, class: "tray", id: "throw-value", text: "no throw yet" })); return; }
  svg.setAttribute("viewBox", `0 0 ${s.sticks * 26 + 380} 70`);
  const counted = s.counted === 0 ? s.k : s.sticks - s.k;
  const team = s.team === null ? "" : " t" + s.team;
  for (let i = 0; i < s.sticks; i++) {
    const mine = i < counted;
    const f = mine ? s.counted : 1 - s.counted;
    svg.append(el("svg:rect", { x: 4 + i * 26, y: 6, width: 16, height: 56, rx: 7, class: "stick " + (mine ? "counted" + team : "other") },
      el("svg:title", { text: s.faces[f] + (mine ? " (counted)" : "") })));
  }
  svg.append(el("svg:text", { x: s.sticks * 26 + 14, y: 30, class: "rowname" + team, id: "throw-value", text: s.words }));
  svg.append(el("svg:text", { x: s.sticks * 26 + 14, y: 50, class: "tray", text: s.current ? "this turn's throw" : "an earlier turn's throw" }));
}

// ---------- replay ----------

const REPLAY_HELP = "← → one action · Home End the start, the end · c / C next / previous capture or removal · h / H next / previous send-home · f / F next / previous phase change · g go to the action typed · ? this help · Esc back to the game";

// Shows the game after `n` actions: its board, its throw, and the move that led there
// marked (the hole it left, its path, the hole it reached).
async function replayTo(n) {
  if (!st.game) return;
  const total = st.game.log.length;
  n = Math.max(0, Math.min(total, n));
  let r;
  try { r = await api("GET", "/api/games/" + st.game.id + "/at/" + n); } catch (e) { notice(e.message); return; }
  const mover = r.at > 0 ? r.board.teams.findIndex((t) => t.name === st.game.log[r.at - 1].team) : 0;
  st.shown = { board: r.board, human_to_act: false, log: st.game.log, seats: st.game.seats, team: Math.max(mover, 0) };
  st.replayAt = r.at;
  st.played = r.played;
  $("replay-bar").hidden = false;
  $("replay-at").value = String(r.at);
  $("replay-at").max = String(r.total);
  const line = r.at > 0 ? st.game.log[r.at - 1] : null;
  $("replay-text").textContent = `action ${r.at} of ${r.total}` + (line ? ` · ${line.team}: ${line.text}` + (line.events.length ? " — " + line.events.join("; ") : "") : " · the start");
  document.body.dataset.replay = String(r.at);
  drawBoard(st.shown);
  drawSticks(r.board);
  drawMoves({ board: Object.assign({}, r.board, { moves: [], refusals: [], throws: [] }), human_to_act: false });
  if (r.played) { pathFor(r.played); showWhy(r.played); }
  document.querySelectorAll("#log li").forEach((li, i) => li.classList.toggle("now", i === r.at - 1));
}

// The next (or previous) action whose log line has one of the marks, from the one shown.
function replaySeek(marks, back) {
  const log = st.game ? st.game.log : [];
  const at = st.replayAt || 0;
  const hit = (i) => log[i] && marks.includes(log[i].mark);
  if (back) { for (let i = at - 2; i >= 0; i--) if (hit(i)) return replayTo(i + 1); }
  else { for (let i = at; i < log.length; i++) if (hit(i)) return replayTo(i + 1); }
  $("replay-text").textContent += back ? " · none earlier" : " · none later";
}

// Back to the game as it stands (asked of the server, as any view of it).
async function leaveReplay() {
  if (!st.game) return;
  try { show(await api("GET", "/api/games/" + st.game.id + "?since=" + st.log.length)); } catch (e) { notice(e.message); }
  document.body.dataset.replay = "";
  document.querySelectorAll("#log li.now").forEach((li) => li.classList.remove("now"));
}

function replayKeys(e) {
  const at = st.replayAt || 0;
  const k = e.key;
  if (k === "ArrowRight" || k === " ") replayTo(at + 1);
  else if (k === "ArrowLeft") replayTo(at - 1);
  else if (k === "Home") replayTo(0);
  else if (k === "End") replayTo(st.game.log.length);
  else if (k === "c") replaySeek(["capture", "removal"], false);
  else if (k === "C") replaySeek(["capture", "removal"], true);
  else if (k === "h") replaySeek(["send-home"], false);
  else if (k === "H") replaySeek(["send-home"], true);
  else if (k === "f") replaySeek(["phase"], false);
  else if (k === "F") replaySeek(["phase"], true);
  else if (k === "g") { $("replay-at").focus(); $("replay-at").select(); }
  else if (k === "?") $("replay-help").hidden = !$("replay-help").hidden;
  else if (k === "Escape") leaveReplay();
  else return;
  e.preventDefault();
}

async function save() {
  if (!st.game) return;
  const r = await fetch("/api/games/" + st.game.id + "/record");
  const blob = new Blob([await r.text()], { type: "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob), download: `seig-game-${st.game.seed}.json` });
  document.body.append(a);
  a.click();
  a.remove();
  markSaved();
  document.body.dataset.unsaved = "0";
}

async function loadRecord(file) {
  if (!file) return;
  if (!(await mayReplaceGame("loading a record"))) return;
  if (!st.game) await startGame();
  const text = await file.text();
  await act("record", text, true);
  markSaved();
}

function keys(e) {
  if (!$("play").classList.contains("on") || !$("ask").hidden) return;
  if (["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName)) return;
  const v = st.game;
  if (!v) return;
  if (st.shown) return replayKeys(e);
  const n = v.board.moves.length;
  if ((e.key === " " || e.key === "t") && !$("throw").disabled) { e.preventDefault(); act("throw"); }
  else if (e.key === "u" && !$("undo").disabled) act("undo");
  else if (v.human_to_act && v.board.stage === "move" && n) {
    if (/^[1-9]$/.test(e.key) && Number(e.key) <= n) play(v.board.moves[Number(e.key) - 1].index);
    else if (e.key === "ArrowDown" || e.key === "j") { e.preventDefault(); st.selMove = (st.selMove + 1) % n; markSelected(); showWhy(v.board.moves[st.selMove]); pathFor(v.board.moves[st.selMove]); }
    else if (e.key === "ArrowUp" || e.key === "k") { e.preventDefault(); st.selMove = (st.selMove + n - 1) % n; markSelected(); showWhy(v.board.moves[st.selMove]); pathFor(v.board.moves[st.selMove]); }
    else if (e.key === "Enter") { e.preventDefault(); play(v.board.moves[st.selMove].index); }
  }
}

// ---------- author ----------

function scheduleCheck(ms) {
  clearTimeout(st.checkTimer);
  st.checkTimer = setTimeout(check, ms);
}

async function check() {
  const text = $("text").value;
  $("check-status").textContent = "checking…";
  let r;
  try {
    r = await api("POST", "/api/check", { file: st.file, text, choices: choices() });
  } catch (e) { $("check-status").textContent = e.message; return; }
  if ($("text").value !== text) return; // a newer check is due
  st.lastCheck = r;
  document.body.dataset.checked = String((Number(document.body.dataset.checked) || 0) + 1);
  $("check-status").textContent = `${r.errors} error(s), ${r.warnings} warning(s)`;
  $("check-status").className = r.errors ? "err" : "dim";
  const ul = $("diags");
  ul.textContent = "";
  for (const d of r.diagnostics) {
    const loc = d.line ? `${d.line}:${d.col}` : "choices";
    const li = el("li", { class: d.severity, "data-line": d.line || "" },
      el("span", { class: "loc", text: `${loc} ` }), `${d.severity} ${d.code}: ${d.message}` + (d.label ? ` — ${d.label}` : ""));
    if (d.help) li.append(el("span", { class: "help", text: "help: " + d.help }));
    for (const n of d.notes) li.append(el("span", { class: "help", text: n }));
    if (d.line) li.addEventListener("click", () => gotoLine(d.line, d.col));
    ul.append(li);
  }
  if (!r.diagnostics.length) ul.append(el("li", { class: "dim", text: "no diagnostics" }));
  $("rulebook").textContent = r.rulebook || "(the text does not make a variant: fix the errors to see its rulebook)";
  const ids = (x) => JSON.stringify([x.readings.map((q) => q.id + q.options.map((o) => o[0]).join()), x.params.map((p) => p.name)]);
  if (r.readings.length + r.params.length && (!st.shownChoices || st.shownChoices !== ids(r))) {
    buildChoices(r.readings, r.params);
    st.shownChoices = ids(r);
  }
  editorRefresh(r.diagnostics);
}

function editorRefresh(diags) {
  const text = $("text").value;
  const lines = text.split("\n");
  const worst = new Map();
  for (const d of diags) {
    if (!d.line) continue;
    for (let l = d.line; l <= Math.max(d.line, d.end_line || d.line); l++) {
      if (worst.get(l) !== "error") worst.set(l, d.severity);
    }
  }
  $("gutter").innerHTML = lines.map((_, i) => {
    const c = worst.get(i + 1);
    const d = c ? diags.find((x) => x.line && x.line <= i + 1 && i + 1 <= (x.end_line || x.line)) : null;
    return `<span class="ln ${c || ""}"${d ? ` title="${esc(d.message)}"` : ""} data-line="${i + 1}">${i + 1}</span>`;
  }).join("");
  $("marks").innerHTML = lines.map((l, i) => {
    const c = worst.get(i + 1);
    return c ? `<span class="${c}">${esc(l) || " "}</span>` : esc(l);
  }).join("\n") + "\n";
  syncScroll();
}

function syncScroll() {
  const t = $("text");
  $("marks").scrollTop = t.scrollTop;
  $("marks").scrollLeft = t.scrollLeft;
  $("gutter").scrollTop = t.scrollTop;
}

function gotoLine(line, col) {
  const t = $("text");
  const lines = t.value.split("\n");
  let off = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) off += lines[i].length + 1;
  off += Math.max((col || 1) - 1, 0);
  t.focus();
  t.setSelectionRange(off, off);
  t.scrollTop = Math.max(0, (line - 5) * 18);
  syncScroll();
}

function edited() {
  st.edited = true;
  document.body.dataset.edited = "1";
  // Keep the line numbers in step at once; the marks follow the next check.
  editorRefresh(st.lastCheck ? st.lastCheck.diagnostics : []);
  scheduleCheck(300);
}

// Back to the file's text; edits not saved are asked about first.
async function revert() {
  const kept = st.texts[st.file];
  const dirty = st.edited && $("text").value !== fileInfo().text && !(kept && kept.saved && kept.text === $("text").value);
  if (dirty && (await ask(`Revert drops your edits of ${fileInfo().path}.`, [["revert", "Revert", true]])) !== "revert") return;
  delete st.texts[st.file];
  $("text").value = fileInfo().text;
  edited();
  st.edited = false;
  document.body.dataset.edited = "0";
}

function download(name, text) {
  const a = el("a", { href: URL.createObjectURL(new Blob([text], { type: "text/plain" })), download: name });
  document.body.append(a);
  a.click();
  a.remove();
}

// ---------- study ----------

function buildAgents() {
  for (const id of ["agent-a", "agent-b"]) {
    const s = $(id);
    PLAYERS.slice(1).forEach((p) => s.append(el("option", { value: p, text: p })));
    s.value = "random";
  }
}

async function runStudy() {
  const body = { file: st.file, choices: choices(), games: parseInt($("games").value, 10) || 0, seed: parseInt($("study-seed").value, 10) || 0,
    agents: $("agent-a").value + "," + $("agent-b").value, max_turns: parseInt($("max-turns").value, 10) || 0, arms: st.compare.slice() };
  const text = useEdit();
  if (text !== undefined) body.text = text;
  let started;
  try { notice(""); started = await api("POST", "/api/studies", body); } catch (e) { notice(e.message); return; }
  st.study = started.id;
  $("run-study").disabled = true;
  $("progress").hidden = false;
  $("cancel-study").hidden = false;
  $("cancel-study").disabled = false;
  $("report").hidden = true;
  $("study-text-box").hidden = true;
  document.body.dataset.study = "running";
  const poll = async () => {
    let s;
    try { s = await api("GET", "/api/studies/" + started.id); } catch (e) { notice(e.message); $("run-study").disabled = false; $("cancel-study").hidden = true; return; }
    const frac = s.total ? s.done / s.total : 0;
    $("progress-fill").style.width = (100 * (s.state === "done" ? 1 : frac)).toFixed(1) + "%";
    const arm = s.arms > 1 ? ` · arm ${s.arm_number} of ${s.arms}: ${s.arm}` : "";
    $("progress-text").textContent = s.state === "done" ? `done: ${s.total} games${s.arms > 1 ? " per arm, " + s.arms + " arms" : ""}`
      : s.state === "cancelled" ? `cancelled: ${s.error}` : `${s.done}/${s.total} games${arm}`;
    if (s.state === "running") { setTimeout(poll, 250); return; }
    $("run-study").disabled = false;
    $("cancel-study").hidden = true;
    document.body.dataset.study = s.state;
    if (s.state === "failed") { notice(s.error); return; }
    if (s.state !== "done") return;
    $("study-text").textContent = s.text;
    $("study-text-box").hidden = false;
    showReport(s.report);
  };
  poll();
}

// Stops the running study: its games under way finish and no other starts.
async function cancelStudy() {
  if (!st.study) return;
  $("cancel-study").disabled = true;
  try { await api("POST", "/api/studies/" + st.study + "/cancel", {}); } catch (e) { notice(e.message); }
}

// The report in the page itself (no frame): the server's document, its body taken in
// under the page's own style for reports. It holds no script (the report is static), and
// every text in it was escaped by the server.
function showReport(html) {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const box = $("report");
  box.textContent = "";
  for (const n of [...doc.body.childNodes]) box.append(document.adoptNode(n));
  box.querySelectorAll("script").forEach((x) => x.remove());
  box.hidden = false;
}

// ---------- wiring ----------

function tab(name) {
  document.querySelectorAll("#tabs button").forEach((b) => b.classList.toggle("on", b.dataset.tab === name));
  document.querySelectorAll(".tab").forEach((s) => s.classList.toggle("on", s.id === name));
  if (location.hash !== "#" + name) history.replaceState(null, "", "#" + name);
  // The panel's "compare" boxes show in the Study tab only.
  document.body.dataset.tab = name;
}

function init() {
  document.querySelectorAll("#tabs button").forEach((b) => b.addEventListener("click", () => tab(b.dataset.tab)));
  $("file").addEventListener("change", (e) => switchFile(Number(e.target.value)));
  $("new").addEventListener("click", newGame);
  $("throw").addEventListener("click", () => act("throw"));
  $("undo").addEventListener("click", () => act("undo"));
  $("continue").addEventListener("click", () => act("continue"));
  $("save").addEventListener("click", save);
  $("replay").addEventListener("click", () => replayTo(st.game ? st.game.log.length : 0));
  document.querySelectorAll("#replay-bar button[data-go]").forEach((bt) => bt.addEventListener("click", () => {
    const at = st.replayAt || 0, go = bt.dataset.go;
    if (go === "start") replayTo(0); else if (go === "end") replayTo(st.game.log.length);
    else if (go === "prev") replayTo(at - 1); else if (go === "next") replayTo(at + 1);
    else if (go === "cap-") replaySeek(["capture", "removal"], true); else if (go === "cap+") replaySeek(["capture", "removal"], false);
    else if (go === "home-") replaySeek(["send-home"], true); else if (go === "home+") replaySeek(["send-home"], false);
    else if (go === "phase-") replaySeek(["phase"], true); else if (go === "phase+") replaySeek(["phase"], false);
    else if (go === "help") $("replay-help").hidden = !$("replay-help").hidden;
    else if (go === "leave") leaveReplay();
  }));
  $("replay-at").addEventListener("change", (e) => replayTo(parseInt(e.target.value, 10) || 0));
  $("replay-help").textContent = REPLAY_HELP;
  $("load").addEventListener("change", (e) => { loadRecord(e.target.files[0]); e.target.value = ""; });
  $("text").addEventListener("input", edited);
  $("text").addEventListener("scroll", syncScroll);
  $("revert").addEventListener("click", revert);
  $("download-text").addEventListener("click", () => {
    download(fileInfo().path.split("/").pop(), $("text").value);
    // Saved: the text stays in the editor, and no longer needs asking about.
    st.texts[st.file] = { text: $("text").value, use: $("use-edit").checked, saved: true };
    document.body.dataset.edited = "0";
  });
  $("run-study").addEventListener("click", runStudy);
  $("cancel-study").addEventListener("click", cancelStudy);
  $("work-cancel").addEventListener("click", cancelGame);
  document.addEventListener("keydown", keys);
  buildAgents();
  const h = location.hash.slice(1);
  tab(["play", "author", "study"].includes(h) ? h : "play");
  $("ask").addEventListener("click", (e) => { if (e.target === $("ask")) $("ask").querySelector('[data-answer="cancel"]').click(); });
  loadFiles().then(() => { if (st.files.length) startGame(); }).catch((e) => notice(e.message));
}

init();
