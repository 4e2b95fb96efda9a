"""Vendoring the runtime: Pyodide (its standard library trimmed to what the page imports,
stripped, most of it compiled), PyScript, PeerJS and the QR code generator, copied from
node_modules into static/vendor/ (the list of outputs: scripts/vendor.py)."""
from __future__ import annotations

import base64
import json
import re
import shutil
import zipfile
import zlib
from pathlib import Path

from build_common import (NODE_MODULES, PYODIDE_FILES, ROOT, VENDOR, die, fresh_dir,
                          package_version, run_pyodide)


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
