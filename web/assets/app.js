// sasl serve: the page of one game. Everything it shows comes from the
// server (/api/...); every action is a sasl play command sent to
// /api/do with the version of the game it was chosen on.
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

const page = {
  state: null,      // /api/state
  log: null,        // /api/log
  hexes: new Map(), // "X,Y" -> hex of /api/hexes
  lattice: null,    // [a, b, c, d]: svg x = a*X + b, y = c*Y + d
  svg: null,
  overlay: null,    // the page's own marks, over the map
  full: null,       // the whole picture's viewBox
  view: null,       // the viewBox shown
  turn: 0,          // the turn the timeline shows
  chosen: -1,       // the chosen event (index into flat)
  flat: [],         // the timeline's events in order: {step, event}
  past: 0,          // the step the map is shown after (0: now)
  pastUnits: null,  // the units of that map
  unitShown: null,  // the unit whose panel is open
  hexChosen: null,  // the hex chosen by a click
  plan: null,       // {verb: "move", units, from} or {verb: "fire", from: [names], at}
  busy: false,
};

// ---- the server ----

async function call(path, opts) {
  const res = await fetch(path, opts);
  let body = null;
  if (res.status !== 304) {
    const text = await res.text();
    try { body = JSON.parse(text); } catch (_) { body = text; }
  }
  return { res, body };
}

async function act(verb, command) {
  const { res, body } = await call("/api/" + verb, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ version: page.state.version, do: command }),
  });
  if (!res.ok) {
    const err = new Error(body && body.error ? body.error : res.status + " " + res.statusText);
    err.status = res.status;
    err.body = body;
    throw err;
  }
  return body;
}

// do sends the player's command; the page shows the game the server wrote.
async function doCommand(command) {
  if (page.busy) return;
  page.busy = true;
  showError("");
  showInfo("");
  setBusy(true);
  try {
    const out = await act("do", command);
    page.plan = null;
    page.hexChosen = null;
    await reload(out.state, out);
    if (out.undone && out.undone.length) {
      showInfo("Undone: step " + (out.state.step + 1) + ": " + out.undone.join("; ") + ".");
    }
    const last = page.flat.length - 1;
    if (out.steps && out.steps.length && last >= 0) choose(last, false);
  } catch (e) {
    showError(e.message);
    if (e.status === 409) { page.plan = null; await reload(); }
  } finally {
    page.busy = false;
    setBusy(false);
    $("top").scrollTop = 0; // the question and its buttons in view
  }
}

function setBusy(on) {
  for (const b of document.querySelectorAll("#actions button, #pending button")) b.disabled = on;
}

function showInfo(msg) {
  $("info").textContent = msg;
  $("info").hidden = !msg;
}

function showError(msg) {
  $("error").textContent = msg;
  $("error").hidden = !msg;
}

// reload shows the game again: its state (read unless given), its log
// and its counters on the map. After an action, out is the server's
// answer: its steps are added to the log the page holds, the steps it
// undid dropped, so that only what changed comes from the server.
async function reload(state, out, log) {
  if (!state) {
    const { res, body } = await call("/api/state");
    if (!res.ok) { showError(body.error || res.statusText); return; }
    state = body;
  }
  if (!log && out && page.log) {
    const added = out.steps || [];
    const kept = page.log.steps.filter((s) => s.n <= state.step && !added.some((a) => a.n === s.n));
    log = { version: state.version, steps: kept.concat(added) };
  }
  if (!log) ({ body: log } = await call("/api/log"));
  page.state = state;
  page.log = log;
  page.turn = state.turn > state.last_turn ? state.last_turn : state.turn;
  const last = log.steps.length ? log.steps[log.steps.length - 1].turn : 1;
  if (!log.steps.some((s) => s.turn === page.turn)) page.turn = last;
  await loadMap(0);
  render();
}

// loadMap shows the counters of the game as it stands now (0) or as it
// stood after step n, over the map, which stays as it is.
async function loadMap(n) {
  let c = page.state;
  page.pastUnits = null;
  if (n) {
    const { res, body } = await call("/api/counters?step=" + n);
    if (!res.ok) { showError("the map after step " + n + ": " + (body.error || res.status)); return; }
    c = body;
    page.pastUnits = body.units;
  }
  drawCounters(c.units, c.vpo);
  page.past = n;
  $("past").hidden = !n;
  $("past-step").textContent = n;
  if (n) {
    // An older map: nothing is done on it.
    page.plan = null;
    page.unitShown = null;
    $("unit").hidden = true;
    renderPlan();
  }
  if (page.hexChosen && page.state) showHex(page.hexChosen);
}

