"""Moderators see abandonments and may forgive one (docs/leavers.md)."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

CODENAMES = ("view_abandonment", "forgive_abandonment")


def grant(apps, schema_editor):
    # Permissions are made after migrations run; make this app's now to hand them out.
    config = apps.get_app_config("playban")
    config.models_module = True  # the migration's app stub lacks it; create_permissions checks it
    create_permissions(config, verbosity=0, apps=apps)
    config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _created = Group.objects.get_or_create(name="moderators")
    group.permissions.add(*Permission.objects.filter(content_type__app_label="playban", codename__in=CODENAMES))


def revoke(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    for group in Group.objects.filter(name="moderators"):
        group.permissions.remove(*group.permissions.filter(content_type__app_label="playban",
                                                           codename__in=CODENAMES))


class Migration(migrations.Migration):
    dependencies = [("playban", "0001_initial"), ("moderation", "0002_moderators_group"),
                    ("auth", "0012_alter_user_first_name_max_length")]
    operations = [migrations.RunPython(grant, revoke)]
