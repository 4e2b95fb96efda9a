"""The site's build files: static/vendor/build.mjs (build ids, download sizes), the runtime
module in one file, the service worker sw.js with its precache list, the loading screen's
script with its texts, the rehearsal's sample table, and the inline style's hash in
index.html's Content-Security-Policy."""
from __future__ import annotations

import base64
import hashlib
import json
import re
import subprocess
from pathlib import Path

from build_common import PYODIDE_FILES, ROOT, VENDOR, combined_hash, die, sha256
from vendor_runtime import SCRIPTS


# What a memory snapshot of the runtime depends on (static/js/snapshot-worker.mjs imports
# the game package into it).
SNAPSHOT_INPUTS = tuple(f"static/vendor/pyodide/{n}" for n in PYODIDE_FILES if n != "pyodide.js") + (
    "static/manni.zip", "static/manni-later.zip", "static/js/snapshot-worker.mjs",
    "static/js/snapshot-store.mjs")

BUILD_MODULE = "static/vendor/build.mjs"

# The site a visit needs, precached by the service worker (paths relative to the site root):
# these, the globs, the runtime files and every vendored file index.html links.
PRECACHE_FIXED = ("index.html", "pyscript.toml", "static/main.py", "static/manni.zip",
                  "static/manni-later.zip",
                  "static/manifest.webmanifest", BUILD_MODULE, "static/vendor/runtime.mjs",
                  "static/vendor/pyscript/core.js")
PRECACHE_GLOBS = ("static/css/*.css", "static/js/*.js", "static/js/*.mjs", "static/icons/*.png",
                  "static/vendor/locale/*.json")
SW_TEMPLATE = "static/js/sw-template.js"


RUNTIME_SOURCE = "static/js/runtime.mjs"
RUNTIME_MODULE = "static/vendor/runtime.mjs"
STATIC_IMPORT = re.compile(r'^import \{([^}]*)\} from "(\.\.?/[^"]+)";\n', re.M)
EXPORT_LIST = re.compile(r"\bexport\s*\{([^}]*)\};?")
EXPORT_CONST = re.compile(r"^export const (\w+)", re.M)
EXPORT_FUNCTION = re.compile(r"^export ((?:async )?function\*? (\w+))", re.M)
SOURCE_MAP = re.compile(r"^//# sourceMappingURL=.*$", re.M)


def named(names_list: str) -> list[tuple[str, str]]:
    """The (name, alias) pairs of an import's or export's list "a as b, c": (c, c)."""
    pairs = []
    for item in names_list.split(","):
        name, _, alias = (part.strip() for part in item.partition(" as "))
        if name:
            pairs.append((name, alias or name))
    return pairs


def module_in_place(path: Path) -> tuple[str, str]:
    """The code of a module without its exports, run in a function of its own, and what it
    returns: {exported name: local name}. For modules with no imports and no top-level
    await (node --check on the whole file says so)."""
    code = SOURCE_MAP.sub("", path.read_text(encoding="utf-8"))
    if re.search(r"^\s*import[\s{*]", code, re.M):
        die(f"{path.name} imports modules: it cannot be put in place")
    names = {name: name for name in EXPORT_CONST.findall(code)}
    names.update((name, name) for _, name in EXPORT_FUNCTION.findall(code))
    code = EXPORT_CONST.sub(r"const \1", code)
    code = EXPORT_FUNCTION.sub(r"\1", code)
    for names_list in EXPORT_LIST.findall(code):
        names.update((public, local) for local, public in named(names_list))
    code = EXPORT_LIST.sub("", code)
    if not names or re.search(r"\bexport\b", code):
        die(f"the exports of {path.name} were not understood")
    returned = ", ".join(f"{public}: {local}" for public, local in names.items())
    return code.strip(), f"{{ {returned} }}"


