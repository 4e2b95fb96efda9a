#!/usr/bin/env python3
"""Copy the Python runtime into the served tree and pack the game package.

Run after `npm ci`. Produces (all gitignored, rebuilt on every run):

  static/vendor/pyodide/   pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm,
                           pyodide.js, pyodide-lock.json (listing no package), and
                           python_stdlib.zip: Pyodide's own, trimmed to the modules the
                           page can import (see stdlib_needs()), their comments and
                           docstrings stripped (scripts/strip_source.py), and
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
  static/manni.zip         every .py file under manni/ (and the text catalogs,
                           manni/text/locale/*.po, *.pot), stored with paths
                           "manni/...", so pyscript.toml's
                           `"./static/manni.zip" = "./*"` unpacks it into the
                           interpreter's working directory and `import manni` works;
                           plus their bytecode compiled by the vendored Pyodide
                           itself (hash-checked .pyc in __pycache__/), so the page
                           does not compile the package on every start (~100 ms).
  static/js/boot-text.js   the loading/error screen's texts in every language
                           (the boot.* keys of manni/text/locale/).

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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
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

# Files of the package the page needs: code and the gettext catalogs read at run time.
PACKAGE_SUFFIXES = (".py", ".po", ".pot")

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
        if e.name not in ("js", "pyscript"):  # manni.ui.app needs the page
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
                replace: dict[str, bytes] | None = None) -> tuple[int, int]:
    """Copy the entries of ``src`` that are in ``keep`` (and their folders) to ``dest``.

    Entries keep their contents, compression method and dates (the trimmed zip is
    Pyodide's own minus what the page never imports), except those named in ``replace``,
    written with the contents given there (deflated). Returns (kept, total) entries.
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
                zout.writestr(info, replace[info.filename], compress_type=zipfile.ZIP_DEFLATED,
                              compresslevel=9)
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


# Runs in Pyodide under Node: compile manni/ to hash-checked .pyc for that Python. A
# hash-checked .pyc stays valid when the zip is unpacked (new mtimes), and is refused,
# falling back to the source, if it ever does not match the .py beside it.
COMPILE_IN_PYODIDE = """
import base64, importlib.util, json, os, py_compile
out = {}
for dirpath, dirs, files in os.walk("/repo/manni"):
    dirs[:] = sorted(d for d in dirs if d != "__pycache__")
    for name in sorted(files):
        if name.endswith(".py"):
            rel = os.path.relpath(os.path.join(dirpath, name), "/repo")
            cached = importlib.util.cache_from_source(rel)
            target = py_compile.compile(
                os.path.join("/repo", rel), cfile=os.path.join("/tmp/pyc", cached), dfile=rel,
                doraise=True, invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
            with open(target, "rb") as f:
                out[cached] = base64.b64encode(f.read()).decode()
print(json.dumps(out))
"""


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


def stripped_stdlib(names: set[str]) -> dict[str, bytes]:
    """{name: source without comments and docstrings} for the standard library's .py files
    in ``names``, made by scripts/strip_source.py in the runtime's own Python (which
    parses the runtime's syntax) from its own python_stdlib.zip."""
    py = sorted(n for n in names if n.endswith(".py"))
    code = ((ROOT / "scripts" / "strip_source.py").read_text(encoding="utf-8") + f"""
import base64, json, sys, zipfile
with zipfile.ZipFile(f"/lib/python{{sys.version_info[0]}}{{sys.version_info[1]}}.zip") as z:
    print(json.dumps({{n: base64.b64encode(strip(z.read(n).decode("utf-8")).encode("utf-8")).decode()
                      for n in {py!r}}}))
""")
    out = run_pyodide(code, "stripping the standard library")
    return {k: base64.b64decode(v) for k, v in json.loads(out).items()}


def compile_in_pyodide() -> dict[str, bytes]:
    """{"manni/__pycache__/x.cpython-3NN.pyc": bytes} from the runtime the page uses."""
    out = run_pyodide(COMPILE_IN_PYODIDE, "compiling manni/")
    return {k: base64.b64decode(v) for k, v in json.loads(out).items()}


def build_manni_zip() -> int:
    pkg = ROOT / "manni"
    out = STATIC / "manni.zip"
    tmp = out.with_suffix(".zip.tmp")
    STATIC.mkdir(exist_ok=True)
    n_files = 0
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        dirs = [pkg] + sorted(p for p in pkg.rglob("*") if p.is_dir() and "__pycache__" not in p.parts) if pkg.is_dir() else []
        for d in dirs:
            # Directory entries too: even a package with no .py files yet unpacks
            # to a directory, so `import manni` works (as a namespace package).
            info = zipfile.ZipInfo(d.relative_to(ROOT).as_posix() + "/", ZIP_DATE)
            info.external_attr = (0o40755 << 16) | 0x10
            zf.writestr(info, b"")
            for f in sorted(p for p in d.iterdir() if p.suffix in PACKAGE_SUFFIXES):
                info = zipfile.ZipInfo(f.relative_to(ROOT).as_posix(), ZIP_DATE)
                info.external_attr = 0o100644 << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, f.read_bytes())
                n_files += 1
        for name, data in sorted(compile_in_pyodide().items()):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.external_attr = 0o100644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
    tmp.replace(out)
    return n_files


