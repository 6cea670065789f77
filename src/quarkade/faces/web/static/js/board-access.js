// What a keyboard and a screen reader need of a board that is drawn anew on every change:
// the focus kept on the control that had it (or moved to the choice's next step), and the
// "on" state of toggle buttons said as well as shown.

const CONFIRM = "[data-role='confirm'] button[data-confirm='yes']";
const CONTROL = "button, [role='button'], input, select, textarea, a[href], [tabindex]:not([tabindex='-1'])";
// the attributes that tell one control from another across redraws (its classes do not: they
// say its state)
const NAMING = ["id", "name", "aria-label", "placeholder", "type"];
// the classes by which renderers show a toggle button on (qwarks.css, quirks.css, …)
const ON = ["on", "selected"];

/** A control as it will be drawn again: its tag, its data attributes and names, else its words. */
function signature(element) {
  const parts = [element.tagName];
  for (const attribute of element.attributes) {
    if (attribute.name.startsWith("data-") || NAMING.includes(attribute.name)) parts.push(`${attribute.name}=${attribute.value}`);
  }
  if (parts.length === 1) parts.push(`text=${element.textContent.trim()}`);
  return parts.join("|");
}

function usable(element) {
  return element && !element.disabled && element.getClientRects().length > 0;
}

function focusOn(element) {
  element.focus({ preventScroll: true });
  return document.activeElement === element;
}

/** Put ``board`` in ``container`` in place of what it held. When the focus was on the board, it
 *  goes to a Confirm that the redraw brought (the next step of a choice), else back to the control
 *  it was on, found again in the new board; else to the first control of the prompt
 *  ([data-role=actions]), else to the board itself, so that the next Tab goes on from there
 *  instead of from the top of the page. A focus elsewhere on the page is left alone. */
export function drawKeepingFocus(container, board) {
  const before = document.activeElement;
  const inside = Boolean(before) && container.contains(before);
  const onBoard = before === container;
  const hadConfirm = Boolean(container.querySelector(CONFIRM));
  const wanted = inside && !onBoard ? signature(before) : null;
  const caret = wanted && typeof before.selectionStart === "number" ? [before.selectionStart, before.selectionEnd] : null;
  container.replaceChildren(board);
  markPressed(container);
  if (!inside) return;
  const confirm = container.querySelector(CONFIRM);
  if (!hadConfirm && usable(confirm) && focusOn(confirm)) return;
  if (wanted) {
    const again = [...container.querySelectorAll(CONTROL)].find((el) => usable(el) && signature(el) === wanted);
    if (again && focusOn(again)) {
      if (caret && typeof again.setSelectionRange === "function") {
        try {
          again.setSelectionRange(...caret);
        } catch {
          // an input type without a caret (number): nothing to put back
        }
      }
      return;
    }
  }
  const prompt = [...container.querySelectorAll(`[data-role='actions'] :is(${CONTROL})`)].find(usable);
  if (prompt && focusOn(prompt)) return;
  if (!container.hasAttribute("tabindex")) container.setAttribute("tabindex", "-1");
  focusOn(container);
}

/** aria-pressed on every button shown "on" by its class (``on``, ``selected``) that does not say
 *  its state already, and "false" on the buttons of its group (same parent, tag and first
 *  class): a screen reader hears which player is asked, which answer is chosen. */
export function markPressed(root) {
  const buttons = (el) => el.matches("button, [role='button']");
  for (const el of root.querySelectorAll("button, [role='button']")) {
    if (!el.hasAttribute("aria-pressed") && ON.some((name) => el.classList.contains(name))) el.setAttribute("aria-pressed", "true");
  }
  for (const el of root.querySelectorAll("[aria-pressed='true']")) {
    for (const other of el.parentElement ? el.parentElement.children : []) {
      if (other === el || other.hasAttribute("aria-pressed") || !buttons(other)) continue;
      if (other.tagName === el.tagName && other.classList[0] === el.classList[0]) other.setAttribute("aria-pressed", "false");
    }
  }
}
