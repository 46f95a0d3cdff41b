// What an adapter puts between an SDK and its transport: the tool calls in
// flight (so a pushed form's failure ends the call that asked), and the
// messages as the server sent them (the SDKs parse each form with their own
// schema before a handler sees it, dropping keys the backend reads).

/**
 * The tool calls in flight through an adapter's callTool, so a pushed form's
 * failure ends the call that asked with that failure (not the SDK's error
 * for the aborted request).
 */
export class ToolCallsInFlight {
  #calls = new Set();

  get size() {
    return this.#calls.size;
  }

  /** The calls in flight, oldest first. */
  list() {
    return [...this.#calls];
  }

  /** The oldest call in flight of `toolName`, or undefined. */
  find(toolName) {
    return this.list().find((call) => call.toolName === toolName);
  }

  /**
   * Runs `send(signal, call)` (the SDK's client.callTool) as a call of
   * `toolName`: `signal` aborts when the caller's does or when a form of this
   * call fails, and the call then throws that form's failure. `call` is this
   * call's entry, for an adapter that ties forms to calls itself.
   */
  async run(toolName, callerSignal, send) {
    const controller = new AbortController();
    const forward = () => controller.abort(callerSignal.reason);
    if (callerSignal?.aborted) forward();
    else callerSignal?.addEventListener("abort", forward, { once: true });
    const call = {
      toolName,
      failure: undefined,
      fail(error) {
        call.failure = error;
        controller.abort(error);
      },
    };
    this.#calls.add(call);
    try {
      const result = await send(controller.signal, call);
      if (call.failure) throw call.failure;
      return result;
    } catch (error) {
      throw call.failure ?? error;
    } finally {
      this.#calls.delete(call);
      callerSignal?.removeEventListener("abort", forward);
    }
  }
}

/**
 * Pushed `elicitation/create` params as the server sent them (JSON text by
 * JSON-RPC id): the SDKs parse each form with their own schema before a
 * handler sees it, dropping keys the backend reads (writeOnly, $ref).
 */
export class SentForms {
  #texts = new Map();

  /** Keeps the params of an incoming `elicitation/create` request. */
  observeIncoming(message) {
    if (message?.method === "elicitation/create" && "id" in message) {
      this.#texts.set(message.id, JSON.stringify(message.params ?? {}));
    }
  }

  /** A request answered (or failed by the SDK before the handler) needs its params no longer. */
  observeOutgoing(message) {
    if (message && typeof message === "object" && "id" in message && !("method" in message))
      this.#texts.delete(message.id);
  }

  /** Removes and returns the params text of request `id`, or undefined. */
  take(id) {
    const text = this.#texts.get(id);
    this.#texts.delete(id);
    return text;
  }
}

/**
 * `inner` itself, with every message it sends shown to `outgoing` and every
 * message it receives shown to `incoming` before the SDK sees it.
 */
export function observedTransport(inner, { outgoing, incoming }) {
  let outerOnMessage;
  return new Proxy(inner, {
    get(target, prop) {
      if (prop === "send") {
        return (message, sendOptions) => {
          outgoing(message);
          return target.send(message, sendOptions);
        };
      }
      if (prop === "onmessage") return outerOnMessage;
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
    set(target, prop, value) {
      if (prop !== "onmessage") return Reflect.set(target, prop, value, target);
      outerOnMessage = value;
      target.onmessage =
        typeof value !== "function"
          ? value
          : (message, extra) => {
              incoming(message);
              value(message, extra);
            };
      return true;
    },
  });
}
