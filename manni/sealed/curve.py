"""NIST P-256 in pure Python: points, scalar multiplication, SEC1 compressed encoding.

A point is an affine pair ``(x, y)`` of ints, or ``None`` for the point at infinity.
Sums are computed in Jacobian coordinates ``(X, Y, Z)`` (x = X/Z², y = Y/Z³) and brought
back to affine once. Multiplication scans the scalar in 4-bit windows, always 64 of them,
so its sequence of operations depends on the scalar's length only through table lookups;
Python's big integers are not constant time anyway, and nothing here claims to be.
"""

from __future__ import annotations

import os
from collections.abc import Generator
from typing import Any, TypeAlias

from .errors import SealedError

P = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551  # the group order
B = 0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B
GX = 0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296
GY = 0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5

Point: TypeAlias = "tuple[int, int] | None"
Steps: TypeAlias = Generator[None, None, Any]  # work in pieces: yields between them
Jacobian: TypeAlias = "tuple[int, int, int]"
G: tuple[int, int] = (GX, GY)
_INF: Jacobian = (1, 1, 0)
WINDOWS = 64  # 4-bit windows of a 256-bit scalar
PIECE = 300  # point operations a step does at most, about one multiplication's


def drain(steps: Steps):
    """Run a steps generator to its end; what it returns."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


def on_curve(pt: Point) -> bool:
    if pt is None:
        return True
    x, y = pt
    return 0 <= x < P and 0 <= y < P and (y * y - (x * x * x - 3 * x + B)) % P == 0


# -- Jacobian arithmetic (a = -3) ---------------------------------------------------------
def _double(pt: Jacobian) -> Jacobian:
    X, Y, Z = pt
    if Z == 0 or Y == 0:
        return _INF
    delta = Z * Z % P
    gamma = Y * Y % P
    beta = X * gamma % P
    alpha = 3 * (X - delta) * (X + delta) % P
    X3 = (alpha * alpha - 8 * beta) % P
    Z3 = ((Y + Z) * (Y + Z) - gamma - delta) % P
    Y3 = (alpha * (4 * beta - X3) - 8 * gamma * gamma) % P
    return X3, Y3, Z3


def _add(p1: Jacobian, p2: Jacobian) -> Jacobian:
    X1, Y1, Z1 = p1
    X2, Y2, Z2 = p2
    if Z1 == 0:
        return p2
    if Z2 == 0:
        return p1
    Z1Z1 = Z1 * Z1 % P
    Z2Z2 = Z2 * Z2 % P
    U1 = X1 * Z2Z2 % P
    U2 = X2 * Z1Z1 % P
    S1 = Y1 * Z2 * Z2Z2 % P
    S2 = Y2 * Z1 * Z1Z1 % P
    H = (U2 - U1) % P
    r = (S2 - S1) % P
    if H == 0:
        return _double(p1) if r == 0 else _INF
    HH = H * H % P
    HHH = H * HH % P
    V = U1 * HH % P
    X3 = (r * r - HHH - 2 * V) % P
    Y3 = (r * (V - X3) - S1 * HHH) % P
    Z3 = Z1 * Z2 * H % P
    return X3, Y3, Z3


def _add_affine(p1: Jacobian, p2: tuple[int, int]) -> Jacobian:
    """``p1`` plus an affine point (not infinity)."""
    X1, Y1, Z1 = p1
    x2, y2 = p2
    if Z1 == 0:
        return x2, y2, 1
    Z1Z1 = Z1 * Z1 % P
    U2 = x2 * Z1Z1 % P
    S2 = y2 * Z1 * Z1Z1 % P
    H = (U2 - X1) % P
    r = (S2 - Y1) % P
    if H == 0:
        return _double(p1) if r == 0 else _INF
    HH = H * H % P
    HHH = H * HH % P
    V = X1 * HH % P
    X3 = (r * r - HHH - 2 * V) % P
    Y3 = (r * (V - X3) - Y1 * HHH) % P
    return X3, Y3, Z1 * H % P


def _jac(pt: Point) -> Jacobian:
    return _INF if pt is None else (pt[0], pt[1], 1)


def _affine(pt: Jacobian) -> Point:
    X, Y, Z = pt
    if Z == 0:
        return None
    zi = pow(Z, -1, P)
    zi2 = zi * zi % P
    return X * zi2 % P, Y * zi2 * zi % P


def _affine_all(pts: list[Jacobian]) -> list[Point]:
    """Many points to affine with one inversion (Montgomery's trick)."""
    zs = [p[2] for p in pts if p[2]]
    prefix = [1]
    for z in zs:
        prefix.append(prefix[-1] * z % P)
    inv = pow(prefix[-1], -1, P) if zs else 1
    invs = [0] * len(zs)
    for i in range(len(zs) - 1, -1, -1):
        invs[i] = inv * prefix[i] % P
        inv = inv * zs[i] % P
    out: list[Point] = []
    k = 0
    for X, Y, Z in pts:
        if Z == 0:
            out.append(None)
            continue
        zi = invs[k]
        k += 1
        zi2 = zi * zi % P
        out.append((X * zi2 % P, Y * zi2 * zi % P))
    return out


# -- the group operations ------------------------------------------------------------------
def add(a: Point, b: Point) -> Point:
    return _affine(_add(_jac(a), _jac(b)))


def neg(a: Point) -> Point:
    return None if a is None else (a[0], (-a[1]) % P)


def sub(a: Point, b: Point) -> Point:
    return add(a, neg(b))


def add_all(points) -> Point:
    acc = _INF
    for pt in points:
        if pt is not None:
            acc = _add_affine(acc, pt)
    return _affine(acc)


def _window_table(pt: Point) -> list[Jacobian]:
    """[0·P, 1·P, …, 15·P] in Jacobian coordinates."""
    table = [_INF, _jac(pt)]
    for _ in range(14):
        table.append(_add(table[-1], table[1]))
    return table


def _nibbles(k: int) -> list[int]:
    """The 64 base-16 digits of ``k`` (mod N), most significant first."""
    k %= N
    return [(k >> (4 * i)) & 15 for i in range(WINDOWS - 1, -1, -1)]


def mul(k: int, pt: Point) -> Point:
    """k·P for any point."""
    table = _window_table(pt)
    acc = _INF
    for d in _nibbles(k):
        acc = _double(_double(_double(_double(acc))))
        acc = _add(acc, table[d])
    return _affine(acc)


def mul2(a: int, pa: Point, b: int, pb: Point) -> Point:
    """a·A + b·B with one chain of doublings (Straus–Shamir)."""
    ta, tb = _window_table(pa), _window_table(pb)
    acc = _INF
    for da, db in zip(_nibbles(a), _nibbles(b)):
        acc = _double(_double(_double(_double(acc))))
        acc = _add(_add(acc, ta[da]), tb[db])
    return _affine(acc)


def msm(terms) -> Point:
    return drain(msm_steps(terms))


def msm_steps(terms) -> Steps:
    """Σ k·P over (k, P) pairs with one chain of doublings (Straus, 4-bit windows):
    for short scalars (a random linear combination's) over many points. Yields after
    about ``PIECE`` point operations."""
    terms = [(k % N, pt) for k, pt in terms if pt is not None]
    if not terms:
        return None
    tables, done = [], 0
    for _, pt in terms:
        tables.append(_window_table(pt))
        done += 14
        if done >= PIECE:
            done = 0
            yield
    top = (max(k.bit_length() for k, _ in terms) + 3) // 4
    acc = _INF
    for i in range(top - 1, -1, -1):
        acc = _double(_double(_double(_double(acc))))
        shift = 4 * i
        for (k, _), table in zip(terms, tables):
            d = (k >> shift) & 15
            if d:
                acc = _add(acc, table[d])
        done += 4 + len(terms)
        if done >= PIECE:
            done = 0
            yield
    return _affine(acc)


def _rows_steps(pt: tuple[int, int]) -> Steps:
    """A fixed-base table's rows, yielding every 16 of its 64 rows (~290 point operations)."""
    flat: list[Jacobian] = []
    base = _jac(pt)
    for i in range(WINDOWS):
        row = [base]
        for _ in range(14):
            row.append(_add(row[-1], base))
        flat.extend(row)
        base = _double(_double(_double(_double(base))))
        if i % 16 == 15:
            yield
    points = _affine_all(flat)
    return [[None, *points[15 * i:15 * i + 15]] for i in range(WINDOWS)]


class FixedBase:
    """A point with a table of d·16^i·P (i < 64, d < 16): k·P is 64 additions, no doubling.
    Worth it for a point multiplied many times (G, a deal's joint key)."""

    __slots__ = ("point", "rows")

    def __init__(self, pt: tuple[int, int], rows: list | None = None) -> None:
        self.point = pt
        self.rows = rows if rows is not None else drain(_rows_steps(pt))

    @classmethod
    def steps(cls, pt: tuple[int, int]) -> Steps:
        """The table built in steps (``drain`` or the page's slices run them)."""
        rows = yield from _rows_steps(pt)
        return cls(pt, rows)

    def _mul(self, k: int, acc: Jacobian) -> Jacobian:
        k %= N
        for row in self.rows:
            d = k & 15
            k >>= 4
            pt = row[d]
            if pt is not None:
                acc = _add_affine(acc, pt)
        return acc

    def mul(self, k: int) -> Point:
        return _affine(self._mul(k, _INF))

    def mul_add_many(self, ks: list[int], offsets: list[Point]) -> list[Point]:
        """[k·P + offset for each pair], with one inversion for them all."""
        return _affine_all([self._mul(k, _jac(o)) for k, o in zip(ks, offsets)])


def fixed_sum(terms) -> Point:
    """Σ k·P over (k, FixedBase of P) pairs, with one conversion to affine."""
    acc = _INF
    for k, table in terms:
        acc = table._mul(k, acc)
    return _affine(acc)


_G_TABLE: FixedBase | None = None


def base_table() -> FixedBase:
    """The fixed-base table of G, built on first use (about 1,000 additions)."""
    global _G_TABLE
    if _G_TABLE is None:
        _G_TABLE = FixedBase(G)
    return _G_TABLE


def base_table_steps() -> Steps:
    """``base_table()`` built in steps if it is not yet."""
    global _G_TABLE
    if _G_TABLE is None:
        table = yield from FixedBase.steps(G)
        _G_TABLE = _G_TABLE or table
    return _G_TABLE


def mul_g(k: int) -> Point:
    return base_table().mul(k)


# -- scalars and encoding ----------------------------------------------------------------
def random_scalar() -> int:
    """Uniform in 1..N-1 from os.urandom (64 bytes reduced: the bias is below 2^-250)."""
    return int.from_bytes(os.urandom(64), "big") % (N - 1) + 1


def encode_point(pt: Point) -> bytes:
    """SEC1 compressed: 02/03 then x in 32 bytes; the point at infinity is one 00 byte."""
    if pt is None:
        return b"\x00"
    x, y = pt
    return bytes([2 + (y & 1)]) + x.to_bytes(32, "big")


def decode_point(data: bytes) -> Point:
    """The point of a SEC1 compressed encoding; SealedError if it is not one."""
    if data == b"\x00":
        return None
    if len(data) != 33 or data[0] not in (2, 3):
        raise SealedError("a point is 33 bytes, 02 or 03 then x")
    x = int.from_bytes(data[1:], "big")
    if x >= P:
        raise SealedError("a point's x is not below the field prime")
    rhs = (x * x * x - 3 * x + B) % P
    y = pow(rhs, (P + 1) // 4, P)  # P = 3 mod 4
    if y * y % P != rhs:
        raise SealedError("no point of P-256 has this x")
    if (y & 1) != data[0] - 2:
        y = P - y
    return x, y


def point_hex(pt: Point) -> str:
    return encode_point(pt).hex()


def point_of_hex(text) -> Point:
    if not isinstance(text, str) or len(text) not in (2, 66):
        raise SealedError("a point is 66 hex digits (or 00 for infinity)")
    try:
        data = bytes.fromhex(text)
    except ValueError:
        raise SealedError("a point is written in hex digits") from None
    return decode_point(data)


def scalar_hex(k: int) -> str:
    return f"{k % N:064x}"


def scalar_of_hex(text) -> int:
    if not isinstance(text, str) or len(text) != 64:
        raise SealedError("a scalar is 64 hex digits")
    try:
        k = int(text, 16)
    except ValueError:
        raise SealedError("a scalar is written in hex digits") from None
    if k >= N:
        raise SealedError("a scalar must be below the group order")
    return k
