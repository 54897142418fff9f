import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Chevron } from './my-menu';
import './user.css';

export type LinkListItem = {
  key: string;
  label: ReactNode;
  to?: string;
  onClick?: () => void;
  extra?: ReactNode;
};

/** A white list of rows that open a page (`to`) or do something (`onClick`). */
export function LinkList({ items, title }: { items: LinkListItem[]; title?: string }) {
  return (
    <section className="user-section" aria-label={title}>
      {title ? <h2 className="user-section-title">{title}</h2> : null}
      <ul className="user-menu">
        {items.map((item) => (
          <li key={item.key}>
            {item.to ? (
              <Link to={item.to}>
                <span>{item.label}</span>
                <span className="user-menu-extra">
                  {item.extra}
                  <Chevron />
                </span>
              </Link>
            ) : (
              <button type="button" onClick={item.onClick}>
                <span>{item.label}</span>
                <span className="user-menu-extra">
                  {item.extra}
                  <Chevron />
                </span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
