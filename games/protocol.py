"""The shapes of the table's and the lobby's messages (docs/protocol.md).

The services build them, the consumers forward them and outside clients read them
as JSON; stating them here lets the type checker hold the builders to the document.
"""

# No `from __future__ import annotations`: with it, Python 3.11's TypedDict takes a
# NotRequired key (ErrorMessage.url) for a required one at run time.
from typing import Any, Literal, NotRequired, TypedDict

from games.engine.views import View


class SeatSummary(TypedDict):
    seat: int
    username: str
    away: bool  # the timer played two turns in a row: a bot plays them until they are back
    removed: bool  # a moderator removed the player; a bot plays the seat
    left: bool  # the player left the match; a bot plays the seat
    bot: str | None  # a bot account's level
    name: dict[str, str] | None  # a bot's name at this table, by language code ("ar", "en")


class RoomSummary(TypedDict):
    id: str
    name: str
    quick: bool
    quick_number: int | None  # a Quick play room's number, shown in its name
    variant: str
    target: int
    turn_seconds: int
    private: bool
    closed: bool
    chat: bool
    owner: str
    seats: list[SeatSummary | None]  # by seat number; None for an empty seat
    status: Literal["waiting", "playing", "over"]
    url: str
    listed: bool  # whether the lobby lists it
    arranged: bool  # an app seats it (an event's table): no rematch, no seat to take


class MatchState(View):
    id: int
    fairness: dict[str, Any]  # this hand's commitment, the last hand's seed


class You(TypedDict):
    seat: int | None


class StateMessage(TypedDict):
    """What one socket holds after every change at its table: its seat's view only."""

    type: Literal["state"]
    v: int  # the match's version; 0 before the first match
    room: RoomSummary
    you: You
    match: MatchState | None
    legal: list[dict[str, Any]]  # the actions this seat may take now, if it is to act
    deadline: int | None  # Unix ms when the timer moves for the seat to act


class RoomStateEvent(TypedDict):
    """The channel-layer message to a room's group: each socket forwards its own state."""

    type: Literal["room.state"]
    room: RoomSummary
    seats: dict[str, int]  # user id -> seat number
    states: dict[str, str]  # "0".."3" and "watch" -> the StateMessage as JSON text
    match: int | None
    v: int


class LobbyRoomEvent(TypedDict):
    """The channel-layer message to the lobby's group when a listed room changes."""

    type: Literal["lobby.room"]
    room: RoomSummary


class ErrorMessage(TypedDict):
    """Every refusal: a code to act on and a sentence in the reader's language."""

    type: Literal["error"]
    code: str
    message: str
    url: NotRequired[str]  # where to go instead, e.g. the table of a player seated elsewhere
