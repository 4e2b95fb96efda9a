"""Talk at a table with friends: the ``chat`` messages and the host's flood gate.

A guest sends ``chat`` with either free ``text`` (at most :data:`MAX_CHAT` characters,
printable, kept as typed) or a quick ``phrase`` key from :data:`PHRASES`; the host relays it
to everyone as a ``chat`` line naming the sender's seat. A phrase travels as its key and
each reader's page says it in its own language (catalog key ``chat.phrase.<key>``). A chat
carries text only: never cards, seats' hands or any other game state.

:class:`ChatGate` keeps one token bucket per seat: a guest who sends too fast is slowed
(the excess is dropped and it is told once), and one who keeps flooding is muted for the
table. Dropping is cheap: no reply, no redraw, no relay.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import wire as W

MAX_CHAT = 140           # characters of free text
KEEP_LINES = 50          # chat lines the host and each page remember
PHRASES = ("nice_trick", "well_played", "oops", "good_game", "clap", "wow", "laugh")
REACTIONS = {"clap": "\U0001F44F", "wow": "\U0001F62E", "laugh": "\U0001F602"}  # no words

BURST = 5                # messages a guest may send at once
REFILL_S = 1.5           # then one more every this many seconds
MUTE_AFTER = 10          # dropped messages in a row before the guest is muted


def clean_text(value) -> str:
    """A chat text as everyone sees it: printable characters, spaces collapsed, trimmed.
    Raises ProtocolError if nothing is left or it is longer than MAX_CHAT."""
    if not isinstance(value, str):
        raise W.ProtocolError("a chat text must be text")
    text = " ".join("".join(ch for ch in value if ch.isprintable()).split())
    if not text:
        raise W.ProtocolError("an empty chat message", "chat_empty")
    if len(text) > MAX_CHAT:
        raise W.ProtocolError(f"a chat message is at most {MAX_CHAT} characters", "chat_long")
    return text


def _phrase(value) -> str:
    if not isinstance(value, str) or value not in PHRASES:
        raise W.ProtocolError(f"unknown phrase {value!r}")
    return value


@dataclass(frozen=True)
class Chat:
    """Guest -> host: say this (exactly one of text and phrase)."""
    text: str = ""
    phrase: str = ""


@dataclass(frozen=True)
class ChatLine:
    """Host -> everyone: seat ``seat`` (named ``name``; None: a spectator) said this; ``id``
    counts up."""
    id: int
    seat: int | None
    name: str
    text: str = ""
    phrase: str = ""


def _said(obj: dict) -> dict:
    if ("text" in obj) == ("phrase" in obj):
        raise W.ProtocolError("a chat has a text or a phrase")
    if "text" in obj:
        return {"text": clean_text(obj["text"])}
    return {"phrase": _phrase(obj["phrase"])}


def chat(text: str = "", phrase: str = "") -> str:
    return W.dump({"type": "chat", **_said({"phrase": phrase} if phrase else {"text": text})})


def chat_line(line: ChatLine) -> str:
    said = {"phrase": line.phrase} if line.phrase else {"text": line.text}
    return W.dump({"type": "chat", "id": line.id, "seat": line.seat, "name": line.name, **said})


def parse_chat(obj: dict) -> Chat:
    W.need_fields(obj, (), ("text", "phrase"))
    return Chat(**_said(obj))


def parse_chat_line(obj: dict) -> ChatLine:
    W.need_fields(obj, ("id", "seat", "name"), ("text", "phrase"))
    return ChatLine(W.get_int(obj, "id", 1, 10**9),
                    W.get_int(obj, "seat", 0, max(W.SEAT_COUNTS) - 1, none=True),
                    W.clean_name(obj["name"]), **_said(obj))


# -- the host's flood gate -------------------------------------------------------------------
@dataclass
class Bucket:
    """A token bucket: ``burst`` at once, then one every ``refill_s`` seconds."""
    burst: int = BURST
    refill_s: float = REFILL_S
    tokens: float = BURST
    at: float | None = None  # when tokens was last brought up to date
    dropped: int = 0         # taken in vain since the last success

    def take(self, now: float) -> bool:
        if self.at is not None:
            self.tokens = min(self.burst, self.tokens + max(0.0, now - self.at) / self.refill_s)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.dropped = 0
            return True
        self.dropped += 1
        return False


@dataclass
class ChatGate:
    """Per seat: let a message through, slow it (drop), or mute the seat for the table."""
    buckets: dict = field(default_factory=dict)
    muted: set = field(default_factory=set)

    def admit(self, seat: int | str, now: float) -> str:  # a seat, or "w:" + a spectator's token
        """"ok", "slow" (dropped, the first of a run), "drop" (dropped again), "muted"
        (dropped, and the seat is muted from now on) or "mute" (already muted)."""
        if seat in self.muted:
            return "mute"
        b = self.buckets.setdefault(seat, Bucket())
        if b.take(now):
            return "ok"
        if b.dropped >= MUTE_AFTER:
            self.muted.add(seat)
            return "muted"
        return "slow" if b.dropped == 1 else "drop"

    def set_muted(self, seat: int | str, on: bool) -> bool:
        if (seat in self.muted) == on:
            return False
        if on:
            self.muted.add(seat)
        else:
            self.muted.discard(seat)
            self.buckets.pop(seat, None)
        return True


def phrase_text(t, line: ChatLine) -> str:
    """What a page shows for a chat line: free text as typed, a phrase in its own language."""
    if not line.phrase:
        return line.text
    return REACTIONS.get(line.phrase) or t(f"chat.phrase.{line.phrase}")
