"""`Refused`: a request the server turns down with nothing changed, and the refusals
that several services share. Consumers and views send `code` and `message` to clients."""

from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext as _

from accounts.models import User


class Refused(Exception):
    """A request the server turns down; nothing changed. `code` is for clients."""

    def __init__(self, code: str, message: str, *, current: tuple[int, int] | None = None,
                 url: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        # For `stale`: the match and version the table is at.
        self.current = current
        # For `seated_elsewhere`: the table the player is playing at.
        self.url = url


def stale(match_id: int, version: int) -> Refused:
    return Refused("stale", _("The table has moved on; here is the current state."),
                   current=(match_id, version))


def removed() -> Refused:
    return Refused("removed", _("A moderator removed you from this table."))


def closed() -> Refused:
    return Refused("closed", _("This room was closed by a moderator."))


def require_login(user: User | AnonymousUser) -> User:
    if not user.is_authenticated:
        raise Refused("login_required", _("Log in to take a seat."))
    return user


def require_seat_number(seat: Any) -> int:
    """A seat number from a client: an int from 0 to 3, nothing else."""
    if type(seat) is not int or not 0 <= seat <= 3:
        raise Refused("bad_seat", _("Seats are numbered 0 to 3."))
    return seat
