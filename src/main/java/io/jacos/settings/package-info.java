/**
 * The ring every other package may read: per-concern settings beans (server, connections, push, naming, beats,
 * UDP), each declaring its settings as {@link io.jacos.settings.Setting} constants, names and defaults, and
 * reading their values through MicroProfile Config, so system properties, environment variables and
 * {@code conf/application.properties} override the defaults. {@link io.jacos.settings.SettingsCatalog} lists them
 * all, for the server page and the settings reference alike, so no second list of names or defaults is kept.
 * May depend on nothing of ours.
 */
package io.jacos.settings;
