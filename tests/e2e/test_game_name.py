"""The header and the tab's title name the game played, in the player's language: from the
first frame boot.js draws (the address's ?rules= or the saved variant) to the table."""
from __future__ import annotations

from playwright.sync_api import expect

from manni_page import PageMonitor, TAPS, booted, wait_settled

TITLE = """() => ({phase: document.getElementById('table').dataset.phase,
  header: document.querySelector('.app-title').textContent, title: document.title})"""


def test_a_manille_link_in_french_names_manille_then_manni_for_classic(browser, base_url):
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="fr-FR")
    monitor = PageMonitor(context)
    page = context.new_page()
    page.add_init_script(TAPS)
    page.goto(f"{base_url}/index.html?snapshot=0&rules=manille", wait_until="domcontentloaded")
    first = page.evaluate(TITLE)  # boot.js has run (deferred), Python has not drawn yet
    assert first["header"] == "Manille" and first["title"] == "Manille", first
    booted(page)
    wait_settled(page)
    assert page.evaluate(TITLE)["header"] == "Manille" and page.title() == "Manille"
    header = page.locator(".app-title").bounding_box()
    assert header and header["x"] + header["width"] <= 360
    page.click("[data-action=menu]")
    page.select_option("#opt-variant", "classic")
    page.click("[data-action=start-match]")
    wait_settled(page)
    expect(page.locator(".app-title")).to_have_text("Manni")
    assert page.title() == "Manni"
    page.click("[data-action=menu]")
    page.select_option("#opt-variant", "manille")
    page.click("[data-action=start-match]")
    wait_settled(page)
    expect(page.locator(".app-title")).to_have_text("Manille")
    page.reload(wait_until="domcontentloaded")  # the saved variant names it before Python
    assert page.evaluate(TITLE)["header"] == "Manille"
    booted(page)
    monitor.assert_clean(page)
    context.close()