// ---- geometry: lattice positions (hex.Point) to the picture ----

function toSVG(p) {
  const [a, b, c, d] = page.lattice;
  return [a * p[0] + b, c * p[1] + d];
}

function fromSVG(x, y) {
  const [a, b, c, d] = page.lattice;
  return [(x - b) / a, (y - d) / c];
}

// hexAt finds the hex whose centre is nearest a lattice position: the hex
// it lies in. Off the map it finds where units are drawn (waiting to
// enter, exited).
function hexAt(X, Y) {
  const [a, , c] = page.lattice;
  let best = null, bestD = Infinity;
  const cx = Math.round(X / 3) * 3;
  for (let x = cx - 3; x <= cx + 3; x += 3) {
    for (let y = Math.round(Y) - 2; y <= Math.round(Y) + 2; y++) {
      const h = page.hexes.get(x + "," + y) || offMap(x, y);
      if (!h) continue;
      const dx = (X - x) * a, dy = (Y - y) * c;
      const dd = dx * dx + dy * dy;
      if (dd < bestD) { bestD = dd; best = h; }
    }
  }
  // beyond a hex's reach (half a hex height from its centre, and a bit)
  const reach = Math.abs(c) * 1.2;
  return bestD <= reach * reach ? best : null;
}

function offMap(x, y) {
  if (!page.state) return null;
  const units = shownUnits().filter((u) => u.drawn[0] === x && u.drawn[1] === y);
  if (!units.length) return null;
  return { name: "beyond the map edge", at: [x, y], what: "", off: true };
}

function hexPoints(at, scale) {
  const s = scale || 1;
  const corners = [[-2, 0], [-1, -1], [1, -1], [2, 0], [1, 1], [-1, 1]];
  return corners.map(([dx, dy]) => toSVG([at[0] + dx * s, at[1] + dy * s]).join(",")).join(" ");
}

// shownUnits are the units of the map shown: now, or after an older step.
function shownUnits() { return page.past && page.pastUnits ? page.pastUnits : page.state.units; }

function unitsIn(h) {
  return shownUnits().filter((u) => u.drawn[0] === h.at[0] && u.drawn[1] === h.at[1]);
}

// ---- pan and zoom ----

function setView(vb) {
  const [, , fw, fh] = page.full;
  const w = Math.min(Math.max(vb[2], fw / 40), fw * 1.5);
  const h = w * (vb[3] / vb[2]);
  page.view = [vb[0], vb[1], w, h];
  if (page.svg) page.svg.setAttribute("viewBox", page.view.join(" "));
}

function zoomAt(f, x, y) {
  const [vx, vy, vw, vh] = page.view;
  setView([x - (x - vx) * f, y - (y - vy) * f, vw * f, vh * f]);
}

function svgPoint(e) {
  const p = page.svg.createSVGPoint();
  p.x = e.clientX;
  p.y = e.clientY;
  return p.matrixTransform(page.svg.getScreenCTM().inverse());
}

function wireMap(svg) {
  let drag = null;
  svg.addEventListener("wheel", (e) => {
    e.preventDefault();
    const p = svgPoint(e);
    zoomAt(e.deltaY > 0 ? 1.2 : 1 / 1.2, p.x, p.y);
  }, { passive: false });
  svg.addEventListener("pointerdown", (e) => {
    drag = { x: e.clientX, y: e.clientY, view: page.view.slice(), moved: false };
  });
  svg.addEventListener("pointermove", (e) => {
    if (drag && (Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y) > 4 || drag.moved)) {
      if (!drag.moved) { drag.moved = true; svg.setPointerCapture(e.pointerId); $("map").classList.add("panning"); }
      const k = drag.view[2] / svg.clientWidth;
      const kk = Math.max(k, drag.view[3] / svg.clientHeight);
      setView([drag.view[0] - (e.clientX - drag.x) * kk, drag.view[1] - (e.clientY - drag.y) * kk, drag.view[2], drag.view[3]]);
      return;
    }
    hover(e);
  });
  svg.addEventListener("pointerup", (e) => {
    const d = drag;
    drag = null;
    $("map").classList.remove("panning");
    if (d && !d.moved) click(e);
  });
  svg.addEventListener("pointerleave", () => { $("hover").hidden = true; mark("hover", []); });
}

$("zoom-in").onclick = () => zoomAt(1 / 1.4, page.view[0] + page.view[2] / 2, page.view[1] + page.view[3] / 2);
$("zoom-out").onclick = () => zoomAt(1.4, page.view[0] + page.view[2] / 2, page.view[1] + page.view[3] / 2);
$("zoom-fit").onclick = () => setView(page.full.slice());
$("past-now").onclick = async () => { await loadMap(0); if (page.hexChosen) showHex(page.hexChosen); drawMarks(); };

