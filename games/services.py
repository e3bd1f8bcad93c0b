"""Everything that changes a room or a match happens here, under a row lock.

Every move, whoever makes it, is applied by `_apply` with the match row locked: a
player's or a bot's through `play()`, which checks the version first; the turn timer's
and the next deal through `play_deadline()`, which checks the deadline. `_apply` applies
the move with the engine, appends it to the event log, stores the next deadline (beat's
sweep is the timer) and schedules the broadcast for after the commit. Check, then do,
under the lock; send on commit.
"""

import json
import logging
import secrets
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any, Literal, NamedTuple

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import IntegrityError, transaction
from django.db.models import Count, OuterRef, Prefetch, Q, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games import engine, fairness, groups, match_row, models
from games.models import MAX_TURN_SECONDS, MIN_TURN_SECONDS, Match, MatchEvent, MatchPlayer, Room, Seat
from games.protocol import LobbyRoomEvent, MatchState, RoomStateEvent, RoomSummary, SeatSummary, StateMessage
from history import hands
from playban import services as playban
from ratings.rate import rate_match
from tarneeb.realtime import publish, publish_many

log = logging.getLogger(__name__)

PLAYER, TIMER, SYSTEM, BOT = (MatchEvent.Actor.PLAYER, MatchEvent.Actor.TIMER, MatchEvent.Actor.SYSTEM,
                              MatchEvent.Actor.BOT)
DEAL = {"type": "deal"}
# A player whose turns the timer played this many times in a row is away: a standard bot
# plays for them, as for a seat a moderator removed its player from.
AWAY_AFTER_TIMEOUTS = 2
AWAY_LEVEL = "standard"
# Behind a bot's move, the timer waits this long past the bot's pause.
BOT_GRACE_SECONDS = 3


class SeatView(NamedTuple):
    """Who sits at a seat, as the lobby and the table show it."""

    number: int
    user_id: int
    username: str
    away: bool = False
    removed: bool = False
    bot: str = ""  # the level of a bot account


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


def _stale(match_id: int, version: int) -> Refused:
    return Refused("stale", _("The table has moved on; here is the current state."),
                   current=(match_id, version))


# Rooms and seats

def create_room(owner: User, *, name: str, variant: str, target: int, turn_seconds: int,
                private: bool, chat: bool = True) -> Room:
    if variant == "forty_one":
        target = 41
    if not MIN_TURN_SECONDS <= turn_seconds <= MAX_TURN_SECONDS:
        raise Refused("bad_setting", _("Turn time must be between 5 and 120 seconds."))
    room = Room.objects.create(owner=owner, name=name, variant=variant, target=target,
                               turn_seconds=turn_seconds, private=private, chat=chat)
    transaction.on_commit(lambda: announce_room(room.pk))
    return room


def quick_play(user: User) -> Room:
    """Seat `user` at a public Classic table to 41 that has not started, or open one."""
    _require_no_cool_down(user)
    _require_no_live_seat(user)
    with transaction.atomic():
        already = Room.objects.filter(seats__user=user, private=False, closed=False,
                                      matches__isnull=True).first()
        if already is not None:
            return already
        candidates = (Room.objects.select_for_update()
                      .filter(variant="classic", target=41, private=False, closed=False)
                      .exclude(matches__isnull=False)
                      .order_by("created_at"))
        for room in candidates:
            taken = set(room.seats.values_list("number", flat=True))
            if len(taken) < 4:
                _take_seat(room, user, min(set(range(4)) - taken))
                return room
        # Stored in English; readers see Room.display_name, in their own language.
        room = Room.objects.create(owner=user, name="Quick play", quick=True, variant="classic",
                                   target=41, turn_seconds=30)
        _take_seat(room, user, 0)
        _fill_with_bots_later(room.pk)
        return room


