// The rules of a game, from its package's RULEBOOK.txt and RULINGS.md, set as a page.

import { api, h } from "./util.js";

const $ = (id) => document.getElementById(id);

// A rulebook is plain text: its first line is the title (a second line that repeats it is
// dropped); a heading is a short line without end punctuation, standing alone between blank
// lines (or on its own line in a rulebook written without blank lines), or a numbered line in
// capitals ("1. THE GOAL"); bullets start with "•" or "-" (indented: nested); numbered steps
// with "1."; "|" rows make a table. The rulebook's own table of contents is left out: the
// page makes its contents from the headings it found, so every entry leads somewhere.
const slug = (text) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
const BULLET = /^(\s*)[•\-*]\s+(.*)$/;

// The headings the rulebook's table of contents lists: top level, and indented under them.
function listedHeadings(lines) {
  const top = new Set();
  const sub = new Set();
  const at = lines.findIndex((line) => line.trim().toLowerCase() === "table of contents");
  let end = at;
  if (at >= 0) {
    for (let i = at + 1; i < lines.length; i += 1) {
      const raw = lines[i];
      if (!raw.trim() || raw.trim().toLowerCase() === "table of contents") {
        if (top.size) break;
        end = i;
        continue;
      }
      const item = raw.match(BULLET);
      if (!item) break;
      (item[1].length ? sub : top).add(item[2].trim());
      end = i;
    }
  }
  return { top, sub, tocFrom: at, tocTo: end };
}

function headingCandidate(line) {
  return line.length < 48 && !/[.:,;!?)]$/.test(line) && !line.includes(": ") && /^[A-Z0-9]/.test(line);
}

// A rulebook wrapped by hand at a fixed width (no line much longer, many lines near it) has its
// paragraphs' lines joined again, so that the page flows them: a line that follows a full line
// continues its paragraph, unless that full line ended a sentence and this one starts as a
// paragraph, a heading, a bullet, a numbered step ("3.1 Regroup.") or a table row does.
const WRAPPED_AT = 78;

