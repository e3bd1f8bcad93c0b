// The hand's double-dummy chart, after Lichess's evaluation chart: one team's tricks with
// best play from each point on, card by card (13 at the top, 0 at the bottom), the cards
// that cost tricks marked, the replay's position as a line; a click goes to that card.
// Plain SVG, sized to its box in pixels so that its text stays legible on a phone. Time
// runs in the reading direction: left to right in English, right to left in Arabic, as the
// replay's buttons do.

const SVG = "http://www.w3.org/2000/svg";
const CARDS = 52;
const HEIGHT = 128;
const PAD = { start: 26, end: 10, top: 8, bottom: 20 };

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) el.setAttribute(key, String(value));
  }
  for (const child of children) {
    if (child !== null && child !== undefined) el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

// Coordinates are written with two decimals at most, never localised.
const n2 = (x) => Math.round(x * 100) / 100;

// `values[k]`: the team's tricks after k cards (0..52); `marks`: [{k, cost, ours, title}]
// for the cards that cost tricks; `at`: cards played at the replay's position; `target`:
// the tricks the team needs, or null; `label`: the chart's text alternative;
// `onPick(k)`: a click at card k (0: before the first card).
export function drawChart(box, { values, marks, at, target, label, onPick }) {
  const rtl = document.documentElement.dir === "rtl";
  const width = Math.max(240, Math.round(box.clientWidth || 320));
  const [left, right] = rtl ? [PAD.end, width - PAD.start] : [PAD.start, width - PAD.end];
  const top = PAD.top;
  const bottom = HEIGHT - PAD.bottom;
  const x = (k) => n2(rtl ? right - (k / CARDS) * (right - left) : left + (k / CARDS) * (right - left));
  const y = (v) => n2(top + ((13 - v) / 13) * (bottom - top));
  const axisX = rtl ? right + 4 : left - 4;
  const anchor = rtl ? "start" : "end";

  const grid = s("g", { class: "chart-grid", "aria-hidden": "true" });
  for (const v of [0, 13]) {
    grid.append(s("line", { x1: left, x2: right, y1: y(v), y2: y(v) }),
      s("text", { x: axisX, y: y(v), "text-anchor": anchor, "dominant-baseline": "middle" }, String(v)));
  }
  // A line between tricks, the trick's number under its middle (every other on a phone).
  const every = width < 420 ? 2 : 1;
  for (let trick = 1; trick <= 13; trick++) {
    if (trick > 1) grid.append(s("line", { class: "trick-edge", x1: x((trick - 1) * 4), x2: x((trick - 1) * 4), y1: top, y2: bottom }));
    if ((trick - 1) % every === 0) {
      grid.append(s("text", { x: x((trick - 1) * 4 + 2), y: HEIGHT - 5, "text-anchor": "middle" }, String(trick)));
    }
  }
  if (target !== null && target >= 0 && target <= 13) {
    grid.append(s("line", { class: "target", x1: left, x2: right, y1: y(target), y2: y(target) }),
      s("text", { class: "target", x: axisX, y: y(target), "text-anchor": anchor, "dominant-baseline": "middle" },
        String(target)));
  }

  // A step a card: the tricks change only when a card is played.
  let line = `M${x(0)},${y(values[0])}`;
  for (let k = 1; k < values.length; k++) line += ` H${x(k)} V${y(values[k])}`;
  const last = values.length - 1;
  const area = `${line} V${y(0)} H${x(0)} Z`;

  const dots = s("g", { class: "chart-marks" });
  for (const mark of marks) {
    dots.append(s("circle", { cx: x(mark.k), cy: y(values[mark.k]), r: 4,
      class: `mark cost-${Math.min(mark.cost, 2)} ${mark.ours ? "ours" : "theirs"}` },
    s("title", {}, mark.title)));
  }
  const now = s("g", { class: "chart-now", "aria-hidden": "true" },
    s("line", { x1: x(at), x2: x(at), y1: top, y2: bottom }),
    s("circle", { cx: x(at), cy: y(values[Math.min(at, last)]), r: 3.5 }));

  const svg = s("svg", { class: "dd-chart", viewBox: `0 0 ${width} ${HEIGHT}`, width, height: HEIGHT,
    role: "img", "aria-label": label },
  s("rect", { class: "chart-bg", x: Math.min(left, right), y: top, width: Math.abs(right - left), height: bottom - top }),
  grid,
  s("path", { class: "chart-area", d: area }),
  s("path", { class: "chart-line", d: line }),
  now, dots);
  // A click anywhere over the plot: the nearest card (mirrored in Arabic).
  svg.addEventListener("click", (event) => {
    const rect = svg.getBoundingClientRect();
    const px = ((event.clientX - rect.left) / rect.width) * width;
    const share = (rtl ? right - px : px - left) / (right - left);
    onPick(Math.max(0, Math.min(last, Math.round(share * CARDS))));
  });
  box.replaceChildren(svg);
  return svg;
}
