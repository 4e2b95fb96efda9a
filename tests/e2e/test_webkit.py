"""WebKit, Safari's engine (Debian's WebKitGTK through Selenium, see webkit_browser.py): the
game boots and plays a deal, a return visit starts from the runtime snapshot, a visited site
works offline, a new deploy is offered.

Each test has its own WebKit session, whose website data starts empty (and is held in
memory, as in a private tab). Without WebKit installed the module is skipped, with the
reason; `MANNI_WEBKIT=required` (set by scripts/test.sh where it installed WebKit) makes
that a failure instead.
"""
from __future__ import annotations

import os
import shutil
import time

import pytest
import site_files

import webkit_browser as wk
from manni_page import STEP_MS

ROOT = wk.ROOT
# A plain boot takes WebKit several times as long as Chromium: wait as long as the page
# itself does before it shows its error screen (static/js/boot.js, FAIL_MS), and a bit more.
BOOT_MS = 150_000
BOOTED = ("const t = document.getElementById('table'); return !!t && t.dataset.phase !== 'loading'"
          " && (t.dataset.phase === 'error' || !!t.dataset.turn);")
SETTLED = ("const t = document.getElementById('table'); return t.dataset.turn === 'you'"
           " && Number(t.dataset.actions) >= %d && Number(t.dataset.deal) >= %d;")
ACTIONS = "return JSON.parse(localStorage.getItem('manni:record')).actions.length;"
SHOWN = ("return {table: {...document.getElementById('table').dataset},"
         " html: {...document.documentElement.dataset},"
         " errors: [...document.querySelectorAll('.py-error')].map(e => e.textContent)};")


@pytest.fixture(scope="module")
def display():
    problem = wk.missing()
    if problem:
        if os.environ.get("MANNI_WEBKIT") == "required":
            pytest.fail(f"WebKit was to be installed but {problem} is missing", pytrace=False)
        pytest.skip(f"WebKit is not installed here: {problem} is missing"
                    " (scripts/test.sh installs it as root on Debian)")
    screen = wk.Display()
    yield screen
    screen.close()


@pytest.fixture(scope="module")
def site(display):
    with wk.HttpsServer() as server:
        yield server.url


@pytest.fixture
def driver(display):
    drv = wk.new_driver(display)
    yield drv
    drv.quit()


def shown(drv) -> dict:
    return drv.execute_script(SHOWN)


def wait(drv, script: str, timeout_ms: int = STEP_MS, what: str = ""):
    """Polls `script` (a function body) until it returns something true."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        value = drv.execute_script(script)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting {timeout_ms} ms for {what or script};"
                                 f" the page shows {shown(drv)}")
        time.sleep(0.2)


def run_async(drv, body: str):
    """Runs an async function body in the page and returns its result."""
    return drv.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f" (async () => {{ {body} }})().then(done, (e) => done('error: ' + e));")


def html_data(drv) -> dict:
    return drv.execute_script("return {...document.documentElement.dataset};")


def table(drv) -> dict:
    return drv.execute_script("return {...document.getElementById('table').dataset};")


def visit(drv, url: str | None = None) -> dict:
    """Opens url (None: reloads) and waits until the table is playable."""
    if url is None:
        drv.refresh()
    else:
        drv.get(url)
    wait(drv, BOOTED, BOOT_MS, "the table")
    st = table(drv)
    assert st["phase"] != "error", shown(drv)
    assert not drv.execute_script("return document.querySelectorAll('.py-error').length;")
    return st


def click(drv, selector: str) -> None:
    from selenium.webdriver.common.by import By
    drv.find_element(By.CSS_SELECTOR, selector).click()


def settled(drv, actions: int = 0, deal: int = 0) -> dict:
    wait(drv, SETTLED % (actions, deal), STEP_MS, f"your turn after {actions} actions")
    return table(drv)


def start_match(drv) -> dict:
    """A new Classic match against easy bots at the fastest speed (through the menu)."""
    from selenium.webdriver.support.select import Select
    from selenium.webdriver.common.by import By
    click(drv, "[data-action=menu]")
    Select(drv.find_element(By.ID, "opt-variant")).select_by_value("classic")
    Select(drv.find_element(By.ID, "opt-level")).select_by_value("easy")
    Select(drv.find_element(By.ID, "opt-speed")).select_by_value("fastest")
    click(drv, "[data-action=start-match]")
    return settled(drv)


def step(drv) -> dict:
    """One sensible move through the page's buttons (see manni_page.step)."""
    st = settled(drv)
    n = int(st["actions"])
    if st["phase"] == "exchange":
        keep = drv.execute_script("return !!document.querySelector('[data-action=keep-hand]');")
        click(drv, "[data-action=keep-hand]" if keep else "[data-action=confirm-discard]")
        return settled(drv, n + 1)
    if st["phase"] == "play":
        click(drv, "#hand button[data-card].playable")
        return settled(drv, n + 1)
    if st["phase"] == "deal-over":
        click(drv, "[data-action=next-deal]")
        return settled(drv, n, int(st["deal"]) + 1)
    return st