# What a memory snapshot of the runtime depends on (static/js/snapshot-worker.mjs imports
# the game package into it).
SNAPSHOT_INPUTS = tuple(f"static/vendor/pyodide/{n}" for n in PYODIDE_FILES if n != "pyodide.js") + (
    "static/manni.zip", "static/js/snapshot-worker.mjs")

BUILD_MODULE = "static/vendor/build.mjs"

# The site a visit needs, precached by the service worker (paths relative to the site root):
# these, the globs, the runtime files and every vendored file index.html links.
PRECACHE_FIXED = ("index.html", "pyscript.toml", "static/main.py", "static/manni.zip",
                  "static/manifest.webmanifest", BUILD_MODULE,
                  "static/vendor/pyscript/core.js", "static/vendor/pyscript/core.css")
PRECACHE_GLOBS = ("static/css/*.css", "static/js/*.js", "static/js/*.mjs", "static/icons/*.png")
SW_TEMPLATE = "static/js/sw-template.js"


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
    paths.discard(SW_TEMPLATE)
    missing = sorted(p for p in paths if not (root / p).is_file())
    if missing:
        die(f"files to precache are missing: {missing}")
    return sorted(paths)


def write_build_files(root: Path = ROOT) -> dict:
    """Write static/vendor/build.mjs and sw.js for the site under ``root``; return the ids."""
    runtime = combined_hash(root, SNAPSHOT_INPUTS)
    downloads = {p: (root / p).stat().st_size for p in SNAPSHOT_INPUTS
                 if p.startswith("static/vendor/pyodide/")}
    (root / BUILD_MODULE).write_text(
        "// Written by scripts/vendor.py: build ids and sizes (see there).\n"
        f'export const RUNTIME = "{runtime}";\n'
        f"export const DOWNLOADS = {json.dumps(downloads)};\n", encoding="utf-8")
    paths = precache_paths(root)
    files = {p: sha256(root / p) for p in paths}
    build = combined_hash(root, paths)
    head = ("// Written by scripts/vendor.py from static/js/sw-template.js: do not edit.\n"
            f"const BUILD = {json.dumps(build)};\n"
            f"const PRECACHE = {json.dumps(files, indent=0)};\n")
    (root / "sw.js").write_text(head + (root / SW_TEMPLATE).read_text(encoding="utf-8"),
                                encoding="utf-8")
    return {"runtime": runtime, "build": build, "files": files}


def write_boot_texts() -> int:
    """static/js/boot-text.js: the loading/error screen's texts (keys boot.*, under their
    name without "boot.", and the game's name app.title) in every language of
    manni/text/locale/, for static/js/boot.js, which runs before Python."""
    sys.path.insert(0, str(ROOT))
    from manni.text import LANGUAGES, Translator
    from manni.text.translate import load
    keys = [k for k in load("en").entries if k.startswith("boot.")] + ["app.title"]
    texts = {code: {k.removeprefix("boot."): Translator(code)(k) for k in keys}
             for code in LANGUAGES}
    (STATIC / "js" / "boot-text.js").write_text(
        "// Generated by scripts/vendor.py from manni/text/locale/ (do not edit).\n"
        f"window.MANNI_BOOT_TEXT = {json.dumps(texts, ensure_ascii=False, sort_keys=True)};\n",
        encoding="utf-8")
    return len(texts)


def main(argv: list[str]) -> int:
    quiet = "--quiet" in argv or "-q" in argv
    pyodide_v = vendor_pyodide()
    pyscript_v = vendor_pyscript()
    needs = stdlib_needs()
    kept, total = trim_stdlib(NODE_MODULES / "pyodide" / "python_stdlib.zip",
                              VENDOR / "pyodide" / "python_stdlib.zip", needs,
                              stripped_stdlib(needs))
    scripts = vendor_scripts()
    n = build_manni_zip()
    write_boot_texts()
    ids = write_build_files()
    if not quiet:
        print(f"vendored pyodide {pyodide_v} (stdlib: {kept} of {total} entries), "
              f"@pyscript/core {pyscript_v}, {', '.join(scripts)}; "
              f"static/manni.zip: {n} package files; runtime {ids['runtime']}, "
              f"build {ids['build']} ({len(ids['files'])} files precached by sw.js)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
