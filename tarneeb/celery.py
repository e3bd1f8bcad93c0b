"""The Celery app: `celery -A tarneeb worker` / `celery -A tarneeb beat` in scaled mode.

In embedded mode the same app runs a worker thread inside the server process
(see tarneeb.embedded).
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarneeb.settings")

app = Celery("tarneeb")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
