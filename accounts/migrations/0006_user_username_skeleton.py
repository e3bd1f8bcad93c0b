from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0005_bot_accounts'),
    ]

    operations = [
        migrations.AddField(
            model_name='user',
            name='username_skeleton',
            field=models.CharField(editable=False, max_length=64, null=True),
        ),
    ]