// ---- hover and click ----

function hexUnder(e) {
  const p = svgPoint(e);
  const [X, Y] = fromSVG(p.x, p.y);
  return hexAt(X, Y);
}

function hover(e) {
  const h = hexUnder(e);
  const box = $("hover");
  if (!h) { box.hidden = true; mark("hover", []); return; }
  const units = unitsIn(h);
  box.replaceChildren();
  const title = document.createElement("b");
  title.textContent = h.name;
  box.append(title);
  if (!h.off) box.append(": " + hexWords(h));
  for (const u of units) {
    const div = document.createElement("div");
    div.className = "side-" + u.side.toUpperCase();
    div.textContent = u.text;
    box.append(div);
  }
  box.hidden = false;
  // Beside the pointer, on the side away from the nearer edge.
  const area = $("board").getBoundingClientRect();
  const x = e.clientX - area.left, y = e.clientY - area.top;
  box.style.left = (x < area.width / 2 ? x + 18 : Math.max(4, x - 18 - box.offsetWidth)) + "px";
  box.style.top = (y < area.height / 2 ? y + 18 : Math.max(4, y - 18 - box.offsetHeight)) + "px";
  mark("hover", [["polygon", { points: hexPoints(h.at), class: "m-hover" }]]);
}

async function click(e) {
  const h = hexUnder(e);
  if (!h) return;
  const plan = page.past ? null : page.plan;
  if (plan && plan.verb === "move" && !h.off) {
    plan.to = h.name;
    await previewPlan();
    return;
  }
  if (plan && plan.verb === "fire" && !h.off) {
    const mine = unitsIn(h).some((u) => u.side === "friendly");
    const theirs = unitsIn(h).some((u) => u.side === "enemy");
    if (mine && !theirs) {
      const i = plan.from.indexOf(h.name);
      if (i >= 0) plan.from.splice(i, 1); else plan.from.push(h.name);
      if (!plan.from.length) { cancelPlan(); return; }
    } else if (theirs && !atName()) {
      plan.at = h.name;
    } else {
      showError("fire: click your own stacks to add them to the fire group" + (atName() ? "" : ", and an ENEMY stack to fire at"));
      return;
    }
    await previewPlan();
    return;
  }
  page.hexChosen = h;
  showHex(h);
  drawMarks();
}

// ---- the panels ----

function el(tag, attrs, ...kids) {
  const x = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "onclick") x.onclick = v; else x.setAttribute(k, v);
  }
  x.append(...kids);
  return x;
}

// words: terrain names as the rules write them ("open_ground" is Open Ground).
function words(s) { return (s || "").replace(/_/g, " "); }

// hexWords says what a hex holds, its level always.
function hexWords(h) {
  return (words(h.what) || "open ground") + (/\blevel -?\d/.test(h.what) ? "" : "; level 0");
}

function can(verb) { return page.state && page.state.can.includes(verb); }

function render() {
  const st = page.state;
  document.title = st.mission + ": " + st.where;
  $("mission").textContent = st.mission;
  let where = capital(st.where.replace(/turn (\d+)/, "turn $1 of " + st.last_turn)) + " · step " + st.step;
  if (st.over && st.winner) where += ". Winner: the " + st.winner.toUpperCase() + " side (" + st.why + ")";
  $("where").textContent = where;
  renderTables(st.placeholder_tables);
  let asked = askedWords(st);
  if (st.policy !== "player" && !st.over) asked = "The engine plays both sides of this game (policy " + st.policy + "): Next plays on.";
  $("asked").textContent = asked;
  renderActions();
  renderPlan();
  if (page.hexChosen) showHex(page.hexChosen); else $("hex").hidden = true;
  if (page.unitShown && page.state.units.some((u) => u.id === page.unitShown)) showUnit(page.unitShown);
  else { page.unitShown = null; $("unit").hidden = true; }
  renderTimeline();
  drawMarks();
}

// renderTables says, in one quiet line, that the tables the game plays by
// hold sasl's stand-ins for the player's rulebook values (the view gives
// their count and charts), and how to give theirs.
function renderTables(ph) {
  const p = $("tables");
  p.hidden = !ph;
  // Written again only when it changes: a new line costs a layout of its
  // fonts (tens of milliseconds) at every action.
  const key = JSON.stringify(ph || null);
  if (!ph || p.dataset.key === key) return;
  p.dataset.key = key;
  const code = (text) => { const c = document.createElement("code"); c.textContent = text; return c; };
  p.replaceChildren(
    "Placeholder tables: " + ph.count + (ph.count === 1 ? " value is sasl's stand-in" : " values are sasl's stand-ins") +
      ", not your rulebook's (" + ph.tables.join(", ") + "). To play by yours: ",
    code("sasl tables template > mine.yaml"), ", fill it in, then give ", code("--tables mine.yaml"), ".");
}

