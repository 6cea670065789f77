// Small helpers shared by every page: DOM and SVG builders, the JSON API, tokens kept
// in this browser, seat colours.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.setAttribute("class", value);
    else if (key === "text") node.textContent = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "style" && typeof value === "object") {
      // Custom properties ("--a") are set through setProperty: assigned as fields they are lost.
      for (const [name, setting] of Object.entries(value)) {
        if (name.startsWith("--")) node.style.setProperty(name, setting);
        else node.style[name] = setting;
      }
    }
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: h("button", {class: "primary", onclick}, "Play"). */
export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

const styles = new Set();
let stylesLoading = 0;
/** A game's stylesheet, added to the page once. Until it has loaded (or failed to), the page's
 *  root carries ``data-styling`` and the board is kept out of sight (quarkade.css): drawn before
 *  its style, it would show unstyled for a moment, its docked bars out of place. */
export function useStyle(href) {
  if (styles.has(href)) return;
  styles.add(href);
  const root = document.documentElement;
  stylesLoading += 1;
  root.dataset.styling = "";
  const loaded = () => {
    stylesLoading -= 1;
    if (!stylesLoading) delete root.dataset.styling;
  };
  document.head.append(h("link", { rel: "stylesheet", href, onload: loaded, onerror: loaded }));
}

/** An SVG element: s("rect", {x: 0, y: 0, width: 10, height: 10}). */
export function s(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

export const SEAT_COLOURS = ["#4cc9f0", "#ff5d8f", "#7ee081", "#ffb84d", "#b794ff", "#ff8a5c"];
/** ``el`` answers a click, and Enter or Space when it has the focus, with ``onclick``. */
export function clickable(el, onclick) {
  el.addEventListener("click", onclick);
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onclick(event);
    }
  });
  return el;
}

/** What a replay with everything revealed shows of ``seat`` (``part``: its "hand", …), read
 * from that seat's own view of the step; null outside such a replay. */
export function revealedOf(ctx, seat, part = "hand") {
  const own = ctx.reveal && ctx.reveal[seat];
  return (own && own[part]) || null;
}

/** A seat on a board as people call it: its player's name where the table gives one, else its
 *  number counted from 1, as people count. */
export function seatName(ctx, seat) {
  return (ctx.names && ctx.names[seat]) || `Seat ${Number(seat) + 1}`;
}

export function seatColour(seat) {
  return seat === null || seat === undefined ? "#9aa6c3" : SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

/** JSON over HTTP to this server; errors carry the server's reason. */
export async function api(path, { method = "GET", body } = {}) {
  let response;
  // A read refused for the address's rate of requests (a replay stepped through at a held key)
  // is asked again after the time the server says, twice at most; a change is never repeated.
  for (let attempt = 0; ; attempt += 1) {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status !== 429 || method !== "GET" || attempt >= 2) break;
    const wait = Math.min(5, Math.max(1, Number(response.headers.get("Retry-After")) || 1));
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    let detail = data && data.detail;
    if (Array.isArray(detail)) detail = detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
    throw new ApiError(response.status, detail || `${response.status} ${response.statusText}`);
  }
  return data;
}

// The seat and host tokens this browser holds, by table id, and the invitation codes the
// host has to deal (each one is exchanged once for the invited player's own seat token).
const KEY = "quarkade.tables";

function readAll() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

export const tokens = {
  get(tableId) {
    const entry = readAll()[tableId];
    const blank = { seats: {}, host: null, play: null, invites: {} };
    return entry ? { ...blank, ...entry } : blank;
  },
  set(tableId, entry) {
    const all = readAll();
    all[tableId] = { ...entry, saved: Date.now() };
    // keep the 200 latest tables
    const ids = Object.keys(all).sort((a, b) => (all[b].saved || 0) - (all[a].saved || 0));
    for (const id of ids.slice(200)) delete all[id];
    localStorage.setItem(KEY, JSON.stringify(all));
  },
  /** Store what POST /api/tables, /join or /again answered. */
  remember(answer, { play } = {}) {
    const entry = this.get(answer.id);
    for (const seat of answer.seats || []) entry.seats[seat.seat] = seat.token;
    for (const invitation of answer.invitations || []) entry.invites[invitation.seat] = invitation.code;
    if (answer.host_token) entry.host = answer.host_token;
    if (play) entry.play = play;
    this.set(answer.id, entry);
    return entry;
  },
  all() {
    return readAll();
  },
};

export function timeAgo(seconds) {
  const delta = Math.max(0, Date.now() / 1000 - seconds);
  if (delta < 60) return "just now";
  if (delta < 3600) return `${Math.floor(delta / 60)} min ago`;
  if (delta < 86400) return `${Math.floor(delta / 3600)} h ago`;
  return `${Math.floor(delta / 86400)} d ago`;
}

export function toast(text, kind = "error", ms = 5000) {
  let box = document.querySelector(".toasts");
  if (!box) {
    box = h("div", { class: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  const item = h("div", { class: `toast ${kind}` }, text);
  box.append(item);
  setTimeout(() => item.remove(), ms);
}

export function logo(size = 30) {
  return h("img", { src: "/img/logo.svg", width: size, height: size, alt: "" });
}
