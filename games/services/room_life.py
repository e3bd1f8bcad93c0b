"""A room from its creation to its close: seats taken and left, Quick play, the rematch,
a moderator's close and reopen. Every change holds the room's row lock; a fourth seat
starts the match through the move path, which writes every match. Before any of it, the
apps' checks of the person (games.services.hooks) read the database: a suspension or a
cool-down is never taken on trust."""

from collections.abc import Collection, Sequence
from datetime import datetime, timedelta
from typing import Any

from celery import current_app
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import DEFAULT_DB_ALIAS, IntegrityError, connections, transaction
from django.db.models import Exists, OuterRef, Q, QuerySet, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from games import bot_names
from games.models import MAX_TURN_SECONDS, MIN_TURN_SECONDS, Match, Room, Seat
from games.services import hooks, move_path, published
from games.services.refusals import Refused, closed, removed, require_login, require_seat_number
from games.services.sitters import gone_from, removed_from
from tarneeb.text import clean_line

# Sent by name: games.tasks calls the bots, which call this module (no import circle).
FILL_QUICK_ROOM_TASK = "games.tasks.fill_quick_room"
# Both play to 41 (Tarneeb 41 always does).
QUICK_VARIANTS = ("classic", "forty_one")
HERE_CHUNK = 200  # (room, person) pairs a statement of here_all names
SEAT_TABLE = Seat._meta.db_table


def create_room(owner: User, *, name: str, variant: str, target: int, turn_seconds: int,
                private: bool, chat: bool = True) -> Room:
    if variant == "forty_one":
        target = 41
    if not MIN_TURN_SECONDS <= turn_seconds <= MAX_TURN_SECONDS:
        raise Refused("bad_setting", _("Turn time must be between 5 and 120 seconds."))
    hooks.may_act.check(owner)
    hooks.may_write.check(owner)
    _require_room_budget(owner)
    # What others read in the lobby: no invisible characters, no piles of marks (as chat).
    name = clean_line(name).strip()
    if not name:
        raise Refused("bad_name", _("Give the room a name."))
    room = Room.objects.create(owner=owner, name=name, variant=variant, target=target,
                               turn_seconds=turn_seconds, private=private, chat=chat)
    transaction.on_commit(lambda: published.announce_room(room.pk))
    return room


def open_table(room_id: str, owner: User, *, name: str, variant: str, target: int, turn_seconds: int,
               sitters: Sequence[User], dealer: int, deals: int | None, hold_seeds: bool) -> Match:
    """A private table the site opens with its four chosen (an event's, events/): `sitters`
    by seat, bot accounts for the seats of missing players; its match starts and deals at
    once. The caller chose the room's id (games.models.new_room_id) and checked who may play."""
    room = Room.objects.create(id=room_id, owner=owner, name=clean_line(name).strip()[:60], variant=variant,
                               target=target, turn_seconds=turn_seconds, private=True, arranged=True)
    # Each bot under a name of its own, none of the people's (games.bot_names).
    taken = [user.username for user in sitters if not user.is_bot]
    seats = []
    for number, user in enumerate(sitters):
        bot_name = bot_names.choose(room.pk, number, taken) if user.is_bot else ""
        taken.append(bot_name)
        seats.append(Seat(room=room, number=number, user=user, bot=user.is_bot, bot_name=bot_name,
                          here_until=None if user.is_bot else _here_until()))
    Seat.objects.bulk_create(seats)
    return move_path.start_match(room, dealer=dealer, deals=deals, hold_seeds=hold_seeds)


def make_public(room_ids: Sequence[str]) -> None:
    """An event's tables whose round is over: their records and replays are anyone's to
    read, as a public room's are (none is listed in the lobby: its match is over with its
    four seated)."""
    Room.objects.filter(pk__in=room_ids, arranged=True).update(private=False)


def quick_play(user: User, variant: str = "classic") -> Room:
    """Seat `user` at a public table of `variant` (Classic or Tarneeb 41, to 41) that has
    not started, or open one."""
    if variant not in QUICK_VARIANTS:
        raise Refused("bad_setting", _("Quick play is Classic Tarneeb or Tarneeb 41."))
    hooks.may_act.check(user)
    hooks.may_sit.check(user)
    _require_no_live_seat(user)
    with transaction.atomic():
        already = Room.objects.filter(seats__user=user, private=False, closed=False,
                                      matches__isnull=True).first()
        if already is not None and not (already.quick and already.variant != variant):
            return already
        if already is not None:  # waiting at the other variant's Quick play: moves over
            room = locked_room(already.pk)
            if current_match(room) is None:
                _give_up_seats(room, room.seats.filter(user=user, bot=False))
        # Only Quick play's own rooms, which bots always fill, and only where every person
        # seated is at the table: a newcomer never waits in a room its people have left.
        absent = Seat.objects.filter(room=OuterRef("pk"), bot=False).filter(_absent(timezone.now()))
        candidates = (Room.objects.select_for_update()
                      .filter(quick=True, variant=variant, target=41, private=False, closed=False)
                      .exclude(matches__isnull=False).exclude(Exists(absent))
                      .order_by("created_at"))
        for room in candidates:
            taken = set(room.seats.values_list("number", flat=True))
            if len(taken) < 4:
                take_seat(room, user, min(set(range(4)) - taken))
                return room
        # Stored in English; readers see Room.display_name, in their own language.
        room = Room.objects.create(owner=user, name="Quick play", quick=True, variant=variant,
                                   target=41, turn_seconds=30)
        take_seat(room, user, 0)
        _fill_with_bots_later(room.pk)
        return room


