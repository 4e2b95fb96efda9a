"""Building the game's zips: static/manni.zip (what the first table imports, most of it in
manni/module_code.bin), static/manni-later.zip (the rest, PyScript's package among them) and
static/vendor/manni-cli.zip (the command line, for static/bench.html), all compiled by the
page's own Pyodide; the other languages' catalogs into static/vendor/locale/."""
from __future__ import annotations

import base64
import json
import re
import zipfile
from pathlib import Path

from build_common import ROOT, STATIC, VENDOR, combined_hash, die, fresh_dir, run_pyodide
from vendor_runtime import CLI_FILES

# Fixed timestamp so manni.zip is byte-identical for identical sources.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)



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
    "manni/net/", "manni/review.pyc", "manni/par.pyc", "manni/par_compare.pyc",
    "manni/ui/netgame.pyc",
    "manni/ui/lobby.pyc", "manni/ui/talk.pyc", "manni/ui/four_seats.pyc", "manni/ui/parlee.pyc",
    "manni/ui/tutorial_manille.pyc", "manni/ui/review_view.pyc", "manni/ui/rules_page.pyc",
    "manni/ui/seat_view.pyc", "manni/ui/seat_names.pyc", "manni/ui/page/net_link.pyc",
    "manni/bots/", "manni/sealed/", "pyscript/",
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
