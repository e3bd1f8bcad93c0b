from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AnalysisConfig(AppConfig):
    name = "analysis"
    verbose_name = _("Hand analysis")

    def ready(self) -> None:
        from django.db.models.signals import post_save

        from analysis import figures, hands
        from analysis.models import HandAnalysis
        from games.services import hooks

        # Every move's events (games.services.hooks): a hand that ends is sent for analysis
        # once the move commits.
        hooks.moved.register(hands.schedule)
        # A saved analysis counts its match's seats' sums again (the profile's figures, the
        # fair-play signals: analysis.figures).
        post_save.connect(figures.analysis_saved, sender=HandAnalysis, dispatch_uid="analysis.figures")