// stopKind is the kind of stop the game stands at ("turn-start",
// "before-phase", "first-fire", "rout", "over").
function stopKind() { return page.state && page.state.stop ? page.state.stop.kind : ""; }

// atName is the Location a First Fire stop's moving stack entered.
function atName() { return stopKind() === "first-fire" ? page.state.stop.at : null; }

// askedWords says what the game asks at its stop, in the page's words: the
// stop is data (its kind, phase, units and Locations), worded here for
// the page's buttons as report words it for the command line.
function askedWords(st) {
  const s = st.stop;
  if (st.over || !s || s.kind === "over") return "The game is over.";
  if (s.kind === "turn-start") return "Turn " + s.turn + " of " + st.last_turn + " is to begin: Next plays it.";
  const unit = (id) => st.units.find((u) => u.id === id);
  if (s.kind === "first-fire") {
    if (!s.can_fire || !(s.groups || []).length) {
      const left = (s.moving || []).length ? "no FRIENDLY unit left can fire at " + s.moving.join(", ") : "nothing is left of the moving stack";
      return "First Fire at " + s.at + ": " + left + "; Next to go on.";
    }
    let what = (s.moving || []).join(", "), then = "";
    const sq = (s.moving || []).map(unit).find((u) => u && u.unit === "s?");
    if (sq) { what = (sq.wave ? "Human Wave S? " : "S? ") + what; then = "; an attack Activates an S? first"; }
    // The fire a group may make by its units' markers (ASL A8.1, A8.3, A8.31).
    const fire = { sff: ", Subsequent First Fire as Area Fire: ASL A8.3", fpf: ", Final Protective Fire as Area Fire, then a NMC each: ASL A8.31" };
    const by = s.groups.map((g) => g.units.join(", ") + " in " + g.at + " (" + g.range + (g.range === 1 ? " hex" : " hexes") + (fire[g.fire] || "") + ")");
    const kinds = [...new Set(s.groups.map((g) => g.fire || "first"))];
    const ask = kinds.length > 1 ? "Fire" : { first: "First Fire", sff: "Subsequent First Fire", fpf: "Final Protective Fire" }[kinds[0]] || "Fire";
    return capital(what + " entered " + s.at + " in LOS of " + by.join("; ") + ": " + ask + "… or Next" + then + ".");
  }
  const yours = s.player_turn === "friendly";
  if (s.kind === "rout") {
    const routs = s.routs || [];
    if (!routs.length) return "The RtPh: none of your broken units has to rout any more; Next to go on.";
    const each = routs.map((r) => r.unit + " in " + r.at + (r.must ? (r.to.length || r.crawl.length ? " must rout" : " must rout and cannot: eliminated for Failure to Rout") : " may rout (DM)") +
      (r.to.length ? " to " + r.to.join(", ") : "") + (r.crawl.length ? "; Low Crawl to " + r.crawl.join(", ") : ""));
    return "The RtPh (ASL A10.5): " + each.join("; ") + ". Click a broken unit to rout it; Next or Pass: the engine routs those that must.";
  }
  if (s.phase === "RPh") return (yours ? "Your" : "The ENEMY's") + " RPh: report your rallies, or Pass to have the engine roll them, then Next.";
  if (!yours) return s.phase === "DFPh" ? "The ENEMY has moved: your DFPh: Defensive Fire, then Next." : "The ENEMY's CCPh: Next resolves Close Combat.";
  return {
    PFPh: "Your PFPh: Prep Fire, then Next.",
    MPh: "Your MPh: move, then Next.",
    AFPh: "Your AFPh: Advancing Fire, then Next.",
    APh: "Your APh: advance one Location, then Next.",
    CCPh: "Your CCPh: Next resolves Close Combat.",
  }[s.phase] || "";
}

function capital(s) { return s.charAt(0).toUpperCase() + s.slice(1); }

