// Reads the runtime snapshot (~31 MB) from Cache Storage off the page's thread, which is
// busy starting PyScript meanwhile, and hands the bytes over without a copy.
self.onmessage = async ({ data: { cache, key } }) => {
  try {
    const response = await (await caches.open(cache)).match(key);
    const bytes = response ? await response.arrayBuffer() : null;
    self.postMessage(bytes, bytes ? [bytes] : []);
  } catch {
    self.postMessage(null);
  }
};
