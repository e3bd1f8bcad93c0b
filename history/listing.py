"""A player's matches, newest first, as the history pages list them.

Public matches are listed while they are played too (marked so, with the score so far,
which everyone at the table sees anyway); a private room's matches are listed only to
those who sat in them and to staff.
"""

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, NamedTuple

from django.db.models import Q, QuerySet

from accounts.models import User
from games import bot_names
from games.models import Match, MatchPlayer

RESULTS = ("won", "lost", "aborted", "playing")


class Shown(NamedTuple):
    """A player of a listed match: their profile's username, and the name to show (a
    bot's at that table, in the reader's language); `bot` its level."""

    username: str
    name: str
    bot: str


@dataclass
class MatchRow:
    match_id: int
    started_at: datetime
    room: str  # its name in the reader's language
    variant: str
    target: int
    seat: int
    partner: str
    opponents: list[str]
    # The score from this player's side: their team's, then the other's (Tarneeb 41: the
    # player's own and their partner's, then the opponents').
    ours: list[int]
    theirs: list[int]
    result: str
    hands: int
    minutes: int | None  # how long it lasted, once over
    bots: frozenset[str] = frozenset()  # the names above that are bot accounts
    # The partner and opponents as the page shows them: a bot by its name at the table.
    partner_shown: Shown | None = None
    opponents_shown: list[Shown] = field(default_factory=list)
    # The event the match was a table of (events/), and its page: (name, url).
    event: tuple[str, str] | None = None



def visible_matches(player: User, viewer: Any) -> "QuerySet[Match]":
    """`player`'s matches that `viewer` may see: all of them for the player and staff,
    else those in public rooms and the private ones the viewer sat in too (as
    games.records.visible_to decides for one match)."""
    matches = Match.objects.filter(players__user=player)
    if not viewer.is_authenticated:
        return matches.filter(room__private=False)
    if viewer.is_staff or viewer.pk == player.pk:
        return matches
    shared = MatchPlayer.objects.filter(user=viewer).values("match")
    return matches.filter(Q(room__private=False) | Q(pk__in=shared))


def _won(team: int) -> Q:
    return Q(match__status=Match.Status.FINISHED, match__winner=team, seat__in=(team, team + 2))


def seats_of(player: User, viewer: Any, *, variant: str = "", result: str = "",
             with_user: str = "") -> "QuerySet[MatchPlayer]":
    """The player's seats in matches `viewer` may see, newest match first, filtered."""
    # An event's table is found by the reverse of events.Table.match, without importing it.
    seats = (MatchPlayer.objects.filter(user=player)
             .select_related("match__room", "match__event_table__round__event")
             .order_by("-match__started_at", "-match_id"))
    if not (viewer.is_authenticated and (viewer.pk == player.pk or viewer.is_staff)):
        seats = seats.filter(match__in=visible_matches(player, viewer))
    if variant:
        seats = seats.filter(match__variant=variant)
    if result == "won":
        seats = seats.filter(_won(0) | _won(1))
    elif result == "lost":
        seats = seats.filter(match__status=Match.Status.FINISHED).exclude(_won(0) | _won(1))
    elif result == "aborted":
        seats = seats.filter(match__status=Match.Status.ABORTED)
    elif result == "playing":
        seats = seats.filter(match__status=Match.Status.PLAYING)
    if with_user:
        seats = seats.filter(match__players__user__username=with_user).exclude(user__username=with_user)
    return seats


def row(seat: MatchPlayer) -> MatchRow:
    match = seat.match
    names = [sitter["username"] for sitter in match.seating]
    shown = [Shown(sitter["username"], bot_names.sitter_name(sitter, n), sitter.get("bot", ""))
             for n, sitter in enumerate(match.seating)]
    scores, me = match.state["scores"], seat.seat
    if match.variant == "classic":
        ours, theirs = [scores[me % 2]], [scores[1 - me % 2]]
    else:
        ours, theirs = [scores[me], scores[(me + 2) % 4]], [scores[(me + 1) % 4], scores[(me + 3) % 4]]
    if match.status == Match.Status.FINISHED:
        result = "won" if match.winner == seat.seat % 2 else "lost"
    else:
        result = str(match.status)
    return MatchRow(
        match_id=match.pk, started_at=match.started_at, room=match.room.display_name,
        variant=match.variant, target=match.target,
        seat=seat.seat, partner=names[(seat.seat + 2) % 4],
        opponents=[names[(seat.seat + 1) % 4], names[(seat.seat + 3) % 4]],
        ours=ours, theirs=theirs, result=result, hands=match.state["hand_number"],
        bots=frozenset(sitter["username"] for sitter in match.seating if sitter.get("bot")),
        partner_shown=shown[(seat.seat + 2) % 4],
        opponents_shown=[shown[(seat.seat + 1) % 4], shown[(seat.seat + 3) % 4]],
        event=_event_of(match),
        minutes=None if match.finished_at is None
        else round((match.finished_at - match.started_at) / timedelta(minutes=1)))


def _event_of(match: Match) -> tuple[str, str] | None:
    table = getattr(match, "event_table", None)  # the reverse of a one-to-one: absent, None
    if table is None:
        return None
    event = table.round.event
    return event.name, event.get_absolute_url()
