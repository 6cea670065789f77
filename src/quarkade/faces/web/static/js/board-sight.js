// What the board keeps in sight, for every game's renderer. The dock (a renderer's part
// marked data-role="dock": the prompt, the buttons and the hand) stays at the bottom of the
// screen and, on a phone, may take half of it: when a new prompt asks for something the dock
// covers, or that is off screen, the page scrolls it into view above the dock, once for that
// prompt. A row of cards that scrolls sideways fades at the side where more cards are.

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

function bringIntoView(board) {
  const dock = board.querySelector("[data-role='dock']");
  const target = firstTarget(board, dock);
  if (!target) return;
  const bar = document.querySelector(".topbar");
  const top = (bar ? bar.getBoundingClientRect().bottom : 0) + ROOM;
  const bottom = window.innerHeight - (dock ? dock.getBoundingClientRect().height : 0) - ROOM;
  const box = target.getBoundingClientRect();
  if (box.top >= top && box.bottom <= bottom) return;
  // a target taller than the room left shows its top, under the top bar
  const by = box.top < top || box.height > bottom - top ? box.top - top : box.bottom - bottom;
  window.scrollBy(0, by);
}

/** After a board is drawn for ``holder`` (a seat's connection): when ``prompt`` (what tells
 *  this prompt from the seat's last one; empty when nothing is asked) is new, bring
 *  the first thing it asks for into view above the dock. A redraw of the same prompt moves
 *  nothing: a player who scrolled away stays where they are. */
export function showPrompted(board, holder, prompt) {
  if (!prompt || holder.prompted === prompt) return;
  holder.prompted = prompt;
  whenStyled(() => bringIntoView(board));
}

function markMore(row) {
  const more = [];
  if (row.scrollLeft > 1) more.push("left");
  if (row.scrollLeft + row.clientWidth < row.scrollWidth - 1) more.push("right");
  if (more.length) row.dataset.more = more.join(" ");
  else delete row.dataset.more;
}

/** Each hand row on ``board`` that scrolls sideways says so: ``data-more`` names the sides
 *  where cards are out of sight ("left", "right", "left right"), which quarkade.css fades. */
export function markScrollingRows(board) {
  whenStyled(() => {
    for (const row of board.querySelectorAll("[data-role='hand']")) {
      markMore(row);
      row.addEventListener("scroll", () => markMore(row), { passive: true });
    }
  });
}

// a turned phone or a narrowed window: the rows' overflow changes without a redraw
window.addEventListener("resize", () => {
  for (const row of document.querySelectorAll("#board [data-role='hand']")) markMore(row);
});
