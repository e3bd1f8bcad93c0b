from django.db import migrations, models


def fill_seating(apps, schema_editor):  # type: ignore[no-untyped-def]
    Match = apps.get_model("games", "Match")
    for match in Match.objects.prefetch_related("players__user"):
        match.seating = [{"user": player.user_id, "username": player.user.username,
                          "timeouts": player.timed_out_in_a_row}
                         for player in sorted(match.players.all(), key=lambda player: player.seat)]
        match.save(update_fields=["seating"])


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="seating",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.RunPython(fill_seating, migrations.RunPython.noop),
        migrations.RemoveField(model_name="matchplayer", name="away"),
        migrations.RemoveField(model_name="matchplayer", name="timed_out_in_a_row"),
    ]
