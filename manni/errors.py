"""The engine's exceptions."""


class ManniError(ValueError):
    """Base of every error the engine raises on bad input."""


class IllegalAction(ManniError):
    """An action that the rules do not allow now; the state is left unchanged.

    ``str(e)`` is the reason in English; ``key`` and ``params`` let a UI say it in any
    language (e.g. key "must_follow", params {"suit": 0, "cards": [..]}).
    """

    def __init__(self, message: str, key: str = "illegal", **params) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


class RecordError(ManniError):
    """A game record (or card code) that cannot be read or does not fit the rules."""
