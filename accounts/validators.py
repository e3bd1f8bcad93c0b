from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext_lazy as _

from tarneeb.text import has_bidi_controls, has_invisible


@deconstructible
class UsernameValidator(UnicodeUsernameValidator):
    """Django's letters-digits-@.+-_ rule, with its own words for invisible characters:
    the general rule refuses most of them too, but "may contain only letters" does not
    tell the player that something they cannot see is in the name. The Hangul fillers
    are letters to that rule, and draw nothing: "alice" plus a filler looks like alice."""

    bidi_message = _("A username cannot contain invisible text-direction characters "
                     "(such as the right-to-left mark). Please type it again without them.")
    invisible_message = _("A username cannot contain invisible characters (such as a zero-width "
                          "space or a blank Hangul filler). Please type it again without them.")

    def __call__(self, value: str) -> None:
        if has_bidi_controls(str(value)):
            raise ValidationError(self.bidi_message, code="bidi_control")
        if has_invisible(str(value)):
            raise ValidationError(self.invisible_message, code="invisible")
        super().__call__(value)
