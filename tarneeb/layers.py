"""The channel layer of embedded mode: channels' in-memory layer, swept less often.

channels' InMemoryChannelLayer looks for expired messages and group memberships on every
receive and every group send, walking every channel and every group: each move's
broadcast and each socket's next receive went through all of a busy server's sockets.
Messages expire after a minute and memberships after a day, so sweeping once a second
changes nothing a socket can see.
"""

import time

from channels import layers

SWEEP_SECONDS = 1.0


class InMemoryChannelLayer(layers.InMemoryChannelLayer):
    _swept_at = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._swept_at >= SWEEP_SECONDS:
            self._swept_at = now
            super()._clean_expired()  # type: ignore[misc]  # private in channels, so not in its stubs
