// The page's frame. No favicon request: the chat has none.
export const metadata = { title: "Chat with the billing server", icons: { icon: "data:," } };

export default function RootLayout({ children }) {
  return <html lang="en"><body>{children}</body></html>;
}
