// The test model of the live preview: a first source rendered, another typed (then another, and
// the same one again), a render answered, refused with a field message, with only a message, or
// failing without an envelope, and a retry.
import type { EventObject } from 'xstate';
import { describeEvent, done, failed } from '../shell/model-events.ts';
import type { MachineModel } from '../testing/model-paths.ts';
import { type LivePreviewEvent, livePreviewMachine } from './live-preview.machine.ts';

export const syntaxRefusal = {
  status: 400,
  data: {
    error: {
      message: 'Your request is not valid!',
      validationErrors: [{ message: 'The template cannot be used: line 2, column 4: tag {% if %} not closed', members: ['content'] }],
    },
  },
};
export const messageRefusal = { status: 403, data: { error: { message: "There is no text template named '{0}'. [Nope]" } } };

const events: Array<LivePreviewEvent | EventObject> = [
  { type: 'preview.change', source: '<p>{{ model.userName }}</p>' },
  { type: 'preview.change', source: '<p>Hi</p>' },
  { type: 'preview.retry' },
  done('renderPreview', '<html><p>jane.doe</p></html>'),
  { type: 'xstate.error.actor.renderPreview', error: syntaxRefusal } as EventObject,
  { type: 'xstate.error.actor.renderPreview', error: messageRefusal } as EventObject,
  failed('renderPreview'),
];

export const livePreviewModel: MachineModel<typeof livePreviewMachine> = {
  machine: livePreviewMachine,
  scenarios: [{ name: 'password-reset template', input: { source: '<p>Hello</p>' } }],
  events,
  describeEvent(event) {
    const error = (event as { error?: unknown }).error;
    if (event.type === 'xstate.error.actor.renderPreview' && typeof error === 'object')
      return error === syntaxRefusal ? 'renderPreview refused (field message)' : 'renderPreview refused (message)';
    return describeEvent(event);
  },
};
