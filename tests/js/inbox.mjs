// The form exports of a wasm-bindgen glue loaded by hand (not through an
// entry), called with their JSON texts as the package's entries call them:
// the texts written into the wasm's inbox (crates/wasm/src/inbox.rs; in the
// package, core.js's `textsIn`), the exports given their byte lengths.

/**
 * `texts` written one after another into the inbox of `glue`'s wasm, whose
 * memory is `memory`: their byte lengths, for the export that reads them.
 */
export function inboxed(glue, memory, ...texts) {
  const encoded = texts.map((text) => new TextEncoder().encode(text));
  const at = glue.inbox(
    0,
    encoded.reduce((sum, bytes) => sum + bytes.length, 0),
  );
  let written = 0;
  for (const bytes of encoded) {
    new Uint8Array(memory.buffer, at + written, bytes.length).set(bytes);
    written += bytes.length;
  }
  return encoded.map((bytes) => bytes.length);
}

/** The form exports of `glue` (its wasm's memory `memory`) that take JSON texts, taking them as texts. */
export function withTexts(glue, memory) {
  const texts = (...given) => inboxed(glue, memory, ...given);
  return {
    fingerprint: (schema, profile) => glue.fingerprint(...texts(schema), profile),
    questions: (schema, server, profile) => glue.questions(...texts(schema), server, profile),
    prepare_form: (schema, server, profile) => glue.prepare_form(...texts(schema), server, profile),
    pending: (server, tool, key, message, schema, profile) =>
      glue.pending(server, tool, key, message, ...texts(schema), profile),
    answer_form: (server, tool, key, message, schema, record, ...rest) => {
      const [schemaBytes, recordBytes] = texts(schema, record ?? "");
      return glue.answer_form(
        server,
        tool,
        key,
        message,
        schemaBytes,
        record === undefined ? undefined : recordBytes,
        ...rest,
      );
    },
  };
}
