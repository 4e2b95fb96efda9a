#!/usr/bin/env node
// Run Python code in the real Pyodide runtime under Node, with the repo's
// manni/ package importable.
//
//   node scripts/pyodide_run.mjs 'import manni; print(manni.__file__)'
//   echo 'print(1 + 1)' | node scripts/pyodide_run.mjs
//   node scripts/pyodide_run.mjs --file path/to/script.py
//
// The Python snippet's stdout goes to stdout, its stderr to stderr. Exit code:
// 0 on success, 1 on an uncaught Python exception (traceback on stderr), the
// code given to sys.exit() otherwise, 2 on a usage/set-up error.
//
// Pyodide comes from the vendored copy in static/vendor/pyodide (scripts/vendor.py),
// which is what the page runs, with its trimmed standard library; failing that from
// node_modules/pyodide (npm ci, the full one). $MANNI_PYODIDE_DIR chooses another folder
// (scripts/vendor.py itself runs node_modules/pyodide). The repo's manni/
// directory is mounted read-through with NODEFS at /repo/manni and /repo is put
// first on sys.path, so edits are seen without rebuilding static/manni.zip.
// Code runs with runPythonAsync, so top-level `await` works.

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function die(msg) {
  process.stderr.write(`pyodide_run: ${msg}\n`);
  process.exit(2);
}

function findPyodide() {
  const dirs = process.env.MANNI_PYODIDE_DIR ? [path.resolve(process.env.MANNI_PYODIDE_DIR)] : [
    path.join(ROOT, "static", "vendor", "pyodide"),
    path.join(ROOT, "node_modules", "pyodide"),
  ];
  for (const dir of dirs) {
    if (existsSync(path.join(dir, "pyodide.mjs")) && existsSync(path.join(dir, "pyodide.asm.wasm"))) {
      return dir;
    }
  }
  die(`Pyodide not found in ${dirs.join(" or ")}: run \`npm ci && python3 scripts/vendor.py\`.`);
}

// The snippet runs as __main__ inside this small runner, which turns SystemExit
// and uncaught exceptions into an exit status (traceback on stderr).
const RUNNER = `
import ast, inspect, sys, traceback
sys.dont_write_bytecode = True
sys.path.insert(0, "/repo")

async def _pyodide_run_main(source):
    status = 0
    try:
        code = compile(source, "<snippet>", "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
        result = eval(code, {"__name__": "__main__", "__builtins__": __builtins__})
        if inspect.iscoroutine(result):
            await result
    except SystemExit as exc:
        if exc.code is None:
            status = 0
        elif isinstance(exc.code, int):
            status = exc.code
        else:
            print(exc.code, file=sys.stderr)
            status = 1
    except BaseException:
        traceback.print_exc()
        status = 1
    sys.stdout.flush()
    sys.stderr.flush()
    return status
`;

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

async function main() {
  const args = process.argv.slice(2);
  let code;
  if (args[0] === "--file") {
    if (!args[1]) die("--file needs a path");
    code = readFileSync(args[1], "utf8");
  } else if (args.length > 0 && args[0] !== "-") {
    code = args.join(" ");
  } else {
    code = await readStdin();
  }

  const dir = findPyodide();
  const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: dir + path.sep });
  // Unbuffered pass-through of the bytes Python writes (keeps partial lines).
  pyodide.setStdout({ write: (buf) => { process.stdout.write(buf); return buf.length; } });
  pyodide.setStderr({ write: (buf) => { process.stderr.write(buf); return buf.length; } });

  const pkg = path.join(ROOT, "manni");
  pyodide.FS.mkdirTree("/repo/manni");
  if (existsSync(pkg)) {
    pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: pkg }, "/repo/manni");
  }
  pyodide.runPython(RUNNER);
  const run = pyodide.globals.get("_pyodide_run_main");
  const status = await run(code);
  run.destroy();
  flushAndExit(status);
}


function flushAndExit(code) {
  // Let stdout drain (it may be a pipe) before leaving.
  process.stdout.write("", () => process.exit(code));
}

main().catch((err) => {
  process.stderr.write(`pyodide_run: ${err && err.stack ? err.stack : err}\n`);
  process.exit(2);
});