def play_a_card(drv) -> None:
    before = drv.execute_script(ACTIONS)
    for _ in range(10):
        st = step(drv)
        if st["phase"] == "play" and drv.execute_script(ACTIONS) > before:
            return
    raise AssertionError(f"no card played; the page shows {shown(drv)}")


def play_the_deal(drv) -> dict:
    deal = int(settled(drv)["deal"])
    for _ in range(40):
        st = step(drv)
        if st["phase"] in ("deal-over", "match-over") or int(st["deal"]) > deal:
            return st
    raise AssertionError(f"the deal did not end; the page shows {shown(drv)}")


def test_a_deal_then_a_return_visit_from_the_snapshot(driver, site):
    visit(driver, f"{site}/index.html")
    assert html_data(driver)["boot"] == "plain"
    assert html_data(driver)["wasm"] == "early"  # Safari's engine compiles the wasm as it comes too
    # and its Python started with Pyodide's package loader importing its archives on first use
    assert driver.execute_async_script("""const done = arguments[arguments.length - 1];
      import(new URL("static/vendor/runtime.mjs", location.href).href)
        .then((m) => m.loadPyodide())
        .then((py) => done(py.runPython(
          "import sys; type(sys.modules['pyodide._package_loader'].shutil).__name__")),
          (err) => done(String(err)));""") == "OnUse"
    start_match(driver)
    end = play_the_deal(driver)
    assert end["phase"] in ("deal-over", "match-over")
    results = "return document.querySelectorAll('.result .deal-result').length;"
    assert driver.execute_script(results) == 1
    # par comes once the deal is over, and is saved with the match
    wait(driver, "return !!document.querySelector('.result[data-par][data-yours]');", BOOT_MS, "par")
    record = driver.execute_script("return localStorage.getItem('manni:record');")
    assert '"par"' in record
    wait(driver, "return document.documentElement.dataset.snapshot;", BOOT_MS, "the snapshot")
    assert html_data(driver)["snapshot"] == "saved"
    visit(driver)  # the return visit
    assert html_data(driver)["boot"] == "snapshot", shown(driver)
    assert driver.execute_script("return localStorage.getItem('manni:record');") == record
    step(driver)  # the next deal, on the restored runtime
    play_a_card(driver)
    play_a_card(driver)


def test_offline_after_one_visit(driver):
    with wk.HttpsServer() as server:
        visit(driver, f"{server.url}/index.html")
        wait(driver, "return document.documentElement.dataset.sw === 'active';", BOOT_MS,
             "the service worker")
        server.stop()  # the network is gone: nothing answers on the site's port
        visit(driver)
        assert driver.execute_script("return !!navigator.serviceWorker.controller;")
        play_a_card(driver)


@pytest.fixture
def site_copy(display, tmp_path):
    """A copy of the built site that a test may change (a new deploy), over HTTPS."""
    site = tmp_path / "site"
    site.mkdir()
    for name in ("index.html", "pyscript.toml", "sw.js"):
        shutil.copy2(ROOT / name, site / name)
    shutil.copytree(ROOT / "static", site / "static")
    with wk.HttpsServer(site) as server:
        yield site, server.url


