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

The work is in build_common.py (paths, hashes, Pyodide under Node), vendor_runtime.py (the
runtime's files), game_zips.py (the game's zips and catalogs) and site_files.py (build ids,
the service worker, the loading screen, the runtime module).
"""
from __future__ import annotations

import sys

from build_common import NODE_MODULES, VENDOR
from game_zips import build_manni_zip
from site_files import write_boot_script, write_build_files, write_style_hash, write_warm_up
from vendor_runtime import (page_stdlib, stdlib_needs, trim_stdlib, vendor_pyodide,
                            vendor_pyscript, vendor_scripts, write_package_loader)


def main(argv: list[str]) -> int:
    quiet = "--quiet" in argv or "-q" in argv
    pyodide_v = vendor_pyodide()
    pyscript_v = vendor_pyscript()
    needs = stdlib_needs()
    kept, total = trim_stdlib(NODE_MODULES / "pyodide" / "python_stdlib.zip",
                              VENDOR / "pyodide" / "python_stdlib.zip", needs,
                              page_stdlib(needs))
    write_package_loader()
    scripts = vendor_scripts()
    n = build_manni_zip()
    write_boot_script()
    write_warm_up()
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
