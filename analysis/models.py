"""A finished hand's double-dummy analysis, as analysis.deal computed it."""

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import VARIANT_CHOICES, Match


class HandAnalysis(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="analyses")
    hand = models.PositiveSmallIntegerField(_("hand"))  # counted as on the score sheet
    # analysis.deal.VERSION when computed: an older one is computed again and replaced.
    version = models.PositiveSmallIntegerField(_("version"))
    data: Any = models.JSONField()
    analysed_at = models.DateTimeField(_("analysed at"), auto_now=True)

    class Meta:
        ordering = ["match", "hand"]
        verbose_name = _("hand analysis")
        verbose_name_plural = _("hand analyses")
        constraints = [models.UniqueConstraint(fields=["match", "hand"], name="one_analysis_per_hand")]

    def __str__(self) -> str:
        return f"match {self.match_id} hand {self.hand} (version {self.version})"


class SeatFigures(models.Model):
    """One seat's sums over its match's analysed hands (analysis.tally.FIELDS): counted
    again from the match's analyses whenever one is saved (analysis.figures), so that a
    profile sums a player's rows, one a match, and never reads the analyses themselves."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seat_figures")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    # Who sat across the table: the fair-play signals of a partnership (analysis.fairplay).
    partner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                                related_name="+")
    variant = models.CharField(max_length=10, choices=VARIANT_CHOICES)
    hands = models.PositiveIntegerField(default=0)
    cards = models.PositiveIntegerField(default=0)
    best_cards = models.PositiveIntegerField(default=0)
    lost = models.PositiveIntegerField(default=0)
    leads = models.PositiveIntegerField(default=0)
    best_leads = models.PositiveIntegerField(default=0)
    declarer_cards = models.PositiveIntegerField(default=0)
    declarer_best = models.PositiveIntegerField(default=0)
    defence_cards = models.PositiveIntegerField(default=0)
    defence_best = models.PositiveIntegerField(default=0)
    bids = models.PositiveIntegerField(default=0)
    makeable_bids = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "seat"], name="one_figures_per_seat")]
        indexes = [models.Index(fields=["user", "variant"], name="figures_by_player")]

    def __str__(self) -> str:
        return f"match {self.match_id} seat {self.seat}: {self.hands} hands analysed"
