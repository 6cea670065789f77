// What the board keeps in sight, for every game's renderer. The dock (a renderer's part
// marked data-role="dock": the prompt, the buttons and the hand) stays at the bottom of the
// screen, taking up to a third of it (quarkade.css), or up to a half where a third would hide
// some of its buttons (data-roomy); one that cannot be cut to a third is marked data-tall and
// scrolls with the page. When a new prompt asks for something the dock
// covers, or that is off screen, the page scrolls it into view above the dock, once for that
// prompt; a prompt that asks for nothing on the board brings a dock that scrolls with the page
// into view. When the dock then grows during the prompt (a choice made in parts: a picked
// accelerator adds its bid to the dock), what the player works with (what they last clicked
// on the board, else the prompt's first target) is kept above it. A row of cards that
// scrolls sideways fades at the side where more cards are.

// What a prompt asks the player to click, and what a renderer marks for the player to watch
// while choosing (data-target: Quirky Circuits' board, where the robot will run).
const TARGETS = ".playable, [data-action], [role='button'], [data-target]";
const ROOM = 8; // px kept between the target and the top bar or the dock

/** ``run`` once the game's stylesheet is in (util.js ``useStyle``): before, the dock is not
 *  docked yet and nothing on the board is where it will be. */
function whenStyled(run) {
  if ("styling" in document.documentElement.dataset) requestAnimationFrame(() => whenStyled(run));
  else run();
}

function firstTarget(board, dock) {
  for (const node of board.querySelectorAll(TARGETS)) {
    if (dock && dock.contains(node)) continue;
    if (node.disabled || !node.getClientRects().length) continue;
    return node;
  }
  return null;
}

/** Whether ``dock`` stays at the foot of the screen (on a short screen, a turned phone, it
 *  does not: quarkade.css lets it scroll with the page, as it would cover the whole board). */
function docked(dock) {
  return Boolean(dock) && getComputedStyle(dock).position === "sticky";
}

/** Mark ``dock`` data-tall when, cut as far as its stylesheet lets it be (a dock-scroll part
 *  scrolls inside), it is still taller than a third of the screen: all its buttons are
 *  needed at once (Qwarks' answer). quarkade.css then lets it scroll with the page. Else mark
 *  it data-roomy when a third leaves some of its buttons or prompt out of sight inside it:
 *  quarkade.css then lets it take up to half the screen, so that a player chooses among
 *  choices in sight (seven stacks to ask for, a row of tokens to commit, beside the hand). */
function markTall(dock) {
  if (!dock) return;
  dock.removeAttribute("data-tall");
  dock.removeAttribute("data-roomy");
  if (dock.scrollHeight > window.innerHeight / 3 + 1) dock.setAttribute("data-tall", "");
  else if ([...dock.querySelectorAll(PARTS)].some((part) => part.scrollHeight > part.clientHeight + 1)) {
    dock.setAttribute("data-roomy", "");
  }
  for (const part of dock.querySelectorAll(PARTS)) markMore(part, true);
}

/** ``node``, in a part of the dock that scrolls when the dock is full, scrolled into that
 *  part's sight; the page does not move. */
export function keepInDockSight(node) {
  if (!node || !node.closest("[data-role='dock']")) return;
  for (let box = node.parentElement; box && box.dataset.role !== "dock"; box = box.parentElement) {
    if (box.scrollHeight <= box.clientHeight + 1) continue;
    const outer = box.getBoundingClientRect();
    const inner = node.getBoundingClientRect();
    if (inner.bottom > outer.bottom) box.scrollTop += Math.min(inner.bottom - outer.bottom, inner.top - outer.top);
    else if (inner.top < outer.top) box.scrollTop -= outer.top - inner.top;
  }
}

/** What a redraw must not leave out of sight inside the dock's scrolling part (it starts at
 *  its top again): the control the focus is kept on (board-access.js), then the buttons of a
 *  choice to confirm, then a refused number's reason. */
function keepChoiceInSight(dock) {
  if (!dock) return;
  if (dock.contains(document.activeElement)) keepInDockSight(document.activeElement);
  const confirm = dock.querySelector("[data-role='confirm']");
  if (confirm) keepInDockSight(confirm.querySelector(".buttons") || confirm);
  keepInDockSight(dock.querySelector("[data-role='refusal']:not(:empty)"));
}

