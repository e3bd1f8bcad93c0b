from datetime import timedelta

from django import forms
from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from events.models import Event
from games.models import MAX_TURN_SECONDS, MIN_TURN_SECONDS


def _soon() -> str:
    return (timezone.localtime() + timedelta(minutes=30)).strftime("%Y-%m-%dT%H:%M")


class EventForm(forms.ModelForm):
    """What an event is; events.services.create_event checks it again, with the caps."""

    starts_at = forms.DateTimeField(label=_("Starts at (UTC)"), initial=_soon,
                                    widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))
    turn_seconds = forms.IntegerField(
        label=_("Turn time (seconds)"), initial=30,
        validators=[MinValueValidator(MIN_TURN_SECONDS), MaxValueValidator(MAX_TURN_SECONDS)])
    deals = forms.IntegerField(label=_("Deals a round (duplicate)"), initial=4, min_value=1,
                               max_value=settings.EVENT_MAX_DEALS)
    rounds = forms.IntegerField(label=_("Rounds"), initial=3, min_value=1,
                                max_value=settings.EVENT_MAX_ROUNDS)
    max_pairs = forms.IntegerField(label=_("Most pairs"), initial=16, min_value=2,
                                   max_value=settings.EVENT_MAX_PAIRS)

    class Meta:
        model = Event
        fields = ["name", "format", "variant", "target", "deals", "rounds", "turn_seconds", "starts_at",
                  "max_pairs", "private"]
        help_texts = {"target": _("A Swiss round's match is played to this; Tarneeb 41 always to 41."),
                      "private": _("A private event is not listed: its players come by its link.")}


class RegisterForm(forms.Form):
    partner = forms.CharField(label=_("Partner (optional)"), max_length=150, required=False,
                              help_text=_("Two players who name each other play as a pair; the others are "
                                          "partnered at the start."))
    invite = forms.CharField(required=False, widget=forms.HiddenInput, max_length=24)


class AdjustForm(forms.Form):
    pair = forms.IntegerField(widget=forms.HiddenInput)
    amount = forms.IntegerField(label=_("Change"), min_value=-100, max_value=100)
    reason = forms.CharField(label=_("Reason"), max_length=300)


class RemoveForm(forms.Form):
    pair = forms.IntegerField(widget=forms.HiddenInput)
    reason = forms.CharField(label=_("Reason"), max_length=300)
