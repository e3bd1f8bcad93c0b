from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("moderation", "0002_moderators_group"),
    ]

    operations = [
        migrations.AlterField(
            model_name="auditentry",
            name="action",
            field=models.CharField(choices=[("warn", "Warn"), ("mute", "Mute in chat"), ("delete_message", "Delete a chat message"), ("remove", "Remove from a seat"), ("suspend", "Suspend"), ("ban", "Ban"), ("lift", "Lift a suspension or ban"), ("close_room", "Close a room"), ("reopen_room", "Reopen a room"), ("message_room", "Message a room"), ("announce", "Announce to the lobby"), ("resolve", "Resolve a report"), ("grant", "Grant the moderator role"), ("revoke", "Revoke the moderator role")], db_index=True, max_length=16, verbose_name="action"),
        ),
    ]
