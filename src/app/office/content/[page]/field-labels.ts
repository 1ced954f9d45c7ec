/** A dotted path of a page's copy (`team.members.0.name`) as the member reads it: "Team › Members › 1 › Name". */
export function fieldPathLabel(path: string, label: (key: string) => string): string {
  return path
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : label(part)))
    .join(' › ');
}
