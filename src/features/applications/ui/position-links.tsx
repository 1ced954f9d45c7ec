import { IntentLink as Link } from '@/ui/intent-link';
import { localizedPath, type Locale } from '@/i18n/routing';

/** A position's two links: a column each, or one column together on phones. */
export function PositionLinks({
  id,
  role,
  locale,
  description,
  apply,
}: {
  id: string;
  role: string;
  locale: Locale;
  description: string;
  apply: string;
}) {
  const descriptionLink = (
    <Link href={localizedPath(`/careers/${id}`, locale)} className="font-semibold text-brand-700 underline underline-offset-4">
      {description}
      <span className="sr-only">: {role}</span>
    </Link>
  );
  const applyLink = (
    <Link
      href={localizedPath(`/careers/${id}/apply`, locale)}
      className="inline-block rounded-md bg-brand-700 px-3 py-1.5 font-semibold whitespace-nowrap text-white hover:bg-brand-800"
    >
      {apply}
      <span className="sr-only">: {role}</span>
    </Link>
  );
  return (
    <>
      <td className="hidden px-4 py-3 sm:table-cell">{descriptionLink}</td>
      <td className="hidden px-4 py-3 sm:table-cell">{applyLink}</td>
      <td className="px-4 py-3 sm:hidden">
        <span className="flex flex-col items-start gap-3">
          {applyLink}
          {descriptionLink}
        </span>
      </td>
    </>
  );
}
