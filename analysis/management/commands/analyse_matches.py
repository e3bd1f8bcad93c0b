import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from analysis import deal, hands


class Command(BaseCommand):
    help = ("Analyse every hand that is over and has no analysis of the current version "
            f"({deal.VERSION}), oldest match first: hands already analysed are skipped, so it "
            "can be run again at any time (docs/records.md, Hand analysis).")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--limit", type=int, default=None, help="analyse at most this many hands")
        parser.add_argument("--match", type=int, action="append", default=[], metavar="ID",
                            help="only this match (repeat for more)")
        parser.add_argument("--queue", action="store_true",
                            help="send the hands to the analysis queue's workers instead of analysing here")

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.process_time()
        done = 0
        for match_id, hand in hands.waiting(options["match"]):
            if options["limit"] is not None and done >= options["limit"]:
                break
            if options["queue"]:
                hands.send(match_id, hand)
            else:
                hands.analyse(match_id, hand)
            done += 1
        verb = "sent" if options["queue"] else "analysed"
        self.stdout.write(f"{verb} {done} hands ({time.process_time() - started:.1f} s of CPU)")
