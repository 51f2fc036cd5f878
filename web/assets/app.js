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
  hexByName: new Map(), // its name -> the same hex
  lattice: null,    // [a, b, c, d]: svg x = a*X + b, y = c*Y + d
  svg: null,
  overlay: null,    // the page's own marks, over the map
  underlay: null,   // the stop's marks, under the counters
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
    // A unit's panel is of the step it was opened at: closed by the next
    // step, but for a report of that unit made from the panel itself.
    if (page.unitShown && !command.startsWith("set " + page.unitShown + " ")) page.unitShown = null;
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
  if (msg) reveal($("info"));
}

function showError(msg) {
  $("error").textContent = msg;
  $("error").hidden = !msg;
  if (msg) reveal($("error"));
}

// reveal scrolls the side panel so that element e, just shown or changed,
// is in view: a message, a unit's panel or a LOS verdict below a long
// question is not left out of sight.
function reveal(e) {
  requestAnimationFrame(() => e.scrollIntoView({ block: "nearest" }));
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
  const turns = logTurns(log);
  const last = turns.length ? turns[turns.length - 1] : 1;
  if (!turns.includes(page.turn)) page.turn = last;
  await loadMap(0);
  render();
  // A new First Fire or rout stop on a map shown too small to see its
  // hexes (the whole of four boards), or out of the view (zoomed in on
  // another corner of the map): the map is shown around it, as a click on
  // the stop in the timeline does. A view the player chose that shows it
  // is left alone.
  const s = state.stop || {};
  const pts = stopPoints(s);
  const key = pts.length ? state.step + " " + s.kind + " " + pts.flat().join(",") : "";
  if (key && key !== page.stopShown && !seen(pts)) showStop();
  page.stopShown = key;
}

// seen reports whether lattice points pts are all in the map's view, with
// hexes large enough to read (24 CSS pixels high).
function seen(pts) {
  if (shownHexPixels() < 24) return false;
  const [x, y, w, h] = page.view;
  const m = hexHeight() / 2; // the point's hex, not only its centre
  return pts.map(toSVG).every(([a, b]) => a - m >= x && a + m <= x + w && b - m >= y && b + m <= y + h);
}

