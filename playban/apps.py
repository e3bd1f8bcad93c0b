from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlaybanConfig(AppConfig):
    name = "playban"
    verbose_name = _("Leavers")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The move path and the room's life call these (games.services.hooks).
        from games.services import hooks
        from playban import services

        hooks.match_finished.register(services.match_finished)
        hooks.may_sit.register(services.refuse_cooling_down)
