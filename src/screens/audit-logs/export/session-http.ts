// Moved to src/app/use-session-http.ts (the one session client). Kept only as a re-export until
// src/screens/account/manage/account-http.ts (another helper's file, still in progress) imports it
// from there; delete this file then.
export { sessionHttp, useSessionHttp } from '../../../app/use-session-http.ts';
