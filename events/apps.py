from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EventsConfig(AppConfig):
    name = "events"
    verbose_name = _("Events")

    def ready(self) -> None:
        # A duplicate table's deals come from the event, its results go to the event, and a
        # finished table may end its round (games.services.hooks; games imports no events).
        from accounts.deletion import account_deleted
        from events import services
        from games.services import hooks

        hooks.deal_seed.register(services.deal_seed)
        hooks.moved.register(services.deal_over)
        hooks.match_finished.register(services.match_over)
        hooks.room_home.register(services.table_event)
        # A deleted account leaves the events it entered that have not started.
        account_deleted.connect(services.forget_player, dispatch_uid="events.forget_player")
