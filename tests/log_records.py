"""The log records a request wrote, without Celery's own DEBUG lines: its embedded worker's
thread (started by an earlier test in the process) logs its timer into the same capture,
and a task's first use in the process logs the task's definition."""

import logging

import pytest


def own_records(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.name.partition(".")[0] != "celery"]
