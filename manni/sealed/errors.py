"""The sealed deal's exceptions."""

from __future__ import annotations

from ..errors import ManniError


class SealedError(ManniError):
    """A sealed-deal message or value that cannot be taken (bad encoding, wrong table or
    deal, not this seat's turn, a proof that does not verify); nothing was changed.
    ``key`` names the reason for a UI or a log."""

    def __init__(self, message: str, key: str = "sealed") -> None:
        super().__init__(message)
        self.key = key
