import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  PAGE_HEADER_CLASSES as c,
  SCREEN_HEADINGS,
  type HeadedScreen,
  type ScreenHeading,
} from '../../domain/screen-headings';

/**
 * Title row of a screen: optional back link, the title, and actions on the right. A screen whose
 * row never changes names its path (`screen="/units"`): its texts come from SCREEN_HEADINGS, the
 * ones the server also writes into the page for a first paint without JavaScript (decision 061).
 */
export function PageHeader({
  screen,
  actions,
  ...texts
}: {
  screen?: HeadedScreen;
  title?: ReactNode;
  subtitle?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
}) {
  const heading: ScreenHeading | undefined = screen ? SCREEN_HEADINGS[screen] : undefined;
  const { title = heading?.title, subtitle = heading?.subtitle, back = heading?.back } = texts;
  return (
    <div className={c.row}>
      {back ? (
        <Link to={back.to} className={c.back}>
          <ArrowLeft className="h-4 w-4" aria-hidden /> {back.label}
        </Link>
      ) : null}
      <div className={c.line}>
        <div>
          <h1 className={c.title}>{title}</h1>
          {subtitle ? <p className={c.subtitle}>{subtitle}</p> : null}
        </div>
        {actions ? <div className={c.actions}>{actions}</div> : null}
      </div>
    </div>
  );
}
