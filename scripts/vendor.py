#!/usr/bin/env python3
"""Copy the Python runtime into the served tree and pack the game package.

Run after `npm ci`. Produces (all gitignored, rebuilt on every run):

  static/vendor/pyodide/   pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm,
                           pyodide.js, pyodide-lock.json (listing no package), and
                           python_stdlib.zip: Pyodide's own, trimmed to the modules the
                           page can import (see stdlib_needs()), their comments and
                           docstrings stripped (scripts/strip_source.py), most of them
                           compiled (page_stdlib()), and
                           python_stdlib_full.zip: the untrimmed one, for the tool pages
                           (static/bench.html runs the command line)
  static/vendor/pyscript/  @pyscript/core dist/*.js and *.css (no source maps)
  static/vendor/build.mjs  RUNTIME, a hash of what a memory snapshot depends on (the
                           runtime files, manni.zip, the snapshot worker): it keys the
                           snapshot cache (static/js/runtime.mjs); DOWNLOADS, the sizes of
                           the runtime files, for the loading screen's progress
  sw.js                    the service worker: static/js/sw-template.js after two
                           constants, BUILD (a hash of every precached file) and PRECACHE
                           (path -> sha-256), so its bytes change whenever a precached
                           file does (that is how browsers notice a new deploy)
  static/vendor/peerjs/    peerjs.min.js (WebRTC data channels for tables with friends)
  static/vendor/qrcode/    qrcode.js (qrcode-generator: the invite link's QR code)
  static/vendor/manni-cli.zip  the bytecode of the command-line modules, which the page
                           never runs (COMMAND_LINE_MODULES): for static/bench.html
  static/vendor/locale/    <code>.json: every other language's catalog, compiled; the page
                           fetches one when a player needs it
  static/manni.zip         the bytecode of every .py file under manni/ (but the command
                           line's and LATER_FILES), compiled by
                           the vendored Pyodide itself (scripts/bytecode.py: .pyc
                           beside where the source would be, no source; most of
                           them in one table, manni/module_code.bin: UNBUNDLED), the
                           English text catalog compiled (manni/text/locale/manni.pot
                           -> manni.json, manni.text.po.compile_catalog) and the list
                           of languages (languages.json), stored with paths
                           "manni/...", so that
                           static/js/runtime.mjs unpacks it into the interpreter's
                           working directory and `import manni` works without
                           compiling anything.
  static/manni-later.zip   the same for the files no first table needs (LATER_FILES),
                           PyScript's own package among them ("pyscript/__pycache__/..."),
                           fetched once the table is playable
  static/vendor/runtime.mjs  the page's runtime module in one file: static/js/runtime.mjs
                           with the modules it imports (static/vendor/pyodide/pyodide.mjs,
                           static/vendor/build.mjs) put in place of its imports, so that
                           the first script of a visit is one request, not three
  static/vendor/boot.js    static/js/boot.js after the loading/error screen's texts in
                           every language (the boot.* keys of manni/text/locale/).
  static/vendor/package-loader.mjs  PACKAGE_LOADER_SOURCE: the Python that makes Pyodide's
                           package loader import its archive modules when first used
                           (static/py/package_loader.py and package_loader_on_use()),
                           which static/js/runtime.mjs runs as Python starts
  static/vendor/sample-table.mjs  TABLE: a new Classic match's table as the game draws
                           it, which static/js/warm-up.mjs lays out while the runtime
                           downloads
  index.html               only the hash of its inline <style> in its
                           Content-Security-Policy (style-src), when the style changed.

Usage: python3 scripts/vendor.py [--quiet]
"""
from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # manni.text.po compiles the catalogs
NODE_MODULES = ROOT / "node_modules"
STATIC = ROOT / "static"
VENDOR = STATIC / "vendor"

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "pyodide.js",  # classic-script loader; harmless, keeps `<script src>` use possible
)