def _fill_with_bots_later(room_id: str) -> None:
    """Nobody waits long for a fourth person: bots fill the seats (games.bot_players)."""
    fill = current_app.signature(FILL_QUICK_ROOM_TASK, args=(room_id,),
                                 countdown=settings.QUICK_PLAY_BOT_SECONDS)
    transaction.on_commit(fill.apply_async)


def sit(room_id: str, user: User | AnonymousUser, seat: Any) -> None:
    user = require_login(user)
    seat = require_seat_number(seat)
    hooks.may_act.check(user)
    hooks.may_sit.check(user)
    _require_no_live_seat(user, except_room=room_id)
    with transaction.atomic():
        room = locked_room(room_id)
        if room.closed:
            raise closed()
        if room.arranged:
            raise arranged()
        hooks.may_sit_at.check(user, room)
        if current_match(room) is not None:
            raise Refused("started", _("The match has already started."))
        if removed_from(room.matches.first(), user):
            raise removed()
        if room.seats.filter(user=user).exists():
            raise Refused("already_seated", _("You already have a seat at this table."))
        if room.seats.filter(number=seat).exists():
            raise Refused("seat_taken", _("That seat is taken."))
        take_seat(room, user, seat)


def stand(room_id: str, user: User | AnonymousUser) -> None:
    user = require_login(user)
    with transaction.atomic():
        room = locked_room(room_id)
        if room.arranged:
            raise arranged()
        if current_match(room) is not None:
            raise Refused("started", _("You cannot leave your seat during a match."))
        if not _give_up_seats(room, room.seats.filter(user=user, bot=False)):
            raise Refused("not_seated", _("You are not seated at this table."))


def rematch(room_id: str, user: User | AnonymousUser) -> None:
    user = require_login(user)
    hooks.may_act.check(user)
    with transaction.atomic():
        room = locked_room(room_id)
        if room.closed:
            raise closed()
        if room.arranged:
            raise arranged()
        if not room.seats.filter(user=user).exists():
            raise Refused("not_seated", _("Only seated players can start a rematch."))
        if current_match(room) is not None:
            raise Refused("started", _("The match is still being played."))
        if room.seats.count() < 4:
            raise Refused("seats_free", _("Four players are needed."))
        here(room.pk, user)
        _start_if_free(room)


def close_room(room_id: str) -> None:
    """A moderator closes a room: its match is aborted and nobody can sit any more."""
    with transaction.atomic():
        room = locked_room(room_id)
        room.closed = True
        room.save(update_fields=["closed"])
        move_path.abort_matches(room)
        published.broadcast_room(room)


def reopen_room(room_id: str) -> None:
    """A moderator reopens a closed room: players may sit and play there again."""
    with transaction.atomic():
        room = locked_room(room_id)
        if not room.closed:
            return
        room.closed = False
        room.save(update_fields=["closed"])
        published.broadcast_room(room)


def arranged() -> Refused:
    return Refused("arranged", _("This is an event's table: the event seats its players."))


def locked_room(room_id: str) -> Room:
    """The room's row, locked until the transaction ends."""
    try:
        return Room.objects.select_for_update().get(pk=room_id)
    except Room.DoesNotExist:
        raise Refused("no_room", _("This room does not exist.")) from None


def current_match(room: Room) -> Match | None:
    """The match being played at the room, if one is."""
    return room.matches.filter(status=Match.Status.PLAYING).first()


def take_seat(room: Room, user: User, number: int) -> None:
    """Seat `user` (a person or a bot account) at the locked `room`; the fourth starts the
    match."""
    try:
        with transaction.atomic():
            Seat.objects.create(room=room, number=number, user=user, bot=user.is_bot,
                                bot_name=_bot_name(room, number) if user.is_bot else "",
                                here_until=None if user.is_bot else _here_until())
    except IntegrityError:
        raise Refused("seat_taken", _("That seat is taken.")) from None
    if room.seats.count() == 4:
        _start_if_free(room)
    else:
        published.broadcast_room(room)


