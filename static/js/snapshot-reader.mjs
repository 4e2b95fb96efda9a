// Reads the runtime snapshot (~31 MB, static/js/snapshot-store.mjs) off the page's thread,
// which is busy starting PyScript meanwhile, and hands the bytes over without a copy.
import { readSnapshot } from "./snapshot-store.mjs";

self.onmessage = async ({ data: { key } }) => {
  try {
    const bytes = await readSnapshot(key);
    self.postMessage(bytes, bytes ? [bytes] : []);
  } catch {
    self.postMessage(null);
  }
};
