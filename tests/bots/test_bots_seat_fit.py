"""Tarneeb 41's estimate of a seat's tricks is a fit that `python -m games.bots.seat_fit`
reproduces, and it predicts a seat's tricks better than its playing tricks alone."""

import random

import pytest

from games.bots import expert
from games.bots.seat_fit import least_squares, out_of_sample, seat_rows, spread


def test_least_squares_recovers_the_weights_of_exact_data():
    rng = random.Random(3)
    weights = [0.5, -1.25, 2.0]
    rows = []
    for _ in range(200):
        x = (1.0, rng.uniform(0, 10), rng.uniform(-3, 3))
        rows.append((x, sum(w * v for w, v in zip(weights, x, strict=True))))
    assert least_squares(rows) == pytest.approx(weights, abs=1e-3)  # the ridge, a hair


def test_two_measures_that_agree_on_every_row_still_fit():
    rows = [((1.0, float(k), float(k)), 2.0 * k + 1) for k in range(10)]
    assert spread(least_squares(rows), rows) < 1e-3


@pytest.fixture(scope="module")
def rows():
    return list(seat_rows(seed=7, first=0, decks=400))


def test_the_fit_beats_the_playing_tricks_alone_out_of_sample(rows):
    alone = [(x[:2], y) for x, y in rows]
    assert out_of_sample(rows) < out_of_sample(alone) - 0.05


def test_todays_weights_are_as_good_as_a_refit_on_fresh_decks(rows):
    # Seed 7 is not the fit's seed (9007): SEAT_FIT must hold on decks it never saw.
    assert spread(expert.SEAT_FIT, rows) < out_of_sample(rows) + 0.02
