// The messages the web app's shell shows itself (the API client's failures, a chunk that did not load, the
// cash notice), part of the catalogue (message-catalogue.ts re-exports them: MSG.connectionFailed) but a
// module of their own: the shell reads them from here, so the SPA's entry chunk holds these three and not
// the catalogue module, whose message functions only the console's lazy screens and the server call.
export const connectionFailed = 'Connection with server failed ';
export const somethingWentWrong = 'Something went wrong';
export const cashNotice = 'Sorry for inconvenience! Cash betting is not allowed for now. You can Continue with Coins';
