"""Whole matches played through games.services from a seeded generator: the same deals and
moves on every run, and a mix of outcomes (contracts made and failed, kaboots, thrown-in
deals, timer moves), unlike tests.tables.play_until, whose team 0 takes nearly every trick."""

import random
from types import SimpleNamespace

from games import engine, fairness
from games.models import Match
from games.services import move_path
from tests.tables import quick_policy

MAX_MOVES = 10_000
# Each seat gets a whole suit: whoever names trump (Classic), or holds it (Tarneeb 41), takes
# all 13 tricks, whatever anyone plays.
ONE_SUIT_EACH = [engine.RANKS[n // 4] + engine.SUITS[n % 4] for n in range(52)]


def seeded_deals(monkeypatch, rng: random.Random, sweeps: float = 0.0) -> None:
    """Choose the first dealer and deal from `rng` instead of the system's generator; a share
    `sweeps` of the deals are ONE_SUIT_EACH (their seeds stand for it wherever a deck is
    made from a seed)."""
    sweep_seeds = set()
    deck_from_seed = fairness.deck_from_seed

    def new_seed() -> bytes:
        seed = rng.randbytes(fairness.SEED_BYTES)
        if rng.random() < sweeps:
            sweep_seeds.add(seed)
        return seed

    monkeypatch.setattr(move_path, "secrets", SimpleNamespace(randbelow=rng.randrange))
    monkeypatch.setattr(fairness, "new_seed", new_seed)
    monkeypatch.setattr(fairness, "deck_from_seed",
                        lambda seed: list(ONE_SUIT_EACH) if seed in sweep_seeds else deck_from_seed(seed))


def move(game: engine.Match, rng: random.Random, *, clean: bool) -> dict:
    legal = game.legal_actions()
    if game.phase == "playing" and not clean and rng.random() < 0.3:
        return rng.choice(legal)
    if game.phase == "bidding" and game.variant == "classic":
        bids = [action for action in legal if action["type"] == "bid"][:3]
        return rng.choice(bids) if bids and rng.random() < 0.4 else legal[-1]  # the last is pass
    chosen = quick_policy(game, legal)
    if game.phase == "bidding" and rng.random() < 0.3:
        # Tarneeb 41: one more than the tricks the harness will take, or the least bid.
        return next((action for action in legal if action["value"] > chosen["value"]), legal[0])
    return chosen


def play_seeded(match: Match, rng: random.Random) -> Match:
    """Play `match` to its end. The system deals; in about half the deals, one move in ten
    is the timer's and a few cards are played at random, in the others team 0 plays to take
    every trick and team 1 throws its weakest card (tests.tables), which makes kaboots."""
    clean = False
    for _ in range(MAX_MOVES):
        if (game := match.game).phase == "finished":
            return match
        if game.phase == "deal":
            move_path.play(match.pk, seat=None, action=move_path.DEAL, version=match.version,
                          actor=move_path.SYSTEM)
            clean = rng.random() < 0.5
        elif not clean and rng.random() < 0.1:
            move_path.play(match.pk, seat=game.to_act, action=game.timeout_action(), version=match.version,
                          actor=move_path.TIMER)
        else:
            move_path.play(match.pk, seat=game.to_act, action=move(game, rng, clean=clean),
                          version=match.version)
        match.refresh_from_db()
    raise AssertionError(f"no end within {MAX_MOVES} moves")
