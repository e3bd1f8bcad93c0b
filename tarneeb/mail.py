"""The embedded mode's mail: each message written to a file of its own in EMAIL_FILE_PATH
(var/mail/ by default), and the log says which, so that whoever runs `make run` can open
a confirmation or password-reset link without a mail server. Scaled mode sends through
EMAIL_URL (SMTP) instead (tarneeb.settings.envmail)."""

import logging
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage
from django.core.mail.backends.base import BaseEmailBackend

log = logging.getLogger("tarneeb.mail")


class FolderBackend(BaseEmailBackend):
    """One .eml file per message (any mail program opens one), named by its time."""

    def __init__(self, *args: Any, file_path: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.folder = Path(file_path or settings.EMAIL_FILE_PATH).resolve()

    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        self.folder.mkdir(parents=True, exist_ok=True)
        for message in email_messages:
            path = self.folder / f"{datetime.now(UTC):%Y%m%d-%H%M%S}-{uuid.uuid4().hex[:8]}.eml"
            path.write_bytes(message.message().as_bytes())
            log.info("mail to %s written to %s", ", ".join(message.recipients()), path)
        return len(email_messages)
