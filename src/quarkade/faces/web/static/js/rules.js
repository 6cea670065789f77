// The rules of a game, from its package's RULEBOOK.txt and RULINGS.md, set as a page.

import { api, h } from "./util.js";

const $ = (id) => document.getElementById(id);

// A rulebook is plain text: its first line is the title; a heading is a short line
// standing alone between blank lines; bullets start with "•" or "-" (indented: nested);
// numbered steps with "1."; a table of contents lists the headings.
const slug = (text) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

function rulebook(text) {
  const lines = text.replace(/\r/g, "").split("\n");
  // The table of contents tells the headings (top level) from the sub-headings.
  const top = new Set();
  const sub = new Set();
  const tocAt = lines.findIndex((line) => line.trim().toLowerCase() === "table of contents");
  if (tocAt >= 0) {
    for (let i = tocAt + 1; i < lines.length; i += 1) {
      const raw = lines[i];
      if (!raw.trim()) {
        if (top.size) break;
        continue;
      }
      const item = raw.match(/^(\s*)[•\-*]\s+(.*)$/);
      if (!item) {
        if (top.size) break;
        continue;
      }
      (item[1].length ? sub : top).add(item[2].trim());
    }
  }
  const out = [];
  let list = null;
  const flush = () => {
    if (list) out.push(list);
    list = null;
  };
  let inToc = false;
  for (let i = 0; i < lines.length; i += 1) {
    const raw = lines[i];
    const line = raw.trim();
    const before = i === 0 ? "" : lines[i - 1].trim();
    const after = (lines[i + 1] || "").trim();
    if (!line) {
      if (!(list && inToc)) flush();
      continue;
    }
    if (i === 0) {
      out.push(h("h1", {}, line));
      continue;
    }
    const bullet = raw.match(/^(\s*)[•\-*]\s+(.*)$/);
    const numbered = line.match(/^(\d+)\.\s+(.*)$/);
    if (bullet || numbered) {
      const kind = bullet ? "ul" : "ol";
      if (!list || list.tagName.toLowerCase() !== kind) {
        flush();
        list = h(kind, { class: inToc ? "toc" : "" });
      }
      const content = bullet ? bullet[2] : numbered[2];
      const item = inToc ? h("a", { href: `#${slug(content)}` }, content) : content;
      list.append(h("li", { class: bullet && bullet[1].length ? "nested" : "" }, item));
      continue;
    }
    flush();
    if (line.toLowerCase() === "table of contents") {
      if (!inToc) out.push(h("h2", {}, "Contents"));
      inToc = true;
      continue;
    }
    inToc = false;
    if (line.includes("\t")) {
      out.push(h("table", {}, h("tr", {}, line.split("\t").map((cell) => h("td", {}, cell)))));
      continue;
    }
    const alone = !before && !after;
    const short = line.length < 48 && !/[.:,;!?]$/.test(line);
    if (alone && short && (top.has(line) || (!top.size && !sub.has(line)))) out.push(h("h2", { id: slug(line) }, line));
    else if (alone && short) out.push(h("h3", { id: slug(line) }, line));
    else out.push(h("p", {}, line));
  }
  flush();
  return out;
}

// Markdown, the little of it that rulings use: headings, lists, paragraphs, `code`.
function markdown(text) {
  const out = [];
  let list = null;
  let paragraph = [];
  const inline = (t) => {
    const parts = t.split(/(`[^`]+`|\*\*[^*]+\*\*)/);
    return parts.map((p) => (p.startsWith("`") ? h("code", {}, p.slice(1, -1)) : p.startsWith("**") ? h("b", {}, p.slice(2, -2)) : p));
  };
  const flush = () => {
    if (paragraph.length) out.push(h("p", {}, inline(paragraph.join(" "))));
    paragraph = [];
    if (list) out.push(list);
    list = null;
  };
  for (const raw of text.replace(/\r/g, "").split("\n")) {
    const line = raw.trim();
    const heading = line.match(/^(#{1,4})\s+(.*)$/);
    const item = line.match(/^[-*]\s+(.*)$/);
    if (!line) flush();
    else if (heading) {
      flush();
      out.push(h(heading[1].length <= 1 ? "h2" : "h3", {}, heading[2]));
    } else if (item) {
      if (paragraph.length) flush();
      if (!list) list = h("ul");
      list.append(h("li", {}, inline(item[1])));
    } else if (list && raw.startsWith("  ")) {
      list.lastChild.append(" ", ...inline(line));
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return out;
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
  if (rules.rulebook) body.push(...rulebook(rules.rulebook));
  else body.push(h("h1", {}, rules.title), h("p", {}, rules.summary), h("p", { class: "muted" }, "This game's rulebook is not included in this installation."));
  if (rules.rulings) body.push(h("hr"), h("h2", {}, "Rulings"), h("p", { class: "muted" }, "Where the rulebook is silent or unclear, Quarkade plays it this way."), ...markdown(rules.rulings));
  $("rulebook").replaceChildren(...body);
}

start();
