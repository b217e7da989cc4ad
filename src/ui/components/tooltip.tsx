// Tooltip on react-aria: shown on hover and on keyboard focus, hidden with Escape. Rules: a tooltip
// repeats a name the trigger already has (aria-label); it never holds the only copy of information.
import type { ReactElement } from 'react';
import { Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components';
import * as styles from './overlay.css.ts';

export type TooltipProps = { content: string; children: ReactElement; placement?: 'top' | 'bottom' | 'start' | 'end'; delay?: number };

export function Tooltip({ content, children, placement = 'top', delay = 600 }: TooltipProps) {
  return (
    <TooltipTrigger delay={delay}>
      {children}
      <AriaTooltip placement={placement} offset={6} className={styles.tooltip}>
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