function roomAbove(dock) {
  const bar = document.querySelector(".topbar");
  const top = (bar ? bar.getBoundingClientRect().bottom : 0) + ROOM;
  const bottom = window.innerHeight - (docked(dock) ? dock.getBoundingClientRect().height : 0) - ROOM;
  return { top, bottom };
}

/** A dock that scrolls with the page brought up until its foot is in sight, its top never
 *  under the top bar. */
function footInSight(dock) {
  const box = dock.getBoundingClientRect();
  const { top, bottom } = roomAbove(dock);
  if (box.bottom > bottom) window.scrollBy(0, Math.min(box.bottom - bottom, box.top - top));
}

/** A dock that scrolls with the page, when the prompt asks for nothing on the board above it:
 *  brought whole into sight, its foot at the screen's, when the room under the top bar holds
 *  it (Qwarks' answer); else, out of sight below, its top brought up to a third of the screen. */
function bringDockIntoView(dock) {
  if (!dock || docked(dock)) return;
  const box = dock.getBoundingClientRect();
  const { top, bottom } = roomAbove(dock);
  if (box.height <= bottom - top) footInSight(dock);
  else if (box.top > window.innerHeight - 3 * ROOM) window.scrollBy(0, box.top - window.innerHeight / 3);
}

function bringIntoView(board, dock) {
  const target = firstTarget(board, dock);
  if (!target) {
    bringDockIntoView(dock);
    return null;
  }
  const { top, bottom } = roomAbove(dock);
  const box = target.getBoundingClientRect();
  if (box.top >= top && box.bottom <= bottom) return target;
  // a target taller than the room left shows its top, under the top bar
  const by = box.top < top || box.height > bottom - top ? box.top - top : box.bottom - bottom;
  window.scrollBy(0, by);
  return target;
}

// What is kept above the dock while ``holder`` (a seat's connection) is asked something. The
// ``focus`` is what the player works with: a redraw replaces every element, so it is held as
// its ``path`` (its place among the board's children, where the same renderer draws its
// equivalent again), with its ``box`` on the page for when the path leads nowhere, and the
// page's scroll then (``scrolled``): once the player scrolls on their own, the page is theirs
// until they click on the board again. ``height`` is the dock's when last measured; null when
// unknown: the next measure only notes it.
const kept = { board: null, holder: null, asking: false, focus: null, dock: null, height: null };

function focusOn(node) {
  const path = [];
  for (let n = node; n !== kept.board; n = n.parentElement) path.unshift([...n.parentElement.children].indexOf(n));
  const box = node.getBoundingClientRect();
  const scrolled = window.scrollY;
  kept.focus = { path, tag: node.tagName, box: { top: box.top + scrolled, bottom: box.bottom + scrolled }, scrolled };
}

/** The focus on the screen now: its element as drawn now, else the place where it was. */
function focusBox() {
  const { path, tag, box } = kept.focus;
  let node = kept.board;
  for (const index of path) node = node && node.children[index];
  if (node && node.tagName === tag && node.getClientRects().length) return node.getBoundingClientRect();
  return { top: box.top - window.scrollY, bottom: box.bottom - window.scrollY };
}

// a click on the board, outside the dock, on something to click: what the player works with
document.addEventListener("click", (event) => {
  const board = kept.board;
  if (!board || !(event.target instanceof Element) || !board.contains(event.target)) return;
  const target = event.target.closest(TARGETS);
  const dock = board.querySelector("[data-role='dock']");
  if (target && board.contains(target) && !(dock && dock.contains(target))) focusOn(target);
}, true);

/** The dock, drawn anew or changed in place, measures ``height``: when it grew, the focus it
 *  now covers is scrolled above it, no further than its top under the bar; not when the
 *  player scrolled since, nor when the focus was out of sight above the dock before. A dock
 *  that scrolls with the page grows downwards instead: its foot, in sight before, is kept so. */
function keepAbove(height) {
  const before = kept.height;
  kept.height = height;
  const focus = kept.focus;
  if (before === null || height <= before + 1 || !kept.asking) return;
  if (kept.dock && !docked(kept.dock)) {
    if (kept.dock.getBoundingClientRect().bottom - (height - before) <= window.innerHeight) footInSight(kept.dock);
    return;
  }
  if (!focus) return;
  if (Math.abs(window.scrollY - focus.scrolled) > 1) return;
  const box = focusBox();
  const { top, bottom } = roomAbove(kept.dock);
  if (box.top >= window.innerHeight - before || box.bottom <= top - ROOM) return;
  const by = Math.min(box.bottom - bottom, box.top - top);
  if (by <= 0) return;
  window.scrollBy(0, by);
  focus.scrolled = window.scrollY;
}

