export * from './auth.js';
export * from './challenges.js';
export * from './settings.js';
export * from './audit.js';
export * from './mail.js';
export * from './catalogue.js';
export * from './announcements.js';
export * from './tokens.js';