def write_runtime_module(root: Path = ROOT) -> None:
    """RUNTIME_MODULE: RUNTIME_SOURCE with each module it imports in place of its import
    (a `const {...} = (() => {...})()` of what it exports). RUNTIME_SOURCE names every other
    file from static/js/ or static/vendor/ alike ("../js/...", "../vendor/..."), so the
    same code runs from either folder."""
    source = (root / RUNTIME_SOURCE).read_text(encoding="utf-8")
    if re.search(r'(?:import\(|new URL\()"\./', source):
        die(f"{RUNTIME_SOURCE} names a file from its own folder (\"./\"): name it from "
            f"static/ (\"../js/...\"), as the bundle runs from {RUNTIME_MODULE}")

    def in_place(m: re.Match) -> str:
        target = ((root / RUNTIME_SOURCE).parent / m.group(2)).resolve()
        code, returned = module_in_place(target)
        names = ", ".join(f"{name}: {alias}" for name, alias in named(m.group(1)))
        return (f"// {target.relative_to(root.resolve())}\n"
                f"const {{ {names} }} = (() => {{\n{code}\nreturn {returned};\n}})();\n")

    bundle, n = STATIC_IMPORT.subn(in_place, source)
    if n == 0 or re.search(r"^import\s", bundle, re.M):
        die(f"{RUNTIME_SOURCE}: its imports were not all put in place")
    out = root / RUNTIME_MODULE
    out.write_text(f"// Written by scripts/vendor.py from {RUNTIME_SOURCE}: do not edit.\n"
                   + bundle, encoding="utf-8")
    check = subprocess.run(["node", "--check", str(out)], capture_output=True, text=True)
    if check.returncode != 0:
        die(f"{RUNTIME_MODULE} does not parse:\n{check.stderr.strip()}")


def inlined(root: Path) -> set[str]:
    """The modules of static/js/ that RUNTIME_MODULE holds in place of their imports."""
    source = (root / RUNTIME_SOURCE).read_text(encoding="utf-8")
    return {f"static/js/{Path(rel).name}" for _, rel in STATIC_IMPORT.findall(source)
            if rel.startswith("../js/")}


def precache_paths(root: Path) -> list[str]:
    html = (root / "index.html").read_text(encoding="utf-8")
    linked = re.findall(r'(?:href|src)="\./(static/vendor/[^"]+)"', html)
    paths = set(PRECACHE_FIXED) | set(linked) | {
        f"static/vendor/pyodide/{n}" for n in PYODIDE_FILES if n != "pyodide.js"}
    scripts = (f"static/vendor/{folder}/{Path(inner).name}" for inner, folder in SCRIPTS.values())
    paths |= {rel for rel in scripts if (root / rel).is_file()}  # vendored just before
    for pattern in PRECACHE_GLOBS:
        paths |= {p.relative_to(root).as_posix() for p in root.glob(pattern)}
    paths -= {SW_TEMPLATE, BOOT_SOURCE, RUNTIME_SOURCE} | inlined(root)  # build inputs
    missing = sorted(p for p in paths if not (root / p).is_file())
    if missing:
        die(f"files to precache are missing: {missing}")
    return sorted(paths)


def later_at_once() -> dict:
    """The names by which static/js/runtime.mjs knows that the first table needs LATER_ZIP
    too: an address naming a table with friends (the network code), or a match of a rule
    set whose sides are partnerships (the table of four), saved or named by ?rules=."""
    from manni.rules import RULE_SETS
    from manni.ui.settings import RECORD_KEY, SETTINGS_KEY, TABLE_PARAMS
    from manni.variants import VARIANTS
    rules = sorted(n for n, r in RULE_SETS.items() if any(len(side) > 1 for side in r.sides))
    return {"params": list(TABLE_PARAMS), "record": RECORD_KEY, "settings": SETTINGS_KEY,
            "rules": rules, "variants": sorted(v for v, (r, _) in VARIANTS.items() if r in rules)}


