"""An event's life: creation, registration, its rounds started and closed, its standings
(docs/events.md). Every change holds the event's row lock. Tables are opened, and their
matches played, only through games.services (room_life.open_table, move_path); what the
tables do reaches this app through games.services.hooks (events.apps)."""

from __future__ import annotations

import secrets
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from celery import current_app
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.deletion import shown_name
from accounts.models import User
from events import live, pairing, scoring
from events.models import Adjustment, Deal, DealResult, Entry, Event, Pair, Round, Table
from games import engine, fairness
from games.bot_players import bot_account
from games.models import MAX_TURN_SECONDS, MIN_TURN_SECONDS, VARIANT_CHOICES, Match, Room, new_room_id
from games.services import hooks, move_path, room_life
from games.services.refusals import Refused
from moderation.models import AuditEntry
from moderation.roles import is_moderator
from ratings import rate
from tarneeb.text import clean_line

# Sent by name: the tasks call this module.
CHECK_ROUND_TASK = "events.tasks.check_round"
DUPLICATE, SWISS = Event.Format.DUPLICATE, Event.Format.SWISS


def create_event(owner: User, *, name: str, format: str, variant: str, target: int, deals: int, rounds: int,
                 turn_seconds: int, starts_at: datetime, max_pairs: int, private: bool) -> Event:
    """Staff create any event; any other player a private one (reached by its link), and
    only EVENTS_OPEN_PER_USER open at once. A duplicate event's deals are drawn now: their
    sha256 is shown from now on, their seeds once it is over."""
    hooks.may_act.check(owner)
    hooks.may_write.check(owner)
    if not owner.is_staff:
        private = True
    name = clean_line(name).strip()
    if not name:
        raise Refused("bad_name", _("Give the event a name."))
    if format not in Event.Format.values or variant not in dict(VARIANT_CHOICES):
        raise Refused("bad_setting", _("Unknown format or variant."))
    if variant == "forty_one":
        target = 41
    if target not in (31, 41, 61):
        raise Refused("bad_setting", _("A match's target is 31, 41 or 61."))
    if not MIN_TURN_SECONDS <= turn_seconds <= MAX_TURN_SECONDS:
        raise Refused("bad_setting", _("Turn time must be between 5 and 120 seconds."))
    if not 1 <= deals <= settings.EVENT_MAX_DEALS:
        raise Refused("bad_setting", _("Deals a round: 1 to %(n)d.") % {"n": settings.EVENT_MAX_DEALS})
    if not 2 <= max_pairs <= settings.EVENT_MAX_PAIRS:
        raise Refused("bad_setting", _("Pairs: 2 to %(n)d.") % {"n": settings.EVENT_MAX_PAIRS})
    # No two pairs meet twice: a round-robin's number of rounds at most.
    most_rounds = min(settings.EVENT_MAX_ROUNDS, max_pairs - 1 + max_pairs % 2)
    if not 1 <= rounds <= most_rounds:
        raise Refused("bad_setting", _("Rounds: 1 to %(n)d.") % {"n": most_rounds})
    now = timezone.now()
    if not now <= starts_at <= now + timedelta(days=settings.EVENT_MAX_DAYS_AHEAD):
        days = settings.EVENT_MAX_DAYS_AHEAD
        raise Refused("bad_setting", ngettext("The start must be within the next %(n)d day.",
                                              "The start must be within the next %(n)d days.",
                                              days) % {"n": days})
    with transaction.atomic():
        # Under the owner's row lock, so two forms sent at once cannot both pass the count.
        User.objects.select_for_update().filter(pk=owner.pk).first()
        _require_event_budget(owner)
        event = Event.objects.create(owner=owner, name=name, format=format, variant=variant, target=target,
                                     deals=deals, rounds=rounds, turn_seconds=turn_seconds,
                                     starts_at=starts_at, max_pairs=max_pairs, private=private)
        if format == DUPLICATE:
            seeds = [fairness.new_seed() for _ in range(deals * rounds)]
            # Deal k of a round is dealt from seat (k - 1) % 4 at every table.
            Deal.objects.bulk_create(Deal(event=event, number=n, seed=seed.hex(),
                                          sha256=fairness.commitment(seed), dealer=(n - 1) % deals % 4)
                                     for n, seed in enumerate(seeds, 1))
    return event


