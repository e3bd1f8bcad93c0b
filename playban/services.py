"""Leavers, in the database: who abandoned a finished match, the cool-down that brings,
and forgiveness by clean matches or by a moderator (the rules: playban.policy).

`match_finished` runs inside the move path's transaction (games.services.hooks), under the
match's row lock, when a match ends with a winner. Aborted matches never get there: they
count nothing. `refuse_cooling_down` is checked before a person sits.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from games.dates import when_text
from games.models import Match, MatchEvent, MatchPlayer, Seat
from games.services.refusals import Refused
from playban import policy
from playban.models import Abandonment

# Moves made for a seat while its player was away: the timer's, or a bot's standing in.
NOT_THE_PLAYER = (MatchEvent.Actor.TIMER, MatchEvent.Actor.BOT)


def match_finished(match: Match) -> None:
    """Each player of `match` (finished, not yet saved) collects an abandonment or a clean match."""
    now = match.finished_at or timezone.now()
    # Every seat's turns and the timer's share of them, in one aggregate query of the log.
    turns = {row["seat"]: (row["turns"], row["timer_turns"]) for row in
             MatchEvent.objects.filter(match=match, seat__isnull=False).values("seat").order_by()
             .annotate(turns=Count("pk"), timer_turns=Count("pk", filter=Q(actor__in=NOT_THE_PLAYER)))}
    # Bot accounts neither leave nor are forgiven.
    players = {seat: sitter["user"] for seat, sitter in enumerate(match.seating) if not sitter.get("bot")}
    counting = _counting(list(players.values()), now)
    leavers = []
    for seat, user_id in players.items():
        sitter = match.seating[seat]
        reason = policy.abandonment(*turns.get(seat, (0, 0)), removed=bool(sitter.get("removed")),
                                    left=bool(sitter.get("left")))
        if reason is not None:
            leavers.append(user_id)
            cool_down = policy.cool_down(len(counting.get(user_id, [])) + 1)
            Abandonment.objects.create(user_id=user_id, match=match, seat=seat, reason=reason, created_at=now,
                                       until=now + cool_down)
        elif counting.get(user_id):
            _clean_match(user_id, match, counting[user_id], now)
    # A leaver loses their seat here: a rematch must not bring them straight back.
    Seat.objects.filter(room_id=match.room_id, user_id__in=leavers).delete()


def _counting(user_ids: list[int], now: datetime) -> dict[int, list[Abandonment]]:
    """Each player's abandonments that still count, newest first."""
    counting: dict[int, list[Abandonment]] = {}
    for abandonment in Abandonment.objects.filter(user_id__in=user_ids, forgiven_at=None,
                                                  created_at__gt=now - policy.WINDOW).order_by("-created_at"):
        counting.setdefault(abandonment.user_id, []).append(abandonment)
    return counting


def _clean_match(user_id: int, match: Match, counting: list[Abandonment], now: datetime) -> None:
    # The clean matches in a row are the finished matches since the last abandonment
    # (any match after it is clean, or it would be the last), this one included.
    last = Abandonment.objects.filter(user_id=user_id).latest("created_at").created_at
    clean = 1 + (MatchPlayer.objects.filter(user_id=user_id, match__status=Match.Status.FINISHED,
                                            match__finished_at__gt=last)
                 .exclude(match=match).count())
    if policy.forgives(clean):
        # The newest: forgiving the one about to stop counting anyway would give nothing.
        _forgive(counting[0], Abandonment.Forgiven.CLEAN_MATCHES, now=now)


def _forgive(abandonment: Abandonment, how: str, *, now: datetime, moderator: User | None = None) -> None:
    abandonment.forgiven_at, abandonment.forgiven, abandonment.forgiven_by = now, how, moderator
    abandonment.save(update_fields=["forgiven_at", "forgiven", "forgiven_by"])


