"""Deleting an account.

`account_deleted` is sent inside the deletion's transaction; apps that hold a person's
data connect a receiver that removes it. Its one argument, `user`, is the account being
deleted, its row still in place: a receiver deletes or rewrites what it holds under that
account before the account itself is made anonymous, and an exception in a receiver rolls
the whole deletion back (the person keeps an account and their data, and sees an error).

    from accounts.deletion import account_deleted

    @receiver(account_deleted)
    def forget(sender, user, **kwargs): ...

Connect it from the app's AppConfig.ready().
"""

import re

from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.dispatch import Signal
from django.utils.translation import gettext as _

from accounts.models import DeletedAccount, LoginFailures, PasswordHashBudget, User

# Arguments: user (accounts.models.User). Django 4 dropped Signal(providing_args=...):
# the argument is named here instead.
account_deleted = Signal()


def deleted_name(user: User) -> str:
    """What stands for a deleted account wherever its name stood: "deleted player N",
    N its deletion's number (stable, and unrelated to the account's id)."""
    return f"deleted player {user.deletion.pk}"


# What deleted_name writes. No username can match it: usernames have no spaces.
DELETED_NAME = re.compile(r"deleted player (\d+)")


def shown_name(username: str) -> str:
    """A username as a page shows it: a deleted account's in the reader's language. The
    stored words stay as they are (match seatings, records, exports read them alike)."""
    found = DELETED_NAME.fullmatch(username)
    return _("deleted player %(n)s") % {"n": found[1]} if found else username


def delete_account(user: User) -> str:
    """Forget `user`: every app removes what it holds of them (`account_deleted`), then the
    account keeps only its id, under its deleted name, so that the matches it played stay
    whole for the others. Returns that name. A receiver may refuse (games: while the
    person plays a match) by raising; nothing is changed then."""
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user.pk)
        if DeletedAccount.objects.filter(user=user).exists():
            return deleted_name(user)
        DeletedAccount.objects.create(user=user)
        account_deleted.send(sender=User, user=user)
        name = deleted_name(user)
        # The user's data, rewritten in one UPDATE: save() would check the name's look-alikes,
        # and a deleted name needs no key (nobody signs up with a space in their name).
        User.objects.filter(pk=user.pk).update(
            username=name, username_skeleton=None, email="", pending_email="", first_name="", last_name="",
            password=make_password(None), is_active=False, is_staff=False, is_superuser=False,
            language="", time_zone="", sound=False, four_colour_deck=False, confirm_card=False)
        user.groups.clear()
        user.user_permissions.clear()
        LoginFailures.objects.filter(key=f"account:{user.pk}").delete()
        LoginFailures.objects.filter(key__startswith=f"device:{user.pk}:").delete()
        PasswordHashBudget.objects.filter(key__in=[f"hashes:account:{user.pk}", f"mail:account:{user.pk}",
                                                   f"downloads:{user.pk}"]).delete()
    return name
