"""Bots sit under names of their own (games.bot_names): a bot already seated gets one,
distinct at its table, as one seated now would."""

import zlib

from django.db import migrations, models

# games.bot_names.KEYS when this was written: a migration keeps its own copy.
KEYS = ("sami", "layla", "omar", "huda", "karim", "nour", "yousef", "rania", "tariq", "salma", "fadi", "dina")


def name_seated_bots(apps, schema_editor):
    Seat = apps.get_model("games", "Seat")
    taken: dict[str, set[str]] = {}
    for seat in Seat.objects.filter(bot=True).order_by("room_id", "number"):
        busy = taken.setdefault(seat.room_id, set())
        start = zlib.crc32(f"{seat.room_id}:{seat.number}".encode()) % len(KEYS)
        key = next(KEYS[(start + step) % len(KEYS)] for step in range(len(KEYS))
                   if KEYS[(start + step) % len(KEYS)] not in busy)
        busy.add(key)
        Seat.objects.filter(pk=seat.pk).update(bot_name=key)


class Migration(migrations.Migration):
    dependencies = [("games", "0008_match_deals_match_seeds_held_room_arranged")]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="bot_name",
            field=models.CharField(blank=True, db_default="", default="", max_length=20),
        ),
        migrations.RunPython(name_seated_bots, migrations.RunPython.noop),
    ]
