"""Events: duplicate and Swiss tournaments the site runs on a schedule (docs/events.md).

An event has pairs (a fixed partnership, or a player the event partners at its start),
rounds, and tables; each table is one match played through games' move path. A duplicate
event's deals (`Deal`) are drawn when it is created: their sha256 is shown from then on,
their seeds once the event is over, so anyone can check that every table of a round held
the same cards in the same seats.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import VARIANT_CHOICES, Match
from tarneeb.text import refuse_bidi_controls


def new_invite() -> str:
    # Unguessable: a private event is reached by its link only.
    return secrets.token_urlsafe(12)


class Event(models.Model):
    class Format(models.TextChoices):
        DUPLICATE = "duplicate", _("Duplicate")
        SWISS = "swiss", _("Swiss")

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("open for registration")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")
        CANCELLED = "cancelled", _("cancelled")

    name = models.CharField(_("name"), max_length=60, validators=[refuse_bidi_controls])
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="owned_events")
    format = models.CharField(_("format"), max_length=10, choices=Format.choices)
    variant = models.CharField(_("variant"), max_length=10, choices=VARIANT_CHOICES, default="classic")
    # A Swiss match is played to this target; a duplicate table plays `deals` deals a round.
    target = models.PositiveSmallIntegerField(_("target"), default=41)
    deals = models.PositiveSmallIntegerField(_("deals a round"), default=4)
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=1)
    turn_seconds = models.PositiveSmallIntegerField(_("turn time (seconds)"), default=30)
    starts_at = models.DateTimeField(_("starts at"))
    max_pairs = models.PositiveSmallIntegerField(_("most pairs"), default=16)
    # A private event is listed nowhere: its players come by its invite link.
    private = models.BooleanField(_("private"), default=False)
    invite = models.CharField(max_length=24, default=new_invite, unique=True, editable=False)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTRATION)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-starts_at"]
        verbose_name = _("event")
        verbose_name_plural = _("events")
        indexes = [models.Index(fields=["status", "starts_at"], name="events_due")]

    def __str__(self) -> str:
        return f"{self.name} ({self.pk})"

    def get_absolute_url(self) -> str:
        return f"/events/{self.pk}/"


class Entry(models.Model):
    """A player registered for an event, and the partner they name: two who name each
    other play as a pair; the others are partnered at the start in the order they came."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_entries")
    partner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="+")
    # Until when the player counts as at the event: pushed on by the event page's socket.
    # One who is not there when a round starts has a bot in their seat.
    here_until = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="one_entry_per_player")]

    def __str__(self) -> str:
        return f"{self.event_id}: {self.user_id}"


class Pair(models.Model):
    """A partnership, made when the event starts; `second` is None when an odd player out
    plays with a bot."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="pairs")
    first = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    second = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                               related_name="+")
    # Removed by a moderator: plays no more rounds, and is ranked last.
    removed = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("pair")
        verbose_name_plural = _("pairs")

    def __str__(self) -> str:
        return f"{self.event_id}: {self.first_id} & {self.second_id}"


class Round(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", _("playing")
        DONE = "done", _("done")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLAYING)
    bye = models.ForeignKey(Pair, null=True, blank=True, on_delete=models.CASCADE, related_name="byes")
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="one_round_per_number")]

    def __str__(self) -> str:
        return f"{self.event_id} round {self.number}"


class Table(models.Model):
    """One match of a round: `ns` in seats 0 and 2, `ew` in seats 1 and 3."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    ns = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")
    ew = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")
    # The table's room is named before it is opened: its first deal, made as it opens,
    # finds the table by it (events.services.deal_seed).
    room_id = models.CharField(max_length=16, unique=True)
    match = models.OneToOneField(Match, null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="event_table")
    # Seats a bot played from the start because their player was missing: [seat, ...].
    bot_seats = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="one_table_per_number")]

    def __str__(self) -> str:
        return f"{self.round} table {self.number}"


class Deal(models.Model):
    """A duplicate deal: its seed, drawn when the event was created, and the dealer every
    table deals it from. `sha256` is public from the start, the seed once the event is over."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="deal_set")
    number = models.PositiveSmallIntegerField()  # 1, 2 ... over the whole event
    seed = models.CharField(max_length=64)
    sha256 = models.CharField(max_length=64)
    dealer = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="one_deal_per_number")]

    def __str__(self) -> str:
        return f"{self.event_id} deal {self.number}"


class DealResult(models.Model):
    """How a table's deal ended: north-south's points minus east-west's (0 thrown in)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="results")
    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="results")
    score = models.IntegerField()
    thrown_in = models.BooleanField(default=False)
    # The match's hand, for the replay's link.
    hand = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "deal"], name="one_result_per_table_deal")]

    def __str__(self) -> str:
        return f"{self.table} {self.deal}: {self.score}"


class Adjustment(models.Model):
    """A moderator's change to a pair's score (percentage points in duplicate, points in Swiss),
    with the reason; the audit log has it too."""

    pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="adjustments")
    amount = models.IntegerField(_("amount"))
    reason = models.CharField(_("reason"), max_length=300)
    moderator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"{self.pair}: {self.amount:+d}"
