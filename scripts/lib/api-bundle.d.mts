export const API_BUNDLE: string;
export function bundleApi(root: string, distDir: string): Promise<void>;
