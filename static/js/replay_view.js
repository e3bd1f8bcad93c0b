// The replay's "view from": the table turned so that any seat sits at the bottom, its
// partner at the top, as the live table seats its player. The replay has no seat of its
// own (nobody is "you" in it), so only the turning changes, not the labels.

import { Table } from "./table.js";

const POSITIONS = ["bottom", "right", "top", "left"];

export class ReplayTable extends Table {
  constructor(root, viewFrom) {
    super(root);
    this.viewFrom = viewFrom;
  }

  posOf(seat) {
    return POSITIONS[(seat - this.viewFrom + 4) % 4];
  }
}

// The seat the page starts from: the viewer's own when they played, else seat 0 (as the
// table is drawn for spectators).
export function startingSeat(root) {
  const own = root.dataset.viewerSeat;
  return own === "" || own === undefined ? 0 : Number(own);
}