def _require_event_budget(owner: User) -> None:
    """Staff: EVENTS_STAFF_PER_HOUR created in the last hour (each draws its deals and may
    open a table for every pair); a player: EVENTS_OPEN_PER_USER open at once."""
    if owner.is_staff:
        per_hour = settings.EVENTS_STAFF_PER_HOUR
        lately = Event.objects.filter(owner=owner, created_at__gt=timezone.now() - timedelta(hours=1))
        if lately.count() >= per_hour:
            raise Refused("too_many_events", ngettext(
                "You created %(n)d event in the last hour: wait a while.",
                "You created %(n)d events in the last hour: wait a while.", per_hour) % {"n": per_hour})
        return
    cap = settings.EVENTS_OPEN_PER_USER
    open_events = Event.objects.filter(owner=owner,
                                       status__in=(Event.Status.REGISTRATION, Event.Status.RUNNING))
    if open_events.count() >= cap:
        raise Refused("too_many_events", ngettext(
            "You already have %(n)d event open: wait until it is over.",
            "You already have %(n)d events open: wait until one is over.", cap) % {"n": cap})


def register(event_id: int, user: User, *, partner: str = "", invite: str = "") -> Entry:
    """`user` enters the event (a private one with its invite), naming a partner or not."""
    hooks.may_act.check(user)
    if user.is_bot:
        raise Refused("bot", _("Bots do not enter events."))
    with transaction.atomic():
        event = locked_event(event_id)
        if event.private and not secrets.compare_digest(invite, event.invite):
            raise Refused("no_event", _("This event does not exist."))
        if event.status != Event.Status.REGISTRATION:
            raise Refused("closed", _("Registration for this event is closed."))
        if event.entries.filter(user=user).exists():
            raise Refused("registered", _("You are already registered."))
        if event.entries.count() >= 2 * event.max_pairs:
            raise Refused("full", _("This event is full."))
        named = None
        if partner.strip():
            named = User.objects.filter(username__iexact=partner.strip(), bot_level="").first()
            if named is None or named.pk == user.pk:
                raise Refused("bad_partner", _("No player of that name."))
        return Entry.objects.create(event=event, user=user, partner=named, here_until=_here_until())


def unregister(event_id: int, user: User) -> None:
    with transaction.atomic():
        event = locked_event(event_id)
        if event.status != Event.Status.REGISTRATION:
            raise Refused("closed", _("Registration for this event is closed."))
        if not event.entries.filter(user=user).delete()[0]:
            raise Refused("not_registered", _("You are not registered."))


def forget_player(sender: Any, user: User, **kwargs: Any) -> None:
    """An account deleted (accounts.deletion): it leaves the events still open for
    registration, and whoever named it as a partner names nobody. A running event's
    entries stay: its pairs and scores are the other players' too."""
    open_events = Event.objects.filter(status=Event.Status.REGISTRATION)
    Entry.objects.filter(event__in=open_events, user=user).delete()
    Entry.objects.filter(event__in=open_events, partner=user).update(partner=None)


def visible(event: Event, user: User | AnonymousUser, invite: str) -> bool:
    """Anyone sees a public event; a private one its owner, staff, its players, and whoever
    has its link."""
    if not event.private or secrets.compare_digest(invite, event.invite):
        return True
    if not user.is_authenticated:
        return False
    return (user.is_staff or event.owner_id == user.pk or event.entries.filter(user=user).exists()
            or event.pairs.filter(Q(first=user) | Q(second=user)).exists())


def here(event_id: int, user: User) -> None:
    """The event's page of a registered player is open: they count as present."""
    Entry.objects.filter(event_id=event_id, user_id=user.pk).update(here_until=_here_until())


def _here_until() -> datetime:
    return timezone.now() + timedelta(seconds=settings.EVENT_HERE_SECONDS)


