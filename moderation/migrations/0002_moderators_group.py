"""The `moderators` group with the `moderation.moderate` permission.

Permissions are normally created after all migrations ran (post_migrate); this one is
made here so the group can hold it from the start.
"""

from django.db import migrations


def create_group(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    Group = apps.get_model("auth", "Group")
    content_type, _ = ContentType.objects.get_or_create(app_label="moderation", model="report")
    permission, _ = Permission.objects.get_or_create(
        content_type=content_type, codename="moderate",
        defaults={"name": "Can moderate: reports, sanctions and tables"})
    group, _ = Group.objects.get_or_create(name="moderators")
    group.permissions.add(permission)


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name="moderators").delete()


class Migration(migrations.Migration):

    dependencies = [
        ("moderation", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_group, remove_group)]
