from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FriendsConfig(AppConfig):
    name = "friends"
    verbose_name = _("Friends")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The room's life asks before a seat is taken; the table's sockets ask whose chat
        # to hide (games.services.hooks). Moderation says when a report is resolved, and
        # accounts when one is deleted.
        from accounts.deletion import account_deleted
        from friends import receivers, services
        from games.services import hooks
        from moderation.signals import report_resolved

        hooks.may_sit_at.register(services.refuse_blocked_sitter)
        hooks.hidden_authors.register(services.blocked_by)
        report_resolved.connect(receivers.report_resolved, dispatch_uid="friends.report_resolved")
        account_deleted.connect(receivers.account_deleted, dispatch_uid="friends.account_deleted")