function renderActions() {
  const box = $("actions");
  box.replaceChildren();
  if (can("next")) box.append(el("button", { id: "do-next", class: "primary", title: "sasl play next: you are done here (what you did is reported); the game plays on to the next stop", onclick: () => doCommand("next") }, "Next: play on"));
  if (can("pass")) box.append(el("button", { id: "do-pass", title: "sasl play pass: the engine decides this stop for you, as it does for a FRIENDLY side it plays itself (it fires, rallies, moves nothing), then plays on", onclick: () => doCommand("pass") }, "Pass: the engine decides"));
  if (can("fire") && stopKind() === "first-fire") {
    box.append(el("button", { id: "do-firstfire", title: "choose the Locations that fire", onclick: () => startFire([]) }, "First Fire…"));
  }
  if (can("undo")) box.append(el("button", { id: "do-undo", title: "sasl play undo: the game as it stood before step " + page.state.step + " (" + page.state.last + ")", onclick: () => doCommand("undo") }, "Undo step " + page.state.step + " (" + page.state.last + ")"));
  if (can("move")) box.append(el("p", { class: "hint" }, "Click one of your stacks to " + (stopKind() === "rout" ? "rout" : page.state.phase === "APh" ? "advance" : "move") + " it."));
  else if (can("fire")) box.append(el("p", { class: "hint" }, "Click one of your stacks to fire with it" + (atName() ? " at " + atName() : "") + "."));
}

function showHex(h) {
  const box = $("hex");
  const units = unitsIn(h);
  box.replaceChildren(el("h3", {}, h.name));
  box.append(el("div", {}, h.off ? "" : hexWords(h)));
  if (h.locations) box.append(el("div", { class: "hint" }, "Locations above ground level: " + h.locations.join(", ")));
  if (page.past) box.append(el("div", { class: "hint" }, "As it stood after step " + page.past + ": back to now to act."));
  const list = el("div", {});
  const movable = [];
  for (const u of units) {
    const row = el("div", { class: "unit-row side-" + u.side.toUpperCase() });
    const routing = stopKind() === "rout" && (page.state.stop.routs || []).some((r) => r.unit === u.id);
    if (!page.past && u.side === "friendly" && can("move") && (routing || stopKind() !== "rout" && !(page.state.phase === "APh" && u.advanced) && !u.broken && !u.pinned && !(page.state.phase === "MPh" && u.moved))) {
      const cb = el("input", { type: "checkbox", id: "pick-" + u.id, value: u.id });
      cb.checked = !routing || movable.length === 0; // a broken unit routs on its own (ASL A10.5)
      movable.push(cb);
      row.append(cb);
    }
    const info = page.past ? el("b", {}, u.id) : el("button", { class: "link", id: "unit-" + u.id, onclick: () => showUnit(u.id) }, u.id);
    row.append(info, " " + u.text.replace(u.id + " ", ""));
    list.append(row);
  }
  if (!units.length) list.append(el("div", { class: "hint" }, "No unit here."));
  box.append(list);
  const buttons = el("div", { class: "buttons" });
  if (movable.length) {
    buttons.append(el("button", { id: "plan-move", onclick: () => {
      const ids = movable.filter((c) => c.checked).map((c) => c.value);
      if (!ids.length) { showError("move: choose the units that move"); return; }
      startMove(ids, h);
    } }, stopKind() === "rout" ? "Rout…" : "Move these…"));
  }
  // A unit that has fired fires again where the stop offers its Location a
  // group (Subsequent First Fire, FPF: ASL A8.3, A8.31), or in the DFPh if
  // not marked Final Fire (Final Fire at an ADJACENT Location, A8.4).
  const s = page.state.stop || {};
  const again = (u) => (stopKind() === "first-fire" && (s.groups || []).some((g) => g.at === h.name)) || (s.phase === "DFPh" && !u.final_fire);
  if (!page.past && can("fire") && units.some((u) => u.side === "friendly" && !u.broken && (!u.fired || again(u)))) {
    buttons.append(el("button", { id: "plan-fire", onclick: () => startFire([h.name]) }, "Fire from here…"));
  }
  box.append(buttons);
  box.hidden = false;
}