def _bot_name(room: Room, number: int) -> str:
    """A name for a bot sitting down at `number`: none the room's other bots have, nor
    any of its people's usernames."""
    taken = [name if bot else username for bot, name, username
             in room.seats.values_list("bot", "bot_name", "user__username")]
    return bot_names.choose(room.pk, number, taken)


def _start_if_free(room: Room) -> None:
    """Four are seated at the locked `room`: the match starts if every person among them is
    at the table and free to play now. One who is not (their page closed; a suspension, a
    cool-down or a match at another table that began since they sat) loses the seat, and
    the table waits: nobody is made to play, and then to abandon, a match they never saw."""
    people = list(room.seats.filter(bot=False).select_related("user").order_by("user_id"))
    if not people:
        raise Refused("no_person", _("A person must sit at the table: bots do not play alone."))
    # Locked in one order by every start: two tables sharing a player start one after the
    # other, and the second sees the first's match.
    list(User.objects.select_for_update().filter(pk__in=[seat.user_id for seat in people]).order_by("pk"))
    now = timezone.now()
    gone = [seat.pk for seat in people
            if seat.here_until is None or seat.here_until <= now or not _free_to_play(seat.user, room)]
    if gone:
        _give_up_seats(room, Seat.objects.filter(pk__in=gone))
        return
    move_path.start_match(room)


def _give_up_seats(room: Room, seats: QuerySet[Seat]) -> int:
    """Take people's seats at the locked `room` away; bots leave too once no person is left."""
    given_up = seats.delete()[0]
    if not room.seats.filter(bot=False).exists():
        room.seats.all().delete()  # bots do not keep a table nobody is coming to
    published.broadcast_room(room)
    return given_up


def forget_player(user: User, name: str) -> None:
    """Their account is being deleted (accounts.deletion, in its transaction): refused
    while they play a match; otherwise they give up every seat they hold, and `name`
    stands for them in every match they played (move_path.rename_sitter), and their open
    sockets close once it is committed."""
    _require_no_live_seat(user)
    for room_id in Seat.objects.filter(user=user, bot=False).values_list("room_id", flat=True):
        room = locked_room(room_id)
        seats = room.seats.filter(user=user, bot=False)
        if current_match(room) is None:
            _give_up_seats(room, seats)
        else:  # a match they left, a bot playing for them: the next one is not theirs
            seats.delete()
    move_path.rename_sitter(user.pk, name)
    published.close_sockets_of(user.pk, "deleted")


def here(room_id: str, user: User | AnonymousUser) -> None:
    """A socket of `user` at the room is open (its connect, then its "here" every few
    seconds): their seat there, if they have one, counts as present a while longer."""
    if not user.is_authenticated:
        return
    seat = Seat.objects.filter(room_id=room_id, user_id=user.pk, bot=False)
    # Back after being away: everyone at the table sees it at once.
    back = seat.filter(_absent(timezone.now())).update(here_until=_here_until())
    if back:
        published.publish_presence(room_id)
        _relist_quick_room(room_id)
    else:
        seat.update(here_until=_here_until())


def here_all(heard: Collection[tuple[str, int]]) -> None:
    """The "here" of many sockets at once, as (room, person) pairs (games.here_batch):
    their seats count as present a while longer, and a table where someone came back
    after being away hears it. In SQL written here, not through the ORM, which builds
    and compiles a condition for each pair on the server's event loop's GIL."""
    connection = connections[DEFAULT_DB_ALIAS]
    adapt = connection.ops.adapt_datetimefield_value
    now, until = adapt(timezone.now()), adapt(_here_until())
    pairs = list(heard)
    for start in range(0, len(pairs), HERE_CHUNK):
        chunk = pairs[start:start + HERE_CHUNK]
        values = ", ".join(["(%s, %s)"] * len(chunk))
        named = [value for pair in chunk for value in pair]
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT DISTINCT room_id FROM {SEAT_TABLE} WHERE bot = %s"
                           f" AND (room_id, user_id) IN (VALUES {values})"
                           " AND (here_until IS NULL OR here_until <= %s)", [False, *named, now])
            back = [room_id for (room_id,) in cursor.fetchall()]
            cursor.execute(f"UPDATE {SEAT_TABLE} SET here_until = %s WHERE bot = %s"
                           f" AND (room_id, user_id) IN (VALUES {values})", [until, False, *named])
        for room_id in back:
            published.publish_presence(room_id)
            _relist_quick_room(room_id)


