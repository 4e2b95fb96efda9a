"""The README's documentation index names every file in docs/, every file it links exists, and
scripts/README.md lists every script."""
from __future__ import annotations

import re

from engine_support import ROOT


def _index() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return readme[readme.index("### Documentation"):]


def test_every_file_in_docs_is_in_the_index():
    linked = set(re.findall(r"\]\((docs/[^)]+)\)", _index()))
    present = {f"docs/{p.name}" for p in (ROOT / "docs").iterdir() if p.is_file()}
    assert present - linked == set()


def test_every_file_the_readme_links_exists():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#:]+)\)|src=\"([^\"]+)\"", readme)
    paths = [a or b for a, b in links]
    assert len(paths) > 10
    assert [p for p in paths if not (ROOT / p).exists()] == []


def test_scripts_readme_lists_every_script_and_only_those():
    table = (ROOT / "scripts" / "README.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `([^`]+)` \|", table, re.M))
    present = {p.relative_to(ROOT / "scripts").as_posix() for p in (ROOT / "scripts").rglob("*")
               if p.is_file() and p.suffix in (".py", ".sh", ".mjs")
               and "__pycache__" not in p.parts}
    assert len(present) > 20
    assert listed == present