def forgive(abandonment_id: int, moderator: User) -> Abandonment | None:
    """A moderator forgives an abandonment: it stops counting, and ends its cool-down."""
    with transaction.atomic():
        abandonment = (Abandonment.objects.select_for_update()
                       .filter(pk=abandonment_id, forgiven_at=None).first())
        if abandonment is not None:
            _forgive(abandonment, Abandonment.Forgiven.MODERATOR, now=timezone.now(), moderator=moderator)
        return abandonment


def cool_down(user: User | AnonymousUser, now: datetime | None = None) -> Abandonment | None:
    """The abandonment whose cool-down keeps `user` from taking a seat at `now`, if any."""
    if not user.is_authenticated:
        return None
    return (Abandonment.objects.filter(user=user, forgiven_at=None, until__gt=now or timezone.now())
            .order_by("-until").first())


def leaving_costs(user: User, now: datetime | None = None) -> str:
    """What leaving a match now would cost `user`: the cool-down it brings, from their record."""
    counting = len(_counting([user.pk], now or timezone.now()).get(user.pk, []))
    return _("It counts as a match you left: you could not take a seat for %(length)s after it ends.") % {
        "length": duration(policy.cool_down(counting + 1))}


def first_match_note(user: User | AnonymousUser) -> str:
    """What a player who has never finished a match is told at the table, before they need
    it: how to leave, and what leaving costs them; "" for everyone else."""
    if not user.is_authenticated or MatchPlayer.objects.filter(
            user=user, match__status=Match.Status.FINISHED).exists():
        return ""
    how = _("Your first match here: to stop before it ends, use “Leave table”, and a bot plays your seat "
            "to the end.")
    return f"{how} {leaving_costs(user)}"


@dataclass(frozen=True)
class LeavingRules:
    """The leavers' rules as the rules page states them, from playban.policy."""

    cool_downs: list[str]
    window_days: int
    clean_to_forgive: int
    yours: str  # what leaving now would cost the reader, or "" when logged out


def leaving_rules(user: User | AnonymousUser) -> LeavingRules:
    return LeavingRules(cool_downs=[duration(length) for length in policy.COOL_DOWNS],
                        window_days=policy.WINDOW.days, clean_to_forgive=policy.CLEAN_MATCHES_TO_FORGIVE,
                        yours=leaving_costs(user) if user.is_authenticated else "")


def refuse_cooling_down(user: User) -> None:
    """A player who left matches waits out their cool-down before sitting (docs/leavers.md)."""
    if (abandonment := cool_down(user)) is not None:
        raise Refused("cooling_down", refusal(abandonment))


def refusal(abandonment: Abandonment) -> str:
    """Why and until when, in the current language."""
    until = when_text(abandonment.until)
    if abandonment.reason == Abandonment.Reason.REMOVED:
        return _("A moderator removed you from a match, so you cannot take a seat until %(until)s.") % {
            "until": until}
    if abandonment.reason == Abandonment.Reason.LEFT:
        return _("You left a match before it ended, so you cannot take a seat until %(until)s.") % {
            "until": until}
    return _("You left a match: the timer played most of your turns. You cannot take a seat until "
             "%(until)s.") % {"until": until}


@dataclass(frozen=True)
class Standing:
    """What a player's own pages tell them about their abandonments."""

    cool_down: str  # why and until when, or "" when they may sit
    counting: int
    next_cool_down: str
    clean_to_forgive: int
    window_days: int


def standing(user: User, now: datetime | None = None) -> Standing | None:
    """The player's own notice, or None when no abandonment counts against them."""
    now = now or timezone.now()
    counting = _counting([user.pk], now).get(user.pk, [])
    if not counting:
        return None
    running = cool_down(user, now)
    return Standing(cool_down=refusal(running) if running else "", counting=len(counting),
                    next_cool_down=duration(policy.cool_down(len(counting) + 1)),
                    clean_to_forgive=policy.CLEAN_MATCHES_TO_FORGIVE, window_days=policy.WINDOW.days)


def duration(length: timedelta) -> str:
    hours, seconds = divmod(int(length.total_seconds()), 3600)
    if hours:
        return ngettext("%(count)d hour", "%(count)d hours", hours) % {"count": hours}
    minutes = seconds // 60
    return ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes}
