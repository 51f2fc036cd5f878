// sasl serve: the map and what the page draws over it. The map (the
// boards and what never changes in a game) is one image, fetched once and
// kept by the browser; the counters and VPOs are drawn here from the
// game's units and VPOs (/api/state, /api/counters?step=N) as package
// render draws them in sasl play show's pictures, and an action redraws
// only the hexes whose counters changed.
"use strict";

// The colours of the marks, those of package table's pictures: FRIENDLY
// blue, ENEMY dark grey, Human Wave units wine (SASL 4.3), the S? of the
// setup by the SASL 4.1 case that placed them.
const FRIENDLY = "#1f5fc0", ENEMY = "#404040", WAVE = "#7a1838", BROKEN = "#e01010", RESIDUAL = "#c03a00";
const CASES = {
  a: ["#b02020", "buildings, rubble, lumberyards"],
  b: ["#207030", "woods and brush"],
  c: ["#8030a0", "VPOs and Concealment Terrain adjacent"],
  d: ["#b06010", "VPOs and Concealment Terrain within 2 hexes"],
  e: ["#101010", "Letter Chits"],
};

// makeMap puts the map on the page: its raster (in the page as the server
// wrote it: #map-svg, #map-raster), then the VPOs, the counters and the
// page's marks over it, in one picture that pans and zooms together. The
// map's SVG is drawn over the raster once the player zooms in beyond the
// raster's pixels (sharpen).
function makeMap(info) {
  page.info = info;
  page.lattice = info.lattice;
  const [w, h] = info.size;
  page.full = [0, 0, w, h];
  if (!page.view) page.view = page.full.slice();
  const svg = $("map-svg");
  svg.setAttribute("viewBox", page.view.join(" "));
  // The raster may be drawn before this script runs: its decoding (of the
  // image the browser holds already) says when it is.
  const probe = new Image();
  probe.src = info.raster;
  probe.decode().catch(() => showError("the map could not be read: " + info.raster))
    .finally(() => { page.mapLoaded = true; drawnMark(); });
  page.vpoLayer = svgEl("g", { id: "vpo" });
  page.counters = svgEl("g", { id: "counters" });
  page.tagLayer = svgEl("g", { id: "tags" });
  page.overlay = svgEl("g", { id: "overlay" });
  // The stop's marks under the counters: its path and hexes show where the
  // counters leave the map bare and never cover them (the player reads the
  // counters they mark); the page's other marks over them.
  page.underlay = svgEl("g", { id: "underlay" });
  svg.replaceChildren($("map-raster"), page.vpoLayer, page.underlay, page.counters, page.tagLayer, page.overlay);
  page.drawnHexes = new Map();
  page.vpoKey = "";
  page.svg = svg;
  // The legend of counters is drawn when it is opened (drawCounters).
  $("marks").addEventListener("toggle", () => {
    if ($("marks").open && page.shownCounters) renderCounterLegend(...page.shownCounters);
  });
  // Sized in pixels, to the size of #map, whenever that changes, then
  // whether the raster is sharp enough at that size. Read here, before
  // anything is drawn, the size costs at most a layout of the page
  // without its counters (the browser has mostly laid it out as it read
  // it). Set when a layout told it, it laid out the picture with all its
  // counters a second time: 45 ms at a first load of four boards.
  const fit = (w, h) => {
    if (String(w) === svg.getAttribute("width") && String(h) === svg.getAttribute("height")) return;
    svg.setAttribute("width", w);
    svg.setAttribute("height", h);
    sharpen();
  };
  fit($("map").clientWidth, $("map").clientHeight);
  new ResizeObserver(() => fit($("map").clientWidth, $("map").clientHeight)).observe($("map"));
  wireMap(svg);
}

