from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = _("Ratings")

    def ready(self) -> None:
        # A finished match is rated in its last move's transaction (games.services.hooks).
        from games.services import hooks
        from ratings.rate import rate_match

        hooks.match_finished.register(rate_match)
