import type { ReactNode } from 'react';
import './globals.css';

// The document itself is rendered by [locale]/layout.tsx (it knows the language); this root
// layout exists so that app/not-found.tsx can serve unknown paths.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
