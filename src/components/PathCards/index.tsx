import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import styles from './styles.module.css';

export type PathCard = {
  title: string;
  to: string;
  description: string;
  /** A short label above the title, such as "Start here" or "Reference". */
  kicker: string;
};

export default function PathCards({cards, label}: {cards: PathCard[]; label: string}): ReactNode {
  return (
    <ul className={styles.grid} aria-label={label}>
      {cards.map((card) => (
        <li key={card.to} className={styles.item}>
          <Link to={card.to} className={styles.card}>
            <span className={styles.kicker}>{card.kicker}</span>
            <span className={styles.title}>{card.title}</span>
            <span className={styles.description}>{card.description}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