def locked_event(event_id: int) -> Event:
    try:
        return Event.objects.select_for_update().get(pk=event_id)
    except (Event.DoesNotExist, ValueError, TypeError):
        raise Refused("no_event", _("This event does not exist.")) from None


# ---------------------------------------------------------------- the rounds


def advance(limit: int = 20) -> int:
    """Beat's sweep: start the events whose time has come, close the rounds whose tables
    are all over, start the next round after the pause. Each step is idempotent under the
    event's lock, so a lost task or a restarted worker only delays it."""
    now = timezone.now()
    due = (Event.objects.filter(Q(status=Event.Status.REGISTRATION, starts_at__lte=now)
                                | Q(status=Event.Status.RUNNING))
           .order_by("starts_at").values_list("pk", flat=True)[:limit])
    return sum(step(event_id) for event_id in due)


def step(event_id: int) -> bool:
    """Move one event on if it is due; True if something changed."""
    with transaction.atomic():
        event = locked_event(event_id)
        if event.status == Event.Status.REGISTRATION and event.starts_at <= timezone.now():
            _start(event)
            return True
        if event.status != Event.Status.RUNNING:
            return False
        current = event.round_set.order_by("-number").first()
        if current is None:
            _start_round(event, 1)
            return True
        if current.status == Round.Status.PLAYING:
            if Match.objects.filter(event_table__round=current, status=Match.Status.PLAYING).exists():
                return False
            current.status, current.finished_at = Round.Status.DONE, timezone.now()
            current.save(update_fields=["status", "finished_at"])
            if event.format == DUPLICATE:
                rate.rate_later(_duplicate_results(current))
            if not event.private:
                # Played out: anyone may now replay the round's tables from its travellers
                # (while it was played, no player could watch another table's same deals).
                room_life.make_public(list(current.tables.values_list("room_id", flat=True)))
            if current.number >= event.rounds:
                _finish(event)
            _standings_changed(event)
            return True
        assert current.finished_at is not None
        if timezone.now() >= current.finished_at + timedelta(seconds=settings.EVENT_ROUND_PAUSE_SECONDS):
            _start_round(event, current.number + 1)
            return True
        return False


def _start(event: Event) -> None:
    """Registration closes: the pairs are made (partners who named each other first, the
    others in the order they came); fewer than two pairs and the event is cancelled."""
    entries = list(event.entries.select_related("user").order_by("created_at", "pk"))
    named = {entry.user_id: entry.partner_id for entry in entries}
    paired: set[int] = set()
    pairs: list[Pair] = []
    alone: list[User] = []
    for entry in entries:
        if entry.user_id in paired:
            continue
        mate = entry.partner_id
        if mate is not None and named.get(mate) == entry.user_id and mate not in paired:
            pairs.append(Pair(event=event, first=entry.user, second_id=mate))
            paired |= {entry.user_id, mate}
        else:
            alone.append(entry.user)
    alone = [user for user in alone if user.pk not in paired]
    for n in range(0, len(alone), 2):
        pairs.append(Pair(event=event, first=alone[n], second=alone[n + 1] if n + 1 < len(alone) else None))
    if len(pairs) < 2:
        event.status = Event.Status.CANCELLED
        event.save(update_fields=["status"])
        return
    for pair in pairs:
        pair.save()
    event.status = Event.Status.RUNNING
    event.save(update_fields=["status"])
    _start_round(event, 1)


