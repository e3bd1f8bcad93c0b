from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from accounts.models import User
from moderation import services
from moderation.roles import is_moderator


class Command(BaseCommand):
    help = "Grant or revoke the moderator role (the `moderators` group): moderator grant|revoke <username>"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("change", choices=["grant", "revoke"])
        parser.add_argument("username")

    def handle(self, *args: Any, change: str, username: str, **options: Any) -> None:
        user = User.objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"There is no user {username!r}.")
        if change == "grant":
            services.grant(user)
        else:
            services.revoke(user)
        user = User.objects.get(pk=user.pk)  # a fresh object: permissions are cached per instance
        state = "is" if is_moderator(user) else "is not"
        self.stdout.write(f"{username} {state} a moderator now.")
        if change == "revoke" and user.is_superuser:
            self.stdout.write("As a superuser they still have every permission.")