# Fixed timestamp so manni.zip is byte-identical for identical sources.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def die(msg: str) -> None:
    print(f"vendor.py: error: {msg}", file=sys.stderr)
    sys.exit(1)


def package_version(pkg_dir: Path) -> str:
    return json.loads((pkg_dir / "package.json").read_text())["version"]


def fresh_dir(path: Path) -> Path:
    if path.exists():
        shutil.rmtree(path)
    path.mkdir(parents=True)
    return path


def vendor_pyodide() -> str:
    src = NODE_MODULES / "pyodide"
    if not (src / "package.json").is_file():
        die("node_modules/pyodide is missing: run `npm ci` first")
    dest = fresh_dir(VENDOR / "pyodide")
    for name in PYODIDE_FILES:
        if not (src / name).is_file():
            die(f"node_modules/pyodide/{name} is missing")
        shutil.copy2(src / name, dest / name)
    shutil.copy2(src / "python_stdlib.zip", dest / "python_stdlib_full.zip")
    # The page loads no package (pyscript.toml has no `packages`): the lock file keeps its
    # "info" (checked by the loader) and lists none (113 kB less, 26 kB gzipped).
    lock = json.loads((src / "pyodide-lock.json").read_text(encoding="utf-8"))
    (dest / "pyodide-lock.json").write_text(json.dumps({"info": lock["info"], "packages": {}}),
                                            encoding="utf-8")
    return package_version(src)


# Modules of manni/ that only the command line runs (never the page): their imports
# (argparse, multiprocessing, statistics, ...) need not be in the page's stdlib. A module
# missing from this list costs bytes, never correctness.
COMMAND_LINE_MODULES = ("manni.__main__", "manni.cli", "manni.bench", "manni.bots.cli",
                        "manni.bots.tournament")
CLI_FILES = frozenset(f"{m.replace('.', '/')}.pyc" for m in COMMAND_LINE_MODULES)

# Runs in Pyodide (full stdlib) under Node: import what the page imports, print the
# stdlib files that were loaded (Pyodide's own start-up and the runner's included).
STDLIB_PROBE = """
import importlib, importlib.util, json, pkgutil, sys, traceback
for name in NAMES:
    try:
        importlib.import_module(name)
    except ImportError:
        pass
import ast, manni
for m in pkgutil.walk_packages(manni.__path__, "manni."):
    if m.name.startswith(COMMAND_LINE):
        continue
    try:
        module = importlib.import_module(m.name)
    except ImportError as e:
        if e.name not in ("js", "pyscript"):  # manni.ui.page needs the page
            raise
        module = sys.modules.get(m.name) or importlib.util.find_spec(m.name)
    origin = getattr(module, "__file__", None) or getattr(module, "origin", None)
    # Imports inside functions too (done lazily by the page: bots, reviews, ...).
    for node in ast.walk(ast.parse(open(origin, encoding="utf-8").read())):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                 [node.module] if isinstance(node, ast.ImportFrom) and not node.level else [])
        for name in names:
            if not name.startswith(("manni", "js", "pyscript")):
                try:
                    importlib.import_module(name)
                except ImportError:
                    pass
try:
    raise ValueError("probe")
except ValueError:
    traceback.format_exc()  # the error screen's path (linecache, tokenize)
import io, zipfile  # unpacking manni.zip (PyScript, the snapshot worker): names decode as cp437
buf = io.BytesIO()
with zipfile.ZipFile(buf, "w") as z:
    z.writestr("manni/x.py", "")
zipfile.ZipFile(buf).extractall("/tmp/probe")
root = next(p for p in sys.path if p.endswith(".zip")) + "/"
files = {m.__file__[len(root):] for m in list(sys.modules.values())
         if (getattr(m, "__file__", None) or "").startswith(root)}
print(json.dumps(sorted(files)))
"""


