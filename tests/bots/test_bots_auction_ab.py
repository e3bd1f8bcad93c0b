"""games.bots.auction_ab: the same bots on both sides of the comparison play every position
alike (each decision's rng is keyed by the deck, the side and the position), so a change
measured with it shows only what the change does; --every-deal plays out unchanged auctions."""

from games.bots import auction_ab, choose


def test_the_same_bots_differ_nowhere():
    for variant in ("classic", "forty_one"):
        row = auction_ab.compare(choose, 9001, 0, 1, variant=variant, every=True)
        assert row["new"] == row["old"]
        assert row["diff"] == 0


def test_unchanged_auctions_are_not_played_without_every_deal():
    row = auction_ab.compare(choose, 9001, 0, 0)
    assert "new" not in row
    assert row["diff"] == 0
