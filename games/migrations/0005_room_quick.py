from django.db import migrations, models

# The names Quick play gave its rooms before they were marked, in each of the site's languages.
QUICK_NAMES = ["Quick play", "لعب سريع"]


def mark_quick_rooms(apps, schema_editor):
    apps.get_model("games", "Room").objects.filter(name__in=QUICK_NAMES).update(quick=True)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0004_room_chat"),
    ]

    operations = [
        migrations.AddField(
            model_name="room",
            name="quick",
            field=models.BooleanField(default=False, verbose_name="quick play"),
        ),
        migrations.RunPython(mark_quick_rooms, migrations.RunPython.noop),
    ]
