from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ModerationConfig(AppConfig):
    name = "moderation"
    verbose_name = _("Moderation")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Every action of a person asks the database whether they are suspended.
        from accounts.deletion import account_deleted
        from games.services import hooks
        from moderation import addresses, services

        hooks.may_act.register(services.refuse_suspended)
        # Who came to a table from which address: shown to moderators (docs/fairplay.md).
        hooks.socket_opened.register(addresses.record)
        account_deleted.connect(services.forget_player, dispatch_uid="moderation.forget_player")
