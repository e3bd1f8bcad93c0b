"""Abandonments: one row per player who left a finished match, with the cool-down it
brought. The rules are in playban.policy; playban.services writes these rows."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Match
from playban import policy


class Abandonment(models.Model):
    class Reason(models.TextChoices):
        TIMER = policy.TIMER, _("the timer played most of their turns")
        REMOVED = policy.REMOVED, _("a moderator removed them")
        LEFT = policy.LEFT, _("they left the table")

    class Forgiven(models.TextChoices):
        CLEAN_MATCHES = "clean", _("after clean matches")
        MODERATOR = "moderator", _("by a moderator")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="abandonments",
                             verbose_name=_("player"))
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+", verbose_name=_("match"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    reason = models.CharField(_("reason"), max_length=10, choices=Reason.choices)
    # When the match finished; the cool-down runs from then to `until`.
    created_at = models.DateTimeField(_("when"))
    until = models.DateTimeField(_("cool-down until"))
    forgiven_at = models.DateTimeField(_("forgiven at"), null=True, blank=True)
    forgiven = models.CharField(_("forgiven"), max_length=10, choices=Forgiven.choices, blank=True)
    forgiven_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, related_name="+",
                                    on_delete=models.SET_NULL, verbose_name=_("forgiven by"))

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("abandonment")
        verbose_name_plural = _("abandonments")
        permissions = [("forgive_abandonment", _("Can forgive an abandonment"))]
        constraints = [models.UniqueConstraint(fields=["user", "match"], name="one_abandonment_per_match")]
        indexes = [models.Index(fields=["user", "-until"], name="abandonment_user_until")]

    def __str__(self) -> str:
        return f"{self.user_id} left match {self.match_id}"