def _fill_with_bots_later(room_id: str) -> None:
    """Nobody waits long for a fourth person: bots fill the seats (games.bot_players)."""
    def send() -> None:
        from games.tasks import fill_quick_room

        fill_quick_room.apply_async((room_id,), countdown=settings.QUICK_PLAY_BOT_SECONDS)

    transaction.on_commit(send)


def sit(room_id: str, user: User | AnonymousUser, seat: Any) -> None:
    user = _require_login(user)
    if type(seat) is not int or not 0 <= seat <= 3:
        raise Refused("bad_seat", _("Seats are numbered 0 to 3."))
    _require_no_cool_down(user)
    _require_no_live_seat(user, except_room=room_id)
    with transaction.atomic():
        room = _locked_room(room_id)
        if room.closed:
            raise Refused("closed", _("This room was closed by a moderator."))
        if _current_match(room) is not None:
            raise Refused("started", _("The match has already started."))
        if _removed_from(room.matches.first(), user):
            raise _removed()
        if room.seats.filter(user=user).exists():
            raise Refused("already_seated", _("You already have a seat at this table."))
        if room.seats.filter(number=seat).exists():
            raise Refused("seat_taken", _("That seat is taken."))
        _take_seat(room, user, seat)


def stand(room_id: str, user: User | AnonymousUser) -> None:
    user = _require_login(user)
    with transaction.atomic():
        room = _locked_room(room_id)
        if _current_match(room) is not None:
            raise Refused("started", _("You cannot leave your seat during a match."))
        if not room.seats.filter(user=user, bot=False).delete()[0]:
            raise Refused("not_seated", _("You are not seated at this table."))
        if not room.seats.filter(bot=False).exists():
            room.seats.all().delete()  # bots do not keep a table nobody is coming to
        _broadcast_room(room)


def rematch(room_id: str, user: User | AnonymousUser) -> None:
    user = _require_login(user)
    with transaction.atomic():
        room = _locked_room(room_id)
        if room.closed:
            raise Refused("closed", _("This room was closed by a moderator."))
        if not room.seats.filter(user=user).exists():
            raise Refused("not_seated", _("Only seated players can start a rematch."))
        if _current_match(room) is not None:
            raise Refused("started", _("The match is still being played."))
        if room.seats.count() < 4:
            raise Refused("seats_free", _("Four players are needed."))
        _start_match(room)


def _removed() -> Refused:
    return Refused("removed", _("A moderator removed you from this table."))


def _removed_from(match: Match | None, user: User) -> bool:
    """Whether a moderator removed `user` from `match`: they cannot sit at its room again."""
    return match is not None and any(sitter["user"] == user.pk and sitter.get("removed")
                                     for sitter in match.seating)


def _require_login(user: User | AnonymousUser) -> User:
    if not user.is_authenticated:
        raise Refused("login_required", _("Log in to take a seat."))
    return user


def _require_no_cool_down(user: User) -> None:
    """A player who left matches waits out their cool-down before sitting (docs/leavers.md)."""
    if (abandonment := playban.cool_down(user)) is not None:
        raise Refused("cooling_down", playban.refusal(abandonment))


def _require_no_live_seat(user: User, except_room: str | None = None) -> None:
    """One live seat per player: sitting elsewhere mid-match would leave the timer playing
    their first table. A player a moderator removed is no longer at that match."""
    for match in (Match.objects.filter(status=Match.Status.PLAYING, players__user=user)
                  .exclude(room_id=except_room).select_related("room")):
        if not _removed_from(match, user):
            raise Refused("seated_elsewhere",
                          _("You are playing a match at “%(room)s”: finish it first.")
                          % {"room": match.room.display_name}, url=match.room.get_absolute_url())


def _locked_room(room_id: str) -> Room:
    try:
        return Room.objects.select_for_update().get(pk=room_id)
    except Room.DoesNotExist:
        raise Refused("no_room", _("This room does not exist.")) from None


