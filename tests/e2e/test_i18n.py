"""The table in every language at phone size (360x740): the browser's language is used,
<html lang> follows, no English is left, nothing overflows or is cut off, no button's label
breaks inside a word, buttons keep 44 px targets; the same at a table of four; the menu
switch changes the page without a reload and survives one.

Screenshots of every language's table go to artifacts/i18n-<lang>-<phase>.png.
"""
from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from manni.text import LANGUAGES, Translator
from manni.text.translate import load
from playwright.sync_api import expect

from manni_page import (PageMonitor, boot, broken_words, let_cards_land, start_match, step,
                        wait_settled)

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
W, H = 360, 740
OTHERS = [code for code in LANGUAGES if code != "en"]

# Visible text of the header, the table and any open dialog, as the player reads it.
VISIBLE_TEXT = """() => [document.querySelector('header'), document.getElementById('table'),
    ...document.querySelectorAll('dialog[open]')].map(e => e.innerText).join('\\n')"""

# Elements that hold text themselves and are wider inside than their box: cut-off text.
CUT_OFF = """() => [...document.querySelectorAll('body *')]
  .filter(e => e.offsetParent !== null && !e.closest('dialog:not([open]), .visually-hidden'))
  .filter(e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
  .filter(e => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1)
  .map(e => `${e.tagName}.${e.className} "${e.textContent.trim().slice(0, 40)}"`
            + ` ${e.scrollWidth}>${e.clientWidth}`)"""


# Visible elements reaching past the right or left edge of the screen (clipped by the table);
# not the parlée's questions scrolled out of its strip's row (a swipe brings them in).
OFF_SCREEN = """() => [...document.querySelectorAll('header *, #table *, dialog[open] *')]
  .filter(e => e.offsetParent !== null && !e.closest('.visually-hidden'))
  .filter(e => { const s = e.closest('.talk-sheet'); if (!s) return true;
                 const r = e.getBoundingClientRect(), b = s.getBoundingClientRect();
                 return r.left < b.right && r.right > b.left; })
  .map(e => [e, e.getBoundingClientRect()])
  .filter(([e, r]) => r.width > 0 && (r.right > innerWidth + 1 || r.left < -1))
  .map(([e, r]) => `${e.tagName}.${e.className} "${e.textContent.trim().slice(0, 30)}" ${r.left}..${r.right}`)"""


def english_phrases(lang: str) -> list[str]:
    """Pieces of English (between placeholders, 2+ words or a 5+ letter word) that the
    language's own catalog does not also use, e.g. "Last trick", "Trumps"."""
    own = Translator(lang)
    own_text = " ".join(own(k) if e.msgid_plural is None else " ".join(own.catalog.entries[k].msgstr)
                        for k, e in load("en").entries.items())
    pieces = set()
    for key, e in load("en").entries.items():
        if key == "language.name":  # the menu lists every language by its own name
            continue
        for msgid in filter(None, (e.msgid, e.msgid_plural)):
            for literal, *_ in string.Formatter().parse(msgid):
                for piece in re.split(r"[.:;,()…—!?]", literal or ""):
                    piece = piece.strip()
                    if (len(piece.split()) >= 2 or len(piece) >= 5) and re.search(r"[A-Za-z]{3}", piece):
                        pieces.add(piece)
    return sorted(p for p in pieces if p not in own_text)

# Visible buttons narrower or lower than a finger's 44 px.
SMALL_TARGETS = """() => [...document.querySelectorAll('button')]
  .filter(e => e.offsetParent !== null && !e.closest('dialog:not([open])'))
  .map(e => [e.textContent.trim().slice(0, 30), e.getBoundingClientRect()])
  .filter(([t, r]) => r.width < 44 || r.height < 44)
  .map(([t, r]) => `"${t}" ${Math.round(r.width)}x${Math.round(r.height)}`)"""


def check_page(page, lang: str, name: str, targets: bool = True) -> None:
    assert page.evaluate("document.documentElement.lang") == lang
    sw = page.evaluate("Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
    assert sw <= W, f"{lang} {name}: page is {sw}px wide at {W}px"
    let_cards_land(page)
    off = page.evaluate(OFF_SCREEN)
    assert not off, f"{lang} {name}: beyond the screen's edge: {off}"
    cut = page.evaluate(CUT_OFF)
    assert not cut, f"{lang} {name}: text cut off: {cut}"
    if targets:
        small = page.evaluate(SMALL_TARGETS)
        assert not small, f"{lang} {name}: tap targets under 44px: {small}"
    broken = broken_words(page, "button")
    assert not broken, f"{lang} {name}: a button's word broken across lines: {broken}"
    text = page.evaluate(VISIBLE_TEXT)
    left = [p for p in english_phrases(lang) if re.search(rf"(?<!\w){re.escape(p)}(?!\w)", text)]
    assert not left, f"{lang} {name}: English left on the page: {left}"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"i18n-{lang}-{name}.png"))


