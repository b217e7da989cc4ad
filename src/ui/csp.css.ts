// react-aria's pressables ask for `touch-action: pan-x pan-y pinch-zoom` (a tap is not delayed as a
// possible double-tap zoom, and Safari still fires pointercancel on scroll). react-aria would add it
// as an inline <style>, which the strict CSP refuses (csp.ts stops that); here it is a real rule of
// the design system's stylesheet, in a layer so any component style wins, as react-aria's does.
import { globalLayer, globalStyle } from '@vanilla-extract/css';

const pressableLayer = globalLayer('react-aria-pressable');

globalStyle('[data-react-aria-pressable]', {
  '@layer': { [pressableLayer]: { touchAction: 'pan-x pan-y pinch-zoom' } },
});