def pyscript_imports() -> set[str]:
    """Modules that PyScript's own Python (kept as strings in its JavaScript) imports."""
    names = set()
    pattern = re.compile(r'(?:\\n|\\t|;|")\s*(?:from\s+([\w.]+)\s+import\b'
                         r'|import\s+([\w., ]+?)(?=\\n|;|"| as ))')
    for chunk in (VENDOR / "pyscript").glob("*.js"):
        for m in pattern.finditer(chunk.read_text(encoding="utf-8", errors="replace")):
            for name in ([m.group(1)] if m.group(1) else m.group(2).split(",")):
                names.add(name.strip().split(" ")[0])
    return names - {""}


# PyScript imports these only to unpack .tar.gz [files]; ours is a .zip.
PYSCRIPT_TAR_ONLY = {"gzip", "tarfile"}


def stdlib_needs() -> set[str]:
    """Paths inside python_stdlib.zip that the page can import, probed in Pyodide itself."""
    names = sorted(pyscript_imports() - PYSCRIPT_TAR_ONLY | {"asyncio", "traceback"})
    probe = (f"NAMES = {names!r}\nCOMMAND_LINE = {tuple(COMMAND_LINE_MODULES)!r}\n"
             + STDLIB_PROBE)
    return set(json.loads(run_pyodide(probe, "listing the stdlib modules the page imports")))


