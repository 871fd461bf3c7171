// The message catalogue (message-catalogue.ts) as one namespace: MSG.userNotRegistered and so on. Unlike
// an object literal, a namespace read as MSG.<name> is tree-shaken per member by the SPA's bundler
// (Vite's Rolldown), so the browser gets only the messages the web app shows, not the server's own.
export * as MSG from './message-catalogue.ts';
