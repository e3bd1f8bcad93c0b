"""Where the apps built on games attach to the move path and the room's life.

games imports none of history, ratings, playban or moderation: each registers its
functions here from its AppConfig.ready(), and the services call them. The move path's
hooks run inside the move's transaction, under the match's row lock, so what they write
commits or rolls back with the move. Import contracts (pyproject.toml) keep it so.
"""

from collections.abc import Callable, Collection, Iterator, Sequence
from typing import Generic, TypeVar

from django.contrib.auth.models import AnonymousUser

from accounts.models import User
from games.models import LoggedEvent, Match, Room

F = TypeVar("F", bound=Callable[..., object])


class Hook(Generic[F]):
    """Functions called in the order they registered (INSTALLED_APPS order)."""

    def __init__(self, doc: str) -> None:
        self.__doc__ = doc
        self._functions: list[F] = []

    def register(self, function: F) -> F:
        # ready() may run twice (tests that reload apps); a function is called once.
        if function not in self._functions:
            self._functions.append(function)
        return function

    def __iter__(self) -> Iterator[F]:
        return iter(self._functions)

    def check(self, *args: object) -> None:
        """Call every function; a check refuses by raising Refused."""
        for function in self._functions:
            function(*args)


moved: Hook[Callable[[Match, Sequence[LoggedEvent]], object]] = Hook(
    "After every move is logged, with the events it caused (history's hand results).")
match_finished: Hook[Callable[[Match], object]] = Hook(
    "A match is over, its result set (ratings, playban's abandonments).")
may_act: Hook[Callable[[User], object]] = Hook(
    "Before every action of a person: a seat, a move, a rematch, a bot, a room, a chat line. "
    "A check raises Refused (moderation's suspension, read from the database every time: "
    "the message that closes a suspended player's sockets can be lost).")
may_write: Hook[Callable[[User], object]] = Hook(
    "Before a person writes text others read outside the chat (a room's name); a check "
    "raises Refused (chat's mute).")
may_sit: Hook[Callable[[User], object]] = Hook(
    "Before a person takes a seat or starts a match; a check raises Refused (playban's cool-down).")
socket_opened: Hook[Callable[[str, User | AnonymousUser, str], object]] = Hook(
    "A socket at a table opened: the room, its person (AnonymousUser when logged out) and "
    "the client's address (moderation's shared addresses, docs/fairplay.md).")
deal_seed: Hook[Callable[[Match, int], bytes | None]] = Hook(
    "Before a match's deal number n: the seed an app chose for it beforehand (events' "
    "duplicate deals, the same at every table), or None for a fresh one. The first seed "
    "given is used.")
may_sit_at: Hook[Callable[[User, Room], object]] = Hook(
    "Before a person takes a seat at a room, under the room's row lock; a check raises Refused "
    "(friends: the owner of a private room blocked them).")
room_home: Hook[Callable[[Room], tuple[str, str] | None]] = Hook(
    "The page a room belongs to, (its name, its URL), or None: an event's table links to its "
    "event. The first given is used.")
hidden_authors: Hook[Callable[[User], Collection[int]]] = Hook(
    "The ids of the people whose chat lines a person does not see (friends: those they blocked).")


def hidden_from(user: User) -> frozenset[int]:
    """Everyone whose chat lines `user` does not see, as every app registered says."""
    return frozenset(author for function in hidden_authors for author in function(user))
