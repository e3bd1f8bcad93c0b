"""The bot accounts, one per level (games/bot_players.py, docs/bots.md)."""

from django.db import migrations

# One account per level; the password "!" is unusable, and the auth backend refuses bots.
BOTS = {"standard": "bot-standard", "expert": "bot-expert"}


def create_bots(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    for level, username in BOTS.items():
        User.objects.update_or_create(username=username, defaults={"bot_level": level, "password": "!"})


class Migration(migrations.Migration):
    dependencies = [("accounts", "0004_user_bot_level")]

    operations = [migrations.RunPython(create_bots, migrations.RunPython.noop)]
