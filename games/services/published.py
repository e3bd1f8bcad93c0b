"""What sockets see: a room's state for each of its seats and its spectators, and the
lobby's list of rooms. Built by the services under their lock and sent once the
transaction commits, so nobody sees what was rolled back."""

from collections.abc import Iterable
from datetime import datetime
from typing import Literal, NamedTuple

import orjson
from django.db import transaction
from django.db.models import Case, Count, Exists, OuterRef, Prefetch, Q, Subquery, When
from django.utils import timezone

from games import bot_names, engine, groups
from games.models import Match, Room, Seat
from games.protocol import LobbyRoomEvent, MatchState, RoomStateEvent, RoomSummary, SeatSummary, StateMessage
from games.services.sitters import is_away
from tarneeb.realtime import publish, publish_many


class SeatView(NamedTuple):
    """Who sits at a seat, as the lobby and the table show it."""

    number: int
    user_id: int
    username: str
    away: bool = False
    removed: bool = False
    bot: str = ""  # the level of a bot account
    left: bool = False
    name: str = ""  # a bot's name at the table (games.bot_names)
    here: bool = True  # a bot, or a person whose page is open at the table


def _unix_ms(moment: datetime | None) -> int | None:
    return None if moment is None else int(moment.timestamp() * 1000)


def room_summary(room: Room, seats: Iterable[SeatView], match: Match | None) -> RoomSummary:
    """The room as the lobby and the table show it; `match` is the room's latest."""
    by_seat: list[SeatSummary | None] = [None] * 4
    for seat in seats:
        by_seat[seat.number] = SeatSummary(seat=seat.number, username=seat.username, away=seat.away,
                                           removed=seat.removed, left=seat.left, bot=seat.bot or None,
                                           name=bot_names.in_languages(seat.name) if seat.bot else None)
    status: Literal["waiting", "playing", "over"] = (
        "waiting" if match is None else "playing" if match.status == Match.Status.PLAYING else "over")
    seated = 4 - by_seat.count(None)
    people = [seat for seat in seats if not seat.bot]
    return RoomSummary(id=room.pk, name=room.name, quick=room.quick, quick_number=room.quick_number,
                       variant=room.variant,
                       target=room.target, turn_seconds=room.turn_seconds, private=room.private,
                       closed=room.closed, chat=room.chat,
                       owner=room.owner.username, seats=by_seat, status=status,
                       url=room.get_absolute_url(), arranged=room.arranged,
                       listed=in_lobby(private=room.private, closed=room.closed, status=status,
                                       seated=seated, people=len(people), quick=room.quick,
                                       present=any(seat.here for seat in people)))


def in_lobby(*, private: bool, closed: bool, status: str, seated: int, people: int = 0, quick: bool = False,
             present: bool = False) -> bool:
    """Whether the lobby lists a room: open, and waiting, playing, or over with a person
    still seated and a seat free (a rematch needs a fourth). A full room whose match is
    over leaves until a rematch brings it back as playing; one with bots alone, or none,
    is done. A Quick play room over is listed only while a person there has its page open:
    its people came for one match, and its bots would otherwise wait there for nobody."""
    if private or closed:
        return False
    if status != "over":
        return True
    return people > 0 and seated < 4 and (present or not quick)


def room_snapshot(room_id: str) -> RoomStateEvent | None:
    room = Room.objects.select_related("owner").filter(pk=room_id).first()
    if room is None:
        return None
    match = room.matches.order_by("-started_at").first()
    return _snapshot(room, match, match.game if match else None, _seated(room, match))


def _seated(room: Room, match: Match | None) -> list[SeatView]:
    if match is not None and match.status == Match.Status.PLAYING:
        return seated_at(match)
    return _seat_views(room.seats.select_related("user"))


def _seat_views(seats: Iterable[Seat]) -> list[SeatView]:
    now = timezone.now()
    return [SeatView(seat.number, seat.user_id, seat.user.username, bot=seat.user.bot_level,
                     name=seat.bot_name or bot_names.KEYS[seat.number],
                     here=seat.bot or (seat.here_until is not None and seat.here_until > now))
            for seat in seats]


def seated_at(match: Match) -> list[SeatView]:
    """The match's seating: nobody stands up mid-match, so it is the room's too. Nobody
    is away once the match is over."""
    live = match.status == Match.Status.PLAYING
    return [SeatView(number, sitter["user"], sitter["username"], away=live and is_away(sitter),
                     removed=live and bool(sitter.get("removed")), bot=sitter.get("bot", ""),
                     left=live and bool(sitter.get("left")), name=bot_names.key_of(sitter, number))
            for number, sitter in enumerate(match.seating)]


