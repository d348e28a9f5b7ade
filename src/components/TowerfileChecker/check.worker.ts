/**
 * Checks large Towerfiles away from the page's main thread, so a long file (or a link carrying
 * one) never holds up typing or scrolling. Answers each request with the id it came with.
 */
import {check} from './checkText';

type Request = {id: number; text: string};

/** The worker's global scope, as much of it as this file uses (the project's types are the page's). */
const scope = self as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<Request>) => void): void;
  postMessage(message: unknown): void;
};

scope.addEventListener('message', (event) => {
  const {id, text} = event.data;
  scope.postMessage({id, result: check(text)});
});
