// Public surface of @xtrader/core: pure rules and contracts shared by the server and the web app.
export * from './api/envelope';