def _snapshot(room: Room, match: Match | None, game: engine.Match | None,
              seats: list[SeatView]) -> RoomStateEvent:
    """Every seat's state message and the spectators', as one channel-layer message.

    Each socket forwards its own (games.consumers): hands never reach another seat's
    socket. The states travel as JSON text, encoded once here rather than once per socket,
    by orjson: the standard library's encoder was a twentieth of a daphne's CPU.
    """
    summary = room_summary(room, seats, match)
    seat_of_user = {str(seat.user_id): seat.number for seat in seats}
    live = match is not None and match.status == Match.Status.PLAYING
    # A seat its player left, or was removed from, is the bot's to play: no buttons for them.
    gone = {seat.number for seat in seats if seat.left or seat.removed}

    def state(seat: int | None) -> str:
        message = StateMessage(type="state", v=0, room=summary, you={"seat": seat}, match=None, legal=[],
                               deadline=None)
        if match is not None and game is not None:
            message["v"] = match.version
            message["match"] = MatchState(**game.view(seat), id=match.pk, fairness=match.fairness)
            if live and seat is not None and game.to_act == seat and seat not in gone:
                message["legal"] = game.legal_actions()
            if live and game.to_act is not None:
                message["deadline"] = _unix_ms(match.deadline)
        return orjson.dumps(message).decode()

    states = {str(seat): state(seat) for seat in range(4)}
    states["watch"] = state(None)
    return RoomStateEvent(type="room.state", room=summary, seats=seat_of_user, states=states,
                          match=match.pk if match else None, v=match.version if match else 0)


def presence(room_id: str) -> dict[str, bool]:
    """Whether each seated person's page is open at the room, by seat (bots always are):
    the table marks the others disconnected (games.services.room_life.here and gone)."""
    now = timezone.now()
    seats = Seat.objects.filter(room_id=room_id).values_list("number", "bot", "here_until")
    return {str(number): bot or (until is not None and until > now) for number, bot, until in seats}


def close_sockets_of(user_id: int, why: Literal["deleted", "password_changed"]) -> None:
    """An account deleted, or its password changed (once committed): every socket of it
    closes (games.consumers)."""
    transaction.on_commit(lambda: publish(groups.user(user_id), {"type": f"user.{why}"}))


def publish_presence(room_id: str) -> None:
    """A seat's person came or went: every socket at the room hears it now (not on a move)."""
    publish(groups.room(room_id), {"type": "room.presence", "seats": presence(room_id)})


def publish_match(match: Match, game: engine.Match, *, lobby: bool) -> None:
    """After a change to a match in play, what every socket at its room sees (on commit);
    the lobby hears of it only when `lobby`."""
    _publish_room(match.room, match, game, seated_at(match), lobby=lobby)


def _publish_room(room: Room, match: Match | None, game: engine.Match | None, seats: list[SeatView], *,
                  lobby: bool = True) -> None:
    """Build what every socket at `room` sees now; send it once the transaction commits."""
    snapshot = _snapshot(room, match, game, seats)
    messages: list[tuple[str, RoomStateEvent | LobbyRoomEvent]] = [(groups.room(room.pk), snapshot)]
    if lobby and not room.private:
        messages.append((groups.LOBBY, LobbyRoomEvent(type="lobby.room", room=snapshot["room"])))
    transaction.on_commit(lambda: publish_many(messages))


def broadcast_room(room: Room) -> None:
    """After a change to a room (a seat, a close), what its sockets and the lobby see, on
    commit."""
    match = room.matches.order_by("-started_at").first()
    _publish_room(room, match, match.game if match else None, _seated(room, match))


def announce_room(room_id: str) -> None:
    room = Room.objects.select_related("owner").get(pk=room_id)
    if not room.private:
        match = room.matches.first()
        publish(groups.LOBBY, LobbyRoomEvent(type="lobby.room", room=room_summary(room, _seated(room, match),
                                                                                  match)))


def lobby_rooms(limit: int = 50) -> list[RoomSummary]:
    """The rooms the lobby lists (`in_lobby`): those where someone sits first, then the
    empty ones, newest first in each, so that empty rooms, however many, never push a table
    with people waiting out of the list. What its page shows first and its socket sends on
    connect."""
    latest = Match.objects.filter(room=OuterRef("pk")).order_by("-started_at").values("status")[:1]
    present = Seat.objects.filter(room=OuterRef("pk"), bot=False, here_until__gt=timezone.now())
    rooms = (Room.objects.filter(private=False, closed=False)
             .annotate(latest=Subquery(latest), seated=Count("seats"),
                       people=Count("seats", filter=Q(seats__bot=False)))
             # in_lobby() in SQL, so rooms that are done do not take the limit's places.
             .filter(Q(latest__isnull=True) | Q(latest=Match.Status.PLAYING)
                     | Q(people__gt=0, seated__lt=4) & (Q(quick=False) | Exists(present)))
             .select_related("owner")
             .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")),
                               Prefetch("matches", queryset=Match.objects.only("room_id", "status")))
             .order_by(Case(When(seated__gt=0, then=0), default=1), "-created_at")[:limit])
    return [room_summary(room, _seat_views(room.seats.all()), next(iter(room.matches.all()), None))
            for room in rooms]
