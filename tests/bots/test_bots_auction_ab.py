"""games.bots.auction_ab: the same bots on both sides of the comparison play every position
alike (each decision's rng is keyed by the deck, the side and the position), so a change
measured with it shows only what the change does; --every-deal plays out unchanged auctions."""

from games.bots import auction_ab, choose
from games.bots.arena import seeded_decks
from games.engine import ends_hand


def test_the_same_bots_differ_nowhere():
    for variant in ("classic", "forty_one"):
        row = auction_ab.compare(choose, 9001, 0, 1, variant=variant, every=True)
        assert row["new"] == row["old"]
        assert row["diff"] == 0


def test_unchanged_auctions_are_not_played_without_every_deal():
    row = auction_ab.compare(choose, 9001, 0, 0)
    assert "new" not in row
    assert row["diff"] == 0


def test_a_tarneeb_41_deal_counts_both_partners():
    row = auction_ab.compare(choose, 9001, 1, 0, variant="forty_one", every=True)
    _, history = auction_ab.play(choose, next(seeded_decks(9001, 1)), 1, 0, "ab:9001:1:0",
                                 whole=True, variant="forty_one")
    seat_points = next(filter(ends_hand, reversed(history)))["points"]
    assert seat_points[0] - seat_points[1] != row["new"]["points"]  # seats 2 and 3 count too
    assert row["new"]["points"] == seat_points[0] + seat_points[2] - seat_points[1] - seat_points[3]
