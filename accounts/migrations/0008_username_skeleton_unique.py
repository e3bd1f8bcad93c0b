from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0007_fill_username_skeleton'),
    ]

    operations = [
        migrations.AlterField(
            model_name='user',
            name='username_skeleton',
            field=models.CharField(editable=False, max_length=64, null=True, unique=True),
        ),
    ]