def trim_stdlib(src: Path, dest: Path, keep: set[str],
                replace: dict[str, tuple[str, bytes]] | None = None) -> tuple[int, int]:
    """Copy the entries of ``src`` that are in ``keep`` (and their folders) to ``dest``.

    Entries keep their contents, compression method and dates (the trimmed zip is
    Pyodide's own minus what the page never imports), except those named in ``replace``,
    written under the name and with the contents given there (deflated). Returns (kept,
    total) entries.
    """
    folders = {f.rsplit("/", 1)[0] + "/" for f in keep if "/" in f}
    for f in list(folders):
        parts = f.rstrip("/").split("/")
        folders |= {"/".join(parts[:i]) + "/" for i in range(1, len(parts))}
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dest, "w") as zout:
        names = zin.namelist()
        missing = sorted(keep - set(names))
        if missing:
            die(f"stdlib files to keep are not in {src.name}: {missing}")
        kept = 0
        for info in zin.infolist():
            if info.filename in (replace or {}):
                name, data = replace[info.filename]
                entry = zipfile.ZipInfo(name, info.date_time)
                entry.external_attr = info.external_attr
                zout.writestr(entry, data,
                              compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
                kept += 1
            elif info.filename in keep or info.filename in folders:
                zout.writestr(info, zin.read(info.filename), compress_type=info.compress_type)
                kept += 1
    return kept, len(names)


def vendor_pyscript() -> str:
    src = NODE_MODULES / "@pyscript" / "core"
    dist = src / "dist"
    if not dist.is_dir():
        die("node_modules/@pyscript/core/dist is missing: run `npm ci` first")
    dest = fresh_dir(VENDOR / "pyscript")
    count = 0
    for f in sorted(dist.iterdir()):
        if f.is_file() and f.suffix in (".js", ".css"):
            shutil.copy2(f, dest / f.name)
            count += 1
    if not (dest / "core.js").is_file():
        die("@pyscript/core/dist/core.js not found")
    return package_version(src)


# Single browser scripts for "Play with friends": npm package -> (its file, static/vendor/ dir).
SCRIPTS = {
    "peerjs": ("dist/peerjs.min.js", "peerjs"),
    "qrcode-generator": ("dist/qrcode.js", "qrcode"),
}


def vendor_scripts() -> list[str]:
    done = []
    for pkg, (inner, folder) in SCRIPTS.items():
        src = NODE_MODULES / pkg / inner
        if not src.is_file():
            die(f"node_modules/{pkg}/{inner} is missing: run `npm ci` first")
        shutil.copy2(src, fresh_dir(VENDOR / folder) / src.name)
        done.append(f"{pkg} {package_version(NODE_MODULES / pkg)}")
    return done


# Runs in Pyodide under Node (after scripts/bytecode.py): the bytecode of manni/ (as
# sourceless manni/x.pyc) and of PyScript's package, for that Python.
COMPILE_IN_PYODIDE = """
import base64, json, os, sys
out = {}
for dirpath, dirs, files in os.walk("/repo/manni"):
    dirs[:] = sorted(d for d in dirs if d != "__pycache__")
    for name in sorted(files):
        if name.endswith(".py"):
            rel = os.path.relpath(os.path.join(dirpath, name), "/repo")
            with open(os.path.join("/repo", rel), "rb") as f:
                src = strip(f.read().decode("utf-8")).encode("utf-8")  # the page reads no docstring
                out[rel + "c"] = base64.b64encode(pyc(src, rel, lines=True)).decode()
for rel, source in PYSCRIPT.items():  # where PyScript writes them, in its __pycache__/
    folder, name = rel.rsplit("/", 1)
    cached = f"{folder}/__pycache__/{name[:-3]}.{sys.implementation.cache_tag}.pyc"
    code = pyc(source.encode("utf-8"), f"{HOME}/{rel}", lines=True)
    out[cached] = base64.b64encode(code).decode()
codes = record_dataclasses()  # before anything imports the package
from manni.dataclass_code import dumps
out["manni/dataclass_code.bin"] = base64.b64encode(dumps(codes)).decode()
print(json.dumps(out))
"""

# PyScript writes its own Python package (kept in its JavaScript as {"x.py": "source"})
# into the working directory at every start and imports it, so it would be compiled every
# time: its bytecode ships in manni.zip too, under pyscript/__pycache__/ (unchecked .pyc,
# used as is), made from the very chunk PyScript writes from.
PYSCRIPT_PACKAGE = "{pyscript:{"
PYSCRIPT_MODULE = re.compile(r'"([a-z_]+\.py)":("(?:[^"\\]|\\.)*")')
HOME = "/home/pyodide"  # Pyodide's working directory, where PyScript writes the package


def pyscript_sources() -> dict[str, str]:
    """{"pyscript/x.py": source} of PyScript's own Python package, from its chunks."""
    out: dict[str, str] = {}
    for chunk in sorted((VENDOR / "pyscript").glob("*.js")):
        text = chunk.read_text(encoding="utf-8")
        pos = text.find(PYSCRIPT_PACKAGE)
        if pos < 0:
            continue
        pos += len(PYSCRIPT_PACKAGE)
        while m := PYSCRIPT_MODULE.match(text, pos):  # "a.py":"...","b.py":"...",...}
            out[f"pyscript/{m.group(1)}"] = json.loads(m.group(2))
            pos = m.end() + (text[m.end()] == ",")
    if "pyscript/__init__.py" not in out:
        die("PyScript's Python package was not found in its chunks (a new @pyscript/core?)")
    return out


def run_pyodide(code: str, what: str) -> str:
    """Run ``code`` in the npm package's Pyodide (full stdlib) under Node; its stdout."""
    env = {**os.environ, "MANNI_PYODIDE_DIR": str(NODE_MODULES / "pyodide")}
    try:
        run = subprocess.run(["node", str(ROOT / "scripts" / "pyodide_run.mjs")], input=code,
                             capture_output=True, text=True, check=False, env=env)
    except OSError as e:
        die(f"cannot run node ({what}): {e}")
    if run.returncode != 0:
        die(f"{what} in Pyodide failed:\n{run.stderr.strip()}")
    return run.stdout


# A stdlib module is shipped compiled (scripts/bytecode.py) when its .pyc costs at most
# one more byte on the wire per this many bytes of source the phone would compile at
# start-up (compile time follows source size); the others ship as stripped source.
# Measured: 4 compiles ahead ~89% of the stdlib's compile time for +0.31 MB.
PYC_SOURCE_PER_BYTE = 4


def deflated_size(data: bytes) -> int:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return len(packer.compress(data) + packer.flush())


def page_stdlib(names: set[str]) -> dict[str, tuple[str, bytes]]:
    """{entry: (entry written, contents)} for the standard library's .py files in
    ``names``: stripped of comments and docstrings (scripts/strip_source.py), then either
    kept as source or compiled (scripts/bytecode.py, written as .pyc), by
    PYC_SOURCE_PER_BYTE. Made in the runtime's own Python (its syntax, its bytecode) from
    its own python_stdlib.zip."""
    py = sorted(n for n in names if n.endswith(".py"))
    code = "".join(f"exec(compile({(ROOT / 'scripts' / f).read_text(encoding='utf-8')!r}, "
                   f"{f!r}, 'exec'), globals())\n" for f in ("strip_source.py", "bytecode.py")) + f"""
import base64, json, sys, zipfile
root = f"/lib/python{{sys.version_info[0]}}{{sys.version_info[1]}}.zip"
out = {{}}
with zipfile.ZipFile(root) as z:
    for n in {py!r}:
        src = strip(z.read(n).decode("utf-8")).encode("utf-8")
        out[n] = [base64.b64encode(b).decode() for b in (src, pyc(src, f"{{root}}/{{n}}", lines=False))]
print(json.dumps(out))
"""
    out = run_pyodide(code, "stripping and compiling the standard library")
    chosen = {}
    for name, (src, compiled) in json.loads(out).items():
        src, compiled = base64.b64decode(src), base64.b64decode(compiled)
        extra = deflated_size(compiled) - deflated_size(src)
        chosen[name] = ((name + "c", compiled) if extra * PYC_SOURCE_PER_BYTE <= len(src)
                        else (name, src))
    return chosen


def compile_in_pyodide() -> dict[str, bytes]:
    """{"manni/x.pyc": bytes, "pyscript/__pycache__/x.<tag>.pyc": bytes} from the runtime
    the page uses (scripts/bytecode.py); the game's modules stripped of comments and
    docstrings first (scripts/strip_source.py), line for line."""
    helpers = "".join(f"exec(compile({(ROOT / 'scripts' / f).read_text(encoding='utf-8')!r}, "
                      f"{f!r}, 'exec'), globals())\n"
                      for f in ("strip_source.py", "bytecode.py", "record_dataclasses.py"))
    out = run_pyodide(helpers + f"PYSCRIPT = {pyscript_sources()!r}\nHOME = {HOME!r}\n"
                      + COMPILE_IN_PYODIDE, "compiling manni/ and PyScript's package")
    return {k: base64.b64decode(v) for k, v in json.loads(out).items()}


def compiled_catalogs() -> dict[str, bytes]:
    """The text catalogs compiled (manni.text.po.compile_catalog): returns what goes into
    manni.zip, {"manni/text/locale/manni.json": English, ".../languages.json": every
    language's own name}, and writes the other languages' to static/vendor/locale/<code>.json,
    which the page fetches when a player needs one."""
    from manni.text.po import compile_catalog, parse
    from manni.text.translate import INDEX
    locale = ROOT / "manni" / "text" / "locale"
    fetched = fresh_dir(VENDOR / "locale")
    template = parse((locale / "manni.pot").read_text(encoding="utf-8"), "manni.pot")
    names = {"en": template.entries["language.name"].msgid}
    for f in sorted(locale.glob("*.po")):
        catalog = parse(f.read_text(encoding="utf-8"), f.name)
        names[f.stem] = catalog.entries["language.name"].msgstr[0]
        (fetched / f"{f.stem}.json").write_text(compile_catalog(catalog, template=False),
                                                 encoding="utf-8")
    rel = locale.relative_to(ROOT).as_posix()
    return {f"{rel}/manni.json": compile_catalog(template, template=True).encode("utf-8"),
            f"{rel}/{INDEX}": json.dumps(names, ensure_ascii=False, sort_keys=True).encode("utf-8")}


def sources_id(root: Path = ROOT) -> str:
    """A hash of the game's sources (manni/**/*.py and the catalogs): manni.zip's comment
    says which sources it was built from, since it holds no source."""
    pkg = root / "manni"
    paths = [p.relative_to(root).as_posix() for p in pkg.rglob("*")
             if p.suffix in (".py", ".po", ".pot") and "__pycache__" not in p.parts]
    return combined_hash(root, paths)


SOURCES_PREFIX = "manni sources "


def zip_sources_id(path: Path) -> str | None:
    with zipfile.ZipFile(path) as zf:
        comment = zf.comment.decode("ascii", "replace")
    return comment.removeprefix(SOURCES_PREFIX) if comment.startswith(SOURCES_PREFIX) else None


def write_zip(out: Path, files: dict[str, bytes], folders: list[str]) -> None:
    """A byte-identical zip for identical contents; its comment names the game's sources."""
    tmp = out.with_suffix(".zip.tmp")
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.comment = (SOURCES_PREFIX + sources_id()).encode("ascii")
        for d in folders:  # so every package folder exists once unpacked
            info = zipfile.ZipInfo(d + "/", ZIP_DATE)
            info.external_attr = (0o40755 << 16) | 0x10
            zf.writestr(info, b"")
        for name, data in sorted(files.items()):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.external_attr = 0o100644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data, compresslevel=9)
    tmp.replace(out)