// shownHexPixels is the height of a hex on the screen, in CSS pixels.
function shownHexPixels() {
  if (!page.svg || !page.svg.clientWidth) return Infinity;
  const [, , vw, vh] = page.view;
  return hexHeight() * Math.min(page.svg.clientWidth / vw, page.svg.clientHeight / vh);
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
  page.past = n; // before the counters: the stop's mover tops its pile now only
  drawCounters(c.units, c.vpo, c.residual);
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
  if (!unitsIn({ at: [x, y] }).length) return null;
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
  sharpen();
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
  if (plan && plan.verb === "los") { if (!h.off) await losClick(h); return; }
  if (plan && plan.verb === "move" && !h.off) {
    plan.to = h.name;
    await previewPlan();
    return;
  }
  if (plan && plan.verb === "fire" && !h.off) {
    const mine = unitsIn(h).some((u) => u.side === "friendly");
    const theirs = unitsIn(h).some((u) => u.side === "enemy");
    // A hex of both sides (their Locations on other levels): at a First
    // Fire stop, whose Target is fixed, a click adds or drops yours.
    if (mine && (!theirs || atName())) {
      const i = plan.from.indexOf(h.name);
      if (i >= 0) plan.from.splice(i, 1); else plan.from.push(h.name);
      if (!plan.from.length) { cancelPlan(); return; }
    } else if (theirs && !atName()) {
      plan.at = h.name;
      // The Location of the hex its ENEMY units are in, when they are in
      // one above ground level (a building's upper level, ASL A7.5: a
      // fire is at a Location); another is chosen below the plan.
      const at = [...new Set(unitsIn(h).filter((u) => u.side === "enemy").map((u) => u.at))];
      plan.atLevel = at.length === 1 && at[0] !== h.name ? at[0] : null;
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

// renderAttitude says the ENEMY's Prevailing Attitude (SASL 4.33, 6),
// whose Action table its units outside the Human Waves roll on.
function renderAttitude(st) {
  const p = $("attitude");
  p.hidden = !st.attitude;
  if (!st.attitude) return;
  const name = st.attitude.charAt(0).toUpperCase() + st.attitude.slice(1).replace(/_/g, " ");
  p.textContent = "The ENEMY's Prevailing Attitude: " + name +
    (st.attitude_reading ? " (the mission names none: sasl's reading)" : " (SASL 6)");
}

function render() {
  const st = page.state;
  document.title = st.mission + ": " + st.where;
  $("mission").textContent = st.mission;
  renderAttitude(st);
  let where = capital(st.where.replace(/turn (\d+)/, "turn $1 of " + st.last_turn)) + " \u00b7 step " + st.step;
  if (st.over && st.winner) where += ". Winner: the " + st.winner.toUpperCase() + " side (" + st.why + ")";
  $("where").textContent = where;
  renderTables(st.placeholder_tables);
  let asked = askedWords(st);
  if (st.policy !== "player" && !st.over) asked = "The engine plays both sides of this game (policy " + st.policy + ").";
  $("asked").textContent = asked;
  // The buttons are made anew: a mark a button's pointing left (a rout's
  // Location) goes with it, though the pointer never left it.
  mark("hover", []);
  renderActions();
  renderPlan();
  if (page.hexChosen) showHex(page.hexChosen); else $("hex").hidden = true;
  if (page.unitShown && page.state.units.some((u) => u.id === page.unitShown)) showUnit(page.unitShown);
  else { page.unitShown = null; $("unit").hidden = true; }
  // The timeline once the map is drawn (drawnMark): at the first load
  // the map and the question come first.
  if (page.framed) renderTimeline();
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
  // The words of report.PlaceholdersText: rulebook stand-ins
  // ("default: true") apart from sasl's readings ("reading: true").
  const parts = [];
  if (ph.count > 0) {
    parts.push(ph.count + (ph.count === 1 ? " value is sasl's stand-in" : " values are sasl's stand-ins") +
      " for your rulebook's (" + ph.tables.join(", ") + ")");
  }
  if (ph.readings > 0) {
    parts.push(ph.readings + (ph.readings === 1 ? " is sasl's own reading" : " are sasl's own readings") + " where no text decides (" +
      (ph.reading_tables || []).join(", ") + ")");
  }
  p.replaceChildren(
    "Placeholder tables: " + parts.join(", and ") + ". The game is playable as it is. To play by yours: ",
    code("sasl tables template > mine.yaml"), ", type in your values, then give ", code("--tables mine.yaml"), ".");
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
  if (s.kind === "turn-start") return "Turn " + s.turn + " of " + st.last_turn + " is to begin.";
  const unit = (id) => st.units.find((u) => u.id === id);
  if (s.kind === "first-fire") {
    const who = moverWords(st);
    if (!s.can_fire || !(s.groups || []).length) {
      const left = (s.moving || []).length ? "no FRIENDLY unit left can fire at it" : "nothing is left of the moving stack";
      return "First Fire: " + who + ": " + left + ".";
    }
    const then = (s.moving || []).map(unit).some((u) => u && u.unit === "s?") ? " (an attack Activates an S? first)" : "";
    const kinds = [...new Set(s.groups.map((g) => g.fire || "first"))];
    const ask = kinds.length > 1 ? "Fire" : fireWords[kinds[0]];
    const units = new Set(s.groups.flatMap((g) => g.units)).size;
    return who + ". " + ask + " at it" + then + ", or hold fire? " + (units === 1 ? "1 unit" : units + " units") + " of yours may fire.";
  }
  const yours = s.player_turn === "friendly";
  if (s.kind === "rout") {
    const routs = s.routs || [];
    // The header's name of the phase (report.Where: "the ENEMY RtPh").
    const rtph = (yours ? "Your" : "The ENEMY") + " RtPh";
    if (!routs.length) return rtph + ": none of your broken units has to rout any more.";
    return rtph + " (ASL A10.5): " + routs.length + (routs.length === 1 ? " broken unit" : " broken units") + " of yours to rout: choose where each goes (below), or go on and sasl routs those that must.";
  }
  if (s.phase === "RPh") return (yours ? "Your" : "The ENEMY's") + " RPh (ASL A10.6): roll a Rally for each of your broken units and report those that rally, or let sasl roll them.";
  if (!yours) return s.phase === "DFPh" ? "The ENEMY has moved: your DFPh: Defensive Fire (click one of your stacks), or let sasl fire it." : "The ENEMY's CCPh: Close Combat is to be resolved.";
  return {
    PFPh: "Your PFPh: Prep Fire (click one of your stacks), or let sasl fire it. A unit that Prep Fires does not move in the MPh (ASL A3.3).",
    MPh: "Your MPh: move (click one of your stacks), then Done moving.",
    AFPh: "Your AFPh: Advancing Fire (click one of your stacks), or let sasl fire it.",
    APh: "Your APh: advance one Location (click one of your stacks), then Done advancing.",
    CCPh: "Your CCPh: Close Combat is to be resolved.",
  }[s.phase] || "";
}

// unitWords names a unit as a player reads its counter: "A1a (squad
// 4-4-7)", "A5 (S?)".
function unitWords(u) {
  const what = u.unit === "s?" ? "S?" : words(u.unit).replace("half squad", "half-squad") + (u.type ? " " + u.type : "");
  return u.id + " (" + what + (u.broken ? ", broken" : "") + ")";
}

// moverWords names the ENEMY stack a First Fire stop is about, where its
// move began (the stop's path, when the view gives it) and the Location it
// entered.
function moverWords(st) {
  const s = st.stop;
  const us = (s.moving || []).map((id) => st.units.find((u) => u.id === id) || { id, unit: "" });
  const wave = us.find((u) => u.wave);
  let who = "The ENEMY's " + (wave ? "Human Wave " + wave.wave + ": " : "") + (us.length ? us.map(unitWords).join(", ") : "moving stack");
  const path = s.path || [];
  const from = path.length > 1 && page.hexes.get(path[0][0] + "," + path[0][1]);
  const hexes = path.length > 1 ? new Set(path.map((p) => p.join(","))).size - 1 : 0;
  const began = from ? from.name : "beyond the map edge";
  who += " entered " + s.at + (path.length > 1 ? " (its move began " + (from ? "in " : "") + began + ", " + hexes + (hexes === 1 ? " hex" : " hexes") + " back)" : "");
  return who;
}

function capital(s) { return s.charAt(0).toUpperCase() + s.slice(1); }

// stopVerbs says what Next and Pass do at the stop the game stands at, in
// the words of what they do (game.Session: next is "I am done here", pass
// is "the engine decides as its hold policy does"): [label, title] each,
// pass null where it would do what next does (the hold policy moves,
// advances and routs nothing of its own; Close Combat is resolved either
// way).
function stopVerbs(st) {
  const s = st.stop || {};
  const cmd = (c, what) => "sasl play " + c + ": " + what;
  if (st.policy !== "player") return { next: ["Play on", cmd("next", "the engine plays both sides on to the next stop")], pass: null };
  if (s.kind === "turn-start") return { next: ["Play turn " + s.turn, cmd("next", "turn " + s.turn + " begins; the game stops at your next decision")], pass: null };
  if (s.kind === "first-fire") {
    const fired = /^fire /.test(st.last || "") && page.log && page.log.steps.length && page.log.steps[page.log.steps.length - 1].n === st.step;
    if (!s.can_fire || !(s.groups || []).length) return { next: ["Let them move on", cmd("next", "no FRIENDLY unit left can fire at this move: the ENEMY MPh goes on")], pass: null };
    return {
      next: [fired ? "Fire no more: let them move on" : "Hold fire", cmd("next", "your units do not fire (more) at " + (s.moving || []).join(", ") + " in " + s.at + " now; the ENEMY MPh goes on")],
      pass: ["Let sasl fire for me", cmd("pass", "the engine fires at " + s.at + " for you, as its hold policy would, with the fire groups this stop still offers; then the ENEMY MPh goes on")],
      // As a player says it at the table: no more stops for this stack's move.
      hold: ["Hold fire for the rest of this move", cmd("next --hold-move", "no fire at " + (s.moving || []).join(", ") + " for the rest of its move, yours or the engine's: the game stops for it no more")],
    };
  }
  if (s.kind === "rout") {
    const left = (s.routs || []).length;
    return { next: [left ? "Done: sasl routs the rest that must" : "Go on", cmd("next", left ? "the broken units you did not rout: those that must rout, rout as the engine chooses (ASL A10.5); those that may stay" : "the RtPh goes on")], pass: null };
  }
  const yours = s.player_turn === "friendly";
  if (s.phase === "RPh") {
    return {
      next: ["My rallies are reported: go on", cmd("next", "the rallies you reported (set UNIT good) stand; the engine rolls none of yours")],
      pass: ["Let sasl roll my rallies", cmd("pass", "the engine rolls a Rally for each of your broken units (ASL A10.6), then plays on")],
    };
  }
  const fire = { PFPh: "Prep Fire", AFPh: "Advancing Fire", DFPh: "Defensive Fire" }[s.phase];
  if (fire && (yours || s.phase === "DFPh")) {
    return {
      next: ["Done with " + fire, cmd("next", "your units fire no (more) " + fire + "; the " + s.phase + " ends")],
      pass: ["Let sasl fire " + fire + " for me", cmd("pass", "the engine fires your " + fire + " as its hold policy would, then plays on")],
    };
  }
  if (s.phase === "MPh" && yours) return { next: ["Done moving", cmd("next", "your MPh ends: the units you did not move stay")], pass: null };
  if (s.phase === "APh" && yours) return { next: ["Done advancing", cmd("next", "your APh ends: the units you did not advance stay")], pass: null };
  if (s.phase === "CCPh") return { next: ["Resolve Close Combat", cmd("next", "the engine resolves the Close Combat of this CCPh")], pass: null };
  return { next: ["Go on", cmd("next", "the game plays on to the next stop")], pass: null };
}

function renderActions() {
  const box = $("actions");
  box.replaceChildren();
  const verbs = stopVerbs(page.state);
  if (can("next")) box.append(el("button", { id: "do-next", class: "primary", title: verbs.next[1], onclick: () => doCommand("next") }, verbs.next[0]));
  if (can("next") && verbs.hold) box.append(el("button", { id: "do-hold-move", title: verbs.hold[1], onclick: () => doCommand("next --hold-move") }, verbs.hold[0]));
  if (can("pass") && verbs.pass) box.append(el("button", { id: "do-pass", title: verbs.pass[1], onclick: () => doCommand("pass") }, verbs.pass[0]));
  if (can("fire") && stopKind() === "first-fire") {
    box.append(el("button", { id: "do-firstfire", title: "choose the Locations that fire, then see the FP, DRM and LOS before you roll", onclick: () => startFire([]) }, "Fire at " + atName() + "\u2026"));
  }
  if (can("undo")) box.append(el("button", { id: "do-undo", title: "sasl play undo: the game as it stood before step " + page.state.step + " (" + page.state.last + ")", onclick: () => doCommand("undo") }, "Undo step " + page.state.step + " (" + page.state.last + ")"));
  if (stopKind() === "first-fire") renderGroups(box);
  if (stopKind() === "rout" && can("move")) renderRouts(box);
  if (stopKind() === "before-phase" && page.state.stop.phase === "RPh" && can("set")) renderRallies(box);
  if (can("move") && stopKind() !== "rout") box.append(el("p", { class: "hint" }, "Click one of your stacks to " + (page.state.phase === "APh" ? "advance" : "move") + " it."));
  else if (can("fire")) box.append(el("p", { class: "hint" }, "Click one of your stacks to fire with it" + (atName() ? " at " + atName() : "") + "."));
}

// fireWords name the fire a First Fire stop's group may make (ASL A8.1,
// A8.3, A8.31).
const fireWords = { first: "First Fire", sff: "Subsequent First Fire", fpf: "Final Protective Fire" };

// renderGroups lists the fire groups of a First Fire stop, each a button
// that plans its fire at the moving stack (its FP, DRM and LOS shown before
// the roll): a few in view, more under "details" (a stop may offer dozens).
function renderGroups(box) {
  const s = page.state.stop;
  const groups = s.groups || [];
  if (!s.can_fire || !groups.length || !can("fire")) return;
  const units = new Set(groups.flatMap((g) => g.units)).size;
  const locs = new Set(groups.map((g) => g.at)).size;
  const list = el("div", { class: "groups" });
  for (const g of groups) {
    const kind = fireWords[g.fire || "first"];
    const rule = { sff: " as Area Fire (ASL A8.3)", fpf: " as Area Fire, then a NMC each (ASL A8.31)" }[g.fire] || "";
    list.append(el("div", { class: "group" },
      el("button", { class: "group-fire", "data-at": g.at, title: "plan " + kind + " from " + g.at + " at " + s.at + rule + ": sasl play fire --from " + g.at + " --at " + s.at, onclick: () => startFire([g.at]) }, kind + " from " + g.at + "\u2026"),
      " " + g.units.join(", ") + ", " + g.range + (g.range === 1 ? " hex" : " hexes") + (rule ? "," + rule : "")));
  }
  const head = units + (units === 1 ? " unit" : " units") + " in " + locs + (locs === 1 ? " Location" : " Locations") + " may fire at " + s.at;
  if (groups.length <= 3) {
    box.append(el("div", { class: "groups-box" }, el("div", { class: "hint" }, head + ":"), list));
  } else {
    const d = el("details", { class: "groups-box", id: "groups" }, el("summary", {}, head + " (show them)"), list);
    box.append(d);
  }
}

// renderRallies lists the broken units of yours an RPh rallies (ASL
// A10.6): roll each one's Rally and report a success (sasl play set UNIT
// good), or let sasl roll them all.
function renderRallies(box) {
  const broken = page.state.units.filter((u) => u.side === "friendly" && u.broken && !u.entering && !u.exited);
  if (!broken.length) return;
  for (const u of broken) {
    const c = "set " + u.id + " good";
    box.append(el("div", { class: "rout" }, el("button", { class: "link", onclick: () => showUnit(u.id) }, unitWords(u)), " in " + u.at + ": ",
      el("button", { class: "rally", title: "sasl play " + c + ": its Rally succeeded (ASL A10.6)", onclick: () => doCommand(c) }, "It rallied")));
  }
}

// renderRouts asks each broken unit of a rout stop where it routs (ASL
// A10.5) or Low Crawls (A10.52): a button each, the sasl play move command
// of the same words.
function renderRouts(box) {
  for (const r of page.state.stop.routs || []) {
    const u = page.state.units.find((x) => x.id === r.unit);
    const row = el("div", { class: "rout" }, el("b", {}, u ? unitWords(u) : r.unit), " in " + r.at + ": " +
      (r.must ? "must rout" : "may rout (DM)") + (r.to.length || r.crawl.length ? ":" : " and cannot: eliminated for Failure to Rout when you go on (ASL A10.5)"));
    const buttons = el("div", { class: "buttons" });
    // A long list is cut: the unit's hex, Rout..., then any hex routs it too.
    const cut = 12;
    for (const to of r.to.slice(0, cut)) {
      const c = "move " + r.unit + " " + to;
      buttons.append(el("button", { class: "rout-to", title: "sasl play " + c, onclick: () => doCommand(c) }, "Rout to " + to));
    }
    for (const to of r.crawl) {
      const c = "move " + r.unit + " " + to + " --low-crawl";
      buttons.append(el("button", { class: "rout-crawl", title: "sasl play " + c, onclick: () => doCommand(c) }, "Low Crawl to " + to));
    }
    // Pointing at a button marks the Location it routs to.
    for (const b of buttons.querySelectorAll("button")) {
      const h = hexNamed(b.textContent.replace(/^.* to /, ""));
      if (!h) continue;
      b.onmouseenter = () => mark("hover", [["polygon", { points: hexPoints(h.at), class: "m-dest" }]]);
      b.onmouseleave = () => mark("hover", []);
    }
    if (r.to.length > cut) buttons.append(el("span", { class: "hint" }, "and " + (r.to.length - cut) + " more: click " + r.at + ", Rout\u2026, then the hex"));
    row.append(buttons);
    box.append(row);
  }
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
  // The units the game's Legal moves (advances, routs) now: the page
  // offers those and no others (offers, from GET /api/state).
  const offered = new Set(((page.state.offers || {}).moves || []).flatMap((o) => o.units));
  for (const u of units) {
    const row = el("div", { class: "unit-row side-" + u.side.toUpperCase() });
    const routing = stopKind() === "rout" && (page.state.stop.routs || []).some((r) => r.unit === u.id);
    if (!page.past && u.side === "friendly" && can("move") && offered.has(u.id)) {
      const cb = el("input", { type: "checkbox", id: "pick-" + u.id, value: u.id });
      cb.checked = !routing || movable.length === 0; // a broken unit routs on its own (ASL A10.5)
      movable.push(cb);
      row.append(cb);
    }
    const info = page.past ? el("b", {}, u.id) : el("button", { class: "link", id: "unit-" + u.id, onclick: () => showUnit(u.id) }, u.id);
    row.append(info, " " + u.text.replace(u.id + " ", ""));
    if (!page.past && u.side === "friendly" && can("move") && !offered.has(u.id) && page.state.phase === "MPh" && u.fired && !u.moved) row.append(el("span", { class: "hint" }, "Prep Fired: it does not move (ASL A3.3)"));
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
    } }, stopKind() === "rout" ? "Rout\u2026" : "Move these\u2026"));
  }
  // Fire from here where the game's Legal has a fire from a Location of
  // the hex (a unit that fired fires again only as the rules let it:
  // Subsequent First Fire, FPF, Final Fire, ASL A8.3, A8.31, A8.4).
  // From the Location of the hex an offer fires from: its ground level if
  // offered, else the level above that is (ASL A7.5: a Location a group).
  const fireFrom = ((page.state.offers || {}).fires || []).map((f) => f.from).filter((f) => hexNamed(f) === h);
  fireFrom.sort((a, b) => (b === h.name) - (a === h.name));
  if (!page.past && can("fire") && fireFrom.length) {
    buttons.append(el("button", { id: "plan-fire", onclick: () => startFire([fireFrom[0]]) }, "Fire from here\u2026"));
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
  const flags = ["broken", "pinned", "wounded", "known", "released", "moved", "advanced", "fired", "final_fire", "entering", "exited"].filter((f) => u[f] && !(f === "released" && u.wave));
  // The wave as the counter's colour says it (u.hw: in it now, not released).
  const wave = u.wave ? (u.hw ? ", Human Wave " : ", released from Human Wave ") + u.wave : "";
  box.append(el("div", { class: "hint" }, "In " + u.at + wave + (flags.length ? "; " + flags.join(", ") : "")));
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
      if (!(ev.marks.who || []).includes(u.id)) return;
      hist.append(el("li", {}, el("span", { class: "phase" }, "turn " + ev.turn + " " + ev.player_turn.toUpperCase() + " " + ev.phase), ev.text, ev.dice ? el("span", { class: "rolls" }, " [" + ev.dice + "]") : ""));
    });
  }
  box.append(el("h3", {}, "History"));
  box.append(hist.children.length ? hist : el("div", { class: "hint" }, "Nothing has happened to it yet."));
  box.hidden = false;
  reveal(box);
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
  if (p.verb === "los") return null;
  if (p.verb === "move") return p.to ? "move " + p.units.join(",") + " " + (p.level || p.to) + (p.assault ? " --assault" : "") : null;
  return p.from.length && p.at ? "fire --from " + p.from.join(",") + " --at " + (p.atLevel || p.at) : null;
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

