"""What moderation tells the apps above it, without importing them."""

from django.dispatch import Signal

# A moderator resolved a report: sent inside the resolving transaction with `report`, so
# what a receiver writes (friends' notification to the reporter) commits or rolls back with it.
report_resolved = Signal()
