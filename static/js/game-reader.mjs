// Fetches the game package's zips (manni.zip, then manni-later.zip) and inflates their
// files off the page's thread, which is busy starting the runtime meanwhile; hands them over
// without a copy: {ready: true} once running (from then on the page's messages reach it
// without passing through the page's thread); for a request {url}, {url, asked: true} at
// once, then {url, files: [[path, bytes], ...], sent} (a folder's path ends with "/"; sent:
// the bytes the download took, from this worker's Resource Timing, or 0), or {url, error}.
// Only the plain zips scripts/vendor.py writes (no zip64, names in ASCII).
self.postMessage({ ready: true });
self.onmessage = async ({ data: { url } }) => {
  self.postMessage({ url, asked: true });  // the page's thread may now be busy for seconds
  try {
    const response = await fetch(url, { priority: "low" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const files = await unzip(await response.arrayBuffer());
    const timing = performance.getEntriesByName(url)[0];
    self.postMessage({ url, files, sent: timing ? timing.transferSize : 0 },
                     files.map(([, bytes]) => bytes.buffer));
  } catch (err) {
    self.postMessage({ url, error: String(err && err.message || err) });
  }
};

async function unzip(buffer) {
  const view = new DataView(buffer);
  let end = buffer.byteLength - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("not a zip (no central directory)");
  const names = new TextDecoder();
  const files = [];
  let at = view.getUint32(end + 16, true);
  for (let i = view.getUint16(end + 10, true); i > 0; i--) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("a damaged zip");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(new Uint8Array(buffer, at + 46, nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = buffer.slice(start, start + size);  // each its own buffer, to transfer
    if (method === 0) files.push([name, new Uint8Array(data)]);
    else if (method === 8) files.push(inflate(data).then((bytes) => [name, bytes]));
    else throw new Error(`compression method ${method}`);
  }
  return Promise.all(files);
}

// Written to and read from the stream itself: a Blob's stream goes through the browser's
// blob registry (messages between processes for each file), and Response bodies piped
// through it cost twice these reads; on two cores, the worker's work slows Python's start.
async function inflate(data) {
  const stream = new DecompressionStream("deflate-raw");
  const writer = stream.writable.getWriter();
  // Damaged data rejects these too: the read below reports it.
  writer.write(new Uint8Array(data)).catch(() => {});
  writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    size += value.length;
  }
  if (parts.length === 1) return parts[0];
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}