// planFireWords names the fire planned: at a First Fire stop, the fire
// its groups in the Locations chosen may make (ASL A8.1, A8.3, A8.31).
function planFireWords(p) {
  if (stopKind() !== "first-fire") return "Fire";
  const kinds = new Set((page.state.stop.groups || []).filter((g) => p.from.includes(g.at)).map((g) => g.fire || "first"));
  return kinds.size === 1 ? fireWords[[...kinds][0]] : "First Fire";
}

// locationSelect is the choice of a Location of hex name above its ground
// level (a building's levels), for a plan's move or fire (ASL A7.5: a
// fire is at a Location): chosen the current one ("": ground level); set
// is told the choice (null for ground level), and the plan previewed
// again. None for a hex of one Location.
function locationSelect(id, label, name, chosen, set) {
  const hex = hexNamed(name);
  if (!hex || !hex.locations) return [];
  const sel = el("select", { id, "aria-label": label }, el("option", { value: "" }, name + " (ground level)"));
  for (const l of hex.locations) sel.append(el("option", { value: l }, l));
  sel.value = chosen || "";
  sel.onchange = () => { set(sel.value || null); previewPlan(); };
  return [sel];
}

function renderPlan() {
  const box = $("pending");
  const p = page.plan;
  if (!p) { box.hidden = true; box.replaceChildren(); return; }
  box.replaceChildren();
  if (p.verb === "los") { renderLOS(box); return; }
  if (p.verb === "move") {
    let what = "click the hex to " + (stopKind() === "rout" ? "rout" : page.state.phase === "APh" ? "advance" : "move") + " to.";
    if (p.to && !p.preview) what = "not to " + (p.level || p.to) + " (see why below): click another hex.";
    if (p.to && p.preview) what = "to " + (p.level || p.to) + ":";
    box.append(el("p", {}, (stopKind() === "rout" ? "Rout " : page.state.phase === "APh" ? "Advance " : "Move ") + p.units.join(", ") + " from " + p.from + (p.to && p.preview ? " " : ": ") + what));
    // The Locations one Location away the game's Legal takes these units
    // into (a longer move the game checks when it is previewed).
    const offer = ((page.state.offers || {}).moves || []).find((o) => o.units.length === p.units.length && o.units.every((id) => p.units.includes(id)));
    if (offer && !p.to) {
      const near = p.assault ? offer.assault : stopKind() === "rout" ? (offer.to || []).concat(offer.low_crawl || []) : offer.to;
      if ((near || []).length) box.append(el("p", { class: "hint", id: "plan-near" }, "One Location away " + (p.units.length === 1 ? "it" : "they") + " may enter " + near.join(", ") + (p.assault ? " (Assault Movement)" : "") + "."));
    }
    if (p.to) box.append(...locationSelect("plan-level", "the Location in the hex", p.to, p.level, (l) => { p.level = l; }));
    if (page.state.phase === "MPh" && stopKind() !== "rout") {
      // ASL A4.61: one Location, all its MF; First Fire at it has no FFNAM.
      const cb = el("input", { type: "checkbox", id: "plan-assault" });
      cb.checked = !!p.assault;
      cb.onchange = () => { p.assault = cb.checked; if (p.to) previewPlan(); else renderPlan(); };
      box.append(el("label", { class: "assault", title: "sasl play move ... --assault" }, cb, " Assault Movement (ASL A4.61): one Location, all its MF; no FFNAM DRM when fired at"));
    }
  } else {
    box.append(el("p", {}, planFireWords(p) + " from " + (p.from.join(", ") || "\u2026") + " at " + (p.atLevel || p.at || "\u2026") +
      ": click your stacks to add or drop them" + (atName() ? "." : ", and an ENEMY stack to fire at.")));
    // The Location of the target hex the fire is at, as the move plan's
    // (a First Fire stop's is the mover's own).
    if (p.at && !atName()) box.append(...locationSelect("plan-at-level", "the Location in the hex fired at", p.at, p.atLevel, (l) => { p.atLevel = l; }));
  }
  if (p.preview) box.append(el("p", { id: "plan-text" }, p.preview.text));
  const buttons = el("div", { class: "buttons" });
  const command = planCommand();
  if (p.preview && command) {
    const label = p.verb === "fire" ? "Fire" : stopKind() === "rout" ? "Rout" : page.state.phase === "APh" ? "Advance" : p.assault ? "Assault Move" : "Move";
    buttons.append(el("button", { id: "plan-confirm", class: "primary", title: "sasl play " + command, onclick: () => doCommand(command) }, label));
  }
  buttons.append(el("button", { id: "plan-cancel", onclick: cancelPlan }, "Cancel"));
  box.append(buttons);
  box.hidden = false;
  box.scrollIntoView({ block: "nearest" }); // its buttons in view, below a long question
}

