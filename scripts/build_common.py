"""What the build scripts share: the checkout's paths, the runtime's files, errors, hashes,
and Python run in the npm package's Pyodide under Node (scripts/pyodide_run.mjs)."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
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


def die(msg: str) -> None:
    print(f"{Path(sys.argv[0]).name}: error: {msg}", file=sys.stderr)
    sys.exit(1)


def package_version(pkg_dir: Path) -> str:
    return json.loads((pkg_dir / "package.json").read_text())["version"]


def fresh_dir(path: Path) -> Path:
    if path.exists():
        shutil.rmtree(path)
    path.mkdir(parents=True)
    return path


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


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def combined_hash(root: Path, paths) -> str:
    h = hashlib.sha256()
    for rel in sorted(paths):
        h.update(rel.encode() + b"\0" + sha256(root / rel).encode() + b"\n")
    return h.hexdigest()[:16]