function showUnit(id) {
  const u = page.state.units.find((x) => x.id === id);
  if (!u) return;
  page.unitShown = id;
  const box = $("unit");
  box.replaceChildren(el("h3", { class: "side-" + u.side.toUpperCase() }, u.side.toUpperCase() + " " + u.id));
  box.append(el("div", {}, u.text));
  const flags = ["broken", "pinned", "wounded", "known", "released", "moved", "advanced", "fired", "final_fire", "entering", "exited"].filter((f) => u[f]);
  box.append(el("div", { class: "hint" }, "In " + u.at + (u.wave ? ", Human Wave " + u.wave : "") + (flags.length ? "; " + flags.join(", ") : "")));
  if (u.side === "friendly" && can("set") && !u.entering && !u.exited) {
    const set = el("div", { class: "buttons" }, "Report: ");
    // A leader is wounded, not reduced (ASL A17); sasl refuses a report
    // the rules do not allow where the game stands, and says why.
    const smc = u.unit === "leader" || u.unit === "commissar";
    for (const r of ["broken", "pinned", "good", "eliminated", smc ? "wounded" : "reduced"]) {
      set.append(el("button", { id: "set-" + u.id + "-" + r, title: "sasl play set " + u.id + " " + r, onclick: () => doCommand("set " + u.id + " " + r) }, r));
    }
    box.append(set);
  }
  const hist = el("ul", {});
  for (const step of page.log.steps) {
    step.events.forEach((ev) => {
      if (!(ev.who || []).includes(u.id)) return;
      hist.append(el("li", {}, el("span", { class: "phase" }, "turn " + ev.turn + " " + ev.player_turn + " " + ev.phase), ev.text, ev.dice ? el("span", { class: "rolls" }, " [" + ev.dice + "]") : ""));
    });
  }
  box.append(el("h3", {}, "History"));
  box.append(hist.children.length ? hist : el("div", { class: "hint" }, "Nothing has happened to it yet."));
  box.hidden = false;
}

// ---- plans: a move or a fire, shown before it is sent ----

function startMove(ids, h) {
  showError("");
  showInfo("");
  page.plan = { verb: "move", units: ids, from: h.name, to: null, preview: null };
  renderPlan();
  drawMarks();
}

function startFire(from) {
  showError("");
  showInfo("");
  page.plan = { verb: "fire", from: from.slice(), at: atName() || null, preview: null };
  renderPlan();
  drawMarks();
  if (page.plan.at && from.length) previewPlan();
}

function cancelPlan() {
  page.plan = null;
  showError("");
  renderPlan();
  drawMarks();
}

function planCommand() {
  const p = page.plan;
  if (p.verb === "move") return p.to ? "move " + p.units.join(",") + " " + (p.level || p.to) : null;
  return p.from.length && p.at ? "fire --from " + p.from.join(",") + " --at " + p.at : null;
}

async function previewPlan() {
  const p = page.plan;
  const command = planCommand();
  p.preview = null;
  p.refused = null;
  showError("");
  if (command) {
    try {
      p.preview = await act("preview", command);
    } catch (e) {
      showError(e.message);
      if (e.body && e.body.lines) p.refused = e.body; // the LOS that refuses it
      if (e.status === 409) { page.plan = null; await reload(); return; }
    }
  }
  renderPlan();
  drawMarks();
}

function renderPlan() {
  const box = $("pending");
  const p = page.plan;
  if (!p) { box.hidden = true; box.replaceChildren(); return; }
  box.replaceChildren();
  if (p.verb === "move") {
    let what = "click the hex to " + (stopKind() === "rout" ? "rout" : page.state.phase === "APh" ? "advance" : "move") + " to.";
    if (p.to && !p.preview) what = "not to " + (p.level || p.to) + " (see why below): click another hex.";
    if (p.to && p.preview) what = "to " + (p.level || p.to) + ":";
    box.append(el("p", {}, (stopKind() === "rout" ? "Rout " : page.state.phase === "APh" ? "Advance " : "Move ") + p.units.join(", ") + " from " + p.from + ": " + what));
    const hex = p.to && [...page.hexes.values()].find((h) => h.name === p.to);
    if (hex && hex.locations) {
      const sel = el("select", { id: "plan-level", "aria-label": "the Location in the hex" }, el("option", { value: "" }, p.to + " (ground level)"));
      for (const l of hex.locations) sel.append(el("option", { value: l }, l));
      sel.value = p.level || "";
      sel.onchange = () => { p.level = sel.value || null; previewPlan(); };
      box.append(sel);
    }
  } else {
    box.append(el("p", {}, (stopKind() === "first-fire" ? "First Fire" : "Fire") + " from " + (p.from.join(", ") || "…") + " at " + (p.at || "…") +
      ": click your stacks to add or drop them" + (atName() ? "." : ", and an ENEMY stack to fire at.")));
  }
  if (p.preview) box.append(el("p", { id: "plan-text" }, p.preview.text));
  const buttons = el("div", { class: "buttons" });
  const command = planCommand();
  if (p.preview && command) {
    const label = p.verb === "fire" ? "Fire" : stopKind() === "rout" ? "Rout" : page.state.phase === "APh" ? "Advance" : "Move";
    buttons.append(el("button", { id: "plan-confirm", class: "primary", title: "sasl play " + command, onclick: () => doCommand(command) }, label));
  }
  buttons.append(el("button", { id: "plan-cancel", onclick: cancelPlan }, "Cancel"));
  box.append(buttons);
  box.hidden = false;
}