def test_a_new_deploy_is_offered_and_keeps_the_match(driver, site_copy):
    site, url = site_copy
    visit(driver, f"{url}/index.html")
    wait(driver, "return document.documentElement.dataset.sw === 'active';", BOOT_MS,
         "the service worker")
    visit(driver)
    assert driver.execute_script("return !!navigator.serviceWorker.controller;")
    play_a_card(driver)
    saved = driver.execute_script("return localStorage.getItem('manni:record');")
    css = site / "static" / "css" / "app.css"
    css.write_text(css.read_text() + "\n/* deploy 2 */\n")
    site_files.write_build_files(site)
    run_async(driver, "await (await navigator.serviceWorker.getRegistration()).update();")
    wait(driver, "const b = document.getElementById('update-banner');"
         " return !!b && !b.hidden && b.getBoundingClientRect().height > 0;", BOOT_MS,
         "the update banner")
    driver.execute_script("window.manniOldPage = true;")
    click(driver, "#update-reload")
    wait(driver, "return !window.manniOldPage && !!document.getElementById('table')?.dataset.turn;",
         BOOT_MS, "the new version's table")
    css_now = run_async(driver, "return await (await fetch('static/css/app.css')).text();")
    assert "deploy 2" in css_now
    assert driver.execute_script("return localStorage.getItem('manni:record');") == saved


# The MiniBrowser's window is never narrower than about 450 px: a phone's 360x740 is a frame.
PHONE_PAGE = ('<!doctype html><html><body style="margin:0"><iframe id="phone" src="index.html"'
              ' width="360" height="740" style="border:0"></iframe></body></html>')


CUT_OFF = """const d = document.getElementById('menu-dialog'), r = d.getBoundingClientRect();
  return [...d.querySelectorAll('select, input, button, label, legend')]
    .filter(e => e.offsetParent !== null).filter(e => { const b = e.getBoundingClientRect();
      return b.width && (b.left < r.left || b.right > r.right); })
    .map(e => e.id || e.dataset.action || e.tagName);"""


@pytest.fixture
def phone(display, tmp_path):
    """A WebKit session whose page runs in a 360x740 frame (the driver is switched into it)."""
    site = tmp_path / "site"
    site.mkdir()
    for name in ("index.html", "pyscript.toml", "sw.js"):
        shutil.copy2(ROOT / name, site / name)
    shutil.copytree(ROOT / "static", site / "static")
    (site / "phone.html").write_text(PHONE_PAGE, encoding="utf-8")
    with wk.HttpsServer(site) as server:
        drv = wk.new_driver(display, 480, 900)
        drv.get(f"{server.url}/phone.html")
        drv.switch_to.frame("phone")
        wait(drv, BOOTED, BOOT_MS, "the table")
        yield drv
        drv.quit()


def test_a_match_starts_in_russian_on_a_phone(phone):
    """Russian's longer words push the New match dialog's Start button below the fold,
    and a long option widens the fields: Start stays in reach, nothing is cut off."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.select import Select
    assert phone.execute_script("return [innerWidth, innerHeight];") == [360, 740]
    click(phone, "[data-action=menu]")
    Select(phone.find_element(By.ID, "opt-lang")).select_by_value("ru")
    wait(phone, "return document.documentElement.lang === 'ru'"
         " && document.getElementById('menu-dialog').open;", STEP_MS, "the menu in Russian")
    for variant in ("manille", "classic"):
        Select(phone.find_element(By.ID, "opt-variant")).select_by_value(variant)
        cut = phone.execute_script(CUT_OFF)
        assert not cut, f"cut off by the dialog's edge with {variant}: {cut}"
    Select(phone.find_element(By.ID, "opt-level")).select_by_value("easy")
    Select(phone.find_element(By.ID, "opt-speed")).select_by_value("fastest")
    click(phone, "[data-action=start-match]")  # where it is drawn, without scrolling
    settled(phone)
    assert phone.find_element(By.CSS_SELECTOR, "[data-action=menu]").text == "Меню"
    play_a_card(phone)
    assert phone.execute_script("return document.documentElement.scrollWidth <= innerWidth;")
