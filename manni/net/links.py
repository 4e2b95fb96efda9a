"""Table ids, invite links and the connection settings (signaling server, ICE servers).

- ``?table=ID`` in the address opens a guest's join screen; ``?host=ID`` the host's own
  table (resumed from its saved record). IDs are 128 random bits in hex.
- ``?signal=URL`` picks the PeerJS signaling server (default: PeerJS's public server);
  ``?ice=…`` the ICE servers: ``none`` (host candidates only, e.g. on one machine) or
  comma-separated ``stun:``/``turn:``/``turns:`` URLs (``turn:user:pass@host:port``);
  ``?policy=relay`` only through a TURN server (``iceTransportPolicy: "relay"``).
  An invite link carries them along when they are not the default.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from urllib.parse import quote, unquote, urlsplit

from .protocol import ID_RE, ProtocolError

POLICIES = ("", "relay")  # ?policy=
PEER_PREFIX = "manni-"  # the host's PeerJS id is this + the table id
MAX_PARAM = 512
# What a URL may hold as written (RFC 3986): anything else a browser would rewrite first.
URL_CHARS = re.compile(r"[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]+")


def new_id() -> str:
    """128 unguessable bits (the browser's crypto.getRandomValues under Pyodide)."""
    return os.urandom(16).hex()


def is_id(value) -> bool:
    return isinstance(value, str) and ID_RE.fullmatch(value) is not None


def host_peer_id(table: str) -> str:
    return PEER_PREFIX + table


def query(search: str) -> dict[str, str]:
    """``location.search`` -> {name: value} (first value of each name, percent-decoded)."""
    out: dict[str, str] = {}
    for part in search.lstrip("?").split("&"):
        name, _, value = part.partition("=")
        if name and name not in out and len(value) <= MAX_PARAM:
            out[unquote(name)] = unquote(value.replace("+", " "))
    return out


@dataclass(frozen=True)
class Connection:
    """Where to meet (signaling) and how to reach each other (ICE)."""

    signal: str = ""  # "" = PeerJS's public server
    ice: str = ""     # "" = PeerJS's default ICE servers
    policy: str = ""  # "" = any path; "relay" = through a TURN server only

    def peer_options(self) -> dict:
        """Options for ``new Peer(id, options)`` (JSON-able)."""
        opts: dict = {"debug": 0}
        if self.signal:
            u = urlsplit(self.signal)
            secure = u.scheme in ("https", "wss")
            host = u.hostname or ""
            host = f"[{host}]" if ":" in host else host  # PeerJS writes it into a URL
            opts.update(host=host, port=u.port or (443 if secure else 80),
                        path=u.path or "/", secure=secure)
        if self.ice:
            opts["config"] = {"iceServers": ice_servers(self.ice)}
        if self.policy:  # without ice=, static/js/net.js adds PeerJS's own servers
            opts["config"] = {**opts.get("config", {}), "iceTransportPolicy": self.policy}
        return opts

    def link_params(self) -> str:
        """The query parts an invite link carries (non-defaults only)."""
        out = ""
        if self.signal:
            out += "&signal=" + quote(self.signal, safe=":/")
        if self.ice:
            out += "&ice=" + quote(self.ice, safe=":/,@")
        if self.policy:
            out += "&policy=" + self.policy
        return out


def parse_signal(value: str) -> str:
    """A signaling server URL, normalised; "" for the default. Raises ProtocolError."""
    value = value.strip()
    if not value:
        return ""
    if not URL_CHARS.fullmatch(value):
        raise ProtocolError(f"the signaling server's URL holds characters a URL may not: {value!r}",
                            "signal")
    u = urlsplit(value)
    try:
        port = u.port
    except ValueError:
        raise ProtocolError(f"bad port in {value!r}", "signal") from None
    if u.scheme not in ("http", "https", "ws", "wss") or not u.hostname or u.query or u.fragment \
            or u.username or u.password:
        raise ProtocolError(f"the signaling server must be an http(s)/ws(s) URL, not {value!r}", "signal")
    scheme = "https" if u.scheme in ("https", "wss") else "http"
    path = u.path if u.path.endswith("/") else u.path + "/"
    host = f"[{u.hostname}]" if ":" in u.hostname else u.hostname
    return f"{scheme}://{host}{f':{port}' if port else ''}{path}"


def ice_servers(value: str) -> list[dict]:
    """``none`` -> []; ``stun:h:p,turn:user:pass@h:p`` -> RTCIceServer dicts."""
    if value == "none":
        return []
    out = []
    for item in value.split(","):
        item = item.strip()
        scheme, _, rest = item.partition(":")
        if scheme not in ("stun", "turn", "turns") or not rest:
            raise ProtocolError(f"bad ICE server {item!r}", "ice")
        server: dict = {"urls": item}
        if "@" in rest:
            cred, _, hostport = rest.rpartition("@")
            user, _, password = cred.partition(":")
            server = {"urls": f"{scheme}:{hostport}", "username": user, "credential": password}
        out.append(server)
    return out


def parse_connection(params: dict[str, str]) -> Connection:
    """The connection settings from the page's query (bad values raise ProtocolError)."""
    signal = parse_signal(params.get("signal", ""))
    ice = params.get("ice", "").strip()
    if ice:
        ice_servers(ice)  # check it
    policy = params.get("policy", "").strip()
    if policy not in POLICIES:
        raise ProtocolError(f"policy must be relay, not {policy!r}", "policy")
    if policy == "relay" and ice and not any(
            s["urls"].startswith("turn") for s in ice_servers(ice)):
        raise ProtocolError("policy=relay needs a turn: server in ice=", "policy")
    return Connection(signal, ice, policy)


def invite_url(page: str, table: str, conn: Connection) -> str:
    """The link a friend opens: the page's address (no query) + ``?table=ID`` (+ settings)."""
    base = page.split("#")[0].split("?")[0]
    return f"{base}?table={table}{conn.link_params()}"