def _start_round(event: Event, number: int) -> None:
    """The round's tables, opened and dealt; the event ends here instead when fewer than
    two pairs are left (a moderator removed the others) or no pairing without a repeat
    is left (a small field late in a Swiss)."""
    pairs = list(event.pairs.filter(removed=False).select_related("first", "second")
                 .order_by("created_at", "pk"))
    try:
        if len(pairs) < 2:
            raise pairing.NoPairing("fewer than two pairs are left")
        matches, bye = pairing.pair_round(_ranked_for_pairing(event, pairs))
    except pairing.NoPairing:
        _finish(event)
        _standings_changed(event)
        return
    by_id: dict[Hashable, Pair] = {pair.pk: pair for pair in pairs}
    round_ = Round.objects.create(event=event, number=number, bye=by_id.get(bye) if bye is not None else None)
    dealer = 0 if event.format == DUPLICATE else secrets.randbelow(4)
    bot = bot_account("standard")
    for table_number, (ns_id, ew_id) in enumerate(matches, 1):
        ns, ew = by_id[ns_id], by_id[ew_id]
        wanted = [ns.first, ew.first, ns.second, ew.second]
        sitters = [user if user is not None and _present(event, user) else bot for user in wanted]
        table = Table.objects.create(round=round_, number=table_number, ns=ns, ew=ew, room_id=new_room_id(),
                                     bot_seats=[seat for seat, user in enumerate(sitters) if user.is_bot])
        table.match = room_life.open_table(
            table.room_id, event.owner, name=f"{event.name} · {number}.{table_number}", variant=event.variant,
            target=event.target, turn_seconds=event.turn_seconds, sitters=sitters, dealer=dealer,
            deals=event.deals if event.format == DUPLICATE else None, hold_seeds=event.format == DUPLICATE)
        table.save(update_fields=["match"])
        if event.format == DUPLICATE:
            # Rated by its pairs' matchpoints against the field once the round is over, not
            # by the points at the table, which the luck of the deals is in (docs/ratings.md).
            rate.defer([table.match.pk])
    _standings_changed(event)


def _duplicate_results(round_: Round) -> dict[int, int | None]:
    """Each table's result for ratings, {match id: winning side, or None}: the side whose
    pair beat the field on the round's deals, that is made more matchpoints than the other
    side at the table (each deal's matchpoints of the two sum to its top: more than half)."""
    totals = scoring.score_event(
        scoring.Result(deal, ns, ew, score) for deal, ns, ew, score in
        DealResult.objects.filter(table__round=round_).values_list("deal__number", "table__ns_id",
                                                                  "table__ew_id", "score"))
    results: dict[int, int | None] = {}
    tables = round_.tables.filter(match__isnull=False).values_list("match_id", "ns_id", "ew_id")
    for match_id, ns, ew in tables:
        ns_points = totals.get(ns, scoring.PairScore()).matchpoints
        ew_points = totals.get(ew, scoring.PairScore()).matchpoints
        results[match_id] = 0 if ns_points > ew_points else 1 if ew_points > ns_points else None
    return results


def _present(event: Event, user: User) -> bool:
    """At the event's page lately, and free to play now (no suspension, cool-down or other
    table): otherwise a bot plays the seat, and the event's page says so."""
    if not Entry.objects.filter(event=event, user=user, here_until__gt=timezone.now()).exists():
        return False
    try:
        hooks.may_act.check(user)
        hooks.may_sit.check(user)
    except Refused:
        return False
    return not Match.objects.filter(status=Match.Status.PLAYING, players__user=user).exists()


def _ranked_for_pairing(event: Event, pairs: Sequence[Pair]) -> list[pairing.Standing]:
    """The pairs best first, with whom each met, for the next round's pairing."""
    met: dict[Hashable, set[Hashable]] = {pair.pk: set() for pair in pairs}
    for ns, ew in Table.objects.filter(round__event=event).values_list("ns_id", "ew_id"):
        met.setdefault(ns, set()).add(ew)
        met.setdefault(ew, set()).add(ns)
    byes: dict[Hashable, int] = {}
    for pair_id in Round.objects.filter(event=event, bye__isnull=False).values_list("bye_id", flat=True):
        byes[pair_id] = byes.get(pair_id, 0) + 1
    ranked = []
    for row in standings(event):
        if row.pair.pk in met and not row.pair.removed:
            ranked.append(pairing.Standing(row.pair.pk, opponents=met[row.pair.pk],
                                           byes=byes.get(row.pair.pk, 0)))
    return ranked


def _finish(event: Event) -> None:
    event.status, event.finished_at = Event.Status.FINISHED, timezone.now()
    event.save(update_fields=["status", "finished_at"])
    if event.format == DUPLICATE:
        matches = list(Table.objects.filter(round__event=event).values_list("match_id", flat=True))
        transaction.on_commit(lambda: move_path.release_seeds(matches))