// One observer for the dock on the board now: a redraw brings a new dock, whose first measure
// is compared with the last one's. A dock taken away with no new one (a replay, a closed
// table) leaves nothing to compare with.
const docks = new ResizeObserver(() => {
  const dock = kept.dock;
  if (!dock || "styling" in document.documentElement.dataset) return;
  if (dock.isConnected) {
    markTall(dock);
    keepAbove(dock.getBoundingClientRect().height);
  } else Object.assign(kept, { focus: null, height: null });
});

function watchDock(board) {
  const dock = board.querySelector("[data-role='dock']");
  if (dock === kept.dock) return;
  docks.disconnect();
  kept.dock = dock;
  if (dock) docks.observe(dock);
}

/** After a board is drawn for ``holder`` (a seat's connection): when ``prompt`` (what tells
 *  this prompt from the seat's last one; empty when nothing is asked) is new, bring
 *  the first thing it asks for into view above the dock. A redraw of the same prompt moves
 *  nothing, unless the dock grew over what the player works with: a player who scrolled
 *  away stays where they are. */
export function showPrompted(board, holder, prompt) {
  if (kept.board !== board || kept.holder !== holder) {
    Object.assign(kept, { board, holder, focus: null, height: null });
  }
  kept.asking = Boolean(prompt);
  watchDock(board);
  whenStyled(() => {
    const dock = board.querySelector("[data-role='dock']");
    markTall(dock);
    keepChoiceInSight(dock);
  });
  if (!prompt || holder.prompted === prompt) return;
  holder.prompted = prompt;
  kept.focus = null;
  kept.height = null; // measured once the new prompt's first target is in view
  whenStyled(() => {
    const dock = board.querySelector("[data-role='dock']");
    const target = bringIntoView(board, dock);
    if (target) focusOn(target);
    kept.height = dock ? dock.getBoundingClientRect().height : null;
  });
}

/** ``data-more`` on ``box`` names the sides where its content is out of sight: "left" and
 *  "right" for a row that scrolls sideways, "up" and "down" for a box that scrolls up and down. */
function markMore(box, vertical = false) {
  const [start, size, whole, sides] = vertical ? [box.scrollTop, box.clientHeight, box.scrollHeight, ["up", "down"]]
    : [box.scrollLeft, box.clientWidth, box.scrollWidth, ["left", "right"]];
  const more = [];
  if (start > 1) more.push(sides[0]);
  if (start + size < whole - 1) more.push(sides[1]);
  if (more.length) box.dataset.more = more.join(" ");
  else delete box.dataset.more;
}

// The parts of a dock that scroll up and down when it is full: its dock-scroll box, and the
// buttons under a prompt that stays (Quirks' and Quirky Quarks' action bars on a phone).
const PARTS = ":is(.dock-scroll, .dock-scroll > .controls)";
const SCROLLING = `[data-role='dock'] ${PARTS}`;

/** Each hand row on ``board`` that scrolls sideways, and each part of its dock that scrolls up
 *  and down, says so: ``data-more`` names the sides where cards or buttons are out of sight
 *  ("left", "right", "left right"; "up", "down", "up down"), which quarkade.css fades. */
export function markScrollingRows(board) {
  whenStyled(() => {
    for (const row of board.querySelectorAll("[data-role='hand']")) {
      markMore(row);
      row.addEventListener("scroll", () => markMore(row), { passive: true });
    }
    for (const box of board.querySelectorAll(SCROLLING)) {
      markMore(box, true);
      box.addEventListener("scroll", () => markMore(box, true), { passive: true });
    }
  });
}

// a turned phone or a narrowed window: the rows' overflow, and the third of the screen a dock
// may take, change without a redraw
window.addEventListener("resize", () => {
  for (const row of document.querySelectorAll("#board [data-role='hand']")) markMore(row);
  markTall(document.querySelector("#board [data-role='dock']"));
  for (const box of document.querySelectorAll(`#board ${SCROLLING}`)) markMore(box, true);
});