// sharpen draws the map sharper once it is shown well larger than the
// raster's pixels (by the zoom, or a screen of more than one pixel a CSS
// pixel; a third larger is soft but readable, and a 1920-pixel-wide
// window shows the whole map so): first the large raster (decoded off the
// main thread, fetched already after the first frame), then past its
// pixels the map's SVG, its terrain and its words, which costs the
// browser's main thread about half a second for four boards. Each is
// drawn once a page, over the pictures before it, shown once loaded.
// page.sharpening counts those on their way; the frame after each is
// shown is marked "sasl-map-large" or "sasl-map-sharp".
function sharpen() {
  const info = page.info;
  if (!info || !page.svg || !page.svg.clientWidth) return;
  const [, , vw, vh] = page.view;
  const shown = Math.min(page.svg.clientWidth / vw, page.svg.clientHeight / vh) * (window.devicePixelRatio || 1);
  if (!page.large && shown > info.raster_size[0] / info.size[0] * 1.35) {
    page.large = true;
    overRaster([[info.large, "map-large"]], "sasl-map-large");
  }
  if (!page.sharp && shown > info.large_scale * 1.35) {
    page.sharp = true;
    overRaster([[info.svg, "map-terrain"], [info.labels, "map-labels"]], "sasl-map-sharp");
  }
}

// overRaster draws the pictures [url, id] over those of the map drawn,
// hidden until all are loaded, then shown in one frame (the SVG's terrain
// alone would hide the raster's words), and marks the frame after.
function overRaster(pictures, mark) {
  const [w, h] = page.info.size;
  page.sharpening = (page.sharpening || 0) + 1;
  const parts = pictures.map(([url, id]) => {
    const im = svgEl("image", { width: w, height: h, id, visibility: "hidden" });
    const loaded = new Promise((ok, fail) => {
      im.addEventListener("load", ok, { once: true });
      im.addEventListener("error", () => fail(new Error("the map could not be read: " + url)), { once: true });
    });
    im.setAttribute("href", url);
    return [im, loaded];
  });
  page.vpoLayer.before(...parts.map(([im]) => im));
  Promise.all(parts.map(([, loaded]) => loaded)).then(() => {
    for (const [im] of parts) im.removeAttribute("visibility");
    requestAnimationFrame(() => setTimeout(() => { page.sharpening--; performance.mark(mark); }));
  }, (e) => { page.sharpening--; showError(e.message); });
}

// drawnMark is called when the raster is decoded and when the counters
// are drawn: the frame after both, the side panel's timeline (left for
// then) is drawn. The page's speed is measured by the mark
// "sasl-map-drawn" (performance.mark): the later of that frame and the
// frame the browser first painted the raster in, as its Largest
// Contentful Paint reports it (Chromium's), its detail "lcp"; where no
// such report comes within a second (another browser; or another element
// of the page reported as the largest), the frame's, its detail "frame".
function drawnMark() {
  if (!page.mapLoaded || !page.countersDrawn || page.framed !== undefined) return;
  page.framed = null;
  requestAnimationFrame(() => setTimeout(() => {
    page.framed = performance.now();
    if (page.state) { renderTimeline(); drawMarks(); } // render left it for now
    markDrawn();
    setTimeout(() => markDrawn(true), 1000);
    // The large raster, for the first zoom (sharpen), into the browser's
    // cache meanwhile.
    if (!page.large) new Image().src = page.info.large;
  }));
}

function markDrawn(late) {
  if (!page.framed || performance.getEntriesByName("sasl-map-drawn").length) return;
  if (page.rasterShown !== undefined) {
    performance.mark("sasl-map-drawn", { startTime: Math.max(page.framed, page.rasterShown), detail: "lcp" });
  } else if (late) {
    performance.mark("sasl-map-drawn", { startTime: page.framed, detail: "frame" });
  }
}

if (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes.includes("largest-contentful-paint")) {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (page.info && page.rasterShown === undefined && e.url && e.url.endsWith(page.info.raster)) {
        page.rasterShown = e.startTime;
        markDrawn();
      }
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
}

function svgEl(tag, attrs, text) {
  const x = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) x.setAttribute(k, v);
  if (text !== undefined) x.textContent = text;
  return x;
}

