"""One row per seat per deal that is over: what the profile's figures add up.

The event log holds everything, but a player's figures from it mean reading every move of
every match they played (a thousand matches of thirty deals: over a million events). So
games.services, the only writer of a match, also writes a deal's four rows in the same
transaction as the move that ends it (history.hands.record), and the profile sums rows
of one player. A deal thrown in gets rows too, with no contract and no points: its turns
are the player's turns all the same. Migration 0002 fills them in for matches played
before; tests check it gives the rows the live writes do.
"""

from django.conf import settings
from django.db import models


class HandResult(models.Model):
    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="hand_results")
    # The deal's number in the match, thrown-in deals counted (the engine's hand_number).
    hand = models.PositiveSmallIntegerField()
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="hand_results")
    # The tricks this seat undertook, if it played a contract of its own: in Classic the
    # auction's winner only (their team's contract), in Tarneeb 41 every seat (its own bid).
    # None for the others and for a deal thrown in.
    bid = models.PositiveSmallIntegerField(null=True)
    made = models.BooleanField(null=True)
    # The seat's team took all 13 tricks (whoever bid).
    kaboot = models.BooleanField(default=False)
    # As the engine scored the deal: the seat's own tricks, and its points (Classic: its
    # team's, Tarneeb 41: its own). None when the deal was thrown in.
    tricks = models.PositiveSmallIntegerField(null=True)
    points = models.SmallIntegerField(null=True)
    # The seat's moves in this deal, and how many of them its turn timer made.
    turns = models.PositiveSmallIntegerField(default=0)
    timer_turns = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "hand", "seat"],
                                               name="one_result_per_seat_and_hand")]
        # The profile reads one player's rows.
        indexes = [models.Index(fields=["user", "match"], name="hand_result_user_match")]

    def __str__(self) -> str:
        return f"match {self.match_id} hand {self.hand} seat {self.seat}"