// ---- the timeline ----

function renderTimeline() {
  const log = page.log;
  const sel = $("turn");
  const turns = [...new Set(log.steps.map((s) => s.turn))];
  if (!turns.includes(page.turn)) turns.push(page.turn);
  turns.sort((a, b) => a - b);
  sel.replaceChildren(...turns.map((t) => el("option", { value: t }, String(t))));
  sel.value = page.turn;
  sel.onchange = async () => {
    page.turn = Number(sel.value);
    page.chosen = -1;
    if (page.past) await loadMap(0);
    renderTimeline();
    drawMarks();
  };
  const list = $("events");
  list.replaceChildren();
  page.flat = [];
  for (const step of log.steps.filter((s) => s.turn === page.turn)) {
    list.append(el("li", { class: "step" }, "Step " + step.n + ": " + step.do + " ", step.dice ? el("span", { class: "dice" }, "dice " + (step.own ? "(yours) " : "") + step.dice) : ""));
    if (!step.events.length) list.append(el("li", { class: "empty" }, "nothing happened"));
    step.events.forEach((ev) => {
      const i = page.flat.length;
      page.flat.push({ step, ev });
      const li = el("li", { class: "event" + (i === page.chosen ? " chosen" : ""), "data-i": i },
        el("span", { class: "phase" }, ev.player_turn + " " + ev.phase), ev.text, ev.dice ? el("span", { class: "rolls" }, " [" + ev.dice + "]") : "");
      li.onclick = () => choose(i, true);
      list.append(li);
    });
  }
  if (!log.steps.some((s) => s.turn === page.turn)) list.append(el("li", { class: "empty" }, "Nothing has happened this turn yet."));
  if (page.chosen < 0) $("timeline").scrollTop = $("timeline").scrollHeight; // the latest step
}

// choose marks event i on the map; with past, the map is the one after
// its step.
async function choose(i, past) {
  if (i < 0 || i >= page.flat.length) {
    // On into the turn before or after.
    const turns = [...new Set(page.log.steps.map((s) => s.turn))].sort((a, b) => a - b);
    const t = turns[turns.indexOf(page.turn) + (i < 0 ? -1 : 1)];
    if (t === undefined) return;
    page.turn = t;
    page.chosen = -1;
    renderTimeline();
    if (!page.flat.length) { drawMarks(); return; }
    return choose(i < 0 ? page.flat.length - 1 : 0, past);
  }
  page.chosen = i;
  for (const li of document.querySelectorAll("#events li.event")) li.classList.toggle("chosen", Number(li.dataset.i) === i);
  const li = document.querySelector('#events li.event[data-i="' + i + '"]');
  if (li) {
    // Scrolled within the timeline only: the question and its buttons stay.
    const box = $("timeline");
    const top = li.offsetTop - box.offsetTop, head = box.querySelector("h2").offsetHeight;
    if (top < box.scrollTop + head || top + li.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top - head - 8;
  }
  const n = page.flat[i].step.n;
  const want = past && n < page.state.step ? n : 0;
  if (want !== page.past) await loadMap(want);
  drawMarks();
}

$("ev-prev").onclick = () => choose(page.chosen < 0 ? page.flat.length - 1 : page.chosen - 1, true);
$("ev-next").onclick = () => choose(page.chosen + 1, true);

// ---- the marks ----

// mark replaces the marks of one layer of the overlay.
function mark(layer, shapes) {
  if (!page.overlay) return;
  let g = page.overlay.querySelector('[data-layer="' + layer + '"]');
  if (!g) {
    g = document.createElementNS(SVGNS, "g");
    g.dataset.layer = layer;
    const order = ["event", "select", "plan", "hover"];
    const after = [...page.overlay.children].find((x) => order.indexOf(x.dataset.layer) > order.indexOf(layer));
    page.overlay.insertBefore(g, after || null);
  }
  g.replaceChildren(...shapes.map(([tag, attrs, text]) => {
    const s = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs)) s.setAttribute(k, v);
    if (text) s.textContent = text;
    return s;
  }));
}

// trim shortens the ends of a line of SVG points by d, so that it does not
// cover the counters of the hexes it joins.
function trim(pts, d) {
  const out = pts.map((p) => p.slice());
  const cut = (a, b) => {
    const dx = b[0] - a[0], dy = b[1] - a[1], len = Math.hypot(dx, dy);
    if (len > 2.2 * d) { a[0] += dx / len * d; a[1] += dy / len * d; }
  };
  if (out.length > 1) { cut(out[0], out[1]); cut(out[out.length - 1], out[out.length - 2]); }
  return out;
}

