#!/usr/bin/env python3
"""Draw the app icons (static/icons/*.png) with the standard library only.

Two playing cards on the table's felt: a fanned card behind and a card with a red heart.
Everything drawn lies inside the central 80 % circle, so the same art is a valid
"maskable" icon (Android crops it to any shape); the felt fills the whole square, as iOS
wants for apple-touch-icon. Run it after changing the art; the PNGs are committed.

Usage: python3 scripts/make_icons.py [--out static/icons]
"""
from __future__ import annotations

import argparse
import math
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FELT = (0x1D, 0x6B, 0x3F)
FELT_DARK = (0x12, 0x4A, 0x2B)
CARD = (0xFF, 0xFD, 0xF7)
CARD_BACK = (0xE8, 0xE2, 0xD0)
EDGE = (0x5A, 0x3A, 0x22)
HEART = (0xC8, 0x10, 0x2E)

# name -> pixel size (manifest: 192 and 512 "any", 512 "maskable"; iOS: 180; the tab's
# favicon: 32, a few hundred bytes on the first visit instead of the 192's 6 kB)
ICONS = {"icon-192.png": 192, "icon-512.png": 512, "icon-maskable-512.png": 512,
         "apple-touch-icon.png": 180, "favicon-32.png": 32}
SUPERSAMPLE = 2


def in_card(x: float, y: float, cx: float, cy: float, angle: float,
            hw: float = 0.19, hh: float = 0.27, r: float = 0.035) -> bool:
    """Point (x, y) inside a rounded rectangle centred at (cx, cy), turned by ``angle``."""
    c, s = math.cos(-angle), math.sin(-angle)
    dx, dy = x - cx, y - cy
    u, v = abs(dx * c - dy * s), abs(dx * s + dy * c)
    if u > hw or v > hh:
        return False
    if u <= hw - r or v <= hh - r:
        return True
    return (u - (hw - r)) ** 2 + (v - (hh - r)) ** 2 <= r * r


def in_heart(x: float, y: float, cx: float, cy: float, size: float) -> bool:
    u, v = (x - cx) / size, -(y - cy) / size + 0.15
    return (u * u + v * v - 1) ** 3 - u * u * v ** 3 <= 0


def colour_at(x: float, y: float) -> tuple[int, int, int]:
    """The art in unit coordinates (0..1, y down)."""
    front = (0.56, 0.53, 0.16)
    back = (0.41, 0.49, -0.30)
    for (cx, cy, a), fill in ((front, CARD), (back, CARD_BACK)):
        if in_card(x, y, cx, cy, a):
            if not in_card(x, y, cx, cy, a, 0.19 - 0.008, 0.27 - 0.008, 0.03):
                return EDGE
            if fill is CARD and in_heart(x, y, cx, cy, 0.11):
                return HEART
            return fill
    # felt with a soft vignette
    d = min(1.0, math.hypot(x - 0.5, y - 0.5) / 0.75)
    return tuple(round(a + (b - a) * d * d) for a, b in zip(FELT, FELT_DARK))


def render(size: int) -> bytes:
    """RGB rows of the icon, each averaged over SUPERSAMPLE² samples."""
    n = SUPERSAMPLE
    rows = bytearray()
    for py in range(size):
        rows.append(0)  # PNG filter type: none
        for px in range(size):
            acc = [0, 0, 0]
            for sy in range(n):
                for sx in range(n):
                    col = colour_at((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size)
                    for i in range(3):
                        acc[i] += col[i]
            rows.extend(round(a / (n * n)) for a in acc)
    return bytes(rows)


def png(size: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "static" / "icons")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    cache: dict[int, bytes] = {}
    for name, size in ICONS.items():
        if size not in cache:
            cache[size] = png(size, render(size))
        (args.out / name).write_bytes(cache[size])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
