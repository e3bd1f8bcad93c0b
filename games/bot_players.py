"""Bots at the table: bot accounts in seats, and their moves (docs/bots.md).

A bot is an account (one per level, `accounts.User.bot_level`) seated like anyone. Its
moves, and a standard bot's for a player who is away, come from a Celery task the move
path schedules on commit (games.services.move_path); `move` gives the bot its seat's view
and the hand's public events only, and plays through `move_path.play` with the actor
"bot", so the row lock, the version check and the event log are the same as for a
person's move.
"""

import random
import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from games import bots, engine
from games.models import Match, MatchEvent, Room
from games.services import hooks, move_path, published, room_life
from games.services.refusals import Refused, closed, require_login, require_seat_number
from games.services.sitters import bot_level

# Made by accounts' migration 0005, which reserves the names before anyone signs up.
BOT_USERNAMES = {"standard": "bot-standard", "expert": "bot-expert"}


def bot_account(level: str) -> User:
    bot, _created = User.objects.get_or_create(bot_level=level,
                                               defaults={"username": BOT_USERNAMES[level], "password": "!"})
    return bot


def _may_seat_bots(room: Room, user: User | AnonymousUser) -> None:
    """The owner, or anyone seated, chooses who fills the other seats before the start."""
    user = require_login(user)
    hooks.may_act.check(user)
    if room.closed:
        raise closed()
    if room.arranged:
        raise room_life.arranged()
    if room_life.current_match(room) is not None:
        raise Refused("started", _("The match has already started."))
    if room.owner_id != user.pk and not room.seats.filter(user=user, bot=False).exists():
        raise Refused("not_seated", _("Only the room's owner or a seated player can seat a bot."))


def add_bot(room_id: str, user: User | AnonymousUser, seat: object, level: object = "standard") -> None:
    seat = require_seat_number(seat)
    if level not in bots.LEVELS:
        raise Refused("bad_level", _("Bots are standard or expert."))
    with transaction.atomic():
        room = room_life.locked_room(room_id)
        _may_seat_bots(room, user)
        if room.seats.filter(number=seat).exists():
            raise Refused("seat_taken", _("That seat is taken."))
        _require_bot_room_budget(room, user)
        room_life.take_seat(room, bot_account(str(level)), seat)


def _require_bot_room_budget(room: Room, user: User | AnonymousUser) -> None:
    """Bots play for whoever seats them, so the rooms where a person has bots seated or
    playing (rooms they own or sit at) are capped: a worker's time is shared by every table."""
    others = (Room.objects.filter(closed=False, seats__bot=True)
              .filter(Q(owner_id=user.pk) | Q(seats__user_id=user.pk, seats__bot=False))
              .exclude(pk=room.pk).distinct().count())
    if others >= (cap := settings.BOT_ROOMS_PER_USER):
        raise Refused("too_many_bot_rooms", ngettext(
            "You already have bots at %(n)d other table: play there first.",
            "You already have bots at %(n)d other tables: play there first.",
            cap) % {"n": cap})


def remove_bot(room_id: str, user: User | AnonymousUser, seat: object) -> None:
    seat = require_seat_number(seat)
    with transaction.atomic():
        room = room_life.locked_room(room_id)
        _may_seat_bots(room, user)
        if not room.seats.filter(number=seat, bot=True).delete()[0]:
            raise Refused("not_a_bot", _("No bot sits in that seat."))
        published.broadcast_room(room)


def fill_quick_room(room_id: str) -> bool:
    """Quick play's wait is over: standard bots take the empty seats, and the match starts.

    Nothing happens if the room started, closed, or everyone left it meanwhile.
    """
    with transaction.atomic():
        room = Room.objects.select_for_update().filter(pk=room_id, quick=True, closed=False).first()
        if room is None or room_life.current_match(room) is not None:
            return False
        if not room.seats.filter(bot=False).exists():
            return False
        taken = set(room.seats.values_list("number", flat=True))
        bot = bot_account("standard")
        for number in sorted(set(range(4)) - taken):
            room_life.take_seat(room, bot, number)  # the fourth starts the match
        return True