// ---- line of sight: two hexes, the verdict as sasl los gives it ----

$("los-tool").onclick = () => startLOS();
if (innerHeight < 800) $("marks").open = false; // a small screen: the map first, its marks on demand

function startLOS() {
  showError("");
  showInfo("");
  page.plan = { verb: "los", from: null, to: null, result: null };
  renderPlan();
  drawMarks();
}

// losClick takes the hex clicked as the line's start, then its end; a
// third click starts a new line from there.
async function losClick(h) {
  const p = page.plan;
  if (!p.from || p.to) { p.from = h.name; p.to = null; p.result = null; renderPlan(); drawMarks(); return; }
  p.to = h.name;
  await traceLOS();
}

async function traceLOS() {
  const p = page.plan;
  showError("");
  p.result = null;
  const { res, body } = await call("/api/los?from=" + encodeURIComponent(p.fromLevel || p.from) + "&to=" + encodeURIComponent(p.toLevel || p.to));
  if (page.plan !== p) return;
  if (!res.ok) showError("LOS: " + (body && body.error ? body.error : res.status));
  else p.result = body;
  renderPlan();
  drawMarks();
}

function renderLOS(box) {
  const p = page.plan;
  const what = !p.from ? "click the hex to trace from." : !p.to ? "from " + p.from + ": click the hex to trace to." : "";
  box.append(el("p", {}, "Line of sight (sasl los): " + what));
  // A hex with Locations above or below ground: which one (ASL A6.5).
  const level = (name, key) => {
    const hex = hexNamed(name);
    if (!hex || !hex.locations) return;
    const sel = el("select", { id: "los-" + key, "aria-label": "the Location in " + name }, el("option", { value: "" }, name + " (ground level)"));
    for (const l of hex.locations) sel.append(el("option", { value: l }, l));
    sel.value = p[key + "Level"] || "";
    sel.onchange = () => { p[key + "Level"] = sel.value || null; if (p.to) traceLOS(); };
    box.append(sel, " ");
  };
  if (p.from) level(p.from, "from");
  if (p.to) level(p.to, "to");
  if (p.result) {
    const r = p.result;
    box.append(el("p", { id: "los-text", class: r.verdict === "clear" ? "los-clear" : "los-blocked" }, r.text));
  }
  const buttons = el("div", { class: "buttons" });
  if (p.to) buttons.append(el("button", { id: "los-again", onclick: () => { p.from = null; p.to = null; p.result = null; p.fromLevel = p.toLevel = null; renderPlan(); drawMarks(); } }, "Another line"));
  buttons.append(el("button", { id: "plan-cancel", onclick: cancelPlan }, "Close"));
  box.append(buttons);
  box.hidden = false;
  if (p.result) reveal(box);
}

