"""What the relay tests send a room and read from an inbox."""

import asyncio

from games.relay import PLAYERS_FIRST_SECONDS, Inbox


def state(n: int, *seated: str) -> dict:
    """A room's state numbered `n`, seating the people `seated` (user ids) in order."""
    return {"type": "room.state", "n": n, "seats": {user: seat for seat, user in enumerate(seated)}}


async def drained(inbox: Inbox) -> list[int]:
    """The numbers of the messages in `inbox` once the crowd's turn is surely over."""
    await asyncio.sleep(PLAYERS_FIRST_SECONDS * 10)
    return [inbox.get_nowait()["n"] for _ in range(inbox.qsize())]
