// Dates and times in the reader's time zone (the one in their settings, else the browser's). The server writes every <time data-when> in
// its own zone, labelled (games/dates.py: "3 December 2026, 14:05 UTC"); this rewrites each
// in the browser's zone, in the same shape and the page's language, labelled with that zone
// ("3 December 2026, 15:05 CET"; the zone's full name in the title). A date alone
// (data-when="date") is the day in the reader's zone. Without this script, the server's
// text stays: right, only in UTC.

const lang = document.documentElement.lang || "en";
// Day, month's name, year in both languages; digits as everywhere on the site.
const arabic = lang.startsWith("ar");
const locale = (arabic ? "ar" : "en-GB") + "-u-nu-latn";
// The player's own time zone (their settings; base.html) over the browser's.
const chosenZone = document.documentElement.dataset.timeZone || undefined;
const zone = { timeZone: chosenZone };
const dayFormat = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", ...zone });
const timeFormat = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", ...zone });
const zoneFormat = new Intl.DateTimeFormat(locale, { timeZoneName: "short", ...zone });
const zoneName = chosenZone || Intl.DateTimeFormat().resolvedOptions().timeZone;

function zoneOf(moment) {
  const part = zoneFormat.formatToParts(moment).find((p) => p.type === "timeZoneName");
  return part ? part.value : zoneName;
}

export function whenText(moment, kind = "datetime") {
  const day = dayFormat.format(moment);
  if (kind === "date") return day;
  return `${day}${arabic ? "، " : ", "}${timeFormat.format(moment)} ${zoneOf(moment)}`;
}

export function localTimes(root = document) {
  for (const el of root.querySelectorAll("time[data-when][datetime]")) {
    const moment = new Date(el.getAttribute("datetime"));
    if (Number.isNaN(moment.getTime())) continue;
    const kind = el.dataset.when;
    el.textContent = whenText(moment, kind);
    if (kind !== "date" && zoneName) el.title = zoneName;
    el.dataset.local = "1";
  }
}

localTimes();