def _take_seat(room: Room, user: User, number: int) -> None:
    try:
        with transaction.atomic():
            Seat.objects.create(room=room, number=number, user=user, bot=user.is_bot)
    except IntegrityError:
        raise Refused("seat_taken", _("That seat is taken.")) from None
    if room.seats.count() == 4:
        _start_match(room)
    else:
        _broadcast_room(room)


def _current_match(room: Room) -> Match | None:
    return room.matches.filter(status=Match.Status.PLAYING).first()


def _start_match(room: Room) -> None:
    game = engine.new_match(room.variant, dealer=secrets.randbelow(4), target=room.target)
    seats = list(room.seats.select_related("user").order_by("number"))
    match = Match.objects.create(
        room=room, variant=room.variant, target=game.target, first_dealer=game.dealer,
        state=game.to_dict(),
        seating=[{"user": seat.user_id, "username": seat.user.username, "timeouts": 0,
                  **({"bot": seat.user.bot_level} if seat.bot else {})} for seat in seats])
    MatchPlayer.objects.bulk_create(
        MatchPlayer(match=match, seat=seat.number, user_id=seat.user_id) for seat in seats)
    _apply(match, game, seat=None, actor=SYSTEM, action=DEAL)


# Moves: the one path

def play(match_id: int, *, seat: int | None, action: Any, version: Any, actor: str = PLAYER) -> Match:
    """Apply one move for `seat` at match `version`; raise Refused and change nothing if it
    is not allowed. Deals are the system's move (`actor=SYSTEM`, `action={"type": "deal"}`)."""
    with transaction.atomic():
        match = _locked_match(match_id)
        if match.status != Match.Status.PLAYING:
            raise Refused("finished", _("This match is over."))
        if type(version) is not int or version != match.version:
            raise _stale(match.pk, match.version)
        game = match.game
        if actor == PLAYER and seat is not None and match.seating[seat].get("removed"):
            raise _removed()
        if actor in (PLAYER, BOT) and game.to_act != seat:
            raise Refused("not_your_turn", _("It is not your turn."))
        if actor == BOT and (seat is None or bot_level(match.seating[seat]) is None):
            # The player came back (or moved) since the bot was asked: the seat is theirs.
            raise Refused("not_your_turn", _("It is not your turn."))
        _apply(match, game, seat=seat, actor=actor, action=action)
        return match


def act(room_id: str, user: User | AnonymousUser, action: Any, version: Any) -> None:
    """A seated player's move from the table protocol."""
    if not user.is_authenticated:
        raise Refused("not_seated", _("Log in and take a seat to play."))
    # One read for the usual case, a seat at a table in play; the refusals look further.
    playing = (Seat.objects.filter(room_id=room_id, user=user, room__matches__status=Match.Status.PLAYING)
               .values_list("number", "room__matches__pk", "room__matches__version")[:1])
    if not playing:
        raise _not_playing(room_id, user)
    seat, match_id, current = playing[0]
    if not isinstance(action, dict) or action.get("type") == "deal":
        raise Refused("illegal", _("Unknown action."))
    if version != current:
        # Without the row lock: a stale act (a double click, or a flood of them) costs
        # one read. play() checks again under the lock.
        raise _stale(match_id, current)
    play(match_id, seat=seat, action=action, version=version, actor=PLAYER)


def _not_playing(room_id: str, user: User) -> Refused:
    if Seat.objects.filter(room_id=room_id, user=user).exists():
        return Refused("no_match", _("No match is being played at this table."))
    # A removed player's seat row is gone (the next match is not theirs): say why.
    if _removed_from(Match.objects.filter(room_id=room_id, status=Match.Status.PLAYING).first(), user):
        return _removed()
    return Refused("not_seated", _("You are not seated at this table."))


