from datetime import date
from typing import Any

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from moderation.models import DECISIONS, AuditEntry, Report, active_suspension
from moderation.texts import suspension_text

MUTE_MINUTES = [(15, _("15 minutes")), (60, _("1 hour")), (24 * 60, _("24 hours")),
                (7 * 24 * 60, _("7 days"))]
SUSPEND_DAYS = [(1, _("1 day")), (3, _("3 days")), (7, _("7 days")), (30, _("30 days"))]


class SuspensionCheck:
    """A login form that refuses a suspended or banned player, saying until when."""

    def confirm_login_allowed(self, user: Any) -> None:
        super().confirm_login_allowed(user)  # type: ignore[misc]  # a mixin: its form has the method
        sanction = active_suspension(user.pk)
        if sanction is not None:
            raise ValidationError(suspension_text(sanction), code="suspended")


class LoginForm(SuspensionCheck, AuthenticationForm):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A confirmed email logs in too (accounts.models.Accounts.get_by_natural_key).
        field = self.fields["username"]
        assert isinstance(field, forms.CharField)
        field.label = _("Username or email")
        field.max_length = 254
        field.widget.attrs["maxlength"] = "254"


class AdminLoginForm(SuspensionCheck, AdminAuthenticationForm):
    pass


class ReportForm(forms.Form):
    reason = forms.ChoiceField(label=_("Reason"), choices=Report.Reason.choices)
    text = forms.CharField(label=_("What happened (optional)"), max_length=500, required=False,
                           widget=forms.Textarea(attrs={"rows": 3, "maxlength": 500, "dir": "auto"}))
    room = forms.CharField(required=False, max_length=16, widget=forms.HiddenInput)


class ResolveForm(forms.Form):
    decision = forms.ChoiceField(label=_("Action"), choices=DECISIONS)
    minutes = forms.TypedChoiceField(label=_("Mute for"), choices=MUTE_MINUTES, coerce=int, initial=60)
    days = forms.TypedChoiceField(label=_("Suspend for"), choices=SUSPEND_DAYS, coerce=int, initial=1)
    note = forms.CharField(label=_("Note"), max_length=500,
                           help_text=_("Why: the player reads it with a warning or a sanction."))


class ActionForm(forms.Form):
    """One moderator action, from the table's menus or the queue."""

    ACTIONS = ["warn", "mute", "remove", "suspend", "ban", "lift", "delete_message", "close_room",
               "reopen_room", "message_room"]
    action = forms.ChoiceField(choices=[(a, a) for a in ACTIONS])
    username = forms.CharField(required=False, max_length=150)
    room = forms.CharField(required=False, max_length=16)
    seat = forms.IntegerField(required=False, min_value=0, max_value=3)
    message = forms.IntegerField(required=False, min_value=1)
    minutes = forms.TypedChoiceField(required=False, choices=MUTE_MINUTES, coerce=int,
                                     empty_value=60)  # type: ignore[arg-type]  # Django takes any; stubs say str
    days = forms.TypedChoiceField(required=False, choices=SUSPEND_DAYS, coerce=int,
                                  empty_value=1)  # type: ignore[arg-type]  # Django takes any; stubs say str
    reason = forms.CharField(required=False, max_length=500)
    text = forms.CharField(required=False, max_length=200)

    NEEDS = {"warn": ["username", "reason"], "mute": ["username", "reason"],
             "remove": ["room", "seat", "reason"],
             "suspend": ["username", "reason"], "ban": ["username", "reason"], "lift": ["username", "reason"],
             "delete_message": ["message", "reason"], "close_room": ["room", "reason"],
             "reopen_room": ["room", "reason"], "message_room": ["room", "text"]}

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for name in self.NEEDS.get(data.get("action", ""), []):
            if data.get(name) in (None, ""):
                self.add_error(name, _("This field is required."))
        if data.get("username") and "username" in self.NEEDS.get(data.get("action", ""), []):
            data["user"] = User.objects.filter(username=data["username"]).first()
            if data["user"] is None:
                self.add_error("username", _("There is no such player."))
        return data


class LogFilterForm(forms.Form):
    moderator = forms.CharField(label=_("Moderator"), required=False, max_length=150)
    action = forms.ChoiceField(label=_("Action"), required=False,
                               choices=[("", _("Any action")), *AuditEntry.Action.choices])
    username = forms.CharField(label=_("Player"), required=False, max_length=150)
    start = forms.DateField(label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(label=_("To"), required=False, widget=forms.DateInput(attrs={"type": "date"}))

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        start: date | None = data.get("start")
        end: date | None = data.get("end")
        if start and end and end < start:
            self.add_error("end", _("The end comes before the start."))
        return data
