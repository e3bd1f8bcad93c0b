"""Who plays a seat of a match: its person, a standard bot while that person is away or
after they left or a moderator removed them, or a bot account. Read from `Match.seating`, which the
move path writes."""

from typing import Any

from accounts.models import User
from games.models import Match

# A player whose turns the timer played this many times in a row is away: a standard bot
# plays for them, as for a seat a moderator removed its player from.
AWAY_AFTER_TIMEOUTS = 2
AWAY_LEVEL = "standard"


def is_away(sitter: dict[str, Any]) -> bool:
    # A seat left or removed is away for good: nobody is coming back to it.
    if sitter.get("bot"):
        return False
    return bool(sitter.get("removed") or sitter.get("left")) or sitter["timeouts"] >= AWAY_AFTER_TIMEOUTS


def bot_level(sitter: dict[str, Any]) -> str | None:
    """The level of the bot that plays `sitter`'s turns: a bot account's own, a standard
    bot for a player who is away or was removed; None when a person plays them."""
    if sitter.get("bot"):
        return str(sitter["bot"])
    return AWAY_LEVEL if is_away(sitter) else None


def gone_from(match: Match | None, user: User) -> bool:
    """Whether `user` is no longer at `match`: they left it, or a moderator removed them."""
    return match is not None and any(
        sitter["user"] == user.pk and bool(sitter.get("left") or sitter.get("removed"))
        for sitter in match.seating)


def removed_from(match: Match | None, user: User) -> bool:
    """Whether a moderator removed `user` from `match`: they cannot sit at its room again."""
    return match is not None and any(sitter["user"] == user.pk and sitter.get("removed")
                                     for sitter in match.seating)
