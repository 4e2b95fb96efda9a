"""Python source without its comments and docstrings, line for line.

Used by scripts/vendor.py on the trimmed standard library: the page downloads it as
source, and comments and docstrings are about a third of its compressed size. Every
line stays where it was (a removed line becomes empty), so tracebacks still point at the
right line; a docstring that was a body's only statement becomes `pass`. A dataclass keeps
its docstring: without one, `@dataclass` writes one from `inspect.signature` as the class
is made, which costs start-up more than the docstring's bytes do. The standard
library is tested under `python -OO`, which drops docstrings the same way.

`strip(src)` checks its own work: the result must parse to the same syntax tree as the
original minus those docstrings, or it raises ValueError.

Runs in the Pyodide that vendor.py drives (its Python parses the runtime's own syntax),
and in CPython for the tests.
"""
from __future__ import annotations

import ast
import io
import tokenize

DOC_OWNERS = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def _is_dataclass(node: ast.AST) -> bool:
    for d in getattr(node, "decorator_list", ()):
        target = d.func if isinstance(d, ast.Call) else d
        name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", None)
        if name == "dataclass":
            return True
    return False


def _docstring(node: ast.AST) -> ast.Expr | None:
    body = getattr(node, "body", None)
    if isinstance(node, DOC_OWNERS) and body and not _is_dataclass(node):
        first = body[0]
        if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)):
            return first
    return None


def strip(src: str) -> str:
    lines = src.splitlines(keepends=True)
    raw = [line.encode() for line in lines]  # ast columns count UTF-8 bytes
    blank: set[int] = set()
    passes: dict[int, str] = {}
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        row, col = tok.start
        if tok.type == tokenize.COMMENT and not lines[row - 1][:col].strip():
            blank.add(row - 1)
    tree = ast.parse(src)
    for node in ast.walk(tree):
        doc = _docstring(node)
        if doc is None or doc.end_lineno is None or doc.end_col_offset is None:
            continue
        first, last = doc.lineno - 1, doc.end_lineno - 1
        before = raw[first][:doc.col_offset].strip()
        after = raw[last][doc.end_col_offset:].strip()
        if before or (after and not after.startswith(b"#")):
            continue  # shares its line with code: left as it is
        blank.update(range(first, last + 1))
        body = node.body  # type: ignore[attr-defined]
        if len(body) == 1:
            passes[first] = raw[first][:doc.col_offset].decode() + "pass"
        node.body = body[1:] or [ast.Pass()]  # type: ignore[attr-defined]
    out = []
    for i, line in enumerate(lines):
        end = "\n" if line.endswith("\n") else ""
        if i in passes:
            out.append(passes[i] + end)
        elif i in blank:
            out.append(end)
        else:
            out.append(line)
    result = "".join(out)
    if ast.dump(ast.parse(result)) != ast.dump(tree):
        raise ValueError("stripping changed the code")
    return result