def _standings_changed(event: Event) -> None:
    live.publish_standings(event.pk)


# ----------------------------------------------------------- hooks on games


def deal_seed(match: Match, number: int) -> bytes | None:
    """games' hook before a deal: a duplicate table deals its round's deals, in order."""
    if not match.room.arranged:
        return None
    table = Table.objects.filter(room_id=match.room_id).select_related("round__event").first()
    if table is None or table.round.event.format != DUPLICATE:
        return None
    event = table.round.event
    deal = Deal.objects.filter(event=event, number=(table.round.number - 1) * event.deals + number).first()
    return None if deal is None else bytes.fromhex(deal.seed)


def deal_over(match: Match, events: Sequence[Any]) -> None:
    """games' hook after a move: a duplicate table's deal that ended is its result."""
    over = next((e for e in events if engine.ends_hand(e)), None)
    if over is None or not match.room.arranged:
        return
    table = Table.objects.filter(match=match).select_related("round__event").first()
    if table is None or table.round.event.format != DUPLICATE:
        return
    before = match.state["scores"]  # the state is saved after the hooks: still the deal's start
    after = over["scores"] if over["type"] == "hand_scored" else before
    change = [a - b for a, b in zip(after, before, strict=True)]
    team = (change[0] + change[2], change[1] + change[3]) if len(change) == 4 else (change[0], change[1])
    event = table.round.event
    number = (table.round.number - 1) * event.deals + over["hand_number"]
    deal = Deal.objects.get(event=event, number=number)
    DealResult.objects.create(table=table, deal=deal, score=team[0] - team[1],
                              thrown_in=over["type"] == "thrown_in", hand=over["hand_number"])
    _standings_changed(event)
    transaction.on_commit(lambda: _check_round_later(table.round_id))


def table_event(room: Room) -> tuple[str, str] | None:
    """games' hook for a table's page: an event's table links back to its event."""
    if not room.arranged:
        return None
    event = Event.objects.filter(round_set__tables__room_id=room.pk).only("pk", "name").first()
    return None if event is None else (event.name, event.get_absolute_url())


def match_over(match: Match) -> None:
    """games' hook when a match finishes: its round may be over."""
    if not match.room.arranged:
        return
    round_id = Table.objects.filter(match=match).values_list("round_id", flat=True).first()
    if round_id is not None:
        transaction.on_commit(lambda: _check_round_later(round_id))


def _check_round_later(round_id: int) -> None:
    current_app.signature(CHECK_ROUND_TASK, args=(round_id,)).apply_async()


# --------------------------------------------------------------- standings


@dataclass
class Row:
    """One pair's line of the standings."""

    rank: int
    pair: Pair
    # Duplicate: matchpoints, top, percentage, IMPs; Swiss: score and tie-breaks.
    matchpoints: int = 0
    top: int = 0
    percentage: float = 0.0
    imps: float = 0.0
    score: int = 0
    buchholz: int = 0
    difference: int = 0
    deals: int = 0
    adjustment: int = 0

    def names(self) -> str:
        second = shown_name(self.pair.second.username) if self.pair.second else _("a bot")
        return f"{shown_name(self.pair.first.username)} & {second}"


