from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games import records
from games.models import Match


class Command(BaseCommand):
    help = "Verify a match's deals against their published commitments, and replay its log."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("match_id", type=int)

    def handle(self, *args: Any, match_id: int, **options: Any) -> None:
        match = Match.objects.filter(pk=match_id).first()
        if match is None:
            raise CommandError(f"no match {match_id}")
        problems = records.verify(match)
        hands = [hand for hand in records.deals_of(match, records.events_of(match))
                 if hand["over"] and hand["seed"] is not None]
        if problems:
            for problem in problems:
                self.stderr.write(problem)
            raise CommandError(f"match {match_id}: verification FAILED")
        self.stdout.write(f"match {match_id}: {len(hands)} revealed hands verified; "
                          f"the log replays to the stored state")
