// The settings page: the time zone's first choice, "the browser's", names the zone this
// browser is in, so the player sees what they would get without choosing one.

const select = document.getElementById("id_time_zone");
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
if (select && zone && select.options.length) {
  const first = select.options[0];
  first.textContent = `${first.textContent} (${zone})`;
}
