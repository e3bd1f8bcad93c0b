"""The leavers' rules, in plain Python (no Django): what counts as an abandonment, how long
the cool-down it brings lasts, and when clean matches forgive one. docs/leavers.md says
the same in words; playban.services applies it to the database.
"""

from datetime import datetime, timedelta

# Why a player's match counts as abandoned (the values are playban.models.Abandonment.Reason's).
TIMER, REMOVED, LEFT = "timer", "removed", "left"

# The cool-down after the 1st, 2nd, 3rd and 4th (or later) abandonment that still counts.
COOL_DOWNS = (timedelta(minutes=15), timedelta(hours=1), timedelta(hours=3), timedelta(hours=24))
# An abandonment stops counting this long after it, as lichess's playbans fade.
WINDOW = timedelta(days=30)
# Each run of this many clean matches in a row forgives one abandonment that still counts.
CLEAN_MATCHES_TO_FORGIVE = 3


def abandonment(turns: int, timer_turns: int, *, removed: bool, left: bool = False) -> str | None:
    """Why a player abandoned a finished match, or None: a moderator removed them, they left
    the table, or the timer played more than half of their turns (one timeout at a table is
    nothing)."""
    if removed:
        return REMOVED
    if left:
        return LEFT
    if timer_turns * 2 > turns:
        return TIMER
    return None


def counts(at: datetime, now: datetime) -> bool:
    """Whether an abandonment made at `at` (and not forgiven) still counts at `now`."""
    return now - at < WINDOW


def cool_down(counting: int) -> timedelta:
    """The cool-down an abandonment brings when `counting` abandonments count, itself included."""
    if counting < 1:
        raise ValueError("a cool-down follows at least one abandonment")
    return COOL_DOWNS[min(counting, len(COOL_DOWNS)) - 1]


def forgives(clean_in_a_row: int) -> bool:
    """Whether the clean match that makes `clean_in_a_row` forgives an abandonment."""
    return clean_in_a_row > 0 and clean_in_a_row % CLEAN_MATCHES_TO_FORGIVE == 0
