"""The engine's exceptions."""


class ManniError(ValueError):
    """Base of every error the engine raises on bad input."""


class IllegalAction(ManniError):
    """An action that the rules do not allow now; the state is left unchanged."""


class RecordError(ManniError):
    """A game record (or card code) that cannot be read or does not fit the rules."""
