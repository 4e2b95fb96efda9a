"""Bytecode files (.pyc) for the page, made in the runtime's own Python.

Compiling Python source is most of what Pyodide does while it starts on a slow phone, so
scripts/vendor.py ships compiled modules. A .pyc is about twice the bytes of the source it
replaces, most of that its location table (line and column of every instruction, for
tracebacks), so the tables are rewritten smaller:

- ``lines=True`` keeps every instruction's line and drops the columns (what
  ``python -X no_debug_ranges`` compiles): for the game's own code;
- ``lines=False`` gives every instruction its function's first line: for the standard
  library, whose source the page does not ship anyway (a traceback still names the file
  and the function).

The files are unchecked hash-based .pyc (PEP 552): Python loads them with no source
beside them and never looks for one. Runs in the Pyodide that vendor.py drives (the
bytecode must be that interpreter's), and in CPython for the tests.
"""
from __future__ import annotations

import importlib.util
import types
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

# Location table entry kinds (CPython's Objects/locations.md, 3.11 and later).
_NO_COLUMNS = 13
_NO_LOCATION = 15
_MAX_UNITS = 8  # code units one entry can cover


def _varint(value: int) -> bytes:
    out = bytearray()
    while value >= 64:
        out.append(0x40 | (value & 63))
        value >>= 6
    out.append(value)
    return bytes(out)


def _svarint(value: int) -> bytes:
    return _varint((-value << 1) | 1 if value < 0 else value << 1)


def _line_table(code: types.CodeType, lines: bool) -> bytes:
    ranges: list[list] = []  # [code units, line], neighbours with one line merged
    for start, end, line in code.co_lines():
        if line is not None and not lines:
            line = code.co_firstlineno
        if ranges and ranges[-1][1] == line:
            ranges[-1][0] += (end - start) // 2
        else:
            ranges.append([(end - start) // 2, line])
    out = bytearray()
    previous = code.co_firstlineno
    for units, line in ranges:
        while units > 0:
            n = min(units, _MAX_UNITS)
            if line is None:
                out.append(0x80 | (_NO_LOCATION << 3) | (n - 1))
            else:
                out.append(0x80 | (_NO_COLUMNS << 3) | (n - 1))
                out += _svarint(line - previous)
                previous = line
            units -= n
    return bytes(out)


def relined(code: types.CodeType, lines: bool) -> types.CodeType:
    """``code`` (and the code objects inside it) with the smaller location table."""
    consts = tuple(relined(c, lines) if isinstance(c, types.CodeType) else c
                   for c in code.co_consts)
    return code.replace(co_linetable=_line_table(code, lines), co_consts=consts)


def pyc(source: bytes, filename: str, lines: bool) -> bytes:
    """The .pyc file of ``source``; ``filename`` is what tracebacks will name."""
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(relined(code, lines), importlib.util.source_hash(source),
                                   checked=False))