// stopPoints are the lattice points a stop is about: at a First Fire stop
// the moving stack's hex and path and the Locations that may fire at it;
// at a rout stop the hexes of the units that rout (ASL A10.5) and where
// they may go.
function stopPoints(s) {
  const pts = [];
  const add = (name) => { const h = name && hexNamed(name); if (h) pts.push(h.at); };
  if (s.kind === "first-fire" && s.at_hex) {
    pts.push(s.at_hex, ...(s.path || []));
    for (const g of s.groups || []) add(g.at);
  }
  if (s.kind === "rout") {
    for (const r of s.routs || []) { add(r.at); (r.to || []).forEach(add); }
  }
  return pts;
}

// showStop shows the map around the stop the game stands at (stopPoints).
async function showStop() {
  const pts = stopPoints(page.state.stop || {});
  if (!pts.length) return;
  if (page.past) await loadMap(0);
  zoomToPoints(pts);
  drawMarks();
}

// zoomToPoints shows the map around lattice points pts, with two hexes and
// a half about them, the map's shape kept.
function zoomToPoints(pts) {
  const xy = pts.map(toSVG);
  const pad = 2.5 * hexHeight();
  const x0 = Math.min(...xy.map((p) => p[0])) - pad, x1 = Math.max(...xy.map((p) => p[0])) + pad;
  const y0 = Math.min(...xy.map((p) => p[1])) - pad, y1 = Math.max(...xy.map((p) => p[1])) + pad;
  // The map's shape kept: the box grown to it, around its centre.
  const [, , vw, vh] = page.view;
  let w = x1 - x0, h = y1 - y0;
  if (w / h < vw / vh) w = h * vw / vh; else h = w * vh / vw;
  setView([(x0 + x1 - w) / 2, (y0 + y1 - h) / 2, w, h]);
}

