"""A finished hand's double-dummy analysis, as analysis.deal computed it."""

from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Match


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