def play_overdue(limit: int = 200) -> int:
    """The turn timer: play every turn whose deadline passed (and the next deal after a
    hand's pause). Beat runs it every SWEEP_SECONDS (docs/timers.md).

    Deadlines live on the match rows, so a move sends no timer message, and a sweep costs
    one indexed query when nothing is due. Matches are claimed with SKIP LOCKED, so two
    sweeps share a burst rather than wait on each other.
    """
    overdue = (Match.objects.filter(status=Match.Status.PLAYING, deadline__lte=timezone.now())
               .order_by("deadline").values_list("pk", flat=True)[:limit])
    return sum(play_deadline(match_id, skip_locked=True) for match_id in overdue)


def play_deadline(match_id: int, *, skip_locked: bool = False) -> bool:
    """The timer's move at a match whose deadline has passed: the timeout action of the
    seat to act, or the next deal. The deadline is read again under the row lock, so a
    turn played or pushed back ("back") since the caller looked is left alone. With
    `skip_locked`, a match someone else holds is left to them."""
    with transaction.atomic():
        match = match_row.locked_match(match_id, skip_locked=skip_locked)
        if match is None or match.status != Match.Status.PLAYING or match.deadline is None \
                or match.deadline > timezone.now():
            return False
        game = match.game
        if game.phase == "deal":
            _apply(match, game, seat=None, actor=SYSTEM, action=DEAL)
        else:
            _apply(match, game, seat=game.to_act, actor=TIMER, action=game.timeout_action())
        return True


def ask_waiting_bots() -> int:
    """Ask every bot whose turn it is to move (the memory transport forgets the bots'
    tasks when the embedded worker restarts; their deadlines are on the rows)."""
    playing = (Match.objects.filter(status=Match.Status.PLAYING)
               .only("pk", "version", "state", "seating", "deadline"))
    return sum(_ask_bot(match, match.game) for match in playing)


def back(room_id: str, user: User | AnonymousUser) -> None:
    """The player says they are back: the timer stops playing their turns early."""
    user = _require_login(user)
    with transaction.atomic():
        match_id = (Match.objects.filter(room_id=room_id, status=Match.Status.PLAYING)
                    .values_list("pk", flat=True).first())
        if match_id is None:
            raise Refused("no_match", _("No match is being played at this table."))
        match = _locked_match(match_id)
        seat = next((n for n, sitter in enumerate(match.seating) if sitter["user"] == user.pk), None)
        if seat is None:
            raise Refused("not_seated", _("You are not seated at this table."))
        if match.seating[seat].get("removed"):
            raise _removed()
        if not match.seating[seat]["timeouts"]:
            return  # nothing changed, so nobody needs a new state
        match.seating[seat]["timeouts"] = 0
        _seating_changed(match, seat)


def _seating_changed(match: Match, seat: int) -> None:
    """Save a change to `seat`'s sitter (back, removed); its turn's deadline follows it."""
    fields = ["seating"]
    game = match.game
    if game.to_act == seat:
        _set_deadline(match, game)
        fields.append("deadline")
        _ask_bot(match, game)
    match.save(update_fields=fields)
    _publish_room(match.room, match, game, _seated_at(match), lobby=False)


def _locked_match(match_id: int) -> Match:
    if (match := match_row.locked_match(match_id)) is None:
        raise Match.DoesNotExist(f"no match {match_id}")
    return match