def test_english_phrases_are_found_in_english():
    """The detector itself: English text is caught, the language's own words are not."""
    assert {"Last trick", "Your turn", "Trumps"} <= set(english_phrases("is"))
    assert "Manni" not in english_phrases("is") and "Grand" not in english_phrases("fr")


@pytest.mark.parametrize("lang", OTHERS)
def test_table_in_the_browsers_language(browser, base_url, lang):
    context = browser.new_context(viewport={"width": W, "height": H}, locale=f"{lang}-XX")
    monitor = PageMonitor(context)
    page = context.new_page()
    boot(page, f"{base_url}/index.html")
    start_match(page, "hornafjordur", 20)  # no deal scores 20: deal-over comes before match-over
    check_page(page, lang, "exchange")
    st = step(page)
    while st["phase"] != "play":
        st = step(page)
    check_page(page, lang, "play")
    page.click("[data-action=menu]")
    check_page(page, lang, "menu")
    page.click("#menu-dialog [data-action=rules]:not([data-from])")
    check_page(page, lang, "rules")
    page.click("#rules-dialog [data-action=close-dialog]")
    page.click("#menu-dialog [data-action=stats]")
    check_page(page, lang, "stats")
    page.click("#stats-dialog [data-action=close-dialog]")
    if page.evaluate("document.getElementById('menu-dialog').open"):
        page.click("#menu-dialog [data-action=close-dialog]")
    for _ in range(2):
        st = step(page)
    page.click("[data-action=last-trick]")
    check_page(page, lang, "last-trick")
    page.click("#last-dialog [data-action=close-dialog]")
    while st["phase"] != "deal-over":
        st = step(page)
    check_page(page, lang, "deal-over")
    page.click("[data-action=scores]")
    check_page(page, lang, "scores")
    boot(page, f"{base_url}/index.html?rules=manille&seed=6")  # you lead the first trick
    # The four-seat table's hand of eight and the parlée's chips are narrower than 44 px
    # at this width in every language; the rest holds.
    check_page(page, lang, "manille", targets=False)
    monitor.assert_clean(page)
    context.close()


# [attribute, key, the element's text or aria-label] for each element marked with a text key.
MARKED_TEXTS = """() => [["data-i18n", null], ["data-i18n-aria", "aria-label"],
                         ["data-boot-text", null], ["data-boot-aria", "aria-label"]]
  .flatMap(([name, into]) => [...document.querySelectorAll(`[${name}]`)].map((el) =>
    [name, el.getAttribute(name), into ? el.getAttribute(into) : el.textContent]))"""


def test_menu_switch_changes_the_page_without_reload_and_is_remembered(browser, base_url):
    context = browser.new_context(viewport={"width": W, "height": H}, locale="en-US")
    monitor = PageMonitor(context)
    page = context.new_page()
    boot(page, f"{base_url}/index.html")
    assert page.evaluate("document.documentElement.lang") == "en"
    en = Translator("en")
    assert page.inner_text("[data-action=menu]") == en("btn.menu")
    page.evaluate("window.__sameDocument = true")
    page.click("[data-action=menu]")
    page.select_option("#opt-lang", "is")
    t = Translator("is")
    page.wait_for_function("document.documentElement.lang === 'is'")
    assert page.evaluate("window.__sameDocument") is True  # no reload
    assert page.inner_text("#menu-title") == t("menu.title")
    page.click("#menu-dialog [data-action=close-dialog]")
    assert page.inner_text("[data-action=menu]") == t("btn.menu")
    # every marked text of the page, shown or not, in the new language
    marked = page.evaluate(MARKED_TEXTS)
    assert {name for name, _, _ in marked} == {"data-i18n", "data-i18n-aria", "data-boot-text",
                                               "data-boot-aria"}
    wrong = [(name, key, got) for name, key, got in marked
             if got != t(f"boot.{key}" if name.startswith("data-boot-") else key)]
    assert not wrong, wrong
    assert t("seat.dealer") in page.inner_html("#game") or t("seat.your_turn") in page.inner_text("#game") \
        or t("seat.thinking") in page.inner_text("#game")
    st = wait_settled(page)
    page.reload()
    boot(page, f"{base_url}/index.html")
    assert page.evaluate("document.documentElement.lang") == "is"
    assert page.inner_text("[data-action=menu]") == t("btn.menu")
    assert int(wait_settled(page)["actions"]) == int(st["actions"])  # the same match goes on
    page.click("[data-action=menu]")
    assert page.input_value("#opt-lang") == "is"
    monitor.assert_clean(page)
    context.close()


@pytest.mark.parametrize("lang", ["is", "ru"])
def test_boot_error_screen_speaks_the_browsers_language(browser, base_url, lang):
    """Before Python runs: static/vendor/boot.js (texts built from the catalogs) gives boot.js
    the texts; a runtime that never arrives is reported in the player's language."""
    context = browser.new_context(viewport={"width": W, "height": H}, locale=f"{lang}-XX")
    page = context.new_page()
    page.route(re.compile(r".*pyodide\.asm\.wasm$"), lambda route: route.abort())
    page.goto(f"{base_url}/index.html")
    page.wait_for_function("() => document.getElementById('table').dataset.phase === 'error'",
                           timeout=90_000, polling=200)
    t = Translator(lang)
    assert page.evaluate("document.documentElement.lang") == lang
    message = page.inner_text("#boot-message")
    reasons = [t(k) for k in ("boot.file_failed", "boot.runtime_failed", "boot.python_error")]
    assert message in [t("boot.failed", reason=r) for r in reasons], message
    assert page.inner_text("#boot-reload") == t("boot.reload")
    page.screenshot(path=str(ARTIFACTS / f"i18n-{lang}-boot-error.png"))
    context.close()


