// The --pay-* design tokens every element declares on :host, and the palettes its `theme` attribute
// (auto | light | dark | high-contrast, see theme.ts) chooses between:
//
//   theme           system: light      dark                prefers-contrast: more
//   auto            light              dark                contrast light / contrast dark
//   light           light              light               contrast light
//   dark            dark               dark                contrast dark
//   high-contrast   contrast light     contrast dark       (the same)
//
// Under `forced-colors: active` every theme gives way to the system's colours (CanvasText, Canvas,
// Highlight, ButtonText…). Pages override any token from outside (`pay-invoice-view { --pay-radius: 0 }`):
// a rule on the element beats these :host defaults.
//
// Every palette rule below has the same specificity (:host plus one attribute or pseudo-class), so
// the last one that applies wins: keep their order.
import { css } from 'lit';

const light = css`
  --pay-color-text: #1b1f24;
  --pay-color-text-muted: #57606a;
  --pay-color-surface: #ffffff;
  --pay-color-surface-raised: #f6f8fa;
  --pay-color-border: #868e96; /* 3.3:1 on the surface, 3.1:1 on the raised one (WCAG 1.4.11) */
  --pay-color-accent: #0a58ca;
  --pay-color-accent-text: #ffffff;
  --pay-color-success: #1a7f37;
  --pay-color-danger: #b42318;
  --pay-color-focus: #0a58ca;
  --pay-focus-ring-width: 2px;
`;

const dark = css`
  --pay-color-text: #e6edf3;
  --pay-color-text-muted: #9da7b3;
  --pay-color-surface: #0d1117;
  --pay-color-surface-raised: #161b22;
  --pay-color-border: #656c76; /* 3.6:1 on the surface, 3.3:1 on the raised one */
  --pay-color-accent: #4493f8;
  --pay-color-accent-text: #0d1117;
  --pay-color-success: #3fb950;
  --pay-color-danger: #f85149;
  --pay-color-focus: #4493f8;
  --pay-focus-ring-width: 2px;
`;

/** Black on white: every colour at 7:1 or more against both surfaces (WCAG AAA). */
const contrastLight = css`
  --pay-color-text: #000000;
  --pay-color-text-muted: #2b2f33;
  --pay-color-surface: #ffffff;
  --pay-color-surface-raised: #f0f0f0;
  --pay-color-border: #000000;
  --pay-color-accent: #0037a6;
  --pay-color-accent-text: #ffffff;
  --pay-color-success: #005219;
  --pay-color-danger: #8f0000;
  --pay-color-focus: #0037a6;
  --pay-focus-ring-width: 3px;
`;

/** White on black, yellow accents: every colour at 7:1 or more against both surfaces (WCAG AAA). */
const contrastDark = css`
  --pay-color-text: #ffffff;
  --pay-color-text-muted: #e8e8e8;
  --pay-color-surface: #000000;
  --pay-color-surface-raised: #1a1a1a;
  --pay-color-border: #ffffff;
  --pay-color-accent: #ffeb3b;
  --pay-color-accent-text: #000000;
  --pay-color-success: #5dff8a;
  --pay-color-danger: #ff8a8a;
  --pay-color-focus: #3ff0ff;
  --pay-focus-ring-width: 3px;
`;

/** The system's colours (CSS system colour keywords), as Windows contrast themes set them. */
const system = css`
  --pay-color-text: CanvasText;
  --pay-color-text-muted: CanvasText;
  --pay-color-surface: Canvas;
  --pay-color-surface-raised: Canvas;
  --pay-color-border: CanvasText;
  --pay-color-accent: Highlight;
  --pay-color-accent-text: HighlightText;
  --pay-color-success: CanvasText;
  --pay-color-danger: CanvasText;
  --pay-color-focus: Highlight;
  --pay-focus-ring-width: 3px;
`;

export const tokens = css`
  :host {
    ${light}
    --pay-font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
    --pay-font-size: 1rem;
    --pay-radius: 0.5rem;
    --pay-spacing: 1rem;
    --pay-transition-duration: 200ms;
  }

  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${dark}
    }
  }

  :host([theme='dark']) {
    ${dark}
  }

  @media (prefers-contrast: more) {
    :host(:not([theme='dark'])) {
      ${contrastLight}
    }
  }

  @media (prefers-contrast: more) and (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${contrastDark}
    }
  }

  @media (prefers-contrast: more) {
    :host([theme='dark']) {
      ${contrastDark}
    }
  }

  :host([theme='high-contrast']) {
    ${contrastLight}
  }

  @media (prefers-color-scheme: dark) {
    :host([theme='high-contrast']) {
      ${contrastDark}
    }
  }

  @media (forced-colors: active) {
    :host(:not([theme='light'])),
    :host([theme='light']) {
      ${system}
    }
  }

  @media (prefers-reduced-motion: reduce) {
    :host {
      --pay-transition-duration: 0s;
    }
  }
`;
