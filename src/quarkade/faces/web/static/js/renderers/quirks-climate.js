// The climate table of Quirks and Quirkling: five climates of six zones, the marker, the X
// spaces and the zones the marker may move to. On a wide screen it is one line; on a phone
// each climate is a row of its own, so that every zone stays readable and large enough to tap.

import { h, s } from "../util.js";

export const CLIMATES = ["ocean", "forest", "plain", "desert", "jungle"];
export const CLIMATE = {
  ocean: { label: "Ocean", colour: "#2f7fd1", letter: "O" },
  forest: { label: "Forest", colour: "#2e8a55", letter: "F" },
  plain: { label: "Plain", colour: "#b8a23c", letter: "P" },
  desert: { label: "Desert", colour: "#e0883a", letter: "D" },
  jungle: { label: "Jungle", colour: "#7cbf3a", letter: "J" },
};
const ZONES = 6;
const SPACES = CLIMATES.length * ZONES;
const NARROW = "(max-width: 700px)";

/** Where each part of the table goes, on one line or in rows. Sizes are in the drawing's
 *  units. The line is drawn from about 630 px wide (a window just over 700 px: a phone turned
 *  sideways is 740 or 844) to about 1,050, so its smallest text, 16.5 units, reads at 11 px
 *  or so at the narrowest (0.65 to 0.69 px a unit); the rows are drawn about 360 px wide. */
function geometry(rows, thresholds) {
  if (!rows) {
    const step = 30;
    const gap = 12;
    const left = 14;
    const width = left * 2 + SPACES * step + (CLIMATES.length - 1) * gap;
    const cy = 60;
    const r = 12.5;
    return {
      width, height: thresholds ? 114 : 94, r, font: 16.5, mark: 19, labelFont: 17.5, needFont: 16.5,
      at: (space) => ({ x: left + space * step + Math.floor(space / ZONES) * gap + step / 2, y: cy }),
      band: (i) => ({ x: left + i * (ZONES * step + gap), y: 25, width: ZONES * step, height: 62 }),
      label: (i) => ({ x: left + i * (ZONES * step + gap) + ZONES * step / 2, y: 19, anchor: "middle" }),
      need: (i) => ({ x: left + i * (ZONES * step + gap) + ZONES * step / 2, y: 107, anchor: "middle" }),
      // a move's "+1" / "+2" above its zone, clear of the zone's mark and the climate's name
      badge: (zone) => ({ x: zone.x, y: zone.y - r - 12, r: 11.5, font: 16.5 }),
      // zones next to each other are both moves: their rings must not run into each other
      target: r + 1,
    };
  }
  // a phone: a row per climate, its name and threshold at the left, zones 48 units apart
  // (a zone to move to is then about 42 px wide on the screen)
  const step = 48;
  const rowHeight = 50;
  const left = 80;
  const width = left + ZONES * step + 6;
  return {
    width, height: CLIMATES.length * rowHeight + 4, r: 20, font: 14, mark: 19.6, labelFont: 14, needFont: 12.5,
    at: (space) => ({ x: left + (space % ZONES) * step + step / 2, y: 2 + Math.floor(space / ZONES) * rowHeight + rowHeight / 2 }),
    band: (i) => ({ x: 2, y: 2 + i * rowHeight + 2, width: width - 4, height: rowHeight - 4 }),
    label: (i) => ({ x: 10, y: 2 + i * rowHeight + (thresholds ? 22 : 30), anchor: "start" }),
    need: (i) => ({ x: 10, y: 2 + i * rowHeight + 40, anchor: "start" }),
    // a move's "+1" / "+2" on its zone's upper right edge, clear of the zone's mark
    badge: (zone) => ({ x: zone.x + 16, y: zone.y - 16, r: 9.5, font: 13 }),
    target: 22,
  };
}