def play_now_with_bots(room_id: str, user: User | AnonymousUser) -> None:
    """A person waiting at a Quick play table would rather not wait: bots take the empty
    seats now, as they would when the wait is over. Capped like any seating of bots (the
    rooms where the person has bots) and by how many Quick play matches they have played
    in the last hour: bots play on a worker every table shares."""
    user = require_login(user)
    hooks.may_act.check(user)
    with transaction.atomic():
        room = room_life.locked_room(room_id)
        if not room.quick:
            raise Refused("not_quick", _("Only a Quick play table fills with bots on request."))
        if room.closed:
            raise closed()
        if room_life.current_match(room) is not None or room.matches.exists():
            raise Refused("started", _("The match has already started."))
        if not room.seats.filter(user=user, bot=False).exists():
            raise Refused("not_seated", _("Only a player seated at this table can call the bots."))
        _require_bot_room_budget(room, user)
        _require_quick_matches_budget(user)
        bot = bot_account("standard")
        taken = set(room.seats.values_list("number", flat=True))
        for number in sorted(set(range(4)) - taken):
            room_life.take_seat(room, bot, number)  # the fourth starts the match


def _require_quick_matches_budget(user: User) -> None:
    hour_ago = timezone.now() - timedelta(hours=1)
    played = Match.objects.filter(room__quick=True, players__user=user, started_at__gt=hour_ago).count()
    if played >= (cap := settings.QUICK_PLAY_BOTS_NOW_PER_HOUR):
        raise Refused("bots_now_too_fast", ngettext(
            "You have played %(n)d Quick play match in the last hour: the bots come when the wait is over.",
            "You have played %(n)d Quick play matches in the last hour: the bots come when the wait is over.",
            cap) % {"n": cap})


def fill_waiting_quick_rooms() -> int:
    """Beat's sweep: Quick play rooms whose wait is over, in case their task was lost."""
    waited = timezone.now() - timedelta(seconds=settings.QUICK_PLAY_BOT_SECONDS + 5)
    waiting = (Room.objects.filter(quick=True, closed=False, created_at__lte=waited, matches__isnull=True,
                                   seats__bot=False).values_list("pk", flat=True).distinct()[:50])
    return sum(fill_quick_room(room_id) for room_id in waiting)


def hand_history(match: Match) -> list[engine.Event]:
    """The public engine events of the hand being played, as every socket has seen them."""
    last_deal = (match.events.filter(action__type="deal").order_by("-seq")
                 .values_list("seq", flat=True).first())
    if last_deal is None:
        return []
    results = (MatchEvent.objects.filter(match=match, seq__gte=last_deal).order_by("seq")
               .values_list("result", flat=True))
    return [event for result in results for event in result if event["type"] != "commitment"]


def move(match_id: int, version: int) -> bool:
    """The bot's move at `version`, if a bot is still to act there. The choice is worked
    out without the row lock (an expert thinks for a while); `play` checks again under it."""
    match = Match.objects.filter(pk=match_id, status=Match.Status.PLAYING, version=version).first()
    if match is None:
        return False
    game = match.game
    seat = game.to_act
    if seat is None or game.phase in ("deal", "finished"):
        return False
    level = bot_level(match.seating[seat])
    if level is None:
        return False
    # The bot's sampling only; deals come from games.fairness. Logged with the move, so
    # anyone can make the same choice again (games.bot_replay).
    seed = secrets.randbits(64)
    action = bots.choose(game.view(seat), hand_history(match), level, random.Random(seed))
    # The seed in hex: a JSON reader (a browser) keeps it whole.
    logged = {"level": level, "version": bots.VERSION, "seed": f"{seed:016x}"}
    try:
        move_path.play(match_id, seat=seat, action=action, version=version, actor=move_path.BOT, bot=logged)
    except Refused:
        return False  # the table moved on: the timer played, or the player came back
    return True
