// Quirky Circuits' command cards drawn as SVG: faces with their icon and name, backs that show
// only "move" or "turn", the seat's mark and a chosen card's place in the order to play.

import { clickable, s, seatColour } from "../util.js";

export const KINDS = {
  "move-1": { name: "Move 1", back: "move", text: "Move the robot 1 space forward." },
  slide: { name: "Slide", back: "move", text: "Slide the robot forward until it collides with a barrier or slope." },
  "move-2": { name: "Move 2", back: "move", text: "Move the robot 2 spaces forward." },
  "rotate-left": { name: "Turn left", back: "turn", text: "Rotate the robot 90° counterclockwise." },
  "move-3": { name: "Move 3", back: "move", text: "Move the robot 3 spaces forward." },
  "rotate-right": { name: "Turn right", back: "turn", text: "Rotate the robot 90° clockwise." },
  "move-back": { name: "Back 1", back: "move", text: "Move the robot 1 space backward." },
  "rotate-180": { name: "U-turn", back: "turn", text: "Rotate the robot 180°." },
};

export const kindOf = (card) => (card || "").replace(/^quirk-/, "");
export const isQuirk = (card) => (card || "").startsWith("quirk-");
export const cardName = (card) => `${KINDS[kindOf(card)] ? KINDS[kindOf(card)].name : card}${isQuirk(card) ? " (Quirk)" : ""}`;

/** The icon of a card kind, drawn in a 40×40 box centred on (0, 0). */
function cardIcon(kind, colour) {
  const stroke = { stroke: colour, "stroke-width": 4.5, fill: "none", "stroke-linecap": "round", "stroke-linejoin": "round" };
  const head = (x, y, dir) => s("path", { d: dir === "up" ? `M${x - 8} ${y + 8} L${x} ${y} L${x + 8} ${y + 8}` : `M${x - 8} ${y - 8} L${x} ${y} L${x + 8} ${y - 8}`, ...stroke });
  if (kind.startsWith("move-") && kind !== "move-back") {
    const n = Number(kind.slice(5));
    return s("g", {}, Array.from({ length: n }, (_, i) => head(0, -12 + i * 11 - (n - 1) * 2, "up")),
      s("line", { x1: 0, y1: -10, x2: 0, y2: 18, ...stroke }));
  }
  if (kind === "move-back") {
    return s("g", {}, s("line", { x1: 0, y1: -16, x2: 0, y2: 12, ...stroke }), head(0, 14, "down"));
  }
  if (kind === "slide") {
    return s("g", {}, s("line", { x1: -14, y1: -19, x2: 14, y2: -19, ...stroke, "stroke-width": 5 }),
      s("line", { x1: 0, y1: 18, x2: 0, y2: -10, ...stroke }), head(0, -11, "up"),
      s("line", { x1: -9, y1: 6, x2: -9, y2: 16, ...stroke, "stroke-width": 2.5 }),
      s("line", { x1: 9, y1: 6, x2: 9, y2: 16, ...stroke, "stroke-width": 2.5 }));
  }
  if (kind === "rotate-180") {
    return s("g", {}, s("path", { d: "M10 16 V-2 A10 10 0 0 0 -10 -2 V10", ...stroke }), head(-10, 14, "down"));
  }
  const left = kind === "rotate-left";
  const arc = left ? "M12 14 V2 A12 12 0 0 0 0 -10 H-8" : "M-12 14 V2 A12 12 0 0 1 0 -10 H8";
  const tip = left ? "M-2 -18 L-10 -10 L-2 -2" : "M2 -18 L10 -10 L2 -2";
  return s("g", {}, s("path", { d: arc, ...stroke }), s("path", { d: tip, ...stroke }));
}

