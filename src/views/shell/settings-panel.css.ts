// The settings panel's groups, spaced like a form's fields.
import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/index.ts';

export const panel = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
