"""Quick phrases: sent as a key, shown to each reader in their own language."""

from django.utils.translation import gettext_lazy as _

PHRASES = {
    "hello": _("Hello, everyone!"),
    "good_luck": _("Good luck!"),
    "well_played": _("Well played!"),
    "thanks": _("Thanks!"),
    "sorry": _("Sorry!"),
    "partner": _("Nice one, partner!"),
    "bye": _("Thanks for the game, bye!"),
}


def in_current_language() -> dict[str, str]:
    return {key: str(text) for key, text in PHRASES.items()}
