// Inlined into static/vendor/runtime.mjs by scripts/vendor.py: no imports here.

// Pyodide fetches the wasm as loadPyodide starts but hands the answer to
// WebAssembly.instantiateStreaming only once pyodide.asm.mjs has arrived and run. This
// thread reads the wasm's body, and what the preload cannot hold waits for whoever takes it:
// on a fast link the download stalls until then. So for one call each, fetch() and
// instantiateStreaming() are wrapped here: the wasm's answer is compiled as it arrives, and
// Pyodide's instantiation uses that module. If it did not compile, Pyodide's instantiation
// goes on as it would have: from the same answer if the compile left it unread (cancelling
// it would fail the preload, which the loading screen reports), else from a second fetch.
// <html data-wasm> says which: "early" | "again". `loadRuntime` is Pyodide's loadPyodide.
export function compilingEarly(loadRuntime, WASM_URL, root) {
  return function loadRuntimeCompilingEarly(options) {
    if (typeof WebAssembly.compileStreaming !== "function") return loadRuntime(options);
    const nativeFetch = self.fetch;
    const nativeInstantiate = WebAssembly.instantiateStreaming;
    let answer = null;
    let compiled = null;
    const wrappedFetch = function (input, init) {
      const response = nativeFetch.call(this, input, init);
      if (String(input instanceof Request ? input.url : input) === WASM_URL) {
        self.fetch = nativeFetch;
        answer = response;
        compiled = WebAssembly.compileStreaming(response);
        compiled.catch(() => {});  // answered below
      }
      return response;
    };
    const wrappedInstantiate = function (source, imports) {
      if (source !== answer) return nativeInstantiate.call(this, source, imports);
      WebAssembly.instantiateStreaming = nativeInstantiate;
      return compiled.then((module) => {
        root.dataset.wasm = "early";
        return WebAssembly.instantiate(module, imports).then((instance) => ({ module, instance }));
      }, () => {
        root.dataset.wasm = "again";
        return answer.then((r) => nativeInstantiate.call(
          WebAssembly, r.bodyUsed ? nativeFetch(WASM_URL) : r, imports));
      });
    };
    self.fetch = wrappedFetch;
    WebAssembly.instantiateStreaming = wrappedInstantiate;
    return loadRuntime(options).finally(() => {
      if (self.fetch === wrappedFetch) self.fetch = nativeFetch;
      if (WebAssembly.instantiateStreaming === wrappedInstantiate) {
        WebAssembly.instantiateStreaming = nativeInstantiate;
      }
    });
  };
}