// drawCounters draws units and vpo over the map: the hexes whose counters
// are those drawn already are left as they are.
function drawCounters(units, vpo, residual) {
  if (!page.counters) return;
  const byHex = new Map();
  for (const u of units) {
    const k = u.drawn[0] + "," + u.drawn[1];
    if (!byHex.has(k)) byHex.set(k, []);
    byHex.get(k).push(u);
  }
  const old = page.drawnHexes, now = new Map(), drawn = [];
  for (const [k, us] of byHex) {
    const key = JSON.stringify(us.map(markerOf));
    const was = old.get(k);
    old.delete(k);
    if (was && was.key === key) { now.set(k, was); continue; }
    drawn.push({ k, key, was, markup: stackShape(us) });
  }
  // The hexes whose counters changed, made at once from their markup.
  const gs = shapes(drawn.map((d) => d.markup));
  drawn.forEach(({ k, key, was }, i) => {
    if (was) was.g.replaceWith(gs[i]); else page.counters.append(gs[i]);
    now.set(k, { key, g: gs[i] });
  });
  for (const was of old.values()) was.g.remove();
  page.drawnHexes = now;
  const vk = JSON.stringify(vpo || []);
  if (vk !== page.vpoKey) {
    page.vpoKey = vk;
    page.vpoLayer.replaceChildren(...(vpo || []).map(vpoShape));
  }
  const rk = JSON.stringify(residual || []);
  if (rk !== page.residualKey) {
    page.residualKey = rk;
    page.tagLayer.replaceChildren(...shapes(residualTags(residual || [])));
  }
  // The legend of counters, drawn when it is open (folded, by default).
  page.shownCounters = [units, vpo || [], residual || []];
  if ($("marks").open) renderCounterLegend(...page.shownCounters);
  // The page's first frame is after this (index.html's rel=expect).
  if (!page.countersDrawn) performance.mark("sasl-counters-drawn");
  page.countersDrawn = true;
  drawnMark();
}

// markerOf is how unit u's counter looks (render.Marker, as package table
// marks a unit): its label and note, colour, level, marks and group.
function markerOf(u) {
  const m = { label: u.id, note: u.type || "", color: ENEMY, level: u.level || "", tag: "", broken: !!u.broken, ghost: !!u.exited, group: 0, mover: isMover(u) };
  if (u.side === "friendly") { m.color = FRIENDLY; m.group = 1; } // beside the ENEMY in a hex they share
  else if (u.hw) m.color = WAVE;
  if (u.unit === "s?") {
    m.label = "S?";
    m.note = u.id;
    if (u.case && CASES[u.case]) { m.label = "S? " + u.case; m.color = CASES[u.case][0]; }
  }
  if (u.released) m.tag += "R";
  if (u.crest) m.tag += "C";
  if (u.pinned) m.tag += "P";
  if (u.fired) m.tag += u.final_fire ? "FF" : "F";
  return m;
}

// isMover reports whether u is of the ENEMY stack a First Fire stop is
// about (the map now, not an earlier step's): it tops its pile, so that
// the counter the question names is the one seen.
function isMover(u) {
  const s = page.state && page.state.stop;
  return !page.past && !!s && s.kind === "first-fire" && (s.moving || []).includes(u.id);
}

// levelOrder orders Locations within a hex: cellar, ground, upper levels,
// roof.
function levelOrder(level) {
  if (level === "roof") return 100;
  const m = /^h(-?\d+)$/.exec(level);
  return m ? Number(m[1]) : 0;
}

// stackShape is the markup of the counters of one hex, drawn as
// render.Markers does: one
// fills the middle of the hex, two stand side by side, three or more make
// a pile with a count; the two sides' counters stand side by side, each a
// counter or a pile. A half-hex of the map's edge has them on its half on
// the map.
function stackShape(us) {
  const ms = us.map(markerOf).map((m, i) => [m, i])
    .sort(([a, i], [b, j]) => a.group - b.group || b.mover - a.mover || levelOrder(a.level) - levelOrder(b.level) || i - j).map(([m]) => m);
  const h = page.hexes.get(us[0].drawn[0] + "," + us[0].drawn[1]);
  const d = h && h.inward ? h.inward : [0, 0];
  const [cx, cy] = toSVG([us[0].drawn[0] + d[0], us[0].drawn[1] + d[1]]);
  const hh = hexHeight();
  // at: dx, dy hex heights from the centre, dy up as in package render.
  const at = (dx, dy) => [cx + dx * hh, cy - dy * hh];
  const g = []; // markup (svgMarkup): parsed at once, faster than made element by element
  let k = 1;
  while (k < ms.length && ms[k].group === ms[0].group) k++;
  if (k === ms.length || (k === 1 && ms.length === 2)) {
    if (ms.length === 1) counterShape(g, at(0, -0.03), 0.5, ms[0], hh);
    else if (ms.length === 2) {
      counterShape(g, at(-0.235, -0.05), 0.44, ms[0], hh);
      counterShape(g, at(0.235, -0.05), 0.44, ms[1], hh);
    } else pileShape(g, at(-0.03, -0.08), 0.44, ms, hh);
  } else {
    [ms.slice(0, k), ms.slice(k)].forEach((grp, i) => {
      const [x, y] = at([-0.235, 0.235][i], -0.05);
      if (grp.length === 1) counterShape(g, [x, y], 0.44, grp[0], hh);
      else pileShape(g, [x - 0.03 * hh, y + 0.03 * hh], 0.44 * 0.8, grp, hh);
    });
  }
  return stackMarkup(g);
}

