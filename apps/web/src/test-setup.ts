import { fireEvent as domFireEvent } from '@testing-library/dom';
import { cleanup, configure, fireEvent } from '@testing-library/preact';
import { Globals } from '@react-spring/web';
import { options } from 'preact';
import { afterEach } from 'vitest';

// Without vitest's globals, Testing Library cannot unmount between tests by itself.
afterEach(cleanup);

// Overlays load their code on first use (ui/antd.tsx): on a busy two-core machine that takes longer
// than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

// preact/compat listens to `input` for onChange on text fields only; selects, files, checkboxes and
// radios keep `change`. Testing Library for Preact turns every change into an input, which those
// never hear: fire what the browser fires (both go through Preact's act, as configured).
fireEvent.change = (element, init) => {
  const text = element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && !/^(file|checkbox|radio)$/.test(element.type));
  return text ? domFireEvent.input(element, init) : domFireEvent.change(element, init);
};

// antd-mobile's overlays leave when react-spring reports their closing animation done; under Preact in
// happy-dom that report never comes (in Chromium it does: the end-to-end journeys close dialogs), so a
// closed dialog would stay in the page. The tests see overlays open and close without the animation.
Globals.assign({ skipAnimation: true });

// Preact runs effects after the next frame; React's act, which these tests were written for, runs
// them before a waitFor or findBy returns. Run them right after the render instead, so that a test
// that saw the page can act on what its effects set up (an observer, a listener).
options.requestAnimationFrame = (flush) => queueMicrotask(flush);
