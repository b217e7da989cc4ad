// The expired-deleter group of both audit logging tabs: no box of its own (General and Global look
// alike); on Global its legend reads as the section's heading.
import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/index.ts';

export const section = style({ border: 0, padding: 0, margin: 0, minInlineSize: 0 });
export const legend = style({ padding: 0, marginBlockEnd: vars.space.sm, fontWeight: vars.fontWeight.bold });
