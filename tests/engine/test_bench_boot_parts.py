"""scripts/bench/bench_boot_parts.py's pages: index.html cut down as each page's name says."""
from __future__ import annotations

import re
from pathlib import Path

import bench_boot_parts as parts
import pytest

ROOT = Path(__file__).resolve().parents[2]

HTML = (ROOT / "index.html").read_text(encoding="utf-8")


def _outside_template(html: str) -> str:
    return parts.TEMPLATE.sub("", html)


def scripts(html: str) -> list[str]:
    return [m.group(1) for m in parts.SCRIPT.finditer(_outside_template(html))]


def preloads(html: str) -> set[str]:
    return {m.group(1) for m in parts.PRELOAD.finditer(_outside_template(html))}


def test_each_cut_down_page_keeps_only_what_its_name_says():
    cut = parts.pages(HTML)
    assert set(scripts(HTML)) > {parts.RUNTIME_MJS, parts.BOOT_JS}
    assert preloads(HTML) > set(parts.RUNTIME)

    extras = cut["no-extras"]
    assert sorted(scripts(extras)) == sorted([parts.RUNTIME_MJS, parts.BOOT_JS])
    assert preloads(extras) == set(parts.RUNTIME)
    assert parts.STYLESHEET.search(extras)

    markup = cut["markup"]
    assert scripts(markup) == [parts.RUNTIME_MJS]
    assert preloads(markup) == set(parts.RUNTIME)
    assert not parts.STYLESHEET.search(markup)
    # the markup and its inline style stay, and PyScript's template (after playable) as it is
    for kept in ('id="boot-status"', "<dialog", "<style>", 'http-equiv="Content-Security-Policy"'):
        assert HTML.count(kept) == markup.count(kept) > 0, kept
    assert parts.TEMPLATE.search(markup).group(0) == parts.TEMPLATE.search(HTML).group(0)

    runtime = cut["runtime"]
    assert scripts(runtime) == [parts.RUNTIME_MJS]
    assert preloads(runtime) == set(parts.RUNTIME)
    assert re.search(r'<main id="table" data-phase="loading">', runtime)
    assert "<dialog" not in runtime and "<style>" not in runtime


def test_a_page_not_shaped_as_expected_is_refused():
    with pytest.raises(SystemExit, match="update this script"):
        parts.pages(HTML.replace('src="./static/vendor/boot.js"', 'src="./static/boot.js"'))
    with pytest.raises(SystemExit, match="update this script"):
        parts.pages(parts.TEMPLATE.sub("", HTML))
