"""The channel layer of embedded mode: channels' in-memory layer, swept less often, its
memberships kept.

channels' InMemoryChannelLayer looks for expired messages and group memberships on every
receive and every group send, walking every channel and every group: each move's
broadcast and each socket's next receive went through all of a busy server's sockets.
Messages expire after a minute, so sweeping once a second changes nothing a socket can see.

Group memberships do not expire here. In one process every membership ends with its socket's
disconnect; channels' default of a day only cut off what stays open longer: a room's relay
(games.relay), which joins once for all the room's sockets, left a table open for a day, and
every socket there, new ones too, heard nothing more.
"""

import time
from typing import Any

from channels import layers

SWEEP_SECONDS = 1.0
NEVER = 100 * 365 * 86400


class InMemoryChannelLayer(layers.InMemoryChannelLayer):
    _swept_at = 0.0

    def __init__(self, *, group_expiry: int = NEVER, **config: Any) -> None:
        super().__init__(group_expiry=group_expiry, **config)

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._swept_at >= SWEEP_SECONDS:
            self._swept_at = now
            super()._clean_expired()  # type: ignore[misc]  # private in channels, so not in its stubs
