"""Two tabs on one match never overwrite each other: the newer tab takes the match over.

Tabs of the page talk over a ``BroadcastChannel`` (name :data:`CHANNEL`), in JSON texts
that go through the input boundary like any data from outside:

- ``{"type": "claim", "tab": ID, "at": MS}``: a tab starts, or the player takes the match
  back (``at``: the claim's time; of two tabs claiming at once, the later claim wins, ties
  by tab id).
- ``{"type": "handover", "tab": ID, "to": CLAIMANT, "record": {...}}``: the answer of the
  tab that had the match: it stops (no more moves, no more saving) and sends its match as
  it stands, which the claimant adopts if it differs from what it read from storage (a
  move saved a moment before the claim may not have reached the claimant's storage yet).

Pure Python: :class:`TabSync` decides, ``page/other_tabs.py`` posts and listens.
"""

from __future__ import annotations

import json
import os

from ..inputs import MAX_RECORD_BYTES, InputError, parse_json

CHANNEL = "manni"
MAX_MESSAGE_BYTES = MAX_RECORD_BYTES + 1000


def read(text) -> dict | None:
    """A message from another tab, checked; None if it is not one of ours."""
    try:
        msg = parse_json(text, MAX_MESSAGE_BYTES)
    except InputError:
        return None
    if not isinstance(msg, dict) or not isinstance(msg.get("tab"), str):
        return None
    if msg.get("type") == "claim" and isinstance(msg.get("at"), (int, float)):
        return msg
    if (msg.get("type") == "handover" and isinstance(msg.get("to"), str)
            and isinstance(msg.get("record"), dict)):
        return msg
    return None


class TabSync:
    def __init__(self, tab: str | None = None) -> None:
        self.tab = tab or os.urandom(8).hex()
        self.active = True
        self.claimed: dict | None = None  # the record this tab had when it last claimed
        self.at = 0.0         # when it last claimed (ms)

    def claim(self, record: dict, now_ms: float) -> str:
        """Take the match (at start-up, or back): the message to post."""
        self.active = True
        self.claimed = record
        self.at = now_ms
        return json.dumps({"type": "claim", "tab": self.tab, "at": now_ms})

    def on_message(self, text, record: dict):
        """``record``: this tab's match now. Returns ``("pause", reply)`` when another tab
        claims the match from this one, ``("adopt", record)`` when a handover brings a
        newer state than this tab claimed with, else None."""
        msg = read(text)
        if msg is None or msg["tab"] == self.tab:
            return None
        if msg["type"] == "claim":
            if not self.active or (msg["at"], msg["tab"]) < (self.at, self.tab):
                return None
            self.active = False
            return "pause", json.dumps({"type": "handover", "tab": self.tab, "to": msg["tab"],
                                        "record": record})
        if msg["to"] == self.tab and self.active and msg["record"] != self.claimed:
            self.claimed = msg["record"]
            return "adopt", msg["record"]
        return None
