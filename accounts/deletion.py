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

from django.dispatch import Signal

# Arguments: user (accounts.models.User). Django 4 dropped Signal(providing_args=...):
# the argument is named here instead.
account_deleted = Signal()
