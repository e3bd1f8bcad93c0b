from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlaybanConfig(AppConfig):
    name = "playban"
    verbose_name = _("Leavers")
    default_auto_field = "django.db.models.BigAutoField"
