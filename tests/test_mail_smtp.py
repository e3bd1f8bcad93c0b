"""Scaled mode's mail: EMAIL_URL names an SMTP server, and a reset mail asked for on a
page reaches it from a separate worker process (aiosmtpd, a real SMTP server in a process
of its own, keeping what it receives in a Maildir)."""

import mailbox
import subprocess
import sys

import pytest
from django.conf import settings

from accounts.models import User
from tarneeb.celery import app as celery_app
from tests.conftest import require_service, start_worker_process
from tests.processes import free_port, stop_process, wait_for_port, wait_for_worker
from tests.tables import wait_for

pytestmark = [pytest.mark.scaled, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def smtp_server(tmp_path):
    """`python -m aiosmtpd` on a free loopback port; yields its port and Maildir."""
    port, maildir = free_port(), tmp_path / "maildir"
    process = subprocess.Popen(
        [sys.executable, "-m", "aiosmtpd", "-n", "-l", f"127.0.0.1:{port}", "-c", "aiosmtpd.handlers.Mailbox",
         str(maildir)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port, 20, process)
        yield port, maildir
    finally:
        stop_process(process)


def test_a_reset_mail_reaches_the_smtp_server(smtp_server, client):
    require_service("Redis", settings.REDIS_URL)
    port, maildir = smtp_server
    User.objects.create_user("farah", email="farah@example.org", password="a-long-secret-9", language="en")
    celery_app.control.purge()
    worker = start_worker_process("mail-worker", EMAIL_URL=f"smtp://127.0.0.1:{port}?tls=false")
    try:
        wait_for_worker()
        assert client.post("/accounts/password/reset/", {"email": "farah@example.org"}).status_code == 302
        messages = wait_for(lambda: list(mailbox.Maildir(maildir)), timeout=30, every=0.2)
    finally:
        stop_process(worker)
    [message] = messages
    assert message["To"] == "farah@example.org"
    assert message["Subject"] == "A new password for Tarneeb online"
    assert "http://testserver/accounts/password/reset/" in message.get_payload(decode=True).decode()