// stopShapes are the page's marks of where the game stands: at a First
// Fire stop the moving stack's path so far and the Location it entered
// (ASL A8.1: the fire is at it there), at a rout stop the hexes of the
// units that rout. They lie under the counters (mark).
function stopShapes() {
  const out = [];
  if (page.past || !page.state) return out;
  const s = page.state.stop || {};
  if (s.kind === "first-fire" && s.at_hex) {
    if (s.path && s.path.length > 1) out.push(["polyline", { points: pathPoints(s.path), class: "m-mover" }]);
    out.push(["polygon", { points: hexPoints(s.at_hex), class: "m-stop" }]);
    // The Locations that may fire at it.
    for (const name of new Set((s.can_fire ? s.groups || [] : []).map((g) => g.at))) {
      const h = hexNamed(name);
      if (h) out.push(["polygon", { points: hexPoints(h.at, 0.85), class: "m-can-fire" }]);
    }
  }
  if (s.kind === "rout") {
    // The broken units that rout (ASL A10.5).
    for (const name of new Set((s.routs || []).map((r) => r.at))) {
      const h = hexNamed(name);
      if (h) out.push(["polygon", { points: hexPoints(h.at), class: "m-stop" }]);
    }
  }
  return out;
}

// losShapes are the marks of the LOS tool: the line traced, its hindrances
// and where it is blocked.
function losShapes() {
  const out = [];
  if (page.past || !page.state) return out;
  const p = page.plan;
  if (p && p.verb === "los") {
    const at = (name) => { const h = name && hexNamed(name); return h && h.at; };
    const a = at(p.from), b = at(p.to);
    if (a) out.push(["polygon", { points: hexPoints(a), class: "m-group" }]);
    if (b) out.push(["polygon", { points: hexPoints(b), class: "m-target" }]);
    const r = p.result;
    if (r && a && b) {
      for (const hh of r.hindrance_hexes || []) out.push(["polygon", { points: hexPoints(hh.at, 0.6), class: "m-hindrance" }]);
      if (r.blocked_hex) {
        out.push(["line", { x1: toSVG(a)[0], y1: toSVG(a)[1], x2: toSVG(r.blocked_hex)[0], y2: toSVG(r.blocked_hex)[1], class: "m-los" }]);
        out.push(fireLine(r.blocked_hex, b, "m-blocked"));
        out.push(["polygon", { points: hexPoints(r.blocked_hex, 0.6), class: "m-blocked-at" }]);
      } else {
        out.push(["line", { x1: toSVG(a)[0], y1: toSVG(a)[1], x2: toSVG(b)[0], y2: toSVG(b)[1], class: "m-los" }]);
      }
    }
  }
  return out;
}

