"""The profile's rating chart has axes with values (issue 27): ratings at round values on
the left, around the line, and the player's rated matches numbered below it."""

import re

import pytest

from ratings.models import Rating, RatingChange
from ratings.profile import chart
from tests.rated import play_match
from tests.tables import make_players

pytestmark = pytest.mark.django_db


def test_the_axes_bracket_the_line_at_round_values():
    values = [1000, 1012, 1030, 1025, 1041]
    drawn = chart(values, total=4)
    labels = [tick.label for tick in drawn.y_ticks]
    assert labels == [1000, 1020, 1040, 1060]
    assert labels[0] <= min(values) and labels[-1] >= max(values)
    ys = [float(point.split(",")[1]) for point in drawn.points.split()]
    assert all(drawn.top <= y <= drawn.bottom for y in ys)
    assert [tick.label for tick in drawn.x_ticks] == [0, 1, 2, 3, 4]
    # The last 100 of 130: numbered 30 to 130.
    many = chart(list(range(1000, 1101)), total=130)
    assert many.x_ticks[0].label == 30 and many.x_ticks[-1].label == 130
    assert many.x_ticks[0].at == many.left and many.x_ticks[-1].at == many.right


def test_the_profile_draws_them_with_their_titles(client):
    players = make_players(4)
    play_match(players)
    play_match([players[1], players[0], players[3], players[2]])
    html = client.get(f"/u/{players[0].username}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    svg = re.search(r'<svg class="rating-chart".*?</svg>', html, re.S).group(0)
    texts = re.findall(r"<text[^>]*>([^<]+)</text>", svg)
    changes = RatingChange.objects.filter(user=players[0]).order_by("created")
    shown = [changes[0].rating_before, *(c.rating_after for c in changes)]
    numbers = sorted(int(t) for t in texts if t.isdigit())
    assert {"0", "1", "2"} <= set(texts)  # the matches
    ratings = [n for n in numbers if n >= 100]
    assert ratings and min(ratings) <= min(shown) and max(ratings) >= max(shown)
    assert "Rating" in texts and "Rated matches" in texts
    assert Rating.objects.get(user=players[0], variant="classic").matches == 2
    # In Arabic too: coordinates with a point, never the Arabic decimal comma SVG cannot read.
    client.cookies["django_language"] = "ar"
    arabic = client.get(f"/u/{players[0].username}/").content.decode()
    svg = re.search(r'<svg class="rating-chart".*?</svg>', arabic, re.S).group(0)
    assert "التصنيف" in svg and len(re.findall(r"<line ", svg)) >= 4
    assert not re.search(r' (?:x|y|x1|x2|y1|y2|cx|cy)="[^"]*,', svg), svg
