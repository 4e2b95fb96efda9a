"""Zero-knowledge proofs, made non-interactive with SHA-256 (Fiat–Shamir).

``Context`` binds every challenge to the table, the deal and the seat that proves, so a
proof copied from another table, deal or seat does not verify. A proof is ``(c, s)``:
the challenge and the response, from which the verifier recomputes the commitments.

- Schnorr: the prover knows x with Y = x·G (a seat's key is its own: no rogue key).
- Schnorr signatures with a seat's deal key on the messages no proof covers.
- Chaum–Pedersen: log_G(Y) = log_H(D) (a decryption share D = x·C1 is made with the
  seat's own key x); for many shares at once, one proof on their random linear
  combination, whose 128-bit weights hash every share (as in the VOPRF's batched DLEQ).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from .curve import (G, N, FixedBase, Point, Steps, base_table, drain, encode_point, fixed_sum,
                    msm_steps, mul, mul2, mul_g, random_scalar)
from .errors import SealedError

DOMAIN = b"manni-sealed/1"


@dataclass(frozen=True)
class Context:
    """Who proves, where: the table's id, the deal's number, the seat."""

    table: str
    deal: int
    seat: int

    def label(self) -> bytes:
        return f"{self.table}|{self.deal}|{self.seat}".encode()


def _part(item) -> bytes:
    if isinstance(item, bytes):
        data = item
    elif isinstance(item, str):
        data = item.encode()
    elif isinstance(item, int):
        data = item.to_bytes(33, "big")
    else:  # a point
        data = encode_point(item)
    return len(data).to_bytes(4, "big") + data


def challenge(kind: str, ctx: Context, *items) -> int:
    """A scalar from SHA-256 of the kind, the context and the items, each length-prefixed."""
    h = hashlib.sha256(DOMAIN)
    for item in (kind, ctx.label(), *items):
        h.update(_part(item))
    return int.from_bytes(h.digest(), "big") % N


def prove_key(x: int, y: Point, ctx: Context) -> tuple[int, int]:
    k = random_scalar()
    c = challenge("key", ctx, y, mul_g(k))
    return c, (k + c * x) % N


def check_key(y: Point, proof: tuple[int, int], ctx: Context) -> None:
    """Raise SealedError unless ``proof`` shows knowledge of log_G(y)."""
    c, s = proof
    if y is None:
        raise SealedError(f"seat {ctx.seat}'s key is the point at infinity", "bad_key")
    if challenge("key", ctx, y, mul2(s, G, N - c, y)) != c:
        raise SealedError(f"seat {ctx.seat}'s key comes without a valid proof", "bad_key")


def prove_share(x: int, y: Point, h: Point, d: Point, ctx: Context) -> tuple[int, int]:
    """Prove d = x·h for the x of y = x·G."""
    k = random_scalar()
    c = challenge("share", ctx, y, h, d, mul_g(k), mul(k, h))
    return c, (k + c * x) % N


def share_valid(y: Point, h: Point, d: Point, proof: tuple[int, int], ctx: Context,
                y_table: FixedBase | None = None) -> bool:
    """Does ``proof`` show d = x·h for the x of y? (``y_table``: y's fixed-base table.)"""
    c, s = proof
    if y_table is not None:
        a = fixed_sum([(s, base_table()), (N - c, y_table)])
    else:
        a = mul2(s, G, N - c, y)
    b = mul2(s, h, N - c, d)
    return challenge("share", ctx, y, h, d, a, b) == c


def _weights(y: Point, pairs: list[tuple[Point, Point]], ctx: Context) -> list[int]:
    seed = challenge("batch", ctx, y, *(pt for pair in pairs for pt in pair)).to_bytes(32, "big")
    return [int.from_bytes(hashlib.sha256(seed + i.to_bytes(4, "big")).digest()[:16], "big")
            for i in range(len(pairs))]


def _composite_steps(y: Point, pairs: list[tuple[Point, Point]], ctx: Context) -> Steps:
    w = _weights(y, pairs, ctx)
    h = yield from msm_steps(zip(w, (h for h, _ in pairs)))
    d = yield from msm_steps(zip(w, (d for _, d in pairs)))
    yield
    return h, d


def prove_shares_steps(x: int, y: Point, pairs: list[tuple[Point, Point]],
                       ctx: Context) -> Steps:
    """One proof that d = x·h for every (h, d) of ``pairs``."""
    h, d = yield from _composite_steps(y, pairs, ctx)
    proof = prove_share(x, y, h, d, ctx)
    yield
    return proof


def shares_valid_steps(y: Point, pairs: list[tuple[Point, Point]], proof: tuple[int, int],
                       ctx: Context, y_table: FixedBase | None = None) -> Steps:
    h, d = yield from _composite_steps(y, pairs, ctx)
    valid = share_valid(y, h, d, proof, ctx, y_table)
    yield
    return valid


def sign(x: int, y: Point, data: bytes, ctx: Context) -> tuple[int, int]:
    k = random_scalar()
    c = challenge("sig", ctx, y, mul_g(k), hashlib.sha256(data).digest())
    return c, (k + c * x) % N


def signature_valid(y: Point, data: bytes, sig: tuple[int, int], ctx: Context,
                    y_table: FixedBase | None = None) -> bool:
    c, s = sig
    r = fixed_sum([(s, base_table()), (N - c, y_table)]) if y_table else mul2(s, G, N - c, y)
    return challenge("sig", ctx, y, r, hashlib.sha256(data).digest()) == c


def prove_shares(x: int, y: Point, pairs: list[tuple[Point, Point]],
                 ctx: Context) -> tuple[int, int]:
    return drain(prove_shares_steps(x, y, pairs, ctx))


def shares_valid(y: Point, pairs: list[tuple[Point, Point]], proof: tuple[int, int],
                 ctx: Context, y_table: FixedBase | None = None) -> bool:
    return drain(shares_valid_steps(y, pairs, proof, ctx, y_table))