CLI_ZIP = VENDOR / "manni-cli.zip"
LATER_ZIP = STATIC / "manni-later.zip"

# What no first table of a match played alone needs (files and folders of manni.zip's
# paths): static/manni-later.zip, which the page fetches once the table is playable, so that
# fewer bytes arrive while Python starts. The rule sets stay in manni.zip (manni.rules lists
# its folder when imported) with what they import. The bots are here: the page waits
# for these files before an opponent first thinks or a hint is computed
# (manni/ui/page/later_files.py, `arrived`), within the pause before the move. A path listed
# here by mistake costs time, never correctness: an import that needs the file before it has
# arrived reads the zip at once (later_files.py); offline, that read fails, which is why a
# page its service worker serves writes both zips before the first table.
LATER_FILES = (
    "manni/net/", "manni/review.pyc", "manni/par.pyc", "manni/ui/netgame.pyc",
    "manni/ui/lobby.pyc", "manni/ui/talk.pyc", "manni/ui/four_seats.pyc", "manni/ui/parlee.pyc",
    "manni/ui/tutorial_manille.pyc", "manni/ui/review_view.pyc", "manni/ui/rules_page.pyc",
    "manni/ui/seat_view.pyc", "manni/ui/page/net_link.pyc", "manni/bots/", "pyscript/",
)


