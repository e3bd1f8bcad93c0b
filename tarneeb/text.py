"""Checks on text that people choose and others read (usernames, room names)."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

# Characters that reorder the text around them without being seen: in a name they can
# make "alice" look like someone else's, or flip the text that follows it on the page.
BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e"  # embeddings and overrides (LRE, RLE, PDF, LRO, RLO)
    "\u2066\u2067\u2068\u2069"  # isolates (LRI, RLI, FSI, PDI)
    "\u200e\u200f\u061c"  # marks (LRM, RLM, ALM)
)


def has_bidi_controls(text: str) -> bool:
    return not BIDI_CONTROLS.isdisjoint(text)


def refuse_bidi_controls(value: str) -> None:
    """A validator for names others read (room names)."""
    if has_bidi_controls(value):
        raise ValidationError(_("A name cannot contain invisible text-direction characters "
                                "(such as the right-to-left mark)."), code="bidi_control")
