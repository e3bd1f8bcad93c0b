from typing import Any

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils.translation import gettext_lazy as _

from games.models import MAX_TURN_SECONDS, MIN_TURN_SECONDS, Room


class RoomForm(forms.ModelForm):
    turn_seconds = forms.IntegerField(
        label=_("Turn time (seconds)"), initial=30,
        validators=[MinValueValidator(MIN_TURN_SECONDS), MaxValueValidator(MAX_TURN_SECONDS)])

    class Meta:
        model = Room
        fields = ["name", "variant", "target", "turn_seconds", "private", "chat"]
        help_texts = {"target": _("Tarneeb 41 is always played to 41."),
                      "private": _("Private rooms are not listed; share the link."),
                      "chat": _("Players and spectators can write to each other at the table.")}

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("variant") == "forty_one":
            data["target"] = 41
        return data


class AnnouncementForm(forms.Form):
    text = forms.CharField(label=_("Message"), max_length=300)
    delay_minutes = forms.IntegerField(label=_("Send in (minutes)"), min_value=0, max_value=24 * 60,
                                       initial=0)
