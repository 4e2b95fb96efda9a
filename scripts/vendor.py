#!/usr/bin/env python3
"""Copy the Python runtime into the served tree and pack the game package.

Run after `npm ci`. Produces (all gitignored, rebuilt on every run):

  static/vendor/pyodide/   pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm,
                           python_stdlib.zip, pyodide-lock.json, pyodide.js
  static/vendor/pyscript/  @pyscript/core dist/*.js and *.css (no source maps)
  static/vendor/build.mjs  RUNTIME, a hash of what a memory snapshot depends on (the
                           runtime files, manni.zip, the snapshot worker): it keys the
                           snapshot cache (static/js/runtime.mjs)
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
    return package_version(src)


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


def compile_in_pyodide() -> dict[str, bytes]:
    """{"manni/__pycache__/x.cpython-3NN.pyc": bytes} from the runtime the page uses."""
    try:
        run = subprocess.run(["node", str(ROOT / "scripts" / "pyodide_run.mjs")],
                             input=COMPILE_IN_PYODIDE, capture_output=True, text=True, check=False)
    except OSError as e:
        die(f"cannot run node to compile manni/ for Pyodide: {e}")
    if run.returncode != 0:
        die(f"compiling manni/ in Pyodide failed:\n{run.stderr.strip()}")
    return {k: base64.b64decode(v) for k, v in json.loads(run.stdout).items()}


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


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def combined_hash(root: Path, paths) -> str:
    h = hashlib.sha256()
    for rel in sorted(paths):
        h.update(rel.encode() + b"\0" + sha256(root / rel).encode() + b"\n")
    return h.hexdigest()[:16]


def write_build_files(root: Path = ROOT) -> dict:
    """Write static/vendor/build.mjs for the site under ``root``; return the ids."""
    runtime = combined_hash(root, SNAPSHOT_INPUTS)
    (root / BUILD_MODULE).write_text(
        "// Written by scripts/vendor.py: build ids (see there).\n"
        f'export const RUNTIME = "{runtime}";\n', encoding="utf-8")
    return {"runtime": runtime}


def write_boot_texts() -> int:
    """static/js/boot-text.js: the loading/error screen's texts (keys boot.*) in every
    language of manni/text/locale/, for static/js/boot.js, which runs before Python."""
    sys.path.insert(0, str(ROOT))
    from manni.text import LANGUAGES, Translator
    from manni.text.translate import load
    keys = [k for k in load("en").entries if k.startswith("boot.")]
    texts = {code: {k[5:]: Translator(code)(k) for k in keys} for code in LANGUAGES}
    (STATIC / "js" / "boot-text.js").write_text(
        "// Generated by scripts/vendor.py from manni/text/locale/ (do not edit).\n"
        f"window.MANNI_BOOT_TEXT = {json.dumps(texts, ensure_ascii=False, sort_keys=True)};\n",
        encoding="utf-8")
    return len(texts)


def main(argv: list[str]) -> int:
    quiet = "--quiet" in argv or "-q" in argv
    pyodide_v = vendor_pyodide()
    pyscript_v = vendor_pyscript()
    n = build_manni_zip()
    write_boot_texts()
    ids = write_build_files()
    if not quiet:
        print(f"vendored pyodide {pyodide_v}, @pyscript/core {pyscript_v}; "
              f"static/manni.zip: {n} package files; runtime {ids['runtime']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
