"""The one error that leaves the API: a request the rules cannot take."""


class InvalidRequest(ValueError):
    """Bad input. `field` names the request field (dotted / indexed path,
    e.g. ``"a.rating"`` or ``"members[2].attributes"``), `message` says what
    is wrong in words a player understands. Extra keyword data (such as the
    dice still ``needed``) travels in `extra` and in :meth:`to_dict`."""

    def __init__(self, field, message, **extra):
        self.field = field
        self.message = message
        self.extra = extra
        super().__init__(f"{field}: {message}")

    def to_dict(self):
        out = {"field": self.field, "message": self.message}
        out.update(self.extra)
        return out
