import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A breadcrumb item that leads back to a list above the page: its path and its title (already translated). */
export const crumbLink = (to: string, title: ReactNode) => (
  <Link key={to} to={to}>
    {title}
  </Link>
);
