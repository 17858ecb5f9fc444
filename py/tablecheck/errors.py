"""The one error that leaves the API: a request the rules cannot take."""

from .messages import has, word

# What kind of problem it is, for the page to act on (never on the wording):
CODES = (
    "required",      # a field is missing
    "type",          # a field is of the wrong kind (text for a number, ...)
    "range",         # a value the rules cannot take (too big, too small, inconsistent)
    "choice",        # not one of the allowed words
    "unknown",       # an unknown system, check or parameter
    "syntax",        # a dice expression that cannot be read (with `position`)
    "dice_missing",  # entered dice: more are needed (with `needed`)
    "dice_extra",    # entered dice: more than the rules use
    "dice_face",     # entered dice: a face the die does not have
    "odds_too_big",  # exact odds would take too long; rolling still works
)


class InvalidRequest(ValueError):
    """Bad input. `field` names the request field (dotted / indexed path,
    e.g. ``"a.rating"`` or ``"members[2].attributes"``), `message` says what
    is wrong in words a player understands, `code` what kind of problem it
    is (one of CODES). Extra keyword data (such as the dice still
    ``needed``, or the 1-based ``position`` in a dice expression) travels in
    `extra` and in :meth:`to_dict`.

    Rules hold no sentences: they raise a keyed refusal, `refusal=(key,
    {field: value})`, and no message. One of the API's own keys
    (tablecheck.messages) is worded in English when first read; a game's key when
    the API words it from the game's table (`word_in`, System.refusals),
    in the request's language. `field` and `code` never change with it."""

    def __init__(self, field, message=None, code="range", refusal=None, **extra):
        if code not in CODES:
            raise ValueError(f"unknown error code {code!r}")
        self.field = field
        self.code = code
        self.extra = extra
        self.refusal = refusal
        self._message = message
        super().__init__(field)

    @property
    def message(self):
        """The words; a keyed refusal of the API's own is worded in English
        when first read (a refusal nobody reads, such as the dice a
        follow-up asks for, is never worded), a game's key stands until
        the API words it."""
        if self._message is None and self.refusal is not None:
            key = self.refusal[0]
            self._message = word(*self.refusal) if has(key) else key
        return self._message

    @message.setter
    def message(self, text):
        self._message = text

    def __str__(self):
        return f"{self.field}: {self.message}"

    def word_in(self, lang, table=None):
        """Word a keyed refusal in `lang`: from `table` (a game's refusals
        in that language) when it has the key, else the API's own
        messages; a message without a key stays as it is."""
        if self.refusal is None:
            return self
        key, fields = self.refusal
        if table is not None and key in table:
            self._message = word(key, fields, lang, table)
        elif has(key):
            self._message = word(key, fields, lang)
        return self

    def to_dict(self):
        out = {"field": self.field, "message": self.message, "code": self.code}
        out.update(self.extra)
        return out
