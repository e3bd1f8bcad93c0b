from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AnalysisConfig(AppConfig):
    name = "analysis"
    verbose_name = _("Hand analysis")

    def ready(self) -> None:
        # Every move's events (games.services.hooks): a hand that ends is sent for analysis
        # once the move commits.
        from analysis import hands
        from games.services import hooks

        hooks.moved.register(hands.schedule)
