import type {ReactNode} from 'react';
import styles from './styles.module.css';

/**
 * A numbered sequence of steps. Each `##` heading inside is one step: the stylesheet numbers the
 * headings with a CSS counter and joins them with a rail, so the numbering is in the server-rendered
 * page and needs no client code. The page writes nothing but `<Steps>` around its step sections.
 */
export default function Steps({children}: {children: ReactNode}): ReactNode {
  return <div className={styles.steps}>{children}</div>;
}
