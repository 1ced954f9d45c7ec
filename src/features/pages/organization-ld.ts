/** schema.org Organization for the home page: who runs the site, how to reach them, their profiles. */
export function organizationJsonLd(o: {
  siteName: string;
  url: string;
  address: string;
  email: string;
  sameAs: string[];
  description: string;
}) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: o.siteName,
    url: o.url,
    logo: `${o.url}/icon.svg`,
    description: o.description,
    email: o.email,
    address: o.address,
    sameAs: o.sameAs,
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'sales',
        email: o.email,
        availableLanguage: ['English', 'Spanish', 'French', 'German', 'Italian'],
      },
    ],
  };
}