@pytest.mark.parametrize("lang", ["is", "ru"])
def test_loading_screen_speaks_the_browsers_language(browser, base_url, lang):
    """While the runtime downloads (held back here): the step, the byte count, the
    How-to-play card, the progress bar's name and the update banner are the catalog's."""
    context = browser.new_context(viewport={"width": W, "height": H}, locale=f"{lang}-XX")
    page = context.new_page()
    # What the first frames draw: the loading texts are hidden until boot.js (deferred) has
    # put them in the player's language, so no frame shows them in English.
    page.add_init_script("""(() => { window.__frames = [];
      const tick = () => { const h = document.getElementById("boot-howto-title");
        if (h) window.__frames.push([getComputedStyle(h).visibility, h.textContent,
          document.getElementById("boot-message").textContent]);
        if (window.__frames.filter(f => f[0] === "visible").length < 3) requestAnimationFrame(tick); };
      requestAnimationFrame(tick); })();""")
    page.route(re.compile(r".*pyodide\.asm\.wasm$"), lambda route: None)  # never answered
    page.goto(f"{base_url}/index.html?snapshot=0&sw=0")
    t = Translator(lang)
    page.wait_for_function("window.__frames.filter(f => f[0] === 'visible').length >= 3")
    english = Translator("en")
    for visibility, title, message in page.evaluate("window.__frames"):
        if visibility == "visible":
            assert title == t("boot.howto_title") and message != english("boot.loading"), (title, message)
        else:
            assert visibility == "hidden", visibility
    expect(page.locator("#boot-message")).to_have_text(t("boot.step_download"))
    got_of_total = re.escape(t("boot.step_bytes", got="§", total="§")).replace("§", r"\d+\.\d")
    expect(page.locator("#boot-detail")).to_have_text(re.compile(f"^{got_of_total}$"))
    for key in ("howto_title", "howto_players", "howto_manni", "howto_follow", "howto_trick",
                "howto_score"):
        expect(page.locator(f".boot-howto [data-boot-text={key}]")).to_have_text(t(f"boot.{key}"))
    assert page.get_attribute("#boot-progress", "aria-label") == t("boot.progress_label")
    assert page.text_content("#update-banner span") == t("boot.update_ready")
    shown = page.inner_text("#table")
    english = [p for p in english_phrases(lang) if p in shown]
    assert not english, f"{lang}: English on the loading screen: {english}"
    check_page(page, lang, "loading")
    page.screenshot(path=str(ARTIFACTS / f"i18n-{lang}-loading.png"))
    context.close()


def test_a_language_is_fetched_when_needed_and_a_failed_fetch_loses_nothing(browser, base_url):
    """Only English comes with the game; other catalogs are fetched (static/vendor/locale/).
    The boot language's catalog failing once: the page starts in English and switches when
    it arrives. A catalog that cannot be had: the menu says so and the language stays."""
    context = browser.new_context(viewport={"width": W, "height": H}, locale="is-IS")
    monitor = PageMonitor(context)
    page = context.new_page()
    asked: list[str] = []

    def catalogs(route):
        lang = route.request.url.rsplit("/", 1)[1].split(".")[0]
        asked.append(lang)
        if lang == "sv" or asked == ["is"]:
            route.abort()
        else:
            route.continue_()

    page.route(re.compile(r".*/static/vendor/locale/\w+\.json$"), catalogs)
    boot(page, f"{base_url}/index.html?sw=0")
    page.wait_for_function("document.documentElement.lang === 'is'")
    assert asked == ["is", "is"]  # with the game (refused), then by the page itself
    t = Translator("is")
    assert page.inner_text("[data-action=menu]") == t("btn.menu")
    page.click("[data-action=menu]")
    page.select_option("#opt-lang", "sv")
    expect(page.locator("#menu-message")).to_have_text(t("menu.lang_unavailable"))
    assert page.input_value("#opt-lang") == "is"
    assert page.evaluate("document.documentElement.lang") == "is"
    page.select_option("#opt-lang", "ru")
    page.wait_for_function("document.documentElement.lang === 'ru'")
    assert page.inner_text("#menu-title") == Translator("ru")("menu.title")
    assert asked == ["is", "is", "sv", "ru"]
    # the refused downloads are the only errors (the browser logs each one)
    assert all("Failed to load resource" in e for e in monitor.console_errors), monitor.console_errors
    assert len(monitor.console_errors) <= 3 and not monitor.page_errors
    assert not monitor.py_errors(page)
    context.close()