// hexHeight is the height of a hex in the picture's units.
function hexHeight() { return 2 * Math.abs(page.lattice[2]); }

function pathPoints(path) { return trim(path.map(toSVG), 0.3 * hexHeight()).map((p) => p.join(",")).join(" "); }

function fireLine(from, at, cls) {
  const [[x1, y1], [x2, y2]] = trim([toSVG(from), toSVG(at)], 0.3 * hexHeight());
  return ["line", { x1, y1, x2, y2, class: cls }];
}

function hexNamed(name) { return [...page.hexes.values()].find((x) => x.name === name); }

function drawMarks() {
  if (!page.lattice) return;
  const ev = page.chosen >= 0 && page.flat[page.chosen] ? page.flat[page.chosen].ev : null;
  const shapes = [];
  if (ev) {
    for (const h of ev.hexes || []) shapes.push(["polygon", { points: hexPoints(h), class: "m-event" }]);
    if (ev.path) shapes.push(["polyline", { points: pathPoints(ev.path), class: "m-path" }]);
    for (const [a, b] of ev.lines || []) shapes.push(fireLine(a, b, "m-fire"));
  }
  mark("event", shapes);
  mark("select", page.hexChosen && !page.plan ? [
    ["polygon", { points: hexPoints(page.hexChosen.at), class: "m-select-halo" }],
    ["polygon", { points: hexPoints(page.hexChosen.at), class: "m-select" }]] : []);
  const plan = [];
  const p = page.plan;
  if (p && p.verb === "fire") {
    for (const name of p.from) {
      const h = hexNamed(name);
      if (h) plan.push(["polygon", { points: hexPoints(h.at), class: "m-group" }]);
    }
    const at = p.at && hexNamed(p.at.replace(/h-?\d+$/, ""));
    if (at) plan.push(["polygon", { points: hexPoints(at.at), class: "m-target" }]);
    if (p.refused) for (const l of p.refused.lines) plan.push(fireLine(l.from.at, p.refused.at.at, l.clear ? "m-fire" : "m-blocked"));
  }
  if (p && p.preview) {
    const pv = p.preview;
    if (pv.path) {
      plan.push(["polyline", { points: pathPoints(pv.path.map((s) => s.at)), class: "m-path" }]);
      if (pv.mf) {
        // The MF spent so far, under each hex entered (once a hex: the
        // last, for a move up or down a level within it).
        const label = new Map();
        let spent = 0;
        pv.path.forEach((s, i) => {
          spent += s.mf || 0;
          if (i > 0) label.set(s.at.join(","), [s.at, spent]);
        });
        for (const [at, n] of label.values()) {
          const [x, y] = toSVG(at);
          plan.push(["text", { x, y: y + 0.4 * hexHeight(), "text-anchor": "middle", class: "m-mf" }, n + " MF"]);
        }
      }
    }
    for (const l of pv.lines || []) plan.push(fireLine(l.from.at, pv.at.at, l.clear ? "m-fire" : "m-blocked"));
  }
  mark("plan", plan);
}

// ---- start, and keep up with the game file ----

async function start() {
  // The map first (the browser fetches and draws its picture while the
  // rest comes), its hexes, the state and the log together.
  const rest = Promise.all(["/api/hexes", "/api/state", "/api/log"].map((u) => call(u)));
  const m = await call("/api/map");
  if (!m.res.ok) throw new Error(m.body.error || m.res.statusText);
  makeMap(m.body);
  const [hexes, st, log] = await rest;
  for (const r of [hexes, st, log]) if (!r.res.ok) throw new Error(r.body.error || r.res.statusText);
  for (const h of hexes.body) page.hexes.set(h.at[0] + "," + h.at[1], h);
  await reload(st.body, null, log.body);
  setInterval(poll, 2000);
}

// poll asks whether the game changed (another tab, a command line).
async function poll() {
  if (page.busy || !page.state) return;
  const res = await fetch("/api/state", { headers: { "If-None-Match": '"' + page.state.version + '"' } });
  if (res.status === 200) {
    const st = await res.json();
    if (st.version !== page.state.version) {
      if (page.plan) {
        showError("");
        showInfo("The game changed (another tab, or a command): your planned " + page.plan.verb + " was dropped; choose again.");
      }
      page.plan = null;
      await reload(st);
    }
  }
}

document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
  if (e.key === "Escape") cancelPlan();
  if (e.key === "ArrowLeft") $("ev-prev").click();
  if (e.key === "ArrowRight") $("ev-next").click();
});

start().catch((e) => showError("the page could not start: " + e.message));
