"""The addresses shared at a table (docs/fairplay.md, *Shared addresses*): every socket
opened at a table records its room, its person (none when logged out) and the client's
address, one row for each such three, its last time kept up to date. A moderator sees, on a
player's profile, everyone who came to a table they came to from the same address, when one
of the two sat in a match there: two seats from one household, or a seated player and a
spectator (perhaps logged out) who could be telling them the cards.

One write a socket opened (sockets' handshakes have their budgets, tarneeb.handshake);
rows older than TABLE_ADDRESS_DAYS are dropped by beat's daily sweep (forget_old)."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db.models import Exists, OuterRef
from django.utils import timezone

from accounts.models import User
from games.models import MatchPlayer
from moderation.models import TableAddress

# Shown at most on a profile, the latest first.
SHOWN = 50


def record(room_id: str, user: User | AnonymousUser, address: str) -> None:
    """games.services.hooks.socket_opened: the socket's room, person and address seen now."""
    user_id = user.pk if user.is_authenticated else None
    now = timezone.now()
    seen = TableAddress.objects.filter(room_id=room_id, address=address)
    seen = seen.filter(user_id=user_id) if user_id is not None else seen.filter(user__isnull=True)
    if not seen.update(last_seen=now):
        # Two sockets at once: the second's row is the first's (a unique constraint each way).
        TableAddress.objects.bulk_create(
            [TableAddress(room_id=room_id, user_id=user_id, address=address, first_seen=now, last_seen=now)],
            ignore_conflicts=True)


@dataclass(frozen=True)
class Shared:
    room_id: str
    room_name: str
    address: str
    other: str | None  # the other person's username; None: logged out
    other_seated: bool  # sat in a match at that table
    player_seated: bool
    last_seen: datetime


def shared_with(player: User) -> list[Shared]:
    """The others who came to a table the player came to, from the player's address there,
    when at least one of the two sat in a match at it. Two queries."""
    mine = TableAddress.objects.filter(user=player, room_id=OuterRef("room_id"), address=OuterRef("address"))
    rows = list(TableAddress.objects.filter(Exists(mine)).exclude(user=player)
                .select_related("room", "user").order_by("-last_seen")[:4 * SHOWN])
    rooms = {row.room_id for row in rows}
    people = {row.user_id for row in rows if row.user_id is not None} | {player.pk}
    seated = set(MatchPlayer.objects.filter(match__room_id__in=rooms, user_id__in=people)
                 .values_list("match__room_id", "user_id"))
    out = []
    for row in rows:
        other_seated = (row.room_id, row.user_id) in seated
        player_seated = (row.room_id, player.pk) in seated
        if other_seated or player_seated:
            out.append(Shared(room_id=row.room_id, room_name=row.room.display_name, address=row.address,
                              other=row.user.username if row.user else None, other_seated=other_seated,
                              player_seated=player_seated, last_seen=row.last_seen))
    return out[:SHOWN]


def forget_old() -> int:
    """Drop the rows not seen for TABLE_ADDRESS_DAYS: addresses are kept no longer than needed."""
    days = settings.TABLE_ADDRESS_DAYS
    deleted, _ = TableAddress.objects.filter(last_seen__lt=timezone.now() - timedelta(days=days)).delete()
    return deleted
