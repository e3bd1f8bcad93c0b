"""Where the table's parts are on the screen, for the phone tests (issue 27, point 7): the
bid panel, the hand, the player's own seat and the trick, each on the screen and none
covering another."""

SIZES = {"portrait": (375, 812), "landscape": (812, 375), "desktop": (1280, 800)}
BOXES = """() => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height};
  };
  const all = (sel) => [...document.querySelectorAll(sel)].filter(e => e.checkVisibility()).map(box);
  return {
    actions: all('#actions button'), hand: all('#hand .card'), trick: all('#center .trick .card'),
    me: all('#table .seat.me'), seats: all('#table .seat'), panel: all('#actions, #hand'),
    scroll: [window.scrollX, window.scrollY], view: [window.innerWidth, window.innerHeight],
    wide: document.documentElement.scrollWidth,
  };
}"""


def on_screen(box: dict, view: list[int]) -> bool:
    return (box["x"] >= -0.5 and box["y"] >= -0.5 and box["x"] + box["w"] <= view[0] + 0.5
            and box["y"] + box["h"] <= view[1] + 0.5)


def overlap(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["w"] - 0.5 and b["x"] < a["x"] + a["w"] - 0.5
            and a["y"] < b["y"] + b["h"] - 0.5 and b["y"] < a["y"] + a["h"] - 0.5)


def covered(boxes: dict, where: str) -> list[str]:
    """What the bid panel and the hand cover of the player's own seat and the trick."""
    if not boxes["me"]:
        return [f"{where}: no seat of mine"]
    return [f"{where}: {panel} covers {under}"
            for panel in boxes["panel"] + boxes["hand"] + boxes["actions"]
            for under in boxes["me"] + boxes["trick"] if overlap(panel, under)][:2]


def off_screen(boxes: dict, names: tuple[str, ...], where: str) -> list[str]:
    off = [box for name in names for box in boxes[name] if not on_screen(box, boxes["view"])]
    return [f"{where}: {len(off)} off the screen, as {off[0]}"] if off else []


