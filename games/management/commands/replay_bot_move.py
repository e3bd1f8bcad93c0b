from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games import bot_replay, bots
from games.models import Match


class Command(BaseCommand):
    help = ("Decide a bot's logged move again, from its seat's view and its logged rng seed, "
            "and say whether it is the same move (docs/bots.md).")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("match_id", type=int)
        parser.add_argument("seq", type=int, help="the move's number in the match's log (its seq)")

    def handle(self, *args: Any, match_id: int, seq: int, **options: Any) -> None:
        match = Match.objects.filter(pk=match_id).first()
        if match is None:
            raise CommandError(f"no match {match_id}")
        try:
            done = bot_replay.replay(match, seq)
        except bot_replay.NotABotMove as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"match {match_id} move {seq}: seat {done.seat}, {done.level} bot version "
                          f"{done.version}, seed {done.seed}")
        self.stdout.write(f"logged:   {done.logged}\nreplayed: {done.replayed}")
        if not done.same_version:
            self.stderr.write(f"the bots are version {bots.VERSION} now: check out the commit whose "
                              f"games.bots.VERSION is {done.version} to re-run the move as it was made")
        if not done.same:
            raise CommandError("a different move")
        self.stdout.write("the same move")
