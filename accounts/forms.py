from typing import Any

from django.contrib.auth import forms as auth_forms
from django.contrib.auth.forms import UserCreationForm

from accounts.models import User


class SignupForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username",)


class PasswordChangeForm(auth_forms.PasswordChangeForm):
    """Notes whether the old password was right, for the login throttle."""

    old_password_right = False

    def clean_old_password(self) -> Any:
        old_password = super().clean_old_password()
        self.old_password_right = True
        return old_password