/** A command card, face up (card is its name) or face down (back is "move" or "turn"). */
export function commandCard({ card = null, back = null, size = "hand", seat = null, action = null, onclick = null, disabled = false, title = null, state = "", width = null, badge = null }) {
  const [W, H] = size === "hand" ? [84, 116] : size === "queue" ? [54, 76] : [30, 42];
  const faceUp = card !== null && card !== undefined;
  const quirk = faceUp && isQuirk(card);
  const kind = faceUp ? kindOf(card) : null;
  const info = faceUp ? KINDS[kind] : null;
  const svg = s("svg", {
    class: `qc-card ${faceUp ? (quirk ? "quirk" : "base") : "back"} size-${size}${onclick ? " playable" : ""}${disabled ? " disabled" : ""} ${state}`,
    width: width || W, height: width ? Math.round((width * H) / W) : H, viewBox: `0 0 ${W} ${H}`, role: onclick ? "button" : "img", tabindex: onclick ? 0 : undefined,
    "aria-label": faceUp ? cardName(card) : `a face-down ${back} card`,
    "data-card": faceUp ? card : "", "data-back": faceUp ? info.back : back, "data-action": action || undefined,
    "data-seat": seat ?? undefined,
  });
  svg.append(s("title", {}, title || (faceUp ? `${cardName(card)}: ${info.text}${quirk ? " Quirk card: it must be played before any other card." : ""}` : `A face-down ${back} card: it ${back === "turn" ? "turns" : "moves"} the robot.`)));
  const r = W * 0.11;
  if (faceUp) {
    const [fill, ink] = quirk ? ["#fff4e6", "#d9661f"] : ["#eef5ff", "#2563c9"];
    svg.append(s("rect", { x: 1.5, y: 1.5, width: W - 3, height: H - 3, rx: r, fill, stroke: ink, "stroke-width": 3 }));
    const scale = size === "hand" ? 1.25 : size === "queue" ? 0.85 : 0.5;
    svg.append(s("g", { transform: `translate(${W / 2} ${H * (size === "mini" ? 0.5 : 0.44)}) scale(${scale})` }, cardIcon(kind, ink)));
    if (size !== "mini") {
      svg.append(s("text", { x: W / 2, y: H - (size === "hand" ? 11 : 7), "text-anchor": "middle", "font-size": size === "hand" ? 13 : 9.5, "font-weight": 750, fill: ink }, info.name));
    }
    if (quirk && size !== "mini") {
      svg.append(s("rect", { x: 4, y: 4, width: size === "hand" ? 40 : 30, height: size === "hand" ? 14 : 11, rx: 4, fill: ink }),
        s("text", { x: size === "hand" ? 24 : 19, y: size === "hand" ? 14.5 : 12.5, "text-anchor": "middle", "font-size": size === "hand" ? 9.5 : 7.5, "font-weight": 800, fill: "#fff" }, "QUIRK"));
    }
  } else {
    svg.append(s("rect", { x: 1.5, y: 1.5, width: W - 3, height: H - 3, rx: r, fill: back === "turn" ? "#3b3f8f" : "#1f4e8c", stroke: "#9bb8ff", "stroke-width": 2 }));
    svg.append(s("rect", { x: 5, y: 5, width: W - 10, height: H - 10, rx: r * 0.7, fill: "none", stroke: "rgba(255,255,255,.25)", "stroke-dasharray": "3 3" }));
    const scale = size === "mini" ? 0.42 : 0.75;
    svg.append(s("g", { transform: `translate(${W / 2} ${H * 0.45}) scale(${scale})` }, cardIcon(back === "turn" ? "rotate-right" : "move-1", "#dfe8ff")));
    if (size !== "mini") svg.append(s("text", { x: W / 2, y: H - 8, "text-anchor": "middle", "font-size": 9, "font-weight": 800, "letter-spacing": 1, fill: "#dfe8ff" }, back.toUpperCase()));
  }
  if (seat !== null && seat !== undefined && size !== "mini") {
    svg.append(s("circle", { cx: W - 8, cy: 8, r: 4.5, fill: seatColour(seat), stroke: "#0b1020", "stroke-width": 1.5 }));
  }
  if (badge) {
    // a chosen card's place in the order it will be played
    svg.append(s("circle", { cx: W - 13, cy: 13, r: 10, fill: "#f4c553", stroke: "#0b1020", "stroke-width": 1.5 }),
      s("text", { x: W - 13, y: 17.5, "text-anchor": "middle", "font-size": 13, "font-weight": 800, fill: "#1d1403" }, badge));
  }
  if (onclick) clickable(svg, onclick);
  return svg;
}
