"""What friends does when other apps say something happened."""

from typing import Any

from friends import services


def account_deleted(sender: Any, user: Any, **kwargs: Any) -> None:
    """An account deleted: its follows, blocks, invitations and notifications go (accounts.deletion)."""
    services.forget(user)


def report_resolved(sender: Any, report: Any, **kwargs: Any) -> None:
    """The reporter reads the outcome among their notifications (moderation.signals)."""
    services.notify_report_outcome(report.pk, report.reporter, report.reported, report.outcome)
