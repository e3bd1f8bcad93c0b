"""Every account gets its look-alike key; an account that already looks like an older one
keeps none (the unique key is the older account's). A migration of its own: on
PostgreSQL, altering a table after updating its rows in one transaction fails."""

from django.db import migrations

from accounts.models import skeleton_key

BATCH = 1000


def fill(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    seen: set[str] = set()
    batch = []
    for user in User.objects.order_by("pk").only("pk", "username").iterator(chunk_size=BATCH):
        key = skeleton_key(user.username)
        if key in seen:
            continue
        seen.add(key)
        user.username_skeleton = key
        batch.append(user)
        if len(batch) >= BATCH:
            User.objects.bulk_update(batch, ["username_skeleton"])
            batch = []
    User.objects.bulk_update(batch, ["username_skeleton"])


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0006_user_username_skeleton'),
    ]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