def is_later(path: str) -> bool:
    return path.startswith(LATER_FILES)


# The modules of manni.zip go into one file, manni/module_code.bin, but for these: the
# package's __init__ and the module that reads that file, and the rule sets, which
# manni.rules finds by listing their folder.
UNBUNDLED = ("manni/__init__.pyc", "manni/module_code.pyc", "manni/rules/")


def bundle_modules(files: dict[str, bytes]) -> dict[str, bytes]:
    """``files`` with the game's .pyc files (but UNBUNDLED) in manni/module_code.bin."""
    from manni.module_code import dumps

    bundled = {k: v for k, v in files.items()
               if k.startswith("manni/") and k.endswith(".pyc") and not k.startswith(UNBUNDLED)}
    rest = {k: v for k, v in files.items() if k not in bundled}
    rest["manni/module_code.bin"] = dumps(bundled)
    return rest


def build_manni_zip() -> int:
    """static/manni.zip: the bytecode of the package (but its command line, which goes to
    CLI_ZIP for static/bench.html, and LATER_FILES, which go to LATER_ZIP), and the compiled
    English catalog; LATER_ZIP: LATER_FILES, PyScript's package among them. Returns how many
    files the three zips hold."""
    pkg = ROOT / "manni"
    STATIC.mkdir(exist_ok=True)
    files = {**compile_in_pyodide(), **compiled_catalogs()}
    folders = [d.relative_to(ROOT).as_posix() for d in [pkg] + sorted(
        p for p in pkg.rglob("*") if p.is_dir() and "__pycache__" not in p.parts)]
    game = {k: v for k, v in files.items() if k not in CLI_FILES}
    # A folder of later files only is not in manni.zip: an import would find it empty and
    # take it for a namespace package.
    first = bundle_modules({k: v for k, v in game.items() if not is_later(k)})
    write_zip(STATIC / "manni.zip", first, [d for d in folders if not is_later(d + "/")])
    write_zip(LATER_ZIP, {k: v for k, v in game.items() if is_later(k)},
              [d for d in folders if is_later(d + "/")])
    write_zip(CLI_ZIP, {k: v for k, v in files.items() if k in CLI_FILES}, [])
    return len(files)


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
    code = EXPORT_CONST.sub(r"const \1", code)
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


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def combined_hash(root: Path, paths) -> str:
    h = hashlib.sha256()
    for rel in sorted(paths):
        h.update(rel.encode() + b"\0" + sha256(root / rel).encode() + b"\n")
    return h.hexdigest()[:16]


