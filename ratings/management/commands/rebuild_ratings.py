import time
from typing import Any

from django.core.management.base import BaseCommand

from ratings.rate import rebuild


class Command(BaseCommand):
    help = ("Delete every rating and rating change, and rate every finished match again in the "
            "order they finished: the same numbers as rated live (docs/ratings.md).")

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.perf_counter()
        rated = rebuild()
        self.stdout.write(f"rated {rated} matches in {time.perf_counter() - started:.2f} s")