// stackMarkup is a group, class stack, of the markup of shapes.
function stackMarkup(markup) { return '<g class="stack">' + markup.join("") + "</g>"; }

// shapes makes the elements of markups (svgMarkup's), parsed at once:
// a parse each costs more than making them all.
function shapes(markups) {
  const box = svgEl("g");
  box.innerHTML = markups.join("");
  return [...box.children];
}

// svgMarkup is the markup of an SVG element: svgEl's, as text. Numbers
// are written to six digits.
function svgMarkup(tag, attrs, text) {
  let s = "<" + tag;
  for (const [k, v] of Object.entries(attrs)) s += " " + k + '="' + (typeof v === "number" ? Number(v.toPrecision(6)) : escapeMarkup(String(v))) + '"';
  return text === undefined ? s + "/>" : s + ">" + escapeMarkup(text) + "</" + tag + ">";
}

function escapeMarkup(t) {
  return t.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// pileShape draws a pile of three or more counters, the top one at pt,
// into markup g (svgMarkup): the edges of up to two under it, up and to
// the right, then the top one and the count on its corner.
function pileShape(g, [x, y], size, ms, hh) {
  const step = 0.04 * size / 0.44;
  const under = Math.min(ms.length - 1, 2);
  for (let k = under; k >= 1; k--) {
    const m = { ...ms[k], label: "", note: "", tag: "", level: "" };
    counterShape(g, [x + step * k * hh, y - step * k * hh], size, m, hh);
  }
  counterShape(g, [x, y], size, ms[0], hh);
  const corner = (size / 2 + step * under) * hh, r = 0.1 * size / 0.44 * hh;
  const [bx, by] = [x + corner, y - corner];
  g.push(svgMarkup("circle", { cx: bx, cy: by, r: r * 1.2, fill: "#fff" }), svgMarkup("circle", { cx: bx, cy: by, r, fill: "#101010" }));
  g.push(textShape(String(ms.length), bx, by, r * 1.4, r * 1.7, "#fff"));
}

// counterShape draws one counter of side size hex heights centred on pt,
// into markup g (svgMarkup).
function counterShape(g, [x, y], size, m, hh) {
  let col = m.color;
  if (m.ghost) col = mix(col, "#ffffff", 0.55);
  const half = size / 2 * hh, s = size * hh;
  if (!m.ghost) {
    const sh = size * 0.06 * hh;
    g.push(svgMarkup("rect", { x: x - half + sh, y: y - half + sh, width: s, height: s, fill: "rgba(0,0,0,0.44)" }));
  }
  // The counter and its border in one (the broken band, over it, covers
  // a hair of the border at the corner).
  const face = { x: x - half, y: y - half, width: s, height: s, fill: col, stroke: mix(col, "#000000", 0.6), "stroke-width": 0.012 * hh };
  if (m.ghost) Object.assign(face, { "stroke-width": 0.02 * hh, "stroke-dasharray": 0.05 * hh + " " + 0.035 * hh });
  g.push(svgMarkup("rect", face));
  if (m.broken) {
    const a = 0.3 * s, b = 0.5 * s, top = y - half, right = x + half;
    g.push(svgMarkup("polygon", { points: [[right - b, top], [right - a, top], [right, top + a], [right, top + b]].map((p) => p.map((v) => Number(v.toPrecision(6)))).join(" "), fill: BROKEN }));
  }
  const ink = contrast(col);
  const lines = [], sizes = [];
  [m.label, m.note, m.level].forEach((t, k) => { if (t) { lines.push(t); sizes.push([0.34, 0.26, 0.26][k]); } });
  if (lines.length === 3) sizes.forEach((_, k) => { sizes[k] *= 0.85; });
  let ty = sizes.reduce((a, b) => a + b, 0) / 2 * size;
  lines.forEach((t, k) => {
    const h = sizes[k] * size;
    g.push(textShape(t, x, y - (ty - h / 2) * hh, h * 0.95 * hh, size * 0.9 * hh, ink));
    ty -= h;
  });
  if (m.tag) {
    const tx = x - half, tyy = y - half, r = size * 0.2 * hh;
    g.push(svgMarkup("circle", { cx: tx, cy: tyy, r, fill: "#fff", stroke: "#000", "stroke-width": 0.01 * hh }));
    g.push(textShape(m.tag, tx, tyy, size * 0.26 * hh, size * 0.34 * hh, "#000"));
  }
}

// textShape is the markup of t centred on (x, y), bold, size high, shrunk
// to be at most width wide (render's fitted).
function textShape(t, x, y, size, width, fill) {
  const w = textWidth(t) * size;
  if (w > width) size *= width / w;
  return wordsMarkup(t, x, y, size, fill);
}

// wordsMarkup is the markup of t centred on (x, y), size high, in
// Liberation Sans Bold, the counters' font: drawn as paths from the
// glyphs the page comes with (render.Glyphs: "glyphs" of the boot data),
// as package render draws the counters. A browser lays out every SVG
// text, and asks its fonts for each size on the screen, at the first load
// and again at every zoom; paths it only draws. Words with a character
// the glyphs lack are written as text. The words are the path's
// aria-label, as a reader of the page hears them.
function wordsMarkup(t, x, y, size, fill) {
  t = t.replace(/\s+/g, " ").trim(); // as SVG's text lays out its white space
  if (!t) return "";
  const w = glyphWords(t);
  if (!w) return svgMarkup("text", { x, y, "font-size": size, fill }, t);
  // Once the player looks for words on the page (findWords), each comes
  // with a text of its own too, unseen, that the browser's search finds.
  const found = page.findable ? svgMarkup("text", { class: "findable", x, y, "font-size": size }, t) : "";
  const k = size / page.glyphs.units;
  // Centred as the text was (text-anchor middle, dominant-baseline
  // central: the baseline (ascent - descent) / 2 below the centre).
  const tx = x - w.width / 2 * k, ty = y + (page.glyphs.ascent - page.glyphs.descent) / 2 * k;
  return svgMarkup("path", { class: "words", role: "img", "aria-label": t, transform: "matrix(" + [k, 0, 0, k, tx, ty].map((v) => Number(v.toPrecision(6))).join(" ") + ")", fill, d: w.d }) + found;
}

// findWords makes the counters' words findable by the browser's search
// (Ctrl+F): drawn as paths, they are not text. The counters are drawn
// again, each word with an unseen text over it; the fonts and the layout
// that text costs are paid from then on, not at the first load.
function findWords() {
  if (page.findable) return;
  page.findable = true;
  page.counters.replaceChildren();
  page.drawnHexes = new Map();
  page.vpoKey = page.residualKey = undefined;
  if (page.state) loadMap(page.past);
}

// glyphWords is the outline of t, {d, width} in glyph units from its
// start on the baseline, kept by t; null where a character has no glyph
// (or the page came with none).
function glyphWords(t) {
  const gs = page.glyphs;
  if (!gs) return null;
  let w = gs.words.get(t);
  if (w !== undefined) return w;
  let d = "", pen = 0;
  w = null;
  for (const ch of t) {
    const g = gs.glyphs[ch];
    if (!g) { d = null; break; }
    // [advance, x, y, path, x, y, path, ...]: each contour's first point,
    // then its path relative to it.
    for (let i = 1; i < g.length; i += 3) d += "M" + (g[i] + pen) + " " + g[i + 1] + g[i + 2];
    pen += g[0];
  }
  if (d !== null) w = { d, width: pen };
  gs.words.set(t, w);
  return w;
}

// wordsIn is the words drawn in element e (wordsMarkup's), in order.
function wordsIn(e) { return [...e.querySelectorAll("text:not(.findable), path.words")].map((x) => x.getAttribute("aria-label") ?? x.textContent); }

// setGlyphs keeps the glyphs of the boot data (render.Glyphs), for
// wordsMarkup.
function setGlyphs(g) {
  page.glyphs = g ? { units: g.units, ascent: g.ascent, descent: g.descent, glyphs: g.glyphs, words: new Map() } : null;
}

// textWidth is the width of t in ems: its glyphs' advances, or where the
// page has none, Liberation Sans Bold's widths of a few kinds of
// character.
function textWidth(t) {
  const w = glyphWords(t);
  if (w) return w.width / page.glyphs.units;
  let n = 0;
  for (const ch of t) {
    if (/[0-9]/.test(ch)) n += 0.556;
    else if (/[A-Z]/.test(ch)) n += ch === "I" ? 0.278 : ch === "M" || ch === "W" ? 0.833 : 0.722;
    else if (/[a-z]/.test(ch)) n += /[ijl]/.test(ch) ? 0.278 : /[mw]/.test(ch) ? 0.889 : 0.611;
    else if (ch === "-" || ch === " ") n += 0.333;
    else if (ch === "?") n += 0.611;
    else n += 0.556;
  }
  return n;
}

// residualTags is the markup of the Residual FP in Locations (ASL A8.2)
// as package table marks them (render.Tags): each a box at the foot of
// its hex, those of one hex stacked downward.
function residualTags(residual) {
  const hh = hexHeight(), n = new Map();
  return residual.map((r) => {
    const k = r.hex.join(",");
    const i = n.get(k) || 0;
    n.set(k, i + 1);
    const [x, y0] = toSVG(r.hex);
    return '<g class="tag">' + tagShape(r.text, x, y0 + (0.42 + 0.23 * i) * hh, 0.17 * hh, RESIDUAL) + "</g>";
  });
}

// tagShape is the markup of text t in colour col on a white box, centred
// on (x, y), size high.
function tagShape(t, x, y, size, col) {
  const w = textWidth(t) * size, pad = size * 0.25;
  return svgMarkup("rect", { x: x - w / 2 - pad, y: y - size / 2 - pad / 2, width: w + 2 * pad, height: size + pad, fill: "rgba(255,255,255,0.9)", stroke: col, "stroke-width": size * 0.06 }) +
    wordsMarkup(t, x, y, size, col);
}

// vpoShape draws a VPO as package table does: a ring just inside its hex
// in the colour of the side that Controls it, "VPO" under its centre.
function vpoShape(v) {
  const col = v.control === "friendly" ? FRIENDLY : ENEMY;
  const hh = hexHeight();
  const g = svgEl("g", { class: "vpo" });
  g.append(svgEl("polygon", { points: hexPoints(v.hex, 0.88), fill: "none", stroke: col, "stroke-width": 0.08 * hh, "stroke-linejoin": "round" }));
  const [x, y0] = toSVG(v.hex), y = y0 + 0.38 * hh, fs = 0.13 * hh;
  const w = textWidth("VPO") * fs, pad = fs * 0.25;
  g.append(svgEl("rect", { x: x - w / 2 - pad, y: y - fs / 2 - pad / 2, width: w + 2 * pad, height: fs + pad, fill: "rgba(255,255,255,0.85)", stroke: col, "stroke-width": 0.01 * hh }));
  g.append(...shapes([wordsMarkup("VPO", x, y, fs, col)]));
  return g;
}

// mix is colour a mixed with b by t (0..1), as render mixes them.
function mix(a, b, t) {
  const ca = rgb(a), cb = rgb(b);
  return "#" + ca.map((x, i) => Math.round(x * (1 - t) + cb[i] * t).toString(16).padStart(2, "0")).join("");
}

function rgb(c) { return [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)); }