def _apply(match: Match, game: engine.Match, *, seat: int | None, actor: str, action: Any) -> None:
    if actor == SYSTEM and action == DEAL:
        seed = fairness.new_seed()
        events: Sequence[models.LoggedEvent] = [*game.deal(fairness.deck_from_seed(seed)), {
            "type": "commitment", "hand": game.hand_number, "sha256": fairness.commitment(seed)}]
        action = {"type": "deal", "seed": seed.hex()}
        match.fairness = {"hand": game.hand_number, "sha256": fairness.commitment(seed),
                          "previous": match.fairness.get("previous")}
    else:
        try:
            events = game.apply(seat, action)
        except engine.IllegalAction as exc:
            raise Refused("illegal", str(exc)) from None
    match.version += 1
    MatchEvent.objects.create(match=match, seq=match.version, seat=seat, actor=actor,
                              action=action, result=events)
    hands.record(match, events)  # a deal that is over: its rows for the profile's figures
    if any(map(engine.ends_hand, events)):
        _reveal_seed(match)
    if seat is not None and actor != BOT:  # a bot playing for an away player leaves them away
        _note_timeouts(match, seat, timed_out=actor == TIMER)
    match.state = game.to_dict()
    if game.phase == "finished":
        match.status, match.winner, match.finished_at = Match.Status.FINISHED, game.winner, timezone.now()
        rate_match(match)  # in this transaction, under this lock: rated once, with the result
        playban.match_finished(match)
    _set_deadline(match, game)
    match_row.save_move(match)
    # The lobby shows whether a room plays, not each move.
    _publish_room(match.room, match, game, _seated_at(match),
                  lobby=match.version == 1 or game.phase == "finished")
    _ask_bot(match, game)


def _reveal_seed(match: Match) -> None:
    deal = match.events.filter(action__type="deal").order_by("-seq").first()
    if deal is not None:
        match.fairness = {"hand": None, "sha256": None, "previous": {
            "hand": match.fairness.get("hand"), "sha256": match.fairness.get("sha256"),
            "seed": deal.action["seed"]}}


def _note_timeouts(match: Match, seat: int, *, timed_out: bool) -> None:
    sitter = match.seating[seat]
    sitter["timeouts"] = sitter["timeouts"] + 1 if timed_out else 0


def _is_away(sitter: dict[str, Any]) -> bool:
    # A removed seat is away for good: nobody is coming back to it.
    if sitter.get("bot"):
        return False
    return bool(sitter.get("removed")) or sitter["timeouts"] >= AWAY_AFTER_TIMEOUTS


def bot_level(sitter: dict[str, Any]) -> str | None:
    """The level of the bot that plays `sitter`'s turns: a bot account's own, a standard
    bot for a player who is away or was removed; None when a person plays them."""
    if sitter.get("bot"):
        return str(sitter["bot"])
    return AWAY_LEVEL if _is_away(sitter) else None


def _set_deadline(match: Match, game: engine.Match) -> None:
    now = timezone.now()
    if game.phase == "finished":
        match.deadline = None
    elif game.phase == "deal":
        match.deadline = now + timedelta(seconds=settings.NEXT_HAND_SECONDS)
    else:
        seconds: float = match.room.turn_seconds
        if game.to_act is not None and bot_level(match.seating[game.to_act]) is not None:
            # The timer stands behind a bot's move, and makes it if the bot's task is lost.
            seconds = min(seconds, settings.BOT_MOVE_SECONDS + BOT_GRACE_SECONDS)
        match.deadline = now + timedelta(seconds=seconds)


def _ask_bot(match: Match, game: engine.Match) -> bool:
    """After the commit, the bot's move if a bot is to act; the timer stands behind it."""
    if match.deadline is None or game.phase in ("deal", "finished") or game.to_act is None \
            or bot_level(match.seating[game.to_act]) is None:
        return False
    match_id, version = match.pk, match.version

    def send() -> None:
        from games.tasks import bot_move

        bot_move.apply_async((match_id, version), countdown=settings.BOT_MOVE_SECONDS)

    transaction.on_commit(send)
    return True


# What sockets see

def _unix_ms(moment: datetime | None) -> int | None:
    return None if moment is None else int(moment.timestamp() * 1000)


