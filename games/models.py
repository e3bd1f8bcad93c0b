"""Rooms, seats, matches and the match event log.

A match is its event log: `Match.state` and `Match.version` are a cache of replaying
`MatchEvent`s through the engine, written in the same transaction as each event.
"""

from __future__ import annotations  # JSONField[...] is for the checker: fields are not generic at run time

import secrets
import zlib
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import engine
from games.fairness import Commitment
from tarneeb.text import refuse_bidi_controls

VARIANT_CHOICES = [("classic", _("Classic Tarneeb")), ("forty_one", _("Tarneeb 41"))]
TARGET_CHOICES = [(31, "31"), (41, "41"), (61, "61")]
MIN_TURN_SECONDS, MAX_TURN_SECONDS = 5, 120


# A move's logged result: the engine's events, and a deal's commitment to its seed.
LoggedEvent = engine.Event | Commitment


def new_room_id() -> str:
    # Unguessable: a private room is reached by its link only.
    return secrets.token_urlsafe(8)


class Room(models.Model):
    id = models.CharField(primary_key=True, max_length=16, default=new_room_id, editable=False)
    name = models.CharField(_("name"), max_length=60, validators=[refuse_bidi_controls])
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="owned_rooms")
    variant = models.CharField(_("variant"), max_length=10, choices=VARIANT_CHOICES, default="classic")
    target = models.PositiveSmallIntegerField(_("target"), choices=TARGET_CHOICES, default=41)
    turn_seconds = models.PositiveSmallIntegerField(_("turn time (seconds)"), default=30)
    private = models.BooleanField(_("private"), default=False)
    closed = models.BooleanField(_("closed by a moderator"), default=False)
    chat = models.BooleanField(_("table chat"), default=True)
    # Opened by Quick play: its name is shown in each reader's language, not the creator's.
    quick = models.BooleanField(_("quick play"), default=False)
    # Opened by the site with its four already chosen (an event's table, events/): nobody
    # sits, stands or starts a rematch there, and it counts in no one's room budget.
    arranged = models.BooleanField(_("arranged"), default=False, db_default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("room")
        verbose_name_plural = _("rooms")

    def __str__(self) -> str:
        return f"{self.display_name} ({self.id})"

    def get_absolute_url(self) -> str:
        return f"/rooms/{self.id}/"

    @property
    def display_name(self) -> str:
        """The name in the current language: a quick-play room's is translated, and told
        from the others by its number."""
        if self.quick:
            return gettext("Quick play · Table %(n)s") % {"n": self.quick_number}
        return self.name

    @property
    def quick_number(self) -> int | None:
        """A Quick play room's number in its name, 100 to 999, from its id (the same for
        every reader; two rooms of the lobby rarely share one, and then differ by players)."""
        return zlib.crc32(self.id.encode()) % 900 + 100 if self.quick else None


class Seat(models.Model):
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seats")
    # A bot account may fill several seats of a room (there is one account per level).
    bot = models.BooleanField(default=False, db_default=False)
    # A bot's name at this table (games.bot_names), distinct from the other bots' there;
    # empty for a person.
    bot_name = models.CharField(max_length=20, blank=True, default="", db_default="")
    # Until when the person counts as at the table: pushed on by their socket while it is
    # open (games.services.room_life.here), set to now when it closes. A match starts
    # only with every person present, and a seat left this way is given up after a while.
    here_until = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["room", "number"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["room", "user"], condition=models.Q(bot=False),
                                    name="one_seat_per_player"),
            models.CheckConstraint(condition=models.Q(number__lte=3), name="seat_0_to_3"),
        ]

    def __str__(self) -> str:
        return f"{self.room_id} seat {self.number}: {self.user}"


class Match(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", _("playing")
        FINISHED = "finished", _("finished")
        ABORTED = "aborted", _("aborted")

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="matches")
    variant = models.CharField(max_length=10, choices=VARIANT_CHOICES)
    target = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    first_dealer = models.PositiveSmallIntegerField()
    version = models.PositiveIntegerField(default=0)
    state = models.JSONField()
    # When the system acts next (a turn timer, or the pause before the next deal).
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    # The current hand's sha256(seed), and the last finished hand's seed, for the table.
    fairness = models.JSONField(default=dict, blank=True)
    # Who sits where, and how many turns in a row the timer played for each seat:
    # [{"user": id, "username": name, "timeouts": n}, ...] by seat, with "bot": level and
    # "name": its name's key (games.bot_names) for a bot account, and "removed": true for
    # a player a moderator removed. On the row, so a move reads and writes one row;
    # MatchPlayer is what finds a player's matches.
    seating = models.JSONField(default=list, blank=True)
    # A duplicate table's match: this many deals, won on points (engine.new_match).
    deals = models.PositiveSmallIntegerField(null=True, blank=True)
    # Its deals' seeds are the same at other tables still playing them: none is revealed
    # (at the table, in the record, on the score sheet) until move_path.release_seeds.
    seeds_held = models.BooleanField(default=False, db_default=False)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self) -> str:
        return f"match {self.pk} in {self.room_id}"

    @property
    def game(self) -> engine.Match:
        return engine.Match.from_dict(self.state)

    def new_game(self) -> engine.Match:
        """The match as it was before its first deal, to replay its log from."""
        return engine.new_match(self.variant, dealer=self.first_dealer, target=self.target, deals=self.deals)


class MatchPlayer(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="players")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="match_seats")

    class Meta:
        ordering = ["seat"]
        constraints = [models.UniqueConstraint(fields=["match", "seat"], name="one_player_per_match_seat")]

    def __str__(self) -> str:
        return f"{self.user} at seat {self.seat}"


class MatchEvent(models.Model):
    class Actor(models.TextChoices):
        PLAYER = "player", _("player")
        TIMER = "timer", _("timer")
        # A bot account's move, or a bot's for an away player.
        BOT = "bot", _("bot")
        SYSTEM = "system", _("system")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    actor = models.CharField(max_length=8, choices=Actor.choices)
    action: Any = models.JSONField()
    result: models.JSONField[Sequence[LoggedEvent], list[LoggedEvent]] = models.JSONField(
        help_text="the engine's events")
    # A bot's move: {"level", "version", "seed"}, what `manage.py replay_bot_move` needs to
    # make the same choice again from the seat's view (games.bot_replay).
    bot: Any = models.JSONField(null=True, blank=True, help_text="a bot's level, version and rng seed")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "seq"]
        constraints = [models.UniqueConstraint(fields=["match", "seq"], name="one_event_per_seq")]

    def __str__(self) -> str:
        return f"{self.match_id}#{self.seq} {self.action.get('type')}"
