from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class HistoryConfig(AppConfig):
    name = "history"
    verbose_name = _("Match history")

    def ready(self) -> None:
        # Every move's events (games.services.hooks): a deal that is over gets its rows.
        from games.services import hooks
        from history import hands

        hooks.moved.register(hands.record)
