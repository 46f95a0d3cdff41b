// The example's whole build configuration: React's plugin, and elicit-form kept
// out of the dev server's dependency pre-bundling, which would move its JS away
// from the .wasm beside it (a production build needs no such setting).
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  optimizeDeps: { exclude: ["elicit-form"] },
});