// contrast is black or white, whichever reads better on c.
function contrast(c) {
  const [r, g, b] = rgb(c);
  return 0.299 * r + 0.587 * g + 0.114 * b < 140 ? "#fff" : "#000";
}

// renderCounterLegend lists, under "Marks", the counters and marks the
// map shows, each once, with a sample as package table's legend has it.
function renderCounterLegend(units, vpo, residual) {
  const keys = [];
  const seen = new Set();
  const key = (m, text) => { if (!seen.has(text)) { seen.add(text); keys.push([m, text]); } };
  for (const v of vpo) key({ vpo: v.control }, "VPO, " + v.control.toUpperCase() + " control");
  if ((residual || []).length) key({ residual: true }, "Residual FP in the Location: it attacks a unit entering it this MPh (ASL A8.2)");
  let piled = false;
  const perHex = new Map();
  for (const u of units) {
    const m = markerOf(u);
    const sample = { ...m, tag: "", broken: false, ghost: false, level: "" };
    let what = u.side === "friendly" ? "FRIENDLY unit" : u.hw ? "ENEMY Human Wave unit (SASL 4.3)" : "ENEMY unit";
    if (u.unit === "s?") {
      what = u.hw ? "ENEMY Human Wave S? (SASL 4.3)" : "ENEMY S?";
      if (u.case && CASES[u.case]) what = "ENEMY S? of SASL 4.1 case " + u.case + ": " + CASES[u.case][1];
    }
    if (u.entering) key(sample, "beyond a map edge: waits to enter (SASL 4.2, 4.31)");
    else if (u.exited) key({ ...sample, ghost: true }, "faded beyond the FBE: exited (SASL 4.323)");
    else key(sample, what);
    if (u.broken) key({ ...sample, broken: true }, "red corner: broken");
    if (u.released) key({ ...sample, tag: "R" }, "R: released from its Human Wave, Advance Attitude (SASL 4.33)");
    if (u.crest) key({ ...sample, tag: "C" }, "C: Crest status in a Depression (SASL 4.14)");
    if (u.pinned) key({ ...sample, tag: "P" }, "P: pinned: it may not move this Player Turn and fires at half FP (A7.8)");
    if (u.fired && !u.final_fire) key({ ...sample, tag: "F" }, "F: fired this Player Turn: its Prep, First, Defensive or Advancing Fire marker (A3.3-A3.5, A8.1)");
    if (u.final_fire) key({ ...sample, tag: "FF" }, "FF: Final Fire: it may fire again only as FPF at an ADJACENT mover (A8.3, A8.31)");
    const k = u.drawn.join(",");
    perHex.set(k, (perHex.get(k) || 0) + 1);
    if (perHex.get(k) >= 3) piled = true;
  }
  if (piled) key({ pile: true }, "a stack of 3 or more: the top counter and how many");
  const sig = keys.map(([, t]) => t).join("\n");
  if (sig === page.legendKey) return;
  page.legendKey = sig;
  const ul = $("counter-legend");
  if (!ul) return;
  const samples = shapes(keys.map(([m]) => {
    const g = [];
    if (m.vpo) {
      const col = m.vpo === "friendly" ? FRIENDLY : ENEMY;
      const pts = [[-0.38, 0], [-0.19, -0.33], [0.19, -0.33], [0.38, 0], [0.19, 0.33], [-0.19, 0.33]];
      g.push(svgMarkup("polygon", { points: pts.join(" "), fill: "none", stroke: col, "stroke-width": 0.08 }));
    } else if (m.residual) {
      g.push(tagShape("Res", 0, 0, 0.3, RESIDUAL));
    } else if (m.pile) {
      pileShape(g, [-0.04, 0.04], 0.5, [0, 1, 2].map(() => ({ label: "", note: "", level: "", tag: "", color: ENEMY })), 1);
    } else counterShape(g, [0, 0], 0.6, m, 1);
    return stackMarkup(g);
  }));
  ul.replaceChildren(...keys.map(([, text], i) => {
    const svg = svgEl("svg", { viewBox: "-0.4 -0.4 0.8 0.8" });
    svg.append(samples[i]);
    const li = document.createElement("li");
    li.append(svg, " " + text);
    return li;
  }));
}