// ---- the timeline ----

// logTurns are the Game Turns the log's steps and their events happened
// in, in order: a step that played on across turns (one next to the
// game's end) is listed under each turn it played, with that turn's
// events.
function logTurns(log) {
  return [...new Set(log.steps.flatMap((s) => [s.turn, ...s.events.map((ev) => ev.turn || s.turn)]))].sort((a, b) => a - b);
}

// inTurn reports whether step s played in turn t: it began there, or an
// event of it happened there.
function inTurn(s, t) { return s.turn === t || s.events.some((ev) => (ev.turn || s.turn) === t); }

function renderTimeline() {
  const log = page.log;
  const sel = $("turn");
  const turns = logTurns(log);
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
  const turns1 = log.steps.length ? Math.min(...log.steps.map((s) => s.turn)) : page.turn;
  if (page.turn === turns1) renderSetup(list);
  const lastN = log.steps.length ? log.steps[log.steps.length - 1].n : 0;
  for (const step of log.steps.filter((s) => inTurn(s, page.turn))) {
    // A step begun in an earlier turn goes on here: said so.
    const goesOn = step.turn !== page.turn ? " (begun in turn " + step.turn + ", goes on)" : "";
    list.append(el("li", { class: "step" }, "Step " + step.n + ": " + step.do + goesOn + " ", step.dice && !goesOn ? el("span", { class: "dice" }, "dice " + (step.own ? "(yours) " : "") + step.dice) : ""));
    // The step that brought the game to a First Fire stop: the stop ends it.
    const here = step.n === lastN && step.n === page.state.step && stopKind() === "first-fire";
    if (!step.events.length && !here) list.append(el("li", { class: "empty" }, "nothing happened"));
    step.events.forEach((ev) => {
      if ((ev.turn || step.turn) !== page.turn) return; // listed under its own turn
      const i = page.flat.length;
      page.flat.push({ step, ev });
      const li = el("li", { class: "event" + (i === page.chosen ? " chosen" : ""), "data-i": i },
        el("span", { class: "phase" }, ev.player_turn.toUpperCase() + " " + ev.phase), ev.text, ev.dice ? el("span", { class: "rolls" }, " [" + ev.dice + "]") : "");
      li.onclick = () => choose(i, true);
      list.append(li);
    });
    if (here) list.append(el("li", { class: "timeline-stop", id: "timeline-stop", title: "show it on the map", onclick: showStop }, "stopped: " + moverWords(page.state) + " (marked on the map: click to see it)"));
  }
  if (!log.steps.some((s) => inTurn(s, page.turn)) && page.turn !== turns1) list.append(el("li", { class: "empty" }, "Nothing has happened this turn yet."));
  if (page.chosen < 0) $("timeline").scrollTop = $("timeline").scrollHeight; // the latest step
}

