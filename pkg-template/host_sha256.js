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

/** @type {((bytes: Uint8Array) => string) | false | undefined} undefined until looked up; false where the host has none. */
let sha256Hex;

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
    if (sha256Hex === undefined) {
      const crypto = /** @type {any} */ (globalThis).process?.getBuiltinModule?.("node:crypto");
      sha256Hex =
        typeof crypto?.hash === "function"
          ? (data) => crypto.hash("sha256", data, "hex")
          : typeof crypto?.createHash === "function"
            ? (data) => crypto.createHash("sha256").update(data).digest("hex")
            : false;
    }
    return sha256Hex ? sha256Hex(bytes) : undefined;
  } catch {
    // A host whose lookup or hasher throws is a host without one: the
    // wasm's own SHA-256 from now on.
    sha256Hex = false;
  }
}
