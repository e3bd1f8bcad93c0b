from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChatConfig(AppConfig):
    name = "chat"
    verbose_name = _("Table chat")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # A mute covers every text others read, a room's name too (games.services.hooks).
        from accounts.deletion import account_deleted
        from chat import services
        from games.services import hooks

        hooks.may_write.register(services.refuse_muted)
        account_deleted.connect(services.forget_player, dispatch_uid="chat.forget_player")