// renderSetup puts the setup, step 1, at the head of the first turn: the
// S? placed, each with the SASL 4.1 case and the dice that placed it
// (GET /api/setup, asked once), under one line that counts them by case.
// A placement is an event of the timeline: chosen, its hex is marked on
// the map as it stood after the setup.
function renderSetup(list) {
  if (page.setup === undefined) {
    page.setup = null;
    call("/api/setup").then(({ res, body }) => {
      if (!res.ok) { page.setup = { failed: body && body.error ? body.error : String(res.status) }; return; }
      page.setup = body;
      if (page.chosen >= 0) page.chosen += body.placements.length; // the events after it move down
      renderTimeline();
    });
    return;
  }
  const su = page.setup;
  if (!su) return;
  if (su.failed) { list.append(el("li", { class: "empty" }, "The setup could not be shown: " + su.failed)); return; }
  list.append(el("li", { class: "step" }, "Step 1: " + su.do + " ", su.dice ? el("span", { class: "dice" }, "dice " + (su.own ? "(yours) " : "") + su.dice) : ""));
  const byCase = {};
  for (const pl of su.placements) byCase[pl.case] = (byCase[pl.case] || 0) + 1;
  const cases = Object.keys(byCase).sort().map((c) => byCase[c] + " by case " + c).join(", ");
  const step = { n: 1, do: su.do };
  const inner = el("ol", { class: "setup-list" });
  const d = el("details", { class: "setup", id: "setup" }, el("summary", {}, "The ENEMY set up " + su.placements.length + " S? (SASL 4.1): " + cases + ". Show each, with its dice"), inner);
  if (page.setupOpen) d.open = true;
  d.ontoggle = () => { page.setupOpen = d.open; };
  for (const b of su.boards) inner.append(el("li", { class: "hint" }, "Board " + b.board + ": " + b.kind + " (" + b.why + ")"));
  for (const pl of su.placements) {
    const i = page.flat.length;
    const ev = { player_turn: "ENEMY", phase: "setup", text: "S? in " + pl.location + ": case " + pl.case + ", " + pl.why + (pl.crest ? "; Crest status (SASL 4.14), facing " + pl.crest : ""), dice: (pl.dice || []).join(", "), marks: { hexes: [pl.at] } };
    page.flat.push({ step, ev });
    const li = el("li", { class: "event" + (i === page.chosen ? " chosen" : ""), "data-i": i },
      el("span", { class: "phase" }, "setup"), ev.text, ev.dice ? el("span", { class: "rolls" }, " [" + ev.dice + "]") : "");
    li.onclick = () => choose(i, true);
    inner.append(li);
  }
  const proc = el("details", { class: "setup" }, el("summary", {}, "The procedure, step by step"), el("ol", { class: "setup-list" }, ...su.log.map((t) => el("li", {}, t))));
  inner.append(el("li", {}, proc));
  list.append(el("li", {}, d));
}

// choose marks event i on the map; with past, the map is the one after
// its step.
async function choose(i, past) {
  if (i < 0 || i >= page.flat.length) {
    // On into the turn before or after.
    const turns = logTurns(page.log);
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
  // An event on a map shown too small to see its hexes (the whole of four
  // boards), or out of the view, is shown around what it marks, as a stop
  // is (showStop): a move a few pixels long, or off the screen, is no
  // answer. A view the player chose that shows it is left alone.
  const mk = page.flat[i].ev.marks || {};
  const pts = [...(mk.hexes || []), ...(mk.path || []), ...(mk.lines || []).flat()];
  if (past && pts.length && !seen(pts)) zoomToPoints(pts); // chosen by the player
  drawMarks();
}

$("ev-prev").onclick = () => choose(page.chosen < 0 ? page.flat.length - 1 : page.chosen - 1, true);
$("ev-next").onclick = () => choose(page.chosen + 1, true);

// ---- the marks ----

// mark replaces the marks of one layer of the overlay (the stop's and an
// event's hexes: of the underlay, under the counters).
function mark(layer, shapes) {
  if (!page.overlay) return;
  const box = layer === "stop" || layer === "event-hexes" ? page.underlay : page.overlay;
  let g = box.querySelector('[data-layer="' + layer + '"]');
  if (!g) {
    g = svgEl("g", { "data-layer": layer });
    const order = ["los", "event", "select", "plan", "hover"];
    const after = [...box.children].find((x) => order.indexOf(x.dataset.layer) > order.indexOf(layer));
    box.insertBefore(g, after || null);
  }
  g.replaceChildren(...shapes.map(([tag, attrs, text]) => svgEl(tag, attrs, text || undefined)));
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

// hexNamed is the hex of a hex's or a Location's name ("4T2", "4T2h1":
// the level is the Location's, ASL A6.5).
function hexNamed(name) { return page.hexByName.get(name.replace(/h-?\d+$/, "")); }

function drawMarks() {
  if (!page.lattice) return;
  const ev = page.chosen >= 0 && page.flat[page.chosen] ? page.flat[page.chosen].ev : null;
  // The event's hexes lie under the counters, which they would tint; its
  // path and fire lines over them.
  const hexes = [], shapes = [];
  if (ev) {
    const mk = ev.marks || {};
    for (const h of mk.hexes || []) hexes.push(["polygon", { points: hexPoints(h), class: "m-event" }]);
    if (mk.path) shapes.push(["polyline", { points: pathPoints(mk.path), class: "m-path" }]);
    for (const [a, b] of mk.lines || []) shapes.push(fireLine(a, b, "m-fire"));
  }
  mark("event-hexes", hexes);
  mark("event", shapes);
  mark("stop", stopShapes());
  mark("los", losShapes());
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
    const at = p.at && hexNamed(p.at);
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
  // The page comes with the map's raster (fetched as the browser read the
  // page) and what the script draws first: the map's geometry, the
  // hexes, the state and the log (a data block, as GET /api/map,
  // /api/hexes, /api/state and /api/log give them).
  const boot = JSON.parse($("boot").textContent);
  if (boot.error) throw new Error(boot.error);
  setGlyphs(boot.glyphs);
  makeMap(boot.map);
  for (const h of boot.hexes) {
    page.hexes.set(h.at[0] + "," + h.at[1], h);
    page.hexByName.set(h.name, h);
  }
  await reload(boot.state, null, boot.log);
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
  // The browser's search (Ctrl+F, Cmd+F, F3): the counters' words made
  // findable before it looks.
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "f" || e.key === "F3") findWords();
  if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
  if (e.key === "Escape") cancelPlan();
  if (e.key === "ArrowLeft") $("ev-prev").click();
  if (e.key === "ArrowRight") $("ev-next").click();
});

start().catch((e) => showError("the page could not start: " + e.message));