def precache_paths(root: Path) -> list[str]:
    html = (root / "index.html").read_text(encoding="utf-8")
    linked = re.findall(r'(?:href|src)="\./(static/vendor/[^"]+)"', html)
    paths = set(PRECACHE_FIXED) | set(linked) | {
        f"static/vendor/pyodide/{n}" for n in PYODIDE_FILES if n != "pyodide.js"}
    scripts = (f"static/vendor/{folder}/{Path(inner).name}" for inner, folder in SCRIPTS.values())
    paths |= {rel for rel in scripts if (root / rel).is_file()}  # vendored just before
    for pattern in PRECACHE_GLOBS:
        paths |= {p.relative_to(root).as_posix() for p in root.glob(pattern)}
    paths -= {SW_TEMPLATE, BOOT_SOURCE, RUNTIME_SOURCE}  # build inputs, not served as such
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
    (keys boot.*, under their name without "boot.", and the game's name app.title) in
    every language of manni/text/locale/. One file: the loading texts stay hidden until it
    has run (index.html), so it is one request, fetched first. Returns languages."""
    from manni.text import LANGUAGES, Translator
    from manni.text.translate import load
    from manni.ui.settings import SETTINGS_KEY
    keys = [k for k in load("en").entries if k.startswith("boot.")] + ["app.title"]
    texts = {code: {k.removeprefix("boot."): Translator(code)(k) for k in keys}
             for code in LANGUAGES}
    BOOT_SCRIPT.write_text(
        "// Generated by scripts/vendor.py from manni/text/locale/ and static/js/boot.js.\n"
        f"window.MANNI_BOOT_TEXT = {json.dumps(texts, ensure_ascii=False, sort_keys=True)};\n"
        f"window.MANNI_SETTINGS_KEY = {json.dumps(SETTINGS_KEY)};\n"
        + (ROOT / BOOT_SOURCE).read_text(encoding="utf-8"), encoding="utf-8")
    return len(texts)


PACKAGE_LOADER = VENDOR / "package-loader.mjs"
PACKAGE_LOADER_HOOK = "static/py/package_loader.py"
# Pyodide's pyodide/_package_loader.py, each of these exactly once -> what it becomes: its
# archive modules imported on first use (static/py/package_loader.py's OnUse), and the
# wheel format it registers with shutil registered once shutil is imported.
PACKAGE_LOADER_EDITS = {
    "import shutil\n":
        'shutil = _OnUse("shutil", then=lambda module: _wheel_format(module))\n',
    "from tempfile import NamedTemporaryFile\n":
        'NamedTemporaryFile = _OnUse("tempfile", "NamedTemporaryFile")\n',
    "from zipfile import ZipFile\n": 'ZipFile = _OnUse("zipfile", "ZipFile")\n',
    "from .common import install_files\n": 'install_files = _OnUse(".common", "install_files")\n',
    "\nif IN_PYODIDE:\n    shutil.register_archive_format(":
        "\ndef _wheel_format(shutil):\n  if IN_PYODIDE:\n    shutil.register_archive_format(",
}
ON_USE_NAMES = re.compile(r"^(?:import|from) (?:shutil|tempfile|zipfile|\.common)\b", re.M)


def package_loader_on_use(source: str) -> str:
    """Pyodide's package loader (``source``) with PACKAGE_LOADER_EDITS made; an error if it
    does not read as expected (another Pyodide): the page would import the archive modules
    after all, or fail."""
    for old, new in PACKAGE_LOADER_EDITS.items():
        if source.count(old) != 1:
            die(f"pyodide/_package_loader.py has {source.count(old)} of {old.strip()!r}, not 1: "
                f"update PACKAGE_LOADER_EDITS for this Pyodide")
        source = source.replace(old, new)
    if ON_USE_NAMES.search(source):
        die("pyodide/_package_loader.py imports an archive module in a way PACKAGE_LOADER_EDITS "
            "does not know")
    return source


def write_package_loader() -> None:
    """PACKAGE_LOADER: PACKAGE_LOADER_SOURCE, Python that static/js/runtime.mjs runs before
    Pyodide's bootstrap imports its package loader (PACKAGE_LOADER_HOOK, given SOURCE: the
    page's stdlib's pyodide/_package_loader.py after package_loader_on_use)."""
    with zipfile.ZipFile(VENDOR / "pyodide" / "python_stdlib.zip") as z:
        if "pyodide/_package_loader.py" not in z.namelist():
            die("the page's stdlib holds no source of pyodide/_package_loader.py")
        source = package_loader_on_use(z.read("pyodide/_package_loader.py").decode("utf-8"))
    from strip_source import strip
    hook = strip((ROOT / PACKAGE_LOADER_HOOK).read_text(encoding="utf-8"))
    code = f"exec({hook!r}, {{'__name__': 'package_loader_hook', 'SOURCE': {source!r}}})"
    PACKAGE_LOADER.write_text(
        f"// Written by scripts/vendor.py from {PACKAGE_LOADER_HOOK} and Pyodide's package loader.\n"
        f"export const PACKAGE_LOADER_SOURCE = {json.dumps(code)};\n", encoding="utf-8")


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


def main(argv: list[str]) -> int:
    quiet = "--quiet" in argv or "-q" in argv
    pyodide_v = vendor_pyodide()
    pyscript_v = vendor_pyscript()
    needs = stdlib_needs()
    kept, total = trim_stdlib(NODE_MODULES / "pyodide" / "python_stdlib.zip",
                              VENDOR / "pyodide" / "python_stdlib.zip", needs,
                              page_stdlib(needs))
    scripts = vendor_scripts()
    n = build_manni_zip()
    write_boot_script()
    write_warm_up()
    write_package_loader()
    if write_style_hash() and not quiet:
        print("index.html: the inline style's hash in its Content-Security-Policy was updated")
    ids = write_build_files()
    if not quiet:
        print(f"vendored pyodide {pyodide_v} (stdlib: {kept} of {total} entries), "
              f"@pyscript/core {pyscript_v}, {', '.join(scripts)}; "
              f"static/manni.zip: {n} package files; runtime {ids['runtime']}, "
              f"build {ids['build']} ({len(ids['files'])} files precached by sw.js)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
