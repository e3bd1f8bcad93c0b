// A private room's "Copy invite link": the room's address, which is all a friend needs.

import { h } from "./dom.js";

const button = document.getElementById("copy-invite");
const label = button.textContent;
const link = location.origin + location.pathname;

// The clipboard needs a secure context (HTTPS or localhost): elsewhere, or when refused,
// show the link selected so it can be copied by hand.
function showLink() {
  let field = document.getElementById("invite-link");
  if (!field) {
    field = h("input", { id: "invite-link", class: "invite-link", type: "text", readonly: true,
                         dir: "ltr", "aria-label": button.dataset.manual, value: link });
    button.after(field);
  }
  field.focus();
  field.select();
}

button.addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText(link);
  } catch (err) {
    showLink();
    return;
  }
  button.textContent = button.dataset.copied;
  setTimeout(() => { button.textContent = label; }, 2000);
});
