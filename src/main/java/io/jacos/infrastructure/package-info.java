/**
 * Technical producers every layer may use: the clock, the settings read through MicroProfile Config and the
 * detection of the port the server runs on. Depends on nothing else in the application.
 */
package io.jacos.infrastructure;
