"""Draw the README's screenshots: docs/screenshot.png (1280x800) and
docs/screenshot-phone.png (360x740).

    python3 scripts/screenshots.py [--seed N] [--out DIR]

Needs the vendored runtime (`python3 scripts/vendor.py`) and a Chromium (see
tests/e2e/browser.py). Plays a Classic match from a fixed seed (keep the hand, the first
playable card) until a trick has two cards in it and it is your turn, lets the cards land,
and takes the picture.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from browser import StaticServer, launch_args, wait_until_booted  # noqa: E402

SIZES = {"screenshot.png": (1280, 800), "screenshot-phone.png": (360, 740)}
READY = """() => { const t = document.getElementById('table');
  return t.dataset.turn === 'you' && t.dataset.phase === 'play'
    && document.querySelectorAll('.trick .slot .card').length === 2
    && document.querySelectorAll('.trick.done').length === 0
    && Number(t.dataset.actions) >= 8; }"""
LANDED = ("() => Promise.all(document.getAnimations().filter(a => a.constructor === Animation)"
          ".map(a => a.finished.catch(() => null)))")


def take(page, url: str, path: Path) -> None:
    page.goto(url)
    wait_until_booted(page)
    for _ in range(200):
        page.wait_for_function("() => document.getElementById('table').dataset.turn === 'you'")
        if page.evaluate(READY):
            break
        if page.locator("[data-action=keep-hand]").count():
            page.click("[data-action=keep-hand]")
        elif page.locator("[data-action=next-deal]").count():
            page.click("[data-action=next-deal]")
        else:
            page.locator("#hand button[data-card].playable").last.click()
        page.wait_for_timeout(150)
    else:
        raise SystemExit("no position with two cards in the trick")
    page.evaluate(LANDED)
    page.wait_for_selector("#notice", state="hidden")  # the seed's notice goes by itself
    page.wait_for_timeout(300)
    page.screenshot(path=str(path))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--out", type=Path, default=ROOT / "docs")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    with StaticServer(ROOT) as server, sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        for name, (w, h) in SIZES.items():
            context = browser.new_context(viewport={"width": w, "height": h})
            page = context.new_page()
            page.add_init_script("localStorage.setItem('manni:settings', JSON.stringify("
                                 "{variant: 'classic', level: 'easy', speed: 'fast', lang: 'en'}))")
            take(page, f"{server.url}/index.html?seed={args.seed}&sw=0&snapshot=0", args.out / name)
            context.close()
            print(args.out / name)
        browser.close()


if __name__ == "__main__":
    main()