def standings(event: Event) -> list[Row]:
    """The pairs best first (removed ones last), as docs/events.md ranks them."""
    pairs = list(event.pairs.select_related("first", "second").order_by("created_at", "pk"))
    order: dict[Hashable, int] = {pair.pk: n for n, pair in enumerate(pairs)}
    by_id: dict[Hashable, Pair] = {pair.pk: pair for pair in pairs}
    adjustments: dict[Hashable, int] = {}
    for pair_id, amount in Adjustment.objects.filter(pair__event=event).values_list("pair_id", "amount"):
        adjustments[pair_id] = adjustments.get(pair_id, 0) + amount
    rows: list[Row] = []
    if event.format == DUPLICATE:
        results = [scoring.Result(deal, ns, ew, score) for deal, ns, ew, score in
                   DealResult.objects.filter(table__round__event=event)
                   .values_list("deal__number", "table__ns_id", "table__ew_id", "score")]
        totals = scoring.score_event(results)
        for pair in pairs:
            totals.setdefault(pair.pk, scoring.PairScore())
        for ranked, total in scoring.ranking(totals, adjustments, order):
            rows.append(Row(0, by_id[ranked], matchpoints=total.matchpoints, top=total.top,
                            percentage=round(total.percentage, 2), imps=round(total.imps, 2),
                            deals=total.deals, adjustment=adjustments.get(ranked, 0)))
    else:
        played = []
        for ns, ew, winner, state in (Table.objects.filter(round__event=event)
                                      .exclude(match__status=Match.Status.PLAYING)
                                      .values_list("ns_id", "ew_id", "match__winner", "match__state")):
            s = state["scores"]
            points = (s[0] + s[2], s[1] + s[3]) if len(s) == 4 else (s[0], s[1])
            played.append(pairing.Played(ns, ew, (ns, ew)[winner] if winner in (0, 1) else None, points))
        byes = Round.objects.filter(event=event, bye__isnull=False).values_list("bye_id", flat=True)
        for standing in pairing.standings([pair.pk for pair in pairs], played, byes, adjustments):
            rows.append(Row(0, by_id[standing.pair], score=standing.score,
                            buchholz=standing.buchholz, difference=standing.difference,
                            adjustment=adjustments.get(standing.pair, 0)))
    rows.sort(key=lambda row: row.pair.removed)  # stable: the removed go last, in their order
    for n, row in enumerate(rows, 1):
        row.rank = n
    return rows


# -------------------------------------------------------------- moderation


def remove_pair(moderator: User, pair_id: int, reason: str) -> Pair:
    """A moderator takes a pair out of the event: it plays no more rounds (timers play its
    seats of a match in play), is ranked last, and the audit log says who, when and why."""
    pair = _moderated_pair(moderator, pair_id, reason)
    with transaction.atomic():
        event = locked_event(pair.event_id)
        pair = Pair.objects.select_for_update().get(pk=pair.pk)
        if pair.removed:
            raise Refused("removed", _("That pair was already removed."))
        pair.removed = True
        pair.save(update_fields=["removed"])
        _log(moderator, AuditEntry.Action.REMOVE_PAIR, pair, reason)
        playing = Table.objects.filter(Q(ns=pair) | Q(ew=pair), match__status=Match.Status.PLAYING).first()
        if playing is not None:
            seats = (0, 2) if playing.ns_id == pair.pk else (1, 3)
            for seat in seats:
                move_path.remove_player(playing.room_id, seat)
        _standings_changed(event)
        return pair


def adjust(moderator: User, pair_id: int, amount: int, reason: str) -> Adjustment:
    """A moderator changes a pair's score (percentage points in duplicate, points in Swiss), with
    the reason, in the event's standings and the audit log."""
    pair = _moderated_pair(moderator, pair_id, reason)
    if type(amount) is not int or amount == 0 or abs(amount) > 100:
        raise Refused("bad_amount", _("Give a change between -100 and 100, not 0."))
    with transaction.atomic():
        event = locked_event(pair.event_id)
        adjustment = Adjustment.objects.create(pair=pair, amount=amount, reason=reason, moderator=moderator)
        _log(moderator, AuditEntry.Action.ADJUST_SCORE, pair, reason, amount=amount)
        _standings_changed(event)
        return adjustment


def _moderated_pair(moderator: User, pair_id: int, reason: str) -> Pair:
    if not is_moderator(moderator):
        raise Refused("forbidden", _("Only moderators can do that."))
    if not reason.strip():
        raise Refused("no_reason", _("Give a reason: it goes in the audit log."))
    pair = Pair.objects.filter(pk=pair_id).first()
    if pair is None:
        raise Refused("no_pair", _("No such pair."))
    return pair


def _log(moderator: User, action: str, pair: Pair, reason: str, **details: Any) -> None:
    AuditEntry.objects.create(moderator=moderator, action=action, user_id=pair.first_id,
                              reason=reason.strip(), details={"event": pair.event_id, "pair": pair.pk,
                                       "players": [pair.first_id, pair.second_id], **details})
