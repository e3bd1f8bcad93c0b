"""Each player's rating per variant, every change to it (one per rated match), and whom
they met on the other side.

All three are a cache of replaying finished matches in order (`manage.py rebuild_ratings`):
every field is a function of the matches, times included, so a rebuild equals them.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import VARIANT_CHOICES, Match


class Rating(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    variant = models.CharField(_("variant"), max_length=10, choices=VARIANT_CHOICES)
    # openskill's belief about the player's skill: mean and standard deviation.
    mu = models.FloatField()
    sigma = models.FloatField()
    # The number players see (ratings.rate.displayed), kept so the leaderboard sorts in SQL.
    rating = models.IntegerField(_("rating"))
    matches = models.PositiveIntegerField(_("rated matches"), default=0)
    # Different accounts met on the other side in rated matches: the leaderboard wants
    # RATING_MIN_OPPONENTS, so a few accounts playing each other never reach it.
    opponents = models.PositiveIntegerField(_("different opponents"), default=0)
    # When the last rated match finished (not the time of writing: a rebuild equals it).
    updated = models.DateTimeField()

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [models.UniqueConstraint(fields=["user", "variant"], name="one_rating_per_variant")]
        indexes = [models.Index(fields=["variant", "-rating"], name="leaderboard")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.variant}: {self.rating}"


class RatingChange(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="rating_changes")
    variant = models.CharField(max_length=10, choices=VARIANT_CHOICES)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rating_changes")
    # The share of openskill's change applied: below 1 when the player met the same people
    # often just before (ratings.rate.repeat_weight).
    weight = models.FloatField(default=1.0)
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    rating_before = models.IntegerField()
    rating_after = models.IntegerField()
    created = models.DateTimeField()  # the match's finished_at

    class Meta:
        ordering = ["created", "match_id"]
        constraints = [
            # A match is counted once for each of its players, whatever races to finish it.
            models.UniqueConstraint(fields=["match", "user"], name="one_rating_change_per_match"),
        ]
        indexes = [models.Index(fields=["user", "variant", "-created"], name="rating_history")]

    def __str__(self) -> str:
        return (f"{self.user_id} {self.variant} match {self.match_id}: "
                f"{self.rating_before} → {self.rating_after}")


class Opponent(models.Model):
    """`user` met `opponent` on the other side of a rated match in `variant` (a row each
    way): how a match knows which of its players' opponents are new to them."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    opponent = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    variant = models.CharField(max_length=10, choices=VARIANT_CHOICES)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "variant", "opponent"],
                                               name="one_row_per_opponent")]

    def __str__(self) -> str:
        return f"{self.user_id} met {self.opponent_id} in {self.variant}"


class LaterResult(models.Model):
    """A match rated not by its winner but by a result its app decides later: an event's
    duplicate table, by its pairs' matchpoints against the field once its round is over
    (docs/ratings.md). Until `decided` the match is not rated; a decided `winner` of None
    (level) changes no rating. Kept so rebuild_ratings rates the match as live did."""

    match = models.OneToOneField(Match, primary_key=True, on_delete=models.CASCADE, related_name="+")
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    decided = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"match {self.match_id}: {self.winner if self.decided else 'later'}"
