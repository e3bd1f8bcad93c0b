"""Beat's daily sweep of the addresses kept at tables (moderation.addresses)."""

from celery import shared_task

from moderation import addresses


@shared_task(ignore_result=True)
def forget_table_addresses() -> None:
    addresses.forget_old()
