// Command-line tools run server code outside Next's react-server build, where the
// real `server-only` package throws. Mapped here by tsconfig.scripts.json.
export {};
