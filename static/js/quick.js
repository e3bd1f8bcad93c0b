// Quick play's waiting screen: the seconds until bots take the empty seats, counted down,
// and "Play now with bots" for a player seated there. It goes once the match starts
// (room.js writes the room's status on #game).

const panel = document.getElementById("quick-wait");
const game = document.getElementById("game");
const count = panel.querySelector(".quick-count");
const coming = panel.querySelector(".quick-coming");
const now = panel.querySelector(".quick-now");
const form = panel.querySelector(".quick-form");
const error = panel.querySelector(".quick-error");
const until = Date.now() + Number(panel.dataset.seconds) * 1000;
let timer = null;

function update() {
  const status = game.dataset.status;
  const waiting = !status || status === "waiting";
  if (!waiting) {
    if (!panel.hidden) {
      panel.hidden = true;
      clearInterval(timer);
      window.dispatchEvent(new Event("resize")); // the table takes the room it leaves
    }
    return;
  }
  const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
  count.textContent = String(left);
  coming.hidden = left === 0;
  now.hidden = left > 0;
  // Only a player seated here may call the bots.
  if (form) form.hidden = left === 0 || !game.dataset.seat;
}

if (form) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector("button");
    button.disabled = true;
    error.hidden = true;
    try {
      const response = await fetch(form.action, { method: "POST", body: new FormData(form),
        headers: { Accept: "application/json" }, credentials: "same-origin" });
      const answer = await response.json();
      if (!response.ok) {
        error.textContent = answer.message;
        error.hidden = false;
      }
    } catch (err) {
      error.textContent = gettext("Not connected: trying again in a moment.");
      error.hidden = false;
    }
    button.disabled = false;
  });
}

new MutationObserver(update).observe(game, { attributes: true, attributeFilter: ["data-status", "data-seat"] });
timer = setInterval(update, 1000);
update();