def room_summary(room: Room, seats: Iterable[SeatView], match: Match | None) -> RoomSummary:
    """The room as the lobby and the table show it; `match` is the room's latest."""
    by_seat: list[SeatSummary | None] = [None] * 4
    for seat in seats:
        by_seat[seat.number] = SeatSummary(seat=seat.number, username=seat.username, away=seat.away,
                                           removed=seat.removed, bot=seat.bot or None)
    status: Literal["waiting", "playing", "over"] = (
        "waiting" if match is None else "playing" if match.status == Match.Status.PLAYING else "over")
    seated = 4 - by_seat.count(None)
    return RoomSummary(id=room.pk, name=room.name, quick=room.quick, variant=room.variant,
                       target=room.target, turn_seconds=room.turn_seconds, private=room.private,
                       closed=room.closed, chat=room.chat,
                       owner=room.owner.username, seats=by_seat, status=status,
                       url=room.get_absolute_url(),
                       listed=in_lobby(private=room.private, closed=room.closed, status=status,
                                       seated=seated))


def in_lobby(*, private: bool, closed: bool, status: str, seated: int) -> bool:
    """Whether the lobby lists a room: open, and waiting, playing, or over with someone
    still seated and a seat free (a rematch needs a fourth). A full room whose match is
    over leaves until a rematch brings it back as playing; an empty one is done."""
    if private or closed:
        return False
    return status != "over" or 0 < seated < 4


def room_snapshot(room_id: str) -> RoomStateEvent | None:
    room = Room.objects.select_related("owner").filter(pk=room_id).first()
    if room is None:
        return None
    match = room.matches.order_by("-started_at").first()
    return _snapshot(room, match, match.game if match else None, _seated(room, match))


def _seated(room: Room, match: Match | None) -> list[SeatView]:
    if match is not None and match.status == Match.Status.PLAYING:
        return _seated_at(match)
    return _seat_views(room.seats.select_related("user"))


def _seat_views(seats: Iterable[Seat]) -> list[SeatView]:
    return [SeatView(seat.number, seat.user_id, seat.user.username, bot=seat.user.bot_level)
            for seat in seats]


def _seated_at(match: Match) -> list[SeatView]:
    """The match's seating: nobody stands up mid-match, so it is the room's too. Nobody
    is away once the match is over."""
    live = match.status == Match.Status.PLAYING
    return [SeatView(number, sitter["user"], sitter["username"], live and _is_away(sitter),
                     live and bool(sitter.get("removed")), sitter.get("bot", ""))
            for number, sitter in enumerate(match.seating)]


def _snapshot(room: Room, match: Match | None, game: engine.Match | None,
              seats: list[SeatView]) -> RoomStateEvent:
    """Every seat's state message and the spectators', as one channel-layer message.

    Each socket forwards its own (games.consumers): hands never reach another seat's
    socket. The states travel as JSON text, encoded once here rather than once per socket.
    """
    summary = room_summary(room, seats, match)
    seat_of_user = {str(seat.user_id): seat.number for seat in seats}
    live = match is not None and match.status == Match.Status.PLAYING

    def state(seat: int | None) -> str:
        message = StateMessage(type="state", v=0, room=summary, you={"seat": seat}, match=None, legal=[],
                               deadline=None)
        if match is not None and game is not None:
            message["v"] = match.version
            message["match"] = MatchState(**game.view(seat), id=match.pk, fairness=match.fairness)
            if live and seat is not None and game.to_act == seat:
                message["legal"] = game.legal_actions()
            if live and game.to_act is not None:
                message["deadline"] = _unix_ms(match.deadline)
        return json.dumps(message, ensure_ascii=False)

    states = {str(seat): state(seat) for seat in range(4)}
    states["watch"] = state(None)
    return RoomStateEvent(type="room.state", room=summary, seats=seat_of_user, states=states,
                          match=match.pk if match else None, v=match.version if match else 0)


def _publish_room(room: Room, match: Match | None, game: engine.Match | None, seats: list[SeatView], *,
                  lobby: bool = True) -> None:
    """Build what every socket at `room` sees now; send it once the transaction commits."""
    snapshot = _snapshot(room, match, game, seats)
    messages: list[tuple[str, RoomStateEvent | LobbyRoomEvent]] = [(groups.room(room.pk), snapshot)]
    if lobby and not room.private:
        messages.append((groups.LOBBY, LobbyRoomEvent(type="lobby.room", room=snapshot["room"])))
    transaction.on_commit(lambda: publish_many(messages))