def gone(room_id: str, user: User | AnonymousUser) -> None:
    """A socket of `user` at the room closed: they are not at the table until a socket of
    theirs there says otherwise (another tab does within seconds)."""
    if user.is_authenticated and Seat.objects.filter(room_id=room_id, user_id=user.pk, bot=False).update(
            here_until=timezone.now()):
        published.publish_presence(room_id)
        _relist_quick_room(room_id)


def _relist_quick_room(room_id: str) -> None:
    """A Quick play room whose match is over is in the lobby only while a person there has
    its page open (published.in_lobby): the lobby hears when that changes."""
    room = Room.objects.filter(pk=room_id, quick=True, closed=False).select_related("owner").first()
    if room is not None and room.matches.exists() and current_match(room) is None:
        published.broadcast_room(room)


def release_left_seats(limit: int = 100) -> int:
    """Beat's sweep: at a table that is not playing, a seat whose person has not been there
    for SEAT_KEPT_SECONDS is given up, so that nobody is seated, or started, in their absence."""
    left = _absent(timezone.now() - timedelta(seconds=settings.SEAT_KEPT_SECONDS))
    rooms = (Seat.objects.filter(left, bot=False).exclude(room__matches__status=Match.Status.PLAYING)
             .values_list("room_id", flat=True).distinct()[:limit])
    released = 0
    for room_id in rooms:
        with transaction.atomic():
            room = locked_room(room_id)
            if current_match(room) is None and (seats := room.seats.filter(left, bot=False)).exists():
                released += _give_up_seats(room, seats)
    # Bots left alone at a table whose match is over (its people left during it): nobody
    # is coming for a rematch, and the lobby must not offer their table.
    person = Seat.objects.filter(room=OuterRef("pk"), bot=False)
    alone = (Room.objects.filter(seats__bot=True, matches__isnull=False).exclude(Exists(person))
             .exclude(matches__status=Match.Status.PLAYING).values_list("pk", flat=True).distinct()[:limit])
    for room_id in alone:
        with transaction.atomic():
            room = locked_room(room_id)
            if current_match(room) is None and not room.seats.filter(bot=False).exists():
                released += _give_up_seats(room, room.seats.all())
    return released


def _here_until() -> datetime:
    return timezone.now() + timedelta(seconds=settings.SEAT_HERE_SECONDS)


def _absent(moment: datetime) -> Q:
    """Seats whose person was not at the table at `moment` (a seat from before presence
    was kept counts as absent)."""
    return Q(here_until__isnull=True) | Q(here_until__lte=moment)


def _free_to_play(user: User, room: Room) -> bool:
    try:
        hooks.may_act.check(user)
        hooks.may_sit.check(user)
        _require_no_live_seat(user, except_room=room.pk)
    except Refused:
        return False
    return True


def _require_room_budget(owner: User) -> None:
    """Rooms a person opens are capped, at once and per hour: one account cannot fill the
    lobby (Quick play's rooms are the server's, not counted)."""
    mine = Room.objects.filter(owner=owner, quick=False, arranged=False)
    hour_ago = timezone.now() - timedelta(hours=1)
    per_hour, at_once = settings.ROOMS_PER_HOUR, settings.ROOMS_OPEN_PER_USER
    if mine.filter(created_at__gt=hour_ago).count() >= per_hour:
        raise Refused("rooms_too_fast", ngettext(
            "You can open %(n)d room an hour: play at the one you opened, or join another.",
            "You can open %(n)d rooms an hour: play at those you opened, or join another.",
            per_hour) % {"n": per_hour})
    latest = Match.objects.filter(room=OuterRef("pk")).order_by("-started_at").values("status")[:1]
    # Open: not closed, and waiting for its first match (with anyone seated, or opened in
    # the last hour) or playing one.
    open_rooms = (mine.filter(closed=False).annotate(latest=Subquery(latest))
                  .filter(Q(latest=Match.Status.PLAYING)
                          | Q(latest__isnull=True) & (Q(seats__isnull=False) | Q(created_at__gt=hour_ago)))
                  .distinct().count())
    if open_rooms >= at_once:
        raise Refused("too_many_rooms", ngettext(
            "You already have %(n)d open room: play there, or wait until it empties.",
            "You already have %(n)d open rooms: play at one of them, or wait until they empty.",
            at_once) % {"n": at_once})


def _require_no_live_seat(user: User, except_room: str | None = None) -> None:
    """One live seat per player: sitting elsewhere mid-match would leave the timer playing
    their first table. A player who left or was removed is no longer at that match."""
    for match in (Match.objects.filter(status=Match.Status.PLAYING, players__user=user)
                  .exclude(room_id=except_room).select_related("room")):
        if not gone_from(match, user):
            raise Refused("seated_elsewhere",
                          _("You are playing a match at “%(room)s”: finish it first.")
                          % {"room": match.room.display_name}, url=match.room.get_absolute_url())