/** The climate table; `legal` offers "climate 1" and "climate 2" as zones to click. */
export function climateTrack(climate, legal, send, { thresholds = null } = {}) {
  const rows = window.matchMedia(NARROW).matches;
  const g = geometry(rows, thresholds);
  const current = climate.space;
  const x = new Set(climate.x_spaces || []);
  const svg = s("svg", {
    class: `qk-track${rows ? " rows" : ""}`, viewBox: `0 0 ${g.width} ${g.height}`, width: "100%", role: "img",
    "aria-label": `climate: ${climate.name}, zone ${climate.zone}`,
  });
  CLIMATES.forEach((name, i) => {
    const info = CLIMATE[name];
    const on = name === climate.name;
    const band = g.band(i);
    const label = g.label(i);
    svg.append(
      s("rect", { ...band, rx: 10, fill: info.colour, opacity: on ? 0.42 : 0.16, stroke: on ? info.colour : "none", "stroke-width": 2, class: on ? "qk-climate-on" : "" }),
      s("text", { x: label.x, y: label.y, "text-anchor": label.anchor, "font-size": g.labelFont, "font-weight": on ? 800 : 600, fill: on ? "#fff" : "#9aa6c3", "letter-spacing": 1.2 }, info.label.toUpperCase()),
    );
    if (thresholds && thresholds[name] !== undefined) {
      const need = g.need(i);
      svg.append(s("text", { x: need.x, y: need.y, "text-anchor": need.anchor, "font-size": g.needFont, "font-weight": 700, fill: on ? "#f4c553" : "#6b7799" }, `needs ${thresholds[name]}`));
    }
  });
  for (let space = 0; space < SPACES; space += 1) {
    const { x: cx, y: cy } = g.at(space);
    const name = CLIMATES[Math.floor(space / ZONES)];
    svg.append(s("circle", { cx, cy, r: g.r, fill: "rgba(8,12,24,.55)", stroke: CLIMATE[name].colour, "stroke-width": 1.5 }));
    if (x.has(space)) {
      svg.append(s("text", { x: cx, y: cy + g.mark * 0.32, "text-anchor": "middle", "font-size": g.mark, "font-weight": 800, fill: "#ff8fa0" }, "X"));
    } else {
      svg.append(s("text", { x: cx, y: cy + g.font * 0.4, "text-anchor": "middle", "font-size": g.font, fill: "#6b7799" }, String(space % ZONES + 1)));
    }
  }
  // the legal moves: the target zones (on one line, an arc from the marker to each)
  for (const n of [1, 2]) {
    const action = `climate ${n}`;
    if (!legal.has(action)) continue;
    legal.offer(action);
    const target = g.at((current + n) % SPACES);
    const badge = g.badge(target);
    const from = g.at(current);
    const go = () => send(action);
    const arc = rows ? null : (() => {
      const x2 = target.x < from.x ? target.x + g.width : target.x;
      const lift = 10 + n * 7;
      return s("path", { d: `M${from.x} ${from.y + g.r + 2} Q${(from.x + x2) / 2} ${from.y + g.r + 2 + lift} ${Math.min(x2, g.width - 4)} ${from.y + g.r + 4}`, fill: "none", "pointer-events": "none", stroke: "#f4c553", "stroke-width": 2, "stroke-dasharray": "4 3" });
    })();
    const move = s("g", { class: "qk-move", role: "button", "data-action": action, tabindex: 0, onclick: go },
      s("title", {}, `Move the climate marker ${n} zone${n > 1 ? "s" : ""}`),
      arc,
      s("circle", { class: "qk-target", cx: target.x, cy: target.y, r: g.target, fill: "rgba(244,197,83,.25)", stroke: "#f4c553", "stroke-width": 2.5 }),
      s("circle", { cx: badge.x, cy: badge.y, r: badge.r, fill: "#f4c553" }),
      s("text", { x: badge.x, y: badge.y + badge.font * 0.36, "text-anchor": "middle", "font-size": badge.font, "font-weight": 800, fill: "#1d1403" }, `+${n}`),
    );
    move.addEventListener("keydown", (event) => { if (event.key === "Enter") go(); });
    svg.append(move);
  }
  const marker = g.at(current);
  svg.append(s("g", { class: "qk-marker" },
    s("circle", { cx: marker.x, cy: marker.y, r: g.r + 1, fill: "#f4c553", stroke: "#fff", "stroke-width": 2 }),
    s("text", { x: marker.x, y: marker.y + g.mark * 0.36, "text-anchor": "middle", "font-size": g.mark, "font-weight": 900, fill: "#1d1403" }, "C")));
  return h("section", { class: "qk-climate" },
    h("div", { class: "qk-title" }, h("h3", {}, "Climate table"),
      h("span", { class: "qk-now", style: `--climate: ${CLIMATE[climate.name].colour}` }, `${CLIMATE[climate.name].label} · zone ${climate.zone}`)),
    svg);
}
