from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        from accounts.deletion import account_deleted
        from accounts.models import password_changed
        from tarneeb import dbpool

        dbpool.install()
        account_deleted.connect(_forget_player, dispatch_uid="games.forget_player")
        password_changed.connect(_close_sockets, dispatch_uid="games.password_changed")


def _forget_player(sender: object, user: Any, **kwargs: Any) -> None:
    """A deleted account's seats are given up and its name leaves every match's seating."""
    from accounts.deletion import deleted_name
    from games.services import room_life

    room_life.forget_player(user, deleted_name(user))


def _close_sockets(sender: object, user: Any, **kwargs: Any) -> None:
    """A new password: the account's sockets reconnect, each with the session it holds."""
    from games.services import published

    published.close_sockets_of(user.pk, "password_changed")