def _broadcast_room(room: Room) -> None:
    match = room.matches.order_by("-started_at").first()
    _publish_room(room, match, match.game if match else None, _seated(room, match))


def announce_room(room_id: str) -> None:
    room = Room.objects.select_related("owner").get(pk=room_id)
    if not room.private:
        match = room.matches.first()
        publish(groups.LOBBY, LobbyRoomEvent(type="lobby.room", room=room_summary(room, _seated(room, match),
                                                                                  match)))


def lobby_rooms(limit: int = 50) -> list[RoomSummary]:
    """The rooms the lobby lists (`in_lobby`), newest first: what its page shows first and
    its socket sends on connect."""
    latest = Match.objects.filter(room=OuterRef("pk")).order_by("-started_at").values("status")[:1]
    rooms = (Room.objects.filter(private=False, closed=False)
             .annotate(latest=Subquery(latest), seated=Count("seats"))
             # in_lobby() in SQL, so rooms that are done do not take the limit's places.
             .filter(Q(latest__isnull=True) | Q(latest=Match.Status.PLAYING) | Q(seated__gt=0, seated__lt=4))
             .select_related("owner")
             .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")),
                               Prefetch("matches", queryset=Match.objects.only("room_id", "status")))
             .order_by("-created_at")[:limit])
    return [room_summary(room, _seat_views(room.seats.all()), next(iter(room.matches.all()), None))
            for room in rooms]


def close_room(room_id: str) -> None:
    """A moderator closes a room: its match is aborted and nobody can sit any more."""
    with transaction.atomic():
        room = _locked_room(room_id)
        room.closed = True
        room.save(update_fields=["closed"])
        for match in room.matches.select_for_update().filter(status=Match.Status.PLAYING):
            match.status, match.deadline, match.finished_at = Match.Status.ABORTED, None, timezone.now()
            if match.fairness.get("hand") is not None:
                _reveal_seed(match)  # nobody plays this hand any more: its deal can be checked
            match.save(update_fields=["status", "deadline", "finished_at", "fairness"])
        _broadcast_room(room)


def reopen_room(room_id: str) -> None:
    """A moderator reopens a closed room: players may sit and play there again."""
    with transaction.atomic():
        room = _locked_room(room_id)
        if not room.closed:
            return
        room.closed = False
        room.save(update_fields=["closed"])
        _broadcast_room(room)


def remove_player(room_id: str, seat: Any) -> tuple[Match, int]:
    """A moderator takes `seat`'s player away from the match being played at the room.

    The seat stays in the match and the timer plays it at once from now on (it counts as
    away for good); the player's moves and "back" are refused (`removed`), and their seat
    row goes, so the next match is not theirs. `seating[seat]["removed"]` is what the
    playban app reads when the match finishes. Returns the match and the user's id.
    """
    if type(seat) is not int or not 0 <= seat <= 3:
        raise Refused("bad_seat", _("Seats are numbered 0 to 3."))
    with transaction.atomic():
        match_id = (Match.objects.filter(room_id=room_id, status=Match.Status.PLAYING)
                    .values_list("pk", flat=True).first())
        if match_id is None:
            raise Refused("no_match", _("No match is being played at this table."))
        match = _locked_match(match_id)
        if match.status != Match.Status.PLAYING:
            raise Refused("finished", _("This match is over."))
        sitter = match.seating[seat]
        if sitter.get("removed"):
            raise Refused("removed", _("That player was already removed from this table."))
        sitter["removed"] = True
        Seat.objects.filter(room_id=room_id, user_id=sitter["user"]).delete()
        _seating_changed(match, seat)
        return match, sitter["user"]
