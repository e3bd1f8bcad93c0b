from django.db import migrations, models


def fill_seating(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    matches = Match.objects.only("pk").prefetch_related("players__user")
    for match in matches.iterator(chunk_size=500):
        match.seating = [{"user": player.user_id, "username": player.user.username,
                          "timeouts": player.timed_out_in_a_row}
                         for player in sorted(match.players.all(), key=lambda player: player.seat)]
        match.save(update_fields=["seating"])


def fill_players(apps, schema_editor):
    MatchPlayer = apps.get_model("games", "MatchPlayer")
    for player in MatchPlayer.objects.select_related("match").iterator(chunk_size=500):
        seating = player.match.seating
        if player.seat < len(seating):
            player.timed_out_in_a_row = seating[player.seat]["timeouts"]
            player.away = player.timed_out_in_a_row >= 2
            player.save(update_fields=["timed_out_in_a_row", "away"])


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
        migrations.RunPython(fill_seating, fill_players),
        migrations.RemoveField(model_name="matchplayer", name="away"),
        migrations.RemoveField(model_name="matchplayer", name="timed_out_in_a_row"),
    ]
