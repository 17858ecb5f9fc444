"""The one error that leaves the API: a request the rules cannot take."""

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
    `extra` and in :meth:`to_dict`."""

    def __init__(self, field, message, code="range", **extra):
        if code not in CODES:
            raise ValueError(f"unknown error code {code!r}")
        self.field = field
        self.message = message
        self.code = code
        self.extra = extra
        super().__init__(f"{field}: {message}")

    def to_dict(self):
        out = {"field": self.field, "message": self.message, "code": self.code}
        out.update(self.extra)
        return out
