from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth import forms as auth_forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from accounts.preferences import time_zones


class SignupForm(UserCreationForm):
    email = forms.EmailField(
        label=_("Email (optional)"), required=False,
        help_text=_("To get back into your account if you forget your password. We send a link to "
                    "confirm it; it is never shown to anyone."))

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username",)

    def clean_username(self) -> Any:
        username = super().clean_username()
        # A login by "x@y" is an email first, then a name (accounts.models): a name that
        # reads as an address would be confusing at best, and lost once someone confirms it.
        if username and "@" in username:
            raise forms.ValidationError(_("A username cannot contain @: it would read as an email address."),
                                        code="at_sign")
        return username


class PasswordChangeForm(auth_forms.PasswordChangeForm):
    """Notes whether the old password was right, for the login throttle."""

    old_password_right = False

    def clean_old_password(self) -> Any:
        old_password = super().clean_old_password()
        self.old_password_right = True
        return old_password


class EmailForm(forms.Form):
    email = forms.EmailField(label=_("Email"), help_text=_("We send a link to this address; it is "
                                                           "yours once you open it."))


class PreferencesForm(forms.ModelForm):
    time_zone = forms.TypedChoiceField(label=_("Time zone"), required=False, choices=[])

    class Meta:
        model = User
        fields = ("language", "time_zone", "sound", "four_colour_deck", "confirm_card", "hand_sort")
        widgets = {"hand_sort": forms.RadioSelect}
        help_texts = {
            "four_colour_deck": _("Diamonds blue and clubs green, so that no two suits share a colour."),
            "confirm_card": _("A first tap on a card raises it; a second tap plays it."),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        language = self.fields["language"]
        assert isinstance(language, forms.ChoiceField)
        language.choices = [("", _("The browser's language")), *settings.LANGUAGES]
        time_zone = self.fields["time_zone"]
        assert isinstance(time_zone, forms.TypedChoiceField)
        time_zone.choices = [("", _("The browser's time zone")), *((zone, zone) for zone in time_zones())]


class DeleteForm(forms.Form):
    password = forms.CharField(label=_("Your password"), strip=False,
                               widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}))
    confirm = forms.BooleanField(label=_("I understand that this cannot be undone."))
