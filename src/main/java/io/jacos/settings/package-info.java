/**
 * The ring every other package may read: per-concern settings beans (server, connections, push, naming, beats,
 * UDP, health checks, replication, balance, history, auth, rate limits, gRPC TLS), each declaring its settings as
 * {@link io.jacos.settings.Setting} constants, names and defaults, and reading their values through MicroProfile
 * Config, so system properties, environment variables and {@code conf/application.properties} override the
 * defaults. The server cluster's and the storage's settings are read by name where they are used, from the names
 * and defaults declared here. {@link io.jacos.settings.SettingsCatalog} lists them all, for the server page and the
 * settings reference alike, so no second list of names or defaults is kept. May depend on nothing of ours.
 */
package io.jacos.settings;