function unwrap(lines) {
  const full = lines.filter((line) => line.length >= WRAPPED_AT).length;
  if (lines.some((line) => line.length > 100) || full < lines.filter((line) => line.trim()).length * 0.3) return lines;
  const out = [];
  let previous = "";  // the last line as written (not as joined)
  for (const raw of lines) {
    const line = raw.trim();
    const starts = !line || BULLET.test(raw) || /^\d+\.\d*\s/.test(line) || line.startsWith("|");
    const ended = /[.:!?]$/.test(previous.trim()) && !/^[a-z(]/.test(line);
    if (out.length && previous.length >= WRAPPED_AT && !starts && !ended) out[out.length - 1] = `${out[out.length - 1].trimEnd()} ${line}`;
    else out.push(raw);
    previous = raw;
  }
  return out;
}

function rulebook(text) {
  const lines = unwrap(text.replace(/\r/g, "").split("\n"));
  const { top, sub, tocFrom, tocTo } = listedHeadings(lines);
  // Written without blank lines between its parts: a heading stands on its own line only.
  const compact = lines.filter((line) => !line.trim()).length < lines.length / 20;
  const kept = lines.map((raw, i) => (tocFrom >= 0 && i >= tocFrom && i <= tocTo ? "" : raw));
  if (kept.length > 1 && kept[0].trim() && kept[1].trim().toLowerCase().startsWith(kept[0].trim().toLowerCase())) kept[1] = "";
  const level = (line, i) => {
    const before = i === 0 ? "" : kept[i - 1].trim();
    const after = (kept[i + 1] || "").trim();
    if (/^\d+\.\s+[^a-z]+$/.test(line) && line.length < 60) return 2;  // "1. THE GOAL"
    if (top.has(line)) return 2;
    if (sub.has(line)) return 3;
    if (BULLET.test(line) || /^\d+\.\s/.test(line) || !headingCandidate(line)) return 0;
    if (!(compact ? after : !before && !after)) return 0;
    return top.size ? 3 : 2;
  };
  const levels = kept.map((raw, i) => (i > 0 && raw.trim() ? level(raw.trim(), i) : 0));
  // A heading used again and again ("Example") marks a passage, not a section.
  const seen = new Map();
  kept.forEach((raw, i) => { if (levels[i]) seen.set(raw.trim(), (seen.get(raw.trim()) || 0) + 1); });
  const out = [];
  const contents = [];
  const ids = new Set();
  let list = null;
  let table = null;
  const flush = () => {
    if (list) out.push(list);
    if (table) out.push(table);
    list = null;
    table = null;
  };
  for (let i = 0; i < kept.length; i += 1) {
    const raw = kept[i];
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    if (i === 0) {
      out.push(h("h1", {}, line));
      continue;
    }
    if (levels[i]) {
      flush();
      if (seen.get(line) > 1) {
        out.push(h("h4", {}, line));
        continue;
      }
      let id = slug(line);
      while (ids.has(id)) id += "-";
      ids.add(id);
      out.push(h(levels[i] === 2 ? "h2" : "h3", { id }, line));
      contents.push({ level: levels[i], id, text: line });
      continue;
    }
    if (line.startsWith("|")) {
      if (list) flush();
      const cells = line.replace(/^\||\|$/g, "").split("|").map((cell) => cell.trim());
      if (cells.every((cell) => /^-+$/.test(cell))) continue;
      if (!table) table = h("table");
      table.append(h("tr", {}, cells.map((cell) => h("td", {}, cell))));
      continue;
    }
    const bullet = raw.match(BULLET);
    const numbered = line.match(/^(\d+)\.\s+(.*)$/);
    if (bullet || numbered) {
      if (table) flush();
      const kind = bullet ? "ul" : "ol";
      if (!list || list.tagName.toLowerCase() !== kind) {
        flush();
        list = h(kind);
      }
      list.append(h("li", { class: bullet && bullet[1].length ? "nested" : "" }, bullet ? bullet[2] : numbered[2]));
      continue;
    }
    flush();
    if (line.includes("\t")) out.push(h("table", {}, h("tr", {}, line.split("\t").map((cell) => h("td", {}, cell)))));
    else out.push(h("p", {}, line));
  }
  flush();
  return { body: out, contents };
}

// The contents: the sections found, the smaller ones indented under theirs.
function contentsList(entries) {
  return entries.length ? h("nav", { class: "contents", "aria-label": "Contents" }, h("h2", {}, "Contents"),
    h("ul", { class: "toc" }, entries.map((entry) => h("li", { class: entry.level > 2 ? "nested" : "" },
      h("a", { href: `#${entry.id}` }, entry.text))))) : null;
}

// Markdown, the little of it that rulings use: headings, lists, paragraphs, tables, `code`,
// **bold** and *emphasis* ("*Reason:*").
function markdown(text, contents) {
  const out = [];
  let first = true;
  let list = null;
  let table = null;
  let paragraph = [];
  const inline = (t) => {
    const parts = t.split(/(`[^`]+`|\*\*[^*]+\*\*|\*[^*\s][^*]*\*)/);
    return parts.map((p) => (p.startsWith("`") ? h("code", {}, p.slice(1, -1))
      : p.startsWith("**") ? h("b", {}, inline(p.slice(2, -2)))  // (`code` in bold: "**Flares (option `flares`).**")
        : p.length > 2 && p.startsWith("*") && p.endsWith("*") ? h("em", {}, inline(p.slice(1, -1))) : p));
  };
  const flush = () => {
    if (paragraph.length) out.push(h("p", {}, inline(paragraph.join(" "))));
    paragraph = [];
    if (list) out.push(list);
    list = null;
    if (table) out.push(table);
    table = null;
  };
  for (const raw of text.replace(/\r/g, "").split("\n")) {
    const line = raw.trim();
    const heading = line.match(/^(#{1,4})\s+(.*)$/);
    if (line && !heading) first = false;
    const item = line.match(/^[-*]\s+(.*)$/);
    if (line.startsWith("|")) {
      // a table's rows, the first its header; the row of dashes under it is left out
      const cells = line.replace(/^\||\|$/g, "").split("|").map((cell) => cell.trim());
      if (cells.every((cell) => /^:?-+:?$/.test(cell))) continue;
      if (!table) {
        if (paragraph.length || list) flush();
        table = h("table", { class: "ruling-table" }, h("tr", {}, cells.map((cell) => h("th", {}, inline(cell)))));
      } else table.append(h("tr", {}, cells.map((cell) => h("td", {}, inline(cell)))));
      continue;
    }
    if (table) {
      out.push(table);
      table = null;
    }
    if (!line) flush();
    else if (heading) {
      flush();
      // the rulings' own title repeats the page's "Rulings" heading
      if (first && heading[1].length === 1) {
        first = false;
        continue;
      }
      const id = `ruling-${slug(heading[2])}`;
      out.push(h("h3", { id }, inline(heading[2])));
      contents.push({ level: 3, id, text: heading[2].replace(/`/g, "") });
    } else if (item) {
      if (paragraph.length) flush();
      if (!list) list = h("ul");
      list.append(h("li", {}, inline(item[1])));
    } else if (list && raw.startsWith("  ")) {
      list.lastChild.append(" ", ...inline(line));
    } else {
      // a numbered ruling ("4. **Flares.** …") starts its own paragraph, its number kept (other
      // entries cite it: "entry 23")
      if (list || /^\d+\.\s/.test(line)) flush();
      paragraph.push(line);
    }
  }
  flush();
  return out;
}

// A game whose rules are a part of another's rulebook (Quirks Solitaire, Quirkling in the
// Quirks rulebook) opens at its own section, unless the address names a place already.
function sectionOf(title, contents) {
  if (location.hash) return;
  const word = title.split(/\s+/).pop().toLowerCase();
  const first = contents[0] && contents[0].text.toLowerCase();
  const own = contents.find((entry) => entry.level === 2 && !entry.id.startsWith("ruling") && entry.text.toLowerCase().includes(word));
  if (own && own !== contents[0] && !(first && first.includes(word))) document.getElementById(own.id).scrollIntoView();
}

async function start() {
  const games = await api("/api/games");
  const wanted = new URLSearchParams(location.search).get("game") || (games[0] && games[0].id);
  $("rules-nav").replaceChildren(h("div", { class: "faint small", style: { margin: "0 0 .4rem .6rem" } }, "Games"),
    ...games.map((game) => h("a", { href: `/rules.html?game=${encodeURIComponent(game.id)}`, class: game.id === wanted ? "on" : "" }, game.title)));
  if (!wanted) return;
  let rules;
  try {
    rules = await api(`/api/games/${encodeURIComponent(wanted)}/rules`);
  } catch (error) {
    $("rulebook").replaceChildren(h("p", { class: "form-error" }, error.message));
    return;
  }
  document.title = `${rules.title} rules · Quarkade`;
  const body = [h("div", { class: "chips" }, h("a", { class: "button small primary", href: `/?game=${encodeURIComponent(rules.game)}` }, `Play ${rules.title}`))];
  const book = rules.rulebook ? rulebook(rules.rulebook) : { body: [h("h1", {}, rules.title), h("p", {}, rules.summary), h("p", { class: "muted" }, "This game's rulebook is not included in this installation.")], contents: [] };
  const contents = book.contents;
  const rulings = [];
  if (rules.rulings) {
    contents.push({ level: 2, id: "rulings", text: "Rulings" });
    rulings.push(h("hr"), h("h2", { id: "rulings" }, "Rulings"), h("p", { class: "muted" }, "Where the rulebook is silent or unclear, Quarkade plays it this way."), ...markdown(rules.rulings, contents));
  }
  const [title, ...rest] = book.body;
  body.push(title, contentsList(contents), ...rest, ...rulings);
  $("rulebook").replaceChildren(...body);
  sectionOf(rules.title, contents);
}

start();
