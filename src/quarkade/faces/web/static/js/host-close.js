// The host's "Close the table" button: the server ends the table, tells everyone at it,
// and the table leaves the lobby. Asked twice, since nothing brings the table back.

import { api, h, toast } from "./util.js";

export function closeButton(tableId, hostToken) {
  let armed = false;
  const button = h("button", { class: "small danger", id: "close-table", type: "button", title: "End this table for everyone" }, "Close the table");
  button.addEventListener("click", async () => {
    if (!armed) {
      armed = true;
      button.textContent = "Click again to close it for everyone";
      setTimeout(() => {
        armed = false;
        button.textContent = "Close the table";
      }, 4000);
      return;
    }
    button.disabled = true;
    try {
      await api(`/api/tables/${encodeURIComponent(tableId)}/close`, { method: "POST", body: { token: hostToken } });
    } catch (error) {
      toast(error.message);
      button.disabled = false;
    }
  });
  return button;
}

/** What the page shows once its table was closed. */
export function closedPanel(reason) {
  return h("div", { class: "panel closed-table", id: "table-closed" },
    h("h2", {}, "This table is closed"),
    h("p", { class: "muted" }, `${reason[0].toUpperCase()}${reason.slice(1)}.`),
    h("p", {}, h("a", { class: "button primary", href: "/" }, "Back to the lobby")));
}
