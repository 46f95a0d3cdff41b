// The React example's entry: defines <elicit-form> (the import waits for the
// wasm), then renders the chat.
import "elicit-form/element";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Chat } from "./Chat.jsx";

createRoot(document.getElementById("root")).render(
  <StrictMode>
    <Chat />
  </StrictMode>,
);
