"""A small seeded generator (SplitMix64) that gives the same numbers on every Python.

Deals must be identical under CPython and Pyodide, and across Python versions, so the
engine does not rely on the standard library's generator for shuffles.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def mix64(z: int) -> int:
    z = (z + _GOLDEN) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    @classmethod
    def derived(cls, seed: int, *path: int) -> "Rng":
        """An independent stream for e.g. (match seed, deal index)."""
        z = mix64(seed & MASK64)
        for p in path:
            z = mix64(z ^ (p & MASK64))
        return cls(z)

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & MASK64
        return mix64(self.state - _GOLDEN & MASK64)

    def below(self, n: int) -> int:
        """Uniform in range(n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = MASK64 - (MASK64 + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