def write_build_files(root: Path = ROOT) -> dict:
    """Write static/vendor/build.mjs, RUNTIME_MODULE (which holds it) and sw.js (which
    lists both) for the site under ``root``; return the ids."""
    runtime = combined_hash(root, SNAPSHOT_INPUTS)
    downloads = {p: (root / p).stat().st_size for p in SNAPSHOT_INPUTS
                 if p.startswith("static/vendor/pyodide/")}
    (root / BUILD_MODULE).write_text(
        "// Written by scripts/vendor.py: build ids and sizes, the names LATER_AT_ONCE reads"
        " (see there).\n"
        f'export const RUNTIME = "{runtime}";\n'
        f"export const DOWNLOADS = {json.dumps(downloads)};\n"
        f"export const LATER_AT_ONCE = {json.dumps(later_at_once(), sort_keys=True)};\n",
        encoding="utf-8")
    write_runtime_module(root)
    paths = precache_paths(root)
    files = {p: sha256(root / p) for p in paths}
    build = combined_hash(root, paths)
    head = ("// Written by scripts/vendor.py from static/js/sw-template.js: do not edit.\n"
            f"const BUILD = {json.dumps(build)};\n"
            f"const PRECACHE = {json.dumps(files, indent=0)};\n")
    (root / "sw.js").write_text(head + (root / SW_TEMPLATE).read_text(encoding="utf-8"),
                                encoding="utf-8")
    return {"runtime": runtime, "build": build, "files": files}


INLINE_STYLE = re.compile(r"<style>(.*?)</style>", re.S)
STYLE_SRC = re.compile(r"style-src 'self'(?: 'sha256-[A-Za-z0-9+/=]+')?")


def style_source(html: str) -> str:
    """The style-src of a page whose one inline <style> is allowed by its hash."""
    styles = INLINE_STYLE.findall(html)
    if len(styles) != 1:
        die(f"index.html must have exactly one inline <style>, not {len(styles)}")
    digest = base64.b64encode(hashlib.sha256(styles[0].encode("utf-8")).digest()).decode()
    return f"style-src 'self' 'sha256-{digest}'"


def write_style_hash(root: Path = ROOT) -> bool:
    """Put the hash of index.html's inline style (the loading screen's first frame) into its
    Content-Security-Policy, so editing the style needs no hand-made hash. True if changed."""
    path = root / "index.html"
    html = path.read_text(encoding="utf-8")
    new = STYLE_SRC.sub(style_source(html), html, count=1)
    if new != html:
        path.write_text(new, encoding="utf-8")
    return new != html


BOOT_SCRIPT = VENDOR / "boot.js"
BOOT_SOURCE = "static/js/boot.js"


def write_boot_script() -> int:
    """static/vendor/boot.js: static/js/boot.js after the loading/error screen's texts
    (keys boot.*, under their name without "boot.", and the game's names app.title, game.*) in
    every language of manni/text/locale/. One file: the loading texts stay hidden until it
    has run (index.html), so it is one request, fetched first. Returns languages."""
    from manni.text import LANGUAGES, Translator
    from manni.text.translate import load
    from manni.ui.settings import SETTINGS_KEY
    keys = [k for k in load("en").entries if k.startswith(("boot.", "game."))] + ["app.title"]
    texts = {code: {k.removeprefix("boot."): Translator(code)(k) for k in keys}
             for code in LANGUAGES}
    BOOT_SCRIPT.write_text(
        "// Generated by scripts/vendor.py from manni/text/locale/ and static/js/boot.js.\n"
        f"window.MANNI_BOOT_TEXT = {json.dumps(texts, ensure_ascii=False, sort_keys=True)};\n"
        f"window.MANNI_SETTINGS_KEY = {json.dumps(SETTINGS_KEY)};\n"
        + (ROOT / BOOT_SOURCE).read_text(encoding="utf-8"), encoding="utf-8")
    return len(texts)


WARM_UP = VENDOR / "sample-table.mjs"
WARM_UP_SEED = 1


def write_warm_up() -> None:
    """WARM_UP: a module whose TABLE is the table of a new Classic match (seed WARM_UP_SEED,
    English) as the page draws it, for static/js/warm-up.mjs to lay out before Python
    starts."""
    from manni.text import Translator
    from manni.ui.game import Game
    from manni.ui.settings import Settings
    from manni.ui.tables import table_html
    html = table_html(Game.new(Settings(), WARM_UP_SEED, Translator("en")))
    WARM_UP.write_text("// Written by scripts/vendor.py: a first table, for static/js/warm-up.mjs.\n"
                       f"export const TABLE = {json.dumps(html, ensure_ascii=False)};\n",
                       encoding="utf-8")
