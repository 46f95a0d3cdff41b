// The host's own SHA-256, for the fingerprint of a form (the bindings
// crate's `host-sha256` feature, crates/wasm/src/fingerprint.rs): the full
// entries' glue imports it. Where the host has a synchronous SHA-256 (Node's
// node:crypto; Deno, Bun and workerd where process.getBuiltinModule gives
// it), the wasm hands it the fingerprint's input in one call; anywhere else,
// or when it throws, this gives undefined and the wasm hashes with its own
// SHA-256. The digest is the same either way.
//
// node:crypto is looked up on the first fingerprint, not imported: a static
// import would cost every import of the package its load, and would not
// resolve in a browser.

/** @type {((bytes: Uint8Array) => string) | null | undefined} undefined until looked up; null when the host has none. */
let sha256Hex;

/** @returns {((bytes: Uint8Array) => string) | null} */
function lookUp() {
  const crypto = /** @type {any} */ (globalThis).process?.getBuiltinModule?.("node:crypto");
  if (typeof crypto?.hash === "function") return (bytes) => crypto.hash("sha256", bytes, "hex");
  if (typeof crypto?.createHash === "function") {
    return (bytes) => crypto.createHash("sha256").update(bytes).digest("hex");
  }
  return null;
}

/**
 * SHA-256 of `bytes` as 64 lowercase hex digits, or undefined where the host
 * has none or it failed. `bytes` is a view into the wasm's memory, valid
 * during this call only: it is hashed before returning and not kept.
 *
 * @param {Uint8Array} bytes
 * @returns {string | undefined}
 */
export function host_sha256_hex(bytes) {
  try {
    if (sha256Hex === undefined) sha256Hex = lookUp();
    return sha256Hex === null ? undefined : sha256Hex(bytes);
  } catch {
    // A host whose lookup or hasher throws is a host without one: the
    // wasm's own SHA-256 from now on.
    sha256Hex = null;
    return undefined;
  }
}
